package oasimpl

import (
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// multiRunRef is multiRun's contract written plainly: the end of the run of
// well-formed multi-byte sequences other than U+2028 and U+2029.
func multiRunRef(s []byte, i int) int {
	for i < len(s) && s[i] >= utf8.RuneSelf {
		r, n := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && n == 1 || r == '\u2028' || r == '\u2029' {
			return i
		}
		i += n
	}
	return i
}

// pieces are the sequences the word-at-a-time paths must tell apart: simple
// three-byte characters, the leads E0, E2 and ED with their narrower
// ranges, the two separators, overlong and surrogate forms, broken
// continuations, and other lengths.
var pieces = [][]byte{
	[]byte("東"), []byte("あ"), []byte("ア"), []byte("。"), []byte("\uFFFD"),
	[]byte("\u0800"), []byte("\u2026"), []byte("\u2028"), []byte("\u2029"), []byte("\uD7FF"),
	{0xE0, 0x80, 0x80}, {0xED, 0xA0, 0x80}, {0xE5, 0x80}, {0xE5, 0x41, 0x80},
	{0xE5, 0x80, 0xC0}, {0xEF, 0xBF}, {0xC3, 0xA9}, {0xC0, 0x80},
	[]byte("😀"), {0xF4, 0x90, 0x80, 0x80}, {0x80}, []byte("a"), []byte(" "),
}

func TestMultiRun(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	simple := pieces[:3]
	for n := range 20000 {
		var s []byte
		// Mostly long runs of simple characters, so the 24-byte and
		// 6-byte steps run, broken at a random point by any piece.
		for range 1 + rng.IntN(40) {
			p := simple[rng.IntN(len(simple))]
			if rng.IntN(12) == 0 {
				p = pieces[rng.IntN(len(pieces))]
			}
			s = append(s, p...)
		}
		i := rng.IntN(len(s))
		if n%2 == 0 {
			i = 0
		}
		if got, want := multiRun(s, i), multiRunRef(s, i); got != want {
			t.Fatalf("multiRun(% x, %d) = %d, want %d", s, i, got, want)
		}
		if got, want := multiRun(string(s), i), multiRunRef(s, i); got != want {
			t.Fatalf("multiRun(string % x, %d) = %d, want %d", s, i, got, want)
		}
	}
}

func FuzzMultiRun(f *testing.F) {
	for _, p := range pieces {
		f.Add([]byte("東京の会社で" + string(p) + "ソフトウェアを開発しました"))
	}
	f.Fuzz(func(t *testing.T, s []byte) {
		for i := range s {
			if got, want := multiRun(s, i), multiRunRef(s, i); got != want {
				t.Fatalf("multiRun(% x, %d) = %d, want %d", s, i, got, want)
			}
		}
	})
}

// intDigitsRef is intDigits one digit at a time.
func intDigitsRef(s []byte, i int) (uint64, int) {
	var u uint64
	j := i
	for j < len(s) && j-i < 19 && '0' <= s[j] && s[j] <= '9' {
		u = u*10 + uint64(s[j]-'0')
		j++
	}
	return u, j
}

func TestIntDigits(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	tails := []string{"", ",", "}", ".5", "e3", " ", "/", ":", "\xfa", "\xff", "-"}
	for range 50000 {
		var s []byte
		for range rng.IntN(4) {
			s = append(s, ' ')
		}
		i := len(s)
		for range rng.IntN(24) {
			s = append(s, byte('0'+rng.IntN(10)))
		}
		s = append(s, tails[rng.IntN(len(tails))]...)
		for range rng.IntN(10) {
			s = append(s, byte(rng.Uint32()))
		}
		u, j := intDigits(s, i)
		wu, wj := intDigitsRef(s, i)
		if u != wu || j != wj {
			t.Fatalf("intDigits(%q, %d) = %d, %d; want %d, %d", s, i, u, j, wu, wj)
		}
	}
}

func FuzzIntDigits(f *testing.F) {
	f.Add([]byte("12345678901234567890,"))
	f.Add([]byte("0\xfa9"))
	f.Fuzz(func(t *testing.T, s []byte) {
		for i := range s {
			u, j := intDigits(s, i)
			if wu, wj := intDigitsRef(s, i); u != wu || j != wj {
				t.Fatalf("intDigits(%q, %d) = %d, %d; want %d, %d", s, i, u, j, wu, wj)
			}
		}
	})
}

func TestUintTwentyDigits(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want uint64
		err  bool
	}{
		{"18446744073709551615", 18446744073709551615, false},
		{"18446744073709551615 ", 18446744073709551615, false},
		{"10000000000000000000,", 10000000000000000000, false},
		{"18446744073709551616", 0, true},
		{"99999999999999999999", 0, true},
		{"184467440737095516150", 0, true},
		{"9223372036854775808", 9223372036854775808, false},
	} {
		r := NewReader([]byte(tt.in))
		got, err := r.Uint(64)
		if (err != nil) != tt.err || !tt.err && got != tt.want {
			t.Errorf("Uint(%s) = %d, %v", tt.in, got, err)
		}
	}
}
