package oasimpl

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"unsafe"
)

// digits2 holds "00" to "99", two bytes per number.
const digits2 = "00010203040506070809" + "10111213141516171819" + "20212223242526272829" +
	"30313233343536373839" + "40414243444546474849" + "50515253545556575859" +
	"60616263646566676869" + "70717273747576777879" + "80818283848586878889" +
	"90919293949596979899"

// pow10 holds 10^0 to 10^19.
var pow10 = func() (t [20]uint64) {
	t[0] = 1
	for i := 1; i < len(t); i++ {
		t[i] = t[i-1] * 10
	}
	return t
}()

// decimalLen returns the number of decimal digits of u: log10 estimated
// from the bit length (1233/4096 is just above log10(2)), then corrected.
func decimalLen(u uint64) int {
	n := (bits.Len64(u) * 1233) >> 12
	if n < len(pow10) && u >= pow10[n] {
		n++
	}
	return max(n, 1)
}

// Uint appends an unsigned integer.
func (w *Writer) Uint(u uint64) { w.digits("", u, false) }

// Int appends a signed integer.
func (w *Writer) Int(v int64) {
	// -v wraps for math.MinInt64, and uint64 of the wrapped value is still
	// its magnitude.
	u := uint64(v)
	if v < 0 {
		u = uint64(-v)
	}
	w.digits("", u, v < 0)
}

// IntMember appends an object member whose value is the integer v, in one
// call, as StringMember does a string's.
func (w *Writer) IntMember(k string, v int64) {
	u := uint64(v)
	if v < 0 {
		u = uint64(-v)
	}
	w.digits(k, u, v < 0)
}

// digits appends k (a member's key, or "", copied as str copies it) and
// the decimal digits of u, after a minus sign when neg is set: below 10^4
// from a table of digit pairs, longer numbers through appendLong.
func (w *Writer) digits(k string, u uint64, neg bool) {
	b := w.Buf
	if n, i := len(k), len(b); n >= 4 && n <= 32 && cap(b)-i >= n {
		putKey(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), i), k)
		b = b[:i+n]
	} else if k != "" {
		b = append(b, k...)
	}
	if neg {
		b = append(b, '-')
	}
	if u < 10 {
		w.setBuf(append(b, byte('0'+u)))
		return
	}
	if u < 1e4 { // the common case: one division, table lookups
		switch hi, lo := u/100, u%100*2; {
		case u < 100:
			b = append(b, digits2[lo], digits2[lo+1])
		case u < 1000:
			b = append(b, byte('0'+hi), digits2[lo], digits2[lo+1])
		default:
			b = append(b, digits2[hi*2], digits2[hi*2+1], digits2[lo], digits2[lo+1])
		}
		w.setBuf(b)
		return
	}
	w.setBuf(appendLong(b, u))
}

// appendLong appends u, at least 10^4, eight digits at a time: each chunk
// from eightDigits stored with one eight-byte write, the first chunk's
// leading zeros shifted off (so b is grown to hold eight more). A number
// of fewer than eight digits takes one write whose last bytes lie past it:
// they are written with the values they had, so no byte past what is
// appended changes, as with append (a caller of AppendJSON may hold the
// spare capacity of its dst). It is a function of its own so that the
// short numbers' calls need not set up its frame.
func appendLong(b []byte, u uint64) []byte {
	n := decimalLen(u)
	if cap(b)-len(b) < n+8 {
		b = slices.Grow(b, n+8)
	}
	i := len(b)
	out := b[i : i+n+8]
	switch {
	case n <= 8:
		keep := ^uint64(0) << (8 * n) // the bytes past the number
		binary.LittleEndian.PutUint64(out, eightDigits(uint32(u))>>(64-8*n)|binary.LittleEndian.Uint64(out)&keep)
	case n <= 16:
		hi := u / 1e8
		binary.LittleEndian.PutUint64(out, eightDigits(uint32(hi))>>(128-8*n))
		binary.LittleEndian.PutUint64(out[n-8:], eightDigits(uint32(u-hi*1e8)))
	default:
		hi, mid := u/1e16, u/1e8
		binary.LittleEndian.PutUint64(out, eightDigits(uint32(hi))>>(192-8*n))
		binary.LittleEndian.PutUint64(out[n-16:], eightDigits(uint32(mid-hi*1e8)))
		binary.LittleEndian.PutUint64(out[n-8:], eightDigits(uint32(u-mid*1e8)))
	}
	return b[:i+n]
}

// eightDigits returns the eight decimal digits of v (below 10^8, with
// leading zeros) as ASCII in a little-endian word: the first digit in the
// lowest byte. It splits v into two four-digit halves in 32-bit lanes,
// each half into two-digit quarters in 16-bit lanes, each quarter into
// digits in bytes, dividing every lane at once by multiplying with a
// reciprocal (x*5243>>19 is x/100 for x below 10^4, x*103>>10 is x/10 for
// x below 100; no lane's product reaches the next lane's bits that the
// mask keeps).
func eightDigits(v uint32) uint64 {
	x := uint64(v/1e4) | uint64(v%1e4)<<32
	q := (x * 5243 >> 19) & 0x0000007f_0000007f
	x = q | (x-q*100)<<16
	q = (x * 103 >> 10) & 0x000f_000f_000f_000f
	x = q | (x-q*10)<<8
	return x | 0x30303030_30303030
}

// appendUint appends the decimal digits of u to b.
func appendUint(b []byte, u uint64) []byte {
	w := Writer{Buf: b}
	w.Uint(u)
	return w.Buf
}

// appendInt appends the decimal form of v to b.
func appendInt(b []byte, v int64) []byte {
	w := Writer{Buf: b}
	w.Int(v)
	return w.Buf
}
