package oasimpl

import (
	"math/bits"
	"slices"
	"unicode/utf8"
)

// asciiPlain reports, for each ASCII byte, whether it appears unescaped
// inside a JSON string: not a control character, quote or backslash.
var asciiPlain = func() (t [utf8RuneSelf]bool) {
	for c := 0x20; c < utf8RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

const utf8RuneSelf = 0x80

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// load64 reads eight bytes of s at i as a little-endian word. Slicing first
// leaves one bounds check, and the compiler merges the byte loads into one,
// for strings and byte slices alike.
func load64[T string | []byte](s T, i int) uint64 {
	t := s[i : i+8]
	return uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
		uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56
}

// special8 returns a word with the high bit set in each byte of x that needs
// attention inside a JSON string: one that is not ASCII, below 0x20, '"' or
// '\\'. It uses the word-at-a-time tests for "some byte is less than n"
// (x - n in every byte) and "some byte is zero" (the same with n = 1, after
// an exclusive or with '"' and '\\'). Those tests also flag bytes with
// the high bit set, which x flags anyway, so no mask of ^x is needed. A
// subtraction borrows only out of a flagged byte: bytes below the first
// special one are flagged by nothing, so the lowest flagged byte is exact
// (the first special byte is at bits.TrailingZeros64(special8(x)) / 8),
// and the result is 0 exactly when no byte is special. Bytes above it may
// be flagged by a borrow.
func special8(x uint64) uint64 {
	return (x | (x - lsb*0x20) | (x ^ lsb*'"' - lsb) | (x ^ lsb*'\\' - lsb)) & msb
}

func sortStrings(s []string) { slices.Sort(s) }

// simple3 marks the lead bytes of three-byte UTF-8 sequences whose two
// continuation bytes may take any value from 0x80 to 0xBF (RFC 3629, section
// 4): every lead from 0xE1 to 0xEF except 0xED, which excludes surrogates,
// and 0xE2, which the writer must check for U+2028 and U+2029. Most of CJK
// is in this set.
var simple3 = func() (t [256]bool) {
	for c := 0xE1; c <= 0xEF; c++ {
		t[c] = c != 0xED && c != 0xE2
	}
	return t
}()

// two3 reports whether the eight bytes of x begin with two simple
// three-byte sequences: leads 1110xxxx other than E0, E2 and ED (bits 0, 2
// and 13 of the constant 0x2005), each followed by two 10xxxxxx bytes.
func two3(x uint64) bool {
	return x&0x0000C0C0F0C0C0F0 == 0x00008080E08080E0 &&
		((0x2005>>(x&0xF))|(0x2005>>((x>>24)&0xF)))&1 == 0
}

// run3 returns the end of the run of simple three-byte sequences from i,
// eight (24 bytes) at a step: the test of two3 on three words at once.
// Their lead bytes sit at offsets 0, 3, 6 of the first word, 1, 4, 7 of
// the second and 2, 5 of the third, so the leads' low nibbles gather into
// one word, a nibble per byte, which is checked for E0, E2 and ED all at
// once: adding 0x7F to a nibble sets the byte's high bit unless it is zero.
//
// It walks a subslice whose length the loop tests, so the compiler drops
// the bounds checks of the three loads.
func run3[T string | []byte](s T, i int) int {
	t := s[i:]
	for len(t) >= 24 {
		w0, w1, w2 := load64(t, 0), load64(t, 8), load64(t, 16)
		if (w0&0xC0F0C0C0F0C0C0F0^0x80E08080E08080E0)|
			(w1&0xF0C0C0F0C0C0F0C0^0xE08080E08080E080)|
			(w2&0xC0C0F0C0C0F0C0C0^0x8080E08080E08080) != 0 {
			break
		}
		n := w0&0x000F00000F00000F | w1&0x0F00000F00000F00 | w2&0x00000F00000F0000
		if (n+lsb*0x7F)&(n^lsb*0x2+lsb*0x7F)&(n^lsb*0xD+lsb*0x7F)&msb != msb {
			break
		}
		t = t[24:]
	}
	return len(s) - len(t)
}

// intDigits reads the run of ASCII digits at s[i:], up to 19 of them, which
// cannot overflow a uint64: their value and the offset after them. Where
// the input has room for a word, eight bytes are read at a step, without a
// branch per digit. A byte is a digit when its high nibble is 3 and adding
// 6 leaves it 3; carries out of a byte come only from bytes that are not
// digits, so the lowest non-digit byte is found exactly. The n digits before
// it are shifted to the top of the word, as the last n of eight, and
// combined pairwise: into values below 100 in each 16-bit lane, then below
// 10^4 in each 32-bit lane, then one below 10^8.
func intDigits(s []byte, i int) (uint64, int) {
	const hi = 0xF0F0F0F0F0F0F0F0
	var u uint64
	j := i
	for j+8 <= len(s) && j-i < 16 {
		x := load64(s, j)
		t := (x&hi ^ lsb*0x30) | ((x+lsb*0x06)&hi ^ lsb*0x30)
		n := bits.TrailingZeros64(((t&(lsb*0x7F)+lsb*0x7F)|t)&msb) >> 3
		v := (x - lsb*'0') << (64 - 8*n)
		v = (v*10 + v>>8) & 0x00FF00FF00FF00FF
		v = (v*100 + v>>16) & 0x0000FFFF0000FFFF
		v = (v*10000 + v>>32) & 0xFFFFFFFF
		u, j = u*pow10[n]+v, j+n
		if n < 8 {
			return u, j
		}
	}
	for j < len(s) && j-i < 19 && '0' <= s[j] && s[j] <= '9' {
		u = u*10 + uint64(s[j]-'0')
		j++
	}
	return u, j
}

// multiRun returns the end of the run of well-formed multi-byte UTF-8
// sequences starting at i, other than U+2028 and U+2029. It stops at ASCII,
// at invalid UTF-8, and at those two separators.
func multiRun[T string | []byte](s T, i int) int {
	for i < len(s) {
		// Eight simple three-byte sequences per step, then four, then two.
		if i = run3(s, i); i == len(s) {
			break
		}
		for i+14 <= len(s) && two3(load64(s, i)) && two3(load64(s, i+6)) {
			i += 12
		}
		if i+8 <= len(s) && two3(load64(s, i)) {
			i += 6
			continue
		}
		c := s[i]
		switch {
		case c < 0x80:
			return i
		case simple3[c]:
			if i+2 >= len(s) || s[i+1]&0xC0 != 0x80 || s[i+2]&0xC0 != 0x80 {
				return i
			}
			i += 3
		case c >= 0xC2 && c <= 0xDF:
			if i+1 >= len(s) || s[i+1]&0xC0 != 0x80 {
				return i
			}
			i += 2
		case c == 0xE2:
			if i+2 >= len(s) || s[i+1]&0xC0 != 0x80 || s[i+2]&0xC0 != 0x80 ||
				s[i+1] == 0x80 && (s[i+2] == 0xA8 || s[i+2] == 0xA9) {
				return i
			}
			i += 3
		default:
			// E0, ED and the four-byte leads have narrower ranges.
			r, size := decodeRune(s[i:])
			if r == utf8.RuneError && size == 1 {
				return i
			}
			i += size
		}
	}
	return i
}

func decodeRune[T string | []byte](s T) (rune, int) {
	switch s := any(s).(type) {
	case string:
		return utf8.DecodeRuneInString(s)
	case []byte:
		return utf8.DecodeRune(s)
	}
	panic("unreachable")
}
