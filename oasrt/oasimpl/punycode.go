package oasimpl

import (
	"strings"
	"unicode/utf8"
)

// The Bootstring parameters of Punycode (RFC 3492 section 5).
const (
	pcBase        = 36
	pcTMin        = 1
	pcTMax        = 26
	pcSkew        = 38
	pcDamp        = 700
	pcInitialBias = 72
	pcInitialN    = 128
	pcMaxInt      = 1<<31 - 1 // the overflow bound of the decoder's integers
)

// punyDecode decodes the Punycode s (RFC 3492 section 6.2) into its code
// points, reporting false for text that is not Punycode, that overflows,
// or that decodes to a code point Unicode does not have.
func punyDecode(s string) ([]rune, bool) {
	var out []rune
	if d := strings.LastIndexByte(s, '-'); d >= 0 {
		for i := 0; i < d; i++ {
			if s[i] >= 0x80 {
				return nil, false
			}
			out = append(out, rune(s[i]))
		}
		s = s[d+1:]
	}
	n, bias, i := pcInitialN, pcInitialBias, 0
	for in := 0; in < len(s); {
		old, w := i, 1
		for k := pcBase; ; k += pcBase {
			if in == len(s) {
				return nil, false
			}
			digit, ok := punyDigit(s[in])
			in++
			if !ok || digit > (pcMaxInt-i)/w {
				return nil, false
			}
			i += digit * w
			t := punyThreshold(k, bias)
			if digit < t {
				break
			}
			if w > pcMaxInt/(pcBase-t) {
				return nil, false
			}
			w *= pcBase - t
		}
		bias = punyAdapt(i-old, len(out)+1, old == 0)
		if i/(len(out)+1) > pcMaxInt-n {
			return nil, false
		}
		n += i / (len(out) + 1)
		i %= len(out) + 1
		if n > utf8.MaxRune || 0xd800 <= n && n <= 0xdfff {
			return nil, false
		}
		out = append(out, 0)
		copy(out[i+1:], out[i:])
		out[i] = rune(n)
		i++
	}
	return out, len(out) > 0
}

// punyEncode encodes the code points u as Punycode (RFC 3492 section
// 6.3), lower case; u holds no code point past utf8.MaxRune.
func punyEncode(u []rune) string {
	var b strings.Builder
	for _, r := range u {
		if r < 0x80 {
			b.WriteByte(byte(r))
		}
	}
	basic := b.Len()
	h := basic
	if basic > 0 {
		b.WriteByte('-')
	}
	n, delta, bias := pcInitialN, 0, pcInitialBias
	for h < len(u) {
		m := int(utf8.MaxRune) + 1
		for _, r := range u {
			if int(r) >= n && int(r) < m {
				m = int(r)
			}
		}
		delta += (m - n) * (h + 1)
		n = m
		for _, r := range u {
			if int(r) < n {
				delta++
			}
			if int(r) != n {
				continue
			}
			q := delta
			for k := pcBase; ; k += pcBase {
				t := punyThreshold(k, bias)
				if q < t {
					break
				}
				b.WriteByte(punyChar(t + (q-t)%(pcBase-t)))
				q = (q - t) / (pcBase - t)
			}
			b.WriteByte(punyChar(q))
			bias = punyAdapt(delta, h+1, h == basic)
			delta = 0
			h++
		}
		delta++
		n++
	}
	return b.String()
}

// punyThreshold is t of RFC 3492 section 6: k - bias clamped to [tmin,
// tmax].
func punyThreshold(k, bias int) int {
	return min(max(k-bias, pcTMin), pcTMax)
}

// punyAdapt is the bias adaptation function of RFC 3492 section 6.1.
func punyAdapt(delta, points int, first bool) int {
	if first {
		delta /= pcDamp
	} else {
		delta /= 2
	}
	delta += delta / points
	k := 0
	for delta > (pcBase-pcTMin)*pcTMax/2 {
		delta /= pcBase - pcTMin
		k += pcBase
	}
	return k + (pcBase-pcTMin+1)*delta/(delta+pcSkew)
}

// punyDigit returns the value of the Punycode digit c: a-z are 0-25, 0-9
// are 26-35 (upper case letters are lowered before).
func punyDigit(c byte) (int, bool) {
	switch {
	case 'a' <= c && c <= 'z':
		return int(c - 'a'), true
	case '0' <= c && c <= '9':
		return int(c-'0') + 26, true
	}
	return 0, false
}

// punyChar is the lower case Punycode digit of the value d, 0-35.
func punyChar(d int) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}
