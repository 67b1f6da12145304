package oasimpl

import (
	"math/bits"

	"github.com/oasgen/oasgen/oasrt"
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
	// ahead keeps it all from the object's start, refills, and goes on
	// from where it stopped (findString moves r.pos to read a key or the
	// value, so the position is put back each time).
	old := r.Pin()
	st := look{i: -1}
	for {
		value, found, err, short := r.findString(key, &st)
		r.Restore(m)
		if !short || !r.more() {
			r.Unpin(old)
			return value, found, err
		}
	}
}

// look is the state of FindString's scan, kept across refills of a
// stream's buffer so that each byte is scanned once: scanning the object
// again from its start after each refill cost time quadratic in its size.
// Offsets are in the whole input, so they survive the buffer moving.
type look struct {
	i            int // the next byte to scan; -1 before the '{'
	phase        uint8
	kstart, kend int  // the current key's contents
	plain        bool // the key has no escapes
	vstart       int  // the value's opening quote, once the key matched
	depth        int  // nesting inside the value being skipped
	inStr        bool // inside a string of that value
}

// The phases of a look: what the next byte starts or continues.
const (
	lookKey    = iota // a key, or the object's end
	lookKeyStr        // the key's contents
	lookColon
	lookValue // a member's value
	lookTag   // the string value of the key sought
	lookSkip  // another member's value
	lookComma // a comma, or the object's end
)

// findString does FindString's work on the buffer from where st stopped;
// short reports that it ran into the buffer's end before finding the key
// or the object's end.
func (r *Reader) findString(key string, st *look) (value []byte, found bool, err error, short bool) {
	if st.i < 0 {
		if r.ws(); r.pos >= len(r.buf) || r.buf[r.pos] != '{' {
			return nil, false, nil, false
		}
		st.i, st.phase = r.base+r.pos+1, lookKey
	}
	s := r.buf
	i := st.i - r.base
	for {
		if i >= len(s) {
			st.i = r.base + i
			return nil, false, nil, true
		}
		switch st.phase {
		case lookKey, lookColon, lookComma:
			if i = skipSpace(s, i); i >= len(s) {
				continue
			}
			want := byte(':')
			switch st.phase {
			case lookKey:
				want = '"'
			case lookComma:
				want = ','
			}
			if s[i] != want {
				return nil, false, nil, false // '}' or broken input
			}
			i++
			switch st.phase {
			case lookKey:
				st.kstart, st.plain, st.phase = r.base+i, true, lookKeyStr
			case lookColon:
				st.phase = lookValue
			default:
				st.phase = lookKey
			}
		case lookKeyStr:
			j, esc, ok := scanStr(s, i)
			i, st.plain = j, st.plain && !esc
			if ok {
				st.kend, st.phase = r.base+i, lookColon
				i++
			}
		case lookValue:
			if i = skipSpace(s, i); i >= len(s) {
				continue
			}
			ks, ke := st.kstart-r.base, st.kend-r.base
			if st.plain && string(s[ks:ke]) == key || !st.plain && r.keyIs(s, ks-1, ke, key) {
				if s[i] != '"' {
					r.pos = i
					_, err := r.StrBytes() // the type error
					return nil, true, oasrt.AtKey(err, key), false
				}
				st.vstart, st.phase = r.base+i, lookTag
				i++
				continue
			}
			st.phase, st.depth, st.inStr = lookSkip, 0, false
			switch s[i] {
			case '"':
				st.inStr = true
				i++
			case '{', '[':
				st.depth = 1
				i++
			}
		case lookTag:
			j, _, ok := scanStr(s, i)
			if i = j; !ok {
				continue
			}
			// The whole string is in the buffer: reading it refills nothing.
			r.pos = st.vstart - r.base
			v, err := r.StrBytes()
			if err != nil {
				return nil, true, oasrt.AtKey(err, key), false
			}
			return v, true, nil, false
		case lookSkip:
			i = st.skip(s, i)
		}
	}
}

// skip follows the value being skipped from s[i] and returns where it
// stopped: at the buffer's end, or past the value, with the phase moved on.
func (st *look) skip(s []byte, i int) int {
	for i < len(s) {
		switch {
		case st.inStr:
			j, _, ok := scanStr(s, i)
			if i = j; !ok {
				return i
			}
			i++
			st.inStr = false
		case st.depth == 0: // a number or literal
			for i < len(s) && !delim[s[i]] {
				i++
			}
			if i < len(s) {
				st.phase = lookComma
			}
			return i
		default:
			switch s[i] {
			case '{', '[':
				st.depth++
			case '}', ']':
				st.depth--
			case '"':
				st.inStr = true
			}
			i++
		}
		if st.depth == 0 && !st.inStr {
			st.phase = lookComma
			return i
		}
	}
	return i
}

// delim marks the bytes that end a number or literal.
var delim = func() (t [256]bool) {
	for _, c := range []byte(",}] \n\r\t") {
		t[c] = true
	}
	return t
}()

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

// scanStr scans a string's contents from s[i] for the closing quote. It
// returns the quote's offset and ok, or, when the buffer ends first, the
// offset to go on from once it has more (past its end when it ends inside
// an escape); esc reports whether it saw a backslash.
func scanStr(s []byte, i int) (j int, esc, ok bool) {
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
			return i, esc, true
		case '\\':
			esc = true
			i += 2
		default:
			i++
		}
	}
	return i, esc, false
}

// IsInteger reports whether the number at the current position is an
// integer: written without a fraction or exponent, or with ones that
// leave an integral value (1.0, 1e2), as JSON Schema counts. It consumes
// nothing.
func (r *Reader) IsInteger() bool {
	r.ws()
	r.whole()
	for i := r.pos; i < len(r.buf); i++ {
		switch r.buf[i] {
		case '.', 'e', 'E':
			end, _, err := r.number()
			if err != nil {
				return false
			}
			_, ok := integralText(r.buf[r.pos:end])
			return ok
		case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		default:
			return true
		}
	}
	return true
}
