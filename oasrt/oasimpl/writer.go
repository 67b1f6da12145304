package oasimpl

import (
	"encoding/base64"
	"math"
	"math/bits"
	"net/netip"
	"strconv"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/oasgen/oasgen/oasrt"
)

// Writer appends JSON to a byte slice. The zero value is ready to use.
//
// Encoding never stops half-way: a value JSON cannot represent (a NaN float,
// a time outside years 0-9999) is written as null and the first such error is
// kept, to be read with Err. Reset keeps the buffer's capacity, so a Writer
// reused across values encodes without allocating once its buffer has grown.
//
// The output is byte-for-byte what encoding/json produces for an equivalent
// plain Go value with SetEscapeHTML(false): the same string escapes, the same
// number formatting, map keys sorted. One exception, the same on every Go:
// invalid UTF-8 is written as \ufffd, as encoding/json did up to Go 1.26;
// from Go 1.27 on it writes the character U+FFFD itself, which decodes to
// the same string.
//
// Methods for generated code: Stream and Streams (streamed fields),
// RawCall, DoneKeys, Marshaler, Enter and Leave serve the encoders oasgen
// writes and carry no compatibility promise beyond the generated-code
// contract (oasimpl.Version); they stay methods because they work on the
// Writer's unexported state. A hand-written EncodeJSON uses the others.
type Writer struct {
	// Buf holds the encoded output.
	Buf []byte
	err error
	// keys is scratch space for sorting map keys, one slice per nesting
	// level of maps being written, so nested maps do not share it.
	keys [][]string
	raw  *Reader // checks RawJSON input; kept to avoid an allocation per call

	// Direction leaves out readOnly properties from requests and writeOnly
	// ones from responses; the zero value writes every property.
	Direction Direction

	// While streaming to an io.Writer (EncodeItems), Buf[:sent] has been
	// written out and Buf[:hold] is kept after each flush.
	stream     *writeHook
	sent, hold int

	// depth counts the values of recursive types being written (Enter).
	depth int

	// tape, when set, takes the strings str would write: the buffer gets
	// a zero byte in each one's place (EncodeTo's token way, jsonv2.go).
	tape *[]string
}

// Reset empties the buffer, keeping its capacity, and clears the error and
// the Direction.
func (w *Writer) Reset() {
	w.Buf = w.Buf[:0]
	if w.err != nil { // storing nil over nil would run the write barrier too
		w.err = nil
	}
	w.Direction = AnyDirection
}

// Bytes returns the encoded output. It aliases the buffer.
func (w *Writer) Bytes() []byte { return w.Buf }

// Err returns the first error met while encoding, or nil.
func (w *Writer) Err() error { return w.err }

// Fail records err as the Writer's error unless one is already recorded.
func (w *Writer) Fail(err error) {
	if w.err == nil {
		w.err = err
	}
}

// Enter is called by the generated encoder of a recursive type before it
// writes a value, and Leave after: past MaxEncodeDepth values being
// written, Enter records ErrTooDeep, writes null in the value's place and
// returns false, and the encoder writes nothing more of it.
func (w *Writer) Enter() bool {
	if w.depth >= oasrt.MaxEncodeDepth {
		w.Fail(oasrt.ErrTooDeep)
		w.Null()
		return false
	}
	w.depth++
	return true
}

// Leave ends what Enter began.
func (w *Writer) Leave() { w.depth-- }

// Raw appends s verbatim. Generated code uses it for keys and punctuation
// known at generation time, already escaped.
func (w *Writer) Raw(s string) { w.setBuf(append(w.Buf, s...)) }

// RawCall is Raw as a call, not inlined. Generated encoders write with it
// what is rare: a null member, the key of an array being streamed. Raw,
// inlined at each of thousands of members of a big package, is most of its
// encoders' machine code; a call per member, measured, costs small values
// a fifth of their time.
//
//go:noinline
func (w *Writer) RawCall(s string) { w.setBuf(append(w.Buf, s...)) }

// Byte appends one byte verbatim.
func (w *Writer) Byte(c byte) { w.setBuf(append(w.Buf, c)) }

// Null appends null.
func (w *Writer) Null() { w.setBuf(append(w.Buf, "null"...)) }

// Bool appends true or false.
func (w *Writer) Bool(v bool) {
	if v {
		w.setBuf(append(w.Buf, "true"...))
	} else {
		w.setBuf(append(w.Buf, "false"...))
	}
}

// Float64 appends v formatted as encoding/json formats a float64.
func (w *Writer) Float64(v float64) { w.float(v, 64) }

// Float32 appends v formatted as encoding/json formats a float32.
func (w *Writer) Float32(v float32) { w.float(float64(v), 32) }

func (w *Writer) float(v float64, bits int) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		w.Fail(oasrt.ErrUnsupportedFloat)
		w.Null()
		return
	}
	if a := math.Abs(v); a >= 1e-6 && a < 1e15 && w.shortFloat(v, bits) {
		return
	}
	// Plain decimal notation for magnitudes in [1e-6, 1e21), exponent
	// notation outside it, the shortest digits that round-trip: the same
	// cut-offs as ECMAScript's Number.prototype.toString and encoding/json.
	format := byte('f')
	if a := math.Abs(v); a != 0 {
		if bits == 32 {
			a32 := float32(a)
			if a32 < 1e-6 || a32 >= 1e21 {
				format = 'e'
			}
		} else if a < 1e-6 || a >= 1e21 {
			format = 'e'
		}
	}
	start := len(w.Buf)
	w.setBuf(strconv.AppendFloat(w.Buf, v, format, -1, bits))
	if format == 'e' {
		// strconv writes at least two exponent digits ("1e-07");
		// JSON readers expect the shorter "1e-7".
		b := w.Buf[start:]
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			w.Buf = w.Buf[:len(w.Buf)-1]
		}
	}
}

// shortFloat writes v, of the given bit size, when it is a decimal of at
// most 15 significant digits (6 for a float32) with a magnitude from 1e-6
// to below 10^15 (10^6), and reports whether it did. Such a decimal is
// what strconv's shortest formatting gives: a decimal of at most that
// many digits rounds to v and is the only one that does (any two of them
// round to different floats: C's DBL_DIG and FLT_DIG), so no shorter one
// round-trips. The digits are found with one multiplication by a power
// of ten, rounded, and checked by one division back (exact in its
// operands, rounded once), and written as integers; most numbers that
// APIs carry (prices, coordinates, measurements) take this path, which
// costs a fraction of strconv's general one. Anything else returns false.
func (w *Writer) shortFloat(v float64, bits int) bool {
	a := math.Abs(v)
	digits, limit := 15, 1e15
	if bits == 32 {
		digits, limit = 6, 1e6
	}
	if !(a >= 1e-6 && a < limit) {
		return false
	}
	k := digits // digits after the point: those the integer part leaves
	if a >= 1 {
		k -= decimalLen(uint64(int64(a)))
	}
	// The product is the digits only when a is exactly a short decimal;
	// rounding it finds them for the others (0.1, 19.99), and the check
	// below rejects whatever it finds wrongly.
	t := a * pow10f[k]
	mi := int64(t + 0.5) // int64: below 2^63, one instruction each way
	m := uint64(mi)
	if m >= pow10[digits] {
		return false
	}
	if float64(mi) != t && (m%10 != 0 || k == 0) {
		// The product was not whole and no zero ends it: a number
		// whose digits do not end within the budget (the 16 and 17
		// digits of most computed doubles), so strconv's time is not
		// spent after a division too.
		return false
	}
	for k >= 8 && m%1e8 == 0 { // trailing zeros off, most first
		m, k = m/1e8, k-8
	}
	if k >= 4 && m%1e4 == 0 {
		m, k = m/1e4, k-4
	}
	if k >= 2 && m%100 == 0 {
		m, k = m/100, k-2
	}
	if k >= 1 && m%10 == 0 {
		m, k = m/10, k-1
	}
	if bits == 32 {
		if float32(int64(m))/float32(pow10f[k]) != float32(a) {
			return false
		}
	} else if float64(int64(m))/pow10f[k] != a {
		return false
	}
	whole := m / pow10[k]
	w.digits("", whole, v < 0)
	if k > 0 {
		// The fraction with its leading zeros: 10^k plus it, whose
		// leading 1 becomes the point.
		at := len(w.Buf)
		w.digits("", pow10[k]+m-whole*pow10[k], false)
		w.Buf[at] = '.'
	}
	return true
}

// pow10f holds 10^0 to 10^15 as float64s, all exact.
var pow10f = [16]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15}

const hexDigits = "0123456789abcdef"

// String appends s as a JSON string. Invalid UTF-8 is written as \ufffd, and
// U+2028 and U+2029 are escaped, as encoding/json does; <, > and & are not.
func (w *Writer) String(s string) { w.str("", s) }

// StringMember appends an object member whose value is the string s: the
// key k as generated encoders write it, escaped and between the comma and
// the colon (`,"name":`), then s as String writes it. A generated encoder
// writes a string member with this one call instead of an inlined Raw of
// the key and a call to String: the inlined copies were most of a big
// package's encoder machine code.
func (w *Writer) StringMember(k, s string) { w.str(k, s) }

// str appends k (a member's key, or "") and s as a JSON string. A key, at
// least 4 bytes long (`,"":`), of up to 32 bytes is copied by putKey when
// the buffer has room. (digits starts the same way: a function doing both
// would be a call, too large to inline.)
func (w *Writer) str(k, s string) {
	if w.tape != nil {
		w.tapeStr(k, s)
		return
	}
	buf := w.Buf
	start, i := 0, 0
	if n, j := len(k), len(buf); (n == 0 || n >= 4 && n <= 32) && cap(buf)-j >= n+len(s)+2 {
		// The buffer has room for the member as it is when s is plain,
		// the common case: copied with no call (plainCopy) and no
		// check of capacity per piece.
		p := unsafe.Add(unsafe.Pointer(unsafe.SliceData(buf)), j)
		if n != 0 {
			putKey(p, k)
		}
		*(*byte)(unsafe.Add(p, n)) = '"'
		m := plainCopy(unsafe.Add(p, n+1), s)
		if m == len(s) {
			*(*byte)(unsafe.Add(p, n+1+m)) = '"'
			w.Buf = w.Buf[:j+n+m+2] // the length alone: no pointer stored
			return
		}
		buf = buf[:j+n+1+m]
		start, i = m, m
	} else {
		if n, j := len(k), len(buf); n >= 4 && n <= 32 && cap(buf)-j >= n {
			putKey(unsafe.Add(unsafe.Pointer(unsafe.SliceData(buf)), j), k)
			buf = buf[:j+n]
		} else if k != "" {
			buf = append(buf, k...)
		}
		buf = append(buf, '"')
	}
	for i < len(s) {
		// Plain ASCII, eight bytes at a time; the tail byte by byte.
		if i+8 <= len(s) {
			m := special8(load64(s, i))
			if m == 0 {
				i += 8
				continue
			}
			i += bits.TrailingZeros64(m) >> 3
		} else {
			for i < len(s) && s[i] < utf8.RuneSelf && asciiPlain[s[i]] {
				i++
			}
			if i >= len(s) {
				break
			}
		}
		c := s[i]
		if c >= utf8.RuneSelf {
			if j := multiRun(s, i); j > i {
				i = j
				continue
			}
			// Invalid UTF-8, or U+2028 or U+2029.
			r, size := utf8.DecodeRuneInString(s[i:])
			buf = append(buf, s[start:i]...)
			if r == utf8.RuneError && size == 1 {
				buf = append(buf, `\ufffd`...)
			} else {
				buf = append(buf, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			}
			i += size
			start = i
			continue
		}
		buf = append(buf, s[start:i]...)
		switch c {
		case '"', '\\':
			buf = append(buf, '\\', c)
		case '\b':
			buf = append(buf, '\\', 'b')
		case '\f':
			buf = append(buf, '\\', 'f')
		case '\n':
			buf = append(buf, '\\', 'n')
		case '\r':
			buf = append(buf, '\\', 'r')
		case '\t':
			buf = append(buf, '\\', 't')
		default:
			buf = append(buf, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		}
		i++
		start = i
	}
	buf = append(buf, s[start:]...)
	w.setBuf(append(buf, '"'))
}

// Bytes64 appends b as a base64 (standard alphabet, padded) JSON string, or
// null for a nil slice, as encoding/json does for []byte.
func (w *Writer) Bytes64(b []byte) {
	if b == nil {
		w.Null()
		return
	}
	out := base64.StdEncoding.AppendEncode(append(w.Buf, '"'), b)
	w.setBuf(append(out, '"'))
}

// Time appends t in RFC 3339 with nanoseconds, as time.Time.MarshalJSON does.
func (w *Writer) Time(t time.Time) {
	b, err := t.AppendText(append(w.Buf, '"'))
	if err != nil {
		w.Fail(err)
		w.Null()
		return
	}
	w.setBuf(append(b, '"'))
}

// UUID appends u in its hyphenated lower-case form.
func (w *Writer) UUID(u oasrt.UUID) {
	b, _ := u.AppendText(append(w.Buf, '"'))
	w.setBuf(append(b, '"'))
}

// Date appends d as YYYY-MM-DD.
func (w *Writer) Date(d oasrt.Date) {
	b, err := d.AppendText(append(w.Buf, '"'))
	if err != nil {
		w.Fail(err)
		w.Null()
		return
	}
	w.setBuf(append(b, '"'))
}

// Addr appends an IP address; the zero Addr is written as "", as its
// MarshalText does.
func (w *Writer) Addr(a netip.Addr) {
	b, _ := a.AppendText(append(w.Buf, '"'))
	w.setBuf(append(b, '"'))
}

// RawJSON appends a JSON value given as text, with insignificant white space
// removed, as encoding/json does for json.RawMessage. Empty input is written
// as null; input that is not one valid JSON value is an error.
func (w *Writer) RawJSON(v []byte) {
	if len(v) == 0 {
		w.Null()
		return
	}
	if w.raw == nil {
		w.raw = new(Reader)
	}
	start := len(w.Buf)
	out, err := w.raw.appendCompact(w.Buf, v)
	if err != nil {
		w.Buf = w.Buf[:start]
		w.Fail(err)
		w.Null()
		return
	}
	w.setBuf(out)
}

// tapeStr is str for a Writer with a tape: s goes on the tape, and a zero
// byte, which no JSON text holds outside a string, in its place in the
// buffer. A key as generated encoders write it (`,"name":`) goes in the
// buffer as a comma, a one byte, the length of the quoted name and the
// quoted name, for the name and the string after it.
func (w *Writer) tapeStr(k, s string) {
	if n := len(k); n >= 4 && n <= 257 && k[0] == ',' && k[n-1] == ':' {
		w.setBuf(append(append(w.Buf, ',', 1, byte(n-2)), k[1:n-1]...))
	} else {
		w.setBuf(append(append(w.Buf, k...), 0))
	}
	*w.tape = append(*w.tape, s)
}

// ObjectEnd closes an object whose members were each written with a leading
// comma, starting at offset start: the first comma becomes the opening brace.
// This keeps optional members branch-free at their call sites.
func (w *Writer) ObjectEnd(start int) { w.end(start, '{', '}') }

// ArrayEnd closes an array whose elements were each written with a leading
// comma, starting at offset start, the same way ObjectEnd does.
func (w *Writer) ArrayEnd(start int) { w.end(start, '[', ']') }

// end writes open at start and appends close, or appends open and close
// when nothing was written since start. It is inlined at the end of every
// generated encoder, so it has one append, not one per case: two closing
// bytes are appended and the length kept is one past the first, or two
// when open was the only byte to write (then open overwrites the first).
func (w *Writer) end(start int, open, close byte) {
	n := len(w.Buf)
	b := append(w.Buf, close, close)
	b[start] = open
	keep := n + 1
	if n == start {
		keep = n + 2
	}
	w.setBuf(b[:keep])
}

// Key appends a comma (unless first) and the object key k, escaped, and a
// colon. Generated code uses it for map keys, which are not known in advance.
func (w *Writer) Key(k string) {
	w.setBuf(append(w.Buf, ','))
	w.String(k)
	w.setBuf(append(w.Buf, ':'))
}

// SortedKeys returns the keys of m in ascending order, the order encoding/json
// writes map keys in. The slice is scratch space owned by the Writer and is
// valid until the matching call to DoneKeys.
func SortedKeys[M ~map[string]V, V any](w *Writer, m M) []string {
	var keys []string
	if n := len(w.keys); n < cap(w.keys) {
		w.keys = w.keys[:n+1]
		keys = w.keys[n][:0]
	} else {
		w.keys = append(w.keys, nil)
	}
	for k := range m {
		keys = append(keys, k)
	}
	sortStrings(keys)
	w.keys[len(w.keys)-1] = keys
	return keys
}

// DoneKeys releases the scratch slice returned by the last SortedKeys call.
func (w *Writer) DoneKeys() {
	n := len(w.keys) - 1
	clear(w.keys[n]) // do not keep the map's keys alive
	w.keys = w.keys[:n]
}
