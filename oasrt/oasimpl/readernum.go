// This file holds the Reader's numbers and booleans.

package oasimpl

import (
	"math"
	"math/bits"
	"strconv"
	"unsafe"
)

// Bool reads true or false.
func (r *Reader) Bool() (bool, error) {
	if r.src != nil {
		r.ws()
		r.whole()
	}
	switch r.ws() {
	case 't':
		if r.pos+4 <= len(r.buf) && string(r.buf[r.pos:r.pos+4]) == "true" {
			r.pos += 4
			return true, nil
		}
	case 'f':
		if r.pos+5 <= len(r.buf) && string(r.buf[r.pos:r.pos+5]) == "false" {
			r.pos += 5
			return false, nil
		}
	}
	return false, r.TypeError("boolean")
}

// number scans a JSON number at r.pos and returns its end and whether it has
// a fraction or exponent. It consumes nothing.
func (r *Reader) number() (end int, isFloat bool, err error) {
	s, i := r.buf, r.pos
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i >= len(s):
		return 0, false, r.eofAt(i)
	case s[i] == '0':
		i++
	case '1' <= s[i] && s[i] <= '9':
		i = digitRun(s, i+1)
	default:
		return 0, false, r.syntaxAt(i, "in numeric literal")
	}
	if i < len(s) && s[i] == '.' {
		isFloat = true
		i++
		if i >= len(s) || s[i] < '0' || s[i] > '9' {
			return 0, false, r.syntaxAt(i, "after decimal point in numeric literal")
		}
		i = digitRun(s, i+1)
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		isFloat = true
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if i >= len(s) || s[i] < '0' || s[i] > '9' {
			return 0, false, r.syntaxAt(i, "in exponent of numeric literal")
		}
		i = digitRun(s, i+1)
	}
	return i, isFloat, nil
}

// numEnd marks the bytes that may follow a number in JSON: a comma, a
// closing bracket or brace, white space.
var numEnd = [256]bool{',': true, '}': true, ']': true, ' ': true, '\t': true, '\n': true, '\r': true}

// wordUint reads a positive integer of one to seven digits, with no
// leading zero (0 alone is one), followed by a byte that ends a number,
// from a byte slice with eight bytes to spare: most integers of most
// documents. It works on one word, as intDigits does, with no loop: the
// high nibble of a digit is 3 and adding 6 leaves it 3; the digits are
// combined pairwise. Such a number is below 10^7 < 2^24, so it fits every
// integer type but the 8- and 16-bit ones (size is the type's bits), whose
// limit (exclusive) the caller gives. ok is false, and nothing is consumed, for anything else
// (a sign, a fraction, more digits, white space first, the buffer's last
// bytes), which Int and Uint read the long way.
func (r *Reader) wordUint(size int, limit uint64) (u uint64, ok bool) {
	s, i := r.buf, r.pos
	if i+8 > len(s) {
		return 0, false
	}
	x := load64(s, i)
	t := (x&(lsb*0xF0) ^ lsb*0x30) | ((x+lsb*0x06)&(lsb*0xF0) ^ lsb*0x30)
	n := bits.TrailingZeros64(((t&(lsb*0x7F)+lsb*0x7F)|t)&msb) >> 3
	if uint(n-1) >= 7 || byte(x) == '0' && n > 1 || !numEnd[s[i+n]] {
		return 0, false
	}
	v := (x - lsb*'0') << (64 - 8*n)
	v = (v*10 + v>>8) & 0x00FF00FF00FF00FF
	v = (v*100 + v>>16) & 0x0000FFFF0000FFFF
	v = (v*10000 + v>>32) & 0xFFFFFFFF
	if size < 24 && v >= limit {
		return 0, false
	}
	r.pos = i + n
	return v, true
}

// Int reads an integer that fits in bits (8, 16, 32 or 64) signed bits.
// A number with a fraction or exponent is one when its value is integral
// (1.0, 1e2), as JSON Schema says; 1.5 is an error.
func (r *Reader) Int(bits int) (int64, error) {
	if r.src != nil {
		r.ws()
		r.whole()
	} else if u, ok := r.wordUint(bits, 1<<(bits-1)); ok {
		return int64(u), nil
	}
	if c := r.peek(); kindOf[c] != Number && (c > ' ' || kindOf[r.wsSlow()] != Number) {
		return 0, r.TypeError("integer")
	}
	s, i := r.buf, r.pos
	neg := s[i] == '-'
	if neg {
		i++
	}
	u, j := intDigits(s, i)
	if j < len(s) && (s[j] == '.' || s[j] == 'e' || s[j] == 'E' || '0' <= s[j] && s[j] <= '9') || j == i || s[i] == '0' && j > i+1 {
		return r.intSlow(bits)
	}
	limit := uint64(1) << (bits - 1)
	if neg && u > limit || !neg && u >= limit {
		return 0, r.rangeErr(j, bits, false)
	}
	r.pos = j
	if neg {
		return -int64(u), nil
	}
	return int64(u), nil
}

// intSlow handles the rare integer forms: long literals, and the errors.
func (r *Reader) intSlow(bits int) (int64, error) {
	end, isFloat, err := r.number()
	if err != nil {
		return 0, err
	}
	text := r.buf[r.pos:end]
	if isFloat {
		if text, err = r.integral(end); err != nil {
			return 0, err
		}
	}
	v, perr := strconv.ParseInt(unsafe.String(&text[0], len(text)), 10, bits)
	if perr != nil {
		return 0, r.rangeErr(end, bits, false)
	}
	r.pos = end
	return v, nil
}

// integral returns the digits of the number at r.pos, which ends at end
// and has a fraction or exponent, when its value is an integer: JSON
// Schema counts 1.0 and 1e2 as integers, and so does Int (encoding/json
// does not; docs/validation.md, "Numbers").
func (r *Reader) integral(end int) ([]byte, error) {
	text, ok := integralText(r.buf[r.pos:end])
	if !ok {
		return nil, r.ErrorHere("expected integer, got number " + string(r.buf[r.pos:end]))
	}
	return text, nil
}

// Uint reads a non-negative integer that fits in bits unsigned bits.
func (r *Reader) Uint(bits int) (uint64, error) {
	if r.src != nil {
		r.ws()
		r.whole()
	} else if u, ok := r.wordUint(bits, 1<<bits); ok {
		return u, nil
	}
	if c := r.peek(); kindOf[c] != Number && (c > ' ' || kindOf[r.wsSlow()] != Number) {
		return 0, r.TypeError("integer")
	}
	// Fast path as in Int, and a twentieth digit where it fits.
	s, i := r.buf, r.pos
	u, j := intDigits(s, i)
	if j-i == 19 && j < len(s) && '0' <= s[j] && s[j] <= '9' && u <= (math.MaxUint64-uint64(s[j]-'0'))/10 {
		u = u*10 + uint64(s[j]-'0')
		j++
	}
	if j == i || j < len(s) && (s[j] == '.' || s[j] == 'e' || s[j] == 'E' || '0' <= s[j] && s[j] <= '9') || s[i] == '0' && j > i+1 {
		return r.uintSlow(bits)
	}
	if bits < 64 && u >= 1<<bits {
		return 0, r.rangeErr(j, bits, true)
	}
	r.pos = j
	return u, nil
}

// uintSlow handles long literals, negative numbers and the errors.
func (r *Reader) uintSlow(bits int) (uint64, error) {
	end, isFloat, err := r.number()
	if err != nil {
		return 0, err
	}
	text := r.buf[r.pos:end]
	if isFloat || text[0] == '-' { // -0 is 0
		if text, err = r.integral(end); err != nil {
			return 0, err
		}
	}
	v, perr := strconv.ParseUint(unsafe.String(&text[0], len(text)), 10, bits)
	if perr != nil {
		return 0, r.rangeErr(end, bits, true)
	}
	r.pos = end
	return v, nil
}

// Float reads a number as a float of bits (32 or 64) bits. A number too large
// for it is an error, as in encoding/json.
func (r *Reader) Float(bits int) (float64, error) {
	if r.src != nil {
		r.ws()
		r.whole()
	}
	if c := r.peek(); kindOf[c] != Number && (c > ' ' || kindOf[r.wsSlow()] != Number) {
		return 0, r.TypeError("number")
	}
	end, _, err := r.number()
	if err != nil {
		return 0, err
	}
	// ParseFloat does not keep its argument, so the string may alias the
	// input.
	v, perr := strconv.ParseFloat(unsafe.String(&r.buf[r.pos], end-r.pos), bits)
	if perr != nil {
		return 0, r.ErrorHere("number " + string(r.buf[r.pos:end]) + " out of range for float" + strconv.Itoa(bits))
	}
	r.pos = end
	return v, nil
}

// NumberText reads a number and returns its literal text, which aliases the
// input and is valid until the next Reset.
func (r *Reader) NumberText() ([]byte, error) {
	if r.src != nil {
		r.ws()
		r.whole()
	}
	if c := r.peek(); kindOf[c] != Number && (c > ' ' || kindOf[r.wsSlow()] != Number) {
		return nil, r.TypeError("number")
	}
	end, _, err := r.number()
	if err != nil {
		return nil, err
	}
	b := r.buf[r.pos:end]
	r.pos = end
	return b, nil
}
