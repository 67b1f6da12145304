package oasrt

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
