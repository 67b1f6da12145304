package oasrt

import (
	"math/bits"
	"slices"
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
func (w *Writer) Uint(u uint64) { w.digits(u, false) }

// Int appends a signed integer.
func (w *Writer) Int(v int64) {
	// -v wraps for math.MinInt64, and uint64 of the wrapped value is still
	// its magnitude.
	u := uint64(v)
	if v < 0 {
		u = uint64(-v)
	}
	w.digits(u, v < 0)
}

// digits appends the decimal digits of u, after a minus sign when neg is
// set, writing them in place from the last: eight-digit chunks split off
// with one 64-bit division each are formatted with 32-bit arithmetic, two
// digits at a time; strconv divides the whole 64-bit number for every two
// digits, and copies its result.
func (w *Writer) digits(u uint64, neg bool) {
	b := w.Buf
	if neg {
		b = append(b, '-')
	}
	if u < 10 {
		w.setBuf(append(b, byte('0'+u)))
		return
	}
	n := decimalLen(u)
	if cap(b)-len(b) < n {
		b = slices.Grow(b, n)
	}
	b = b[:len(b)+n]
	out := b[len(b)-n:]
	i := n
	for u >= 1e8 {
		q := u / 1e8
		r := uint32(u - q*1e8)
		u = q
		// Two independent four-digit halves, two digits at a time.
		hi, lo := r/1e4, r%1e4
		d1, d2 := lo/100*2, lo%100*2
		d3, d4 := hi/100*2, hi%100*2
		out[i-2], out[i-1] = digits2[d2], digits2[d2+1]
		out[i-4], out[i-3] = digits2[d1], digits2[d1+1]
		out[i-6], out[i-5] = digits2[d4], digits2[d4+1]
		out[i-8], out[i-7] = digits2[d3], digits2[d3+1]
		i -= 8
	}
	v := uint32(u)
	for v >= 100 {
		d := v % 100 * 2
		v /= 100
		i -= 2
		out[i], out[i+1] = digits2[d], digits2[d+1]
	}
	if v >= 10 {
		out[i-2], out[i-1] = digits2[v*2], digits2[v*2+1]
	} else {
		out[i-1] = byte('0' + v)
	}
	w.setBuf(b)
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
