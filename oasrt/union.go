package oasrt

import (
	"errors"
	"math/bits"
	"strconv"
)

// Mark is a position in a Reader's input to come back to. When reading a
// stream, the bytes from a Mark stay in the buffer only while the Reader is
// pinned (see Pin).
type Mark struct {
	pos, depth int
	first      bool
}

// Mark returns the current position, for Restore.
func (r *Reader) Mark() Mark { return Mark{r.base + r.pos, r.depth, r.first} }

// Restore goes back to m. Union decoders use it to look ahead in an object
// (for a discriminator or a telling key) and then decode it from its start:
// the bytes are scanned twice, but nothing is decoded twice.
func (r *Reader) Restore(m Mark) { r.pos, r.depth, r.first = m.pos-r.base, m.depth, m.first }

// FindString looks ahead in the object that starts at the current position
// for member key and returns its string value, without consuming anything.
// The value is valid until the next read.
//
// The look-ahead only follows the structure: it finds where strings, arrays
// and objects end without checking their contents, because the variant's
// decoder reads the same bytes next and checks every one of them. Input too
// broken to follow reports the key as absent, and the decoder that runs
// next reports the real error.
func (r *Reader) FindString(key string) (value []byte, found bool, err error) {
	m := r.Mark()
	// Reading a stream, the object may go on past the buffer: the look
	// ahead refills it, keeping it all from the object's start (findString
	// moves r.pos to read a key or the value), and looks again.
	old := r.Pin()
	for {
		value, found, err, short := r.findString(key)
		r.Restore(m)
		if !short || !r.more() {
			r.Unpin(old)
			return value, found, err
		}
	}
}

// findString does FindString's work on the buffer; short reports that it
// ran into the buffer's end before finding the key or the object's end.
func (r *Reader) findString(key string) (value []byte, found bool, err error, short bool) {
	if r.ws(); r.pos >= len(r.buf) || r.buf[r.pos] != '{' {
		return nil, false, nil, false
	}
	s := r.buf
	i := r.pos + 1
	for {
		i = skipSpace(s, i)
		if i >= len(s) || s[i] != '"' {
			return nil, false, nil, i >= len(s) // '}' or broken input
		}
		kstart := i + 1
		kend, plain := stringEnd(s, kstart)
		if kend < 0 {
			return nil, false, nil, true
		}
		i = skipSpace(s, kend+1)
		if i >= len(s) || s[i] != ':' {
			return nil, false, nil, i >= len(s)
		}
		i = skipSpace(s, i+1)
		if i >= len(s) {
			return nil, false, nil, true
		}
		if plain && string(s[kstart:kend]) == key || !plain && r.keyIs(s, kstart-1, kend, key) {
			if s[i] == '"' {
				if end, _ := stringEnd(s, i+1); end < 0 {
					return nil, false, nil, true
				}
			}
			r.pos = i
			v, err := r.StrBytes()
			if err != nil {
				return nil, true, AtKey(err, key), false
			}
			return v, true, nil, false
		}
		if i = skipValue(s, i); i < 0 || i >= len(s) {
			return nil, false, nil, true
		}
		i = skipSpace(s, i)
		if i >= len(s) || s[i] != ',' {
			return nil, false, nil, i >= len(s)
		}
		i++
	}
}

// keyIs decodes the escaped key string s[i:end+1], quotes included, and
// compares it. A Reader of its own reads it: reading a stream, r would
// refill its buffer near an escape, moving it under the scan.
func (r *Reader) keyIs(s []byte, i, end int, key string) bool {
	k := Reader{buf: s[i : end+1], keep: -1, scratch: r.scratch[:0]}
	b, err := k.strBytes()
	r.scratch = k.scratch
	return err == nil && string(b) == key
}

func skipSpace(s []byte, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t') {
		i++
	}
	return i
}

// stringEnd returns the offset of the quote that closes the string whose
// contents start at i, or -1, and whether the string has no escapes.
func stringEnd(s []byte, i int) (int, bool) {
	plain := true
	for i < len(s) {
		if i+8 <= len(s) {
			x := load64(s, i)
			q := x ^ (lsb * '"')
			b := x ^ (lsb * '\\')
			m := ((q-lsb)&^q | (b-lsb)&^b) & msb
			if m == 0 {
				i += 8
				continue
			}
			i += bits.TrailingZeros64(m) >> 3
		}
		switch s[i] {
		case '"':
			return i, plain
		case '\\':
			plain = false
			i += 2
		default:
			i++
		}
	}
	return -1, false
}

// skipValue returns the offset just past the value at i, following only
// the structure, or -1.
func skipValue(s []byte, i int) int {
	if i >= len(s) {
		return -1
	}
	switch s[i] {
	case '"':
		end, _ := stringEnd(s, i+1)
		if end < 0 {
			return -1
		}
		return end + 1
	case '{', '[':
		depth := 0
		for i < len(s) {
			switch s[i] {
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			case '"':
				end, _ := stringEnd(s, i+1)
				if end < 0 {
					return -1
				}
				i = end
			}
			i++
		}
		return -1
	}
	for i < len(s) {
		switch s[i] {
		case ',', '}', ']', ' ', '\n', '\r', '\t':
			return i
		}
		i++
	}
	return i
}

// IsInteger reports whether the number at the current position is written
// without a fraction or exponent. It consumes nothing.
func (r *Reader) IsInteger() bool {
	r.ws()
	r.whole()
	for i := r.pos; i < len(r.buf); i++ {
		switch r.buf[i] {
		case '.', 'e', 'E':
			return false
		case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		default:
			return true
		}
	}
	return true
}

// NoVariant returns the error for a value that no variant of a union
// accepts; cause, when not nil, is the first variant's error.
func NoVariant(offset int, union string, got Kind, cause error) error {
	e := ErrorAt(offset, "a value of kind "+got.String()+" matches no variant of "+union)
	if cause != nil {
		var oe *Error
		if errors.As(cause, &oe) {
			e.Msg += " (first variant: " + oe.Error() + ")"
		} else {
			e.Err = cause
		}
	}
	return e
}

// Ambiguous returns the error for a oneOf value that two variants accept.
func Ambiguous(offset int, union, a, b string) error {
	return ErrorAt(offset, "the value matches both "+a+" and "+b+", but "+union+" is oneOf")
}

// UnknownTag returns the error for a discriminator value that names no
// variant, or a missing discriminator.
func UnknownTag(offset int, union, property string, tag []byte, found bool) error {
	if !found {
		return ErrorAt(offset, union+": missing discriminator property "+strconv.Quote(property))
	}
	return ErrorAt(offset, union+": unknown "+property+" "+strconv.Quote(string(tag)))
}

// ErrNoVariant is recorded when encoding a union whose tag names no variant.
var ErrNoVariant = errors.New("oasrt: union value has no variant set")

// ErrExactPath is returned by the one-pass decoder of a discriminated union
// (decodeOnePass in generated code) for a value it leaves to the exact
// path: the union's DecodeJSON then reads the value again from its start,
// the tag looked up first, and reports that path's error, if any. It never
// reaches DecodeJSON's caller.
var ErrExactPath = errors.New("oasrt: value left to the exact decoder")
