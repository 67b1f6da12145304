package oasimpl

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"unicode/utf8"

	"github.com/oasgen/oasgen/oasrt"
)

// Violation returns the error for a value that breaks a schema constraint,
// at a byte offset of the input (-1 outside decoding). Generated decoders
// call it on their error paths only, so formatting costs nothing on success.
func Violation(offset int, format string, args ...any) error {
	return &oasrt.Error{Offset: int64(offset), Msg: fmt.Sprintf(format, args...)}
}

// Len returns the length of s in characters (Unicode code points), the unit
// of minLength and maxLength.
func Len(s string) int { return utf8.RuneCountInString(s) }

// MultipleOf reports whether v is an integer multiple of m, exactly: v is
// taken as the shortest decimal that reads back as v (the text a person
// wrote, such as 0.3), not as its binary approximation, so 0.3 is a multiple
// of 0.1. m is the schema's multipleOf as an exact fraction.
func MultipleOf(v float64, m *big.Rat) bool {
	if math.IsInf(v, 0) || math.IsNaN(v) || m.Sign() == 0 {
		return false
	}
	if m.IsInt() && m.Num().IsInt64() && v == math.Trunc(v) && math.Abs(v) < 1<<53 {
		d := m.Num().Int64()
		return int64(v)%d == 0
	}
	return decimalMultipleOf(strconv.FormatFloat(v, 'g', -1, 64), m)
}

// MultipleOf32 is MultipleOf for a float32, taken as its own shortest
// decimal ("0.1", not the float64 widening 0.10000000149011612).
func MultipleOf32(v float32, m *big.Rat) bool {
	f := float64(v)
	if math.IsInf(f, 0) || math.IsNaN(f) || m.Sign() == 0 {
		return false
	}
	return decimalMultipleOf(strconv.FormatFloat(f, 'g', -1, 32), m)
}

// decimalMultipleOf reports whether the decimal text is an integer multiple
// of m, exactly.
func decimalMultipleOf(text string, m *big.Rat) bool {
	var x big.Rat
	if _, ok := x.SetString(text); !ok {
		return false
	}
	return x.Quo(&x, m).IsInt()
}

// Rat parses an exact decimal for generated package-level constants; it
// panics on text that is not one, which the generator never writes.
func Rat(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic("oasrt: bad decimal " + strconv.Quote(s))
	}
	return r
}

// Duplicate returns the indexes of the first two equal elements of s, or
// -1, -1 when all differ, for uniqueItems on comparable element types.
// Short slices are compared pairwise; longer ones through a map.
func Duplicate[E comparable](s []E) (int, int) {
	if len(s) <= 16 {
		for j := 1; j < len(s); j++ {
			for i := 0; i < j; i++ {
				if s[i] == s[j] {
					return i, j
				}
			}
		}
		return -1, -1
	}
	seen := make(map[E]int, len(s))
	for j, e := range s {
		if i, ok := seen[e]; ok {
			return i, j
		}
		seen[e] = j
	}
	return -1, -1
}

// DuplicateFunc is Duplicate for element types that are not comparable in
// Go, or whose Go equality is not JSON equality (objects holding slices,
// times with zones, decimals): elements are equal when enc writes equal
// JSON values for them, as RawDuplicate compares them (numbers by value,
// objects whatever their key order).
func DuplicateFunc[E any](s []E, enc func(w *Writer, e *E)) (int, int) {
	if len(s) < 2 {
		return -1, -1
	}
	w := GetWriter()
	defer ReleaseWriter(w)
	c := getCanon()
	defer putCanon(c)
	ends := make([]int, len(s))
	var r Reader
	start := 0
	for i := range s {
		enc(w, &s[i])
		r.Reset(w.Buf[start:])
		mark := len(c.buf)
		if c.value(&r) != nil || r.End() != nil {
			// Not JSON (a raw value set in Go): compared as written.
			c.buf = appendLenBytes(append(c.buf[:mark], 'x'), w.Buf[start:])
		}
		ends[i] = len(c.buf)
		start = len(w.Buf)
	}
	return duplicateForms(c.buf, ends)
}

// Validator collects the constraint violations of a value built in Go, each
// with its JSON path. Generated Validate methods use it; it is not safe for
// concurrent use.
type Validator struct {
	path []pathSeg
	errs oasrt.Errors
	deep bool // TooDeep has recorded oasrt.ErrTooDeep
}

// TooDeep is called first by the validate method of a recursive type (a
// schema that holds itself): it reports whether the value lies more than
// oasrt.MaxEncodeDepth keys and indexes deep, and the first time it does,
// records oasrt.ErrTooDeep, without a path (it would be thousands of
// steps long). The method then checks nothing more of the value, so a Go
// value whose pointer, slice or map leads back to itself is an error, not
// a stack overflow; the encoders stop at the same bound (Writer.Enter).
func (v *Validator) TooDeep() bool {
	if len(v.path) < oasrt.MaxEncodeDepth {
		return false
	}
	if !v.deep {
		v.deep = true
		v.errs = append(v.errs, oasrt.ErrTooDeep)
	}
	return true
}

// pathSeg is one step of a Validator's path: an object key (index -1) or
// an array index.
type pathSeg struct {
	key   string
	index int
}

// Key enters the value of object key k; Pop leaves it. It is a call, not
// inlined: an append inlined into every nested member of every generated
// validate method cost more to compile than the call costs to run.
//
//go:noinline
func (v *Validator) Key(k string) { v.path = append(v.path, pathSeg{key: k, index: -1}) }

// Index enters element i of an array; Pop leaves it. Not inlined, as Key.
//
//go:noinline
func (v *Validator) Index(i int) { v.path = append(v.path, pathSeg{index: i}) }

// Pop leaves the innermost key or index.
func (v *Validator) Pop() { v.path = v.path[:len(v.path)-1] }

// Format records a violation at object key k when valid rejects s, a
// string of the named format: a property with nothing but its format to
// check, in one call.
func (v *Validator) Format(k, format, s string, valid func(string) bool) {
	if !valid(s) {
		v.Key(k)
		v.Errorf("invalid %s %q", format, s)
		v.Pop()
	}
}

// Errorf records a violation at the current path.
func (v *Validator) Errorf(format string, args ...any) {
	var err error = oasrt.NewError(fmt.Sprintf(format, args...))
	// An error's path grows from the innermost step out, as it does when
	// the error travels up the decoders.
	for i := len(v.path) - 1; i >= 0; i-- {
		if s := v.path[i]; s.index < 0 {
			err = oasrt.AtKey(err, s.key)
		} else {
			err = oasrt.AtIndex(err, s.index)
		}
	}
	v.errs = append(v.errs, err)
}

// Err returns nil when nothing failed, the one *Error when one value
// failed, and Errors naming every failure otherwise.
func (v *Validator) Err() error {
	switch len(v.errs) {
	case 0:
		return nil
	case 1:
		return v.errs[0]
	}
	return v.errs
}
