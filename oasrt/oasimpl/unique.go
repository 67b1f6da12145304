package oasimpl

import (
	"bytes"
	"encoding/binary"
	"math/big"
	"slices"
	"strconv"
	"sync"
)

// uniqueItems compares items as JSON values (JSON Schema 2020-12 section
// 4.2.2): numbers by mathematical value (1, 1.0 and 10e-1 are one value),
// objects whatever the order of their members, strings after unescaping.
// Each item is written in a canonical form, equal exactly when the values
// are, and the forms are sorted: O(n log n) comparisons for n items.

// canon writes canonical forms of JSON values. It is not JSON: each value
// is a tag byte and a self-delimiting body, so a sequence of forms is
// never ambiguous.
type canon struct {
	buf     []byte
	tmp     []byte   // an object's members while they are sorted
	members [][2]int // the spans of the members of the objects being read
}

var canonPool = sync.Pool{New: func() any { return new(canon) }}

func getCanon() *canon { return canonPool.Get().(*canon) }

// putCanon returns c to the pool, unless it grew past 64 KiB.
func putCanon(c *canon) {
	if cap(c.buf)+cap(c.tmp) > 64<<10 {
		return
	}
	c.buf, c.tmp, c.members = c.buf[:0], c.tmp[:0], c.members[:0]
	canonPool.Put(c)
}

// value appends the canonical form of the next value r holds.
func (c *canon) value(r *Reader) error {
	switch r.Next() {
	case Null:
		r.Null()
		c.buf = append(c.buf, 'n')
	case Bool:
		b, err := r.Bool()
		if err != nil {
			return err
		}
		c.buf = append(c.buf, "ft"[boolIndex(b)])
	case Number:
		text, err := r.NumberText()
		if err != nil {
			return err
		}
		c.buf = appendCanonNumber(append(c.buf, 'd'), text)
	case String:
		s, err := r.StrBytes()
		if err != nil {
			return err
		}
		c.buf = appendLenBytes(append(c.buf, 's'), s)
	case Array:
		if err := r.ArrStart(); err != nil {
			return err
		}
		c.buf = append(c.buf, '[')
		for {
			more, err := r.ArrNext()
			if err != nil {
				return err
			}
			if !more {
				break
			}
			if err := c.value(r); err != nil {
				return err
			}
		}
		c.buf = append(c.buf, ']')
	case Object:
		return c.object(r)
	default:
		return r.Skip() // the Reader's error for what is not a value
	}
	return nil
}

// object appends the canonical form of the object r holds next: its
// members, each key and value, sorted by their forms.
func (c *canon) object(r *Reader) error {
	if err := r.ObjStart(); err != nil {
		return err
	}
	c.buf = append(c.buf, '{')
	start, first := len(c.buf), len(c.members)
	for {
		k, more, err := r.ObjKey()
		if err != nil {
			return err
		}
		if !more {
			break
		}
		at := len(c.buf)
		c.buf = appendLenBytes(c.buf, k)
		if err := c.value(r); err != nil {
			return err
		}
		c.members = append(c.members, [2]int{at, len(c.buf)})
	}
	if ms := c.members[first:]; len(ms) > 1 {
		c.tmp = append(c.tmp[:0], c.buf[start:]...)
		for i := range ms {
			ms[i][0] -= start
			ms[i][1] -= start
		}
		slices.SortFunc(ms, func(a, b [2]int) int {
			return bytes.Compare(c.tmp[a[0]:a[1]], c.tmp[b[0]:b[1]])
		})
		c.buf = c.buf[:start]
		for _, m := range ms {
			c.buf = append(c.buf, c.tmp[m[0]:m[1]]...)
		}
	}
	c.members = c.members[:first]
	c.buf = append(c.buf, '}')
	return nil
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

// appendLenBytes appends b after its length.
func appendLenBytes(dst, b []byte) []byte {
	return append(binary.AppendUvarint(dst, uint64(len(b))), b...)
}

// appendCanonNumber appends the canonical form of the JSON number text:
// "0" for every zero, else the sign, the significant digits with no
// leading or trailing zero, "e", the exponent that makes them the value,
// and ";".
func appendCanonNumber(dst, text []byte) []byte {
	neg := len(text) > 0 && text[0] == '-'
	if neg {
		text = text[1:]
	}
	mant, exp := text, []byte(nil)
	if i := bytes.IndexAny(text, "eE"); i >= 0 {
		mant, exp = text[:i], text[i+1:]
	}
	intPart, frac := mant, []byte(nil)
	if i := bytes.IndexByte(mant, '.'); i >= 0 {
		intPart, frac = mant[:i], mant[i+1:]
	}
	// The value is digits × 10^(exp - len(frac) + shift), digits being
	// intPart and frac with their leading and trailing zeros dropped.
	start := len(dst)
	if neg {
		dst = append(dst, '-')
	}
	digits := len(dst)
	for _, part := range [][]byte{intPart, frac} {
		for _, d := range part {
			if d != '0' || len(dst) > digits {
				dst = append(dst, d)
			}
		}
	}
	shift := 0
	for len(dst) > digits && dst[len(dst)-1] == '0' {
		dst = dst[:len(dst)-1]
		shift++
	}
	if len(dst) == digits {
		return append(dst[:start], '0', ';')
	}
	dst = append(dst, 'e')
	adjust := int64(shift - len(frac))
	if e, err := strconv.ParseInt(string(exp), 10, 64); err == nil || len(exp) == 0 {
		if e > -1<<62 && e < 1<<62 {
			return append(strconv.AppendInt(dst, e+adjust, 10), ';')
		}
	}
	// An exponent past what int64 holds.
	var e big.Int
	if _, ok := e.SetString(string(exp), 10); !ok {
		e.SetInt64(0)
	}
	e.Add(&e, big.NewInt(adjust))
	return append(e.Append(dst, 10), ';')
}

// canonItems reads the array r holds next and returns the canonical forms
// of its items, one after another in buf, and where each ends.
func (c *canon) items(r *Reader) (ends []int, err error) {
	if err := r.ArrStart(); err != nil {
		return nil, err
	}
	for {
		more, err := r.ArrNext()
		if err != nil || !more {
			return ends, err
		}
		if err := c.value(r); err != nil {
			return nil, err
		}
		ends = append(ends, len(c.buf))
	}
}

// duplicateForms returns the indexes of two equal forms of buf, which
// ends delimits, or -1, -1: of the items equal to an earlier one, the
// first, and the first item it equals.
func duplicateForms(buf []byte, ends []int) (int, int) {
	if len(ends) < 2 {
		return -1, -1
	}
	form := func(i int) []byte {
		start := 0
		if i > 0 {
			start = ends[i-1]
		}
		return buf[start:ends[i]]
	}
	order := make([]int, len(ends))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		if c := bytes.Compare(form(a), form(b)); c != 0 {
			return c
		}
		return a - b
	})
	// In each run of equal forms, sorted by index, the first two items
	// are the pair; the run whose second item comes first wins.
	i, j := -1, -1
	for k := 0; k < len(order); {
		run := k + 1
		for run < len(order) && bytes.Equal(form(order[k]), form(order[run])) {
			run++
		}
		if run-k > 1 && (j < 0 || order[k+1] < j) {
			i, j = order[k], order[k+1]
		}
		k = run
	}
	return i, j
}

// DuplicateNumbers returns the indexes of the first two of texts, JSON
// numbers, that are equal by value (1, 1.0 and 10e-1 are one number), or
// -1, -1 when all differ: uniqueItems on the items of an array parameter
// of numbers, compared as the texts say and not as floats round them.
func DuplicateNumbers(texts []string) (int, int) {
	if len(texts) < 2 {
		return -1, -1
	}
	c := getCanon()
	defer putCanon(c)
	ends := make([]int, len(texts))
	for i, t := range texts {
		c.buf = appendCanonNumber(c.buf, []byte(t))
		ends[i] = len(c.buf)
	}
	return duplicateForms(c.buf, ends)
}
