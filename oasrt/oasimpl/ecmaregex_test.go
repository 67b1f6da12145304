package oasimpl

import (
	"strings"
	"testing"
)

func TestValidRegexECMA(t *testing.T) {
	valid := []string{
		``, `abc`, `([abc])+\s+$`, `^(?!x)a`, `(?<=a)b`, `(?<!a)b`, `(?=a)b`,
		`[^]`, `[]`, `\cA`, `\cz`, `a|b|`, `(?:a)*?`, `a{2}`, `a{2,}`, `a{2,3}?`, `a{0010,11}`,
		`(a)\1`, `\1(a)`, `(?<year>\d{4})-\k<year>`, `\k<n>(?<n>x)`, `(?<$_é>x)`,
		`\p{L}`, `\p{Letter}`, `\P{Lu}`, `\p{digit}`, `\p{Script=Greek}`, `\p{sc=Grek}`, `\p{scx=Latn}`,
		`\p{gc=Uppercase_Letter}`, `\p{ASCII_Hex_Digit}`, `\p{Any}`,
		`\u{1F600}`, `\u0041`, `\uD83D\uDE00`, `[\uD83D\uDE00-\uD83D\uDE01]`, `\x41`, `\0`, `[\0]`,
		`[a-z\d-]`, `[-a]`, `[a-]`, `[\b]`, `[\-]`, `[a-z-0]`, `\/`, `\.\*\+\?\(\)\[\]\{\}\|\^\$\\`,
		`(?i:abc)`, `(?-i:abc)`, `(?im-s:abc)`, `日本語+`, `.`,
	}
	invalid := []string{
		`(?i)abc`, `(?i-i:a)`, `(?-:a)`, `(?ii:a)`, `(?x:a)`,
		`\a`, `\z`, `\A`, `\Q`, `\e`, `\-`, `\c1`, `\c`, `\00`, `\x4`, `\u12`, `\u{110000}`, `\u{}`,
		`^(abc]`, `(`, `)`, `a)`, `[`, `[a`, `]`, `{`, `}`, `a{`, `a{1`, `a{,1}`, `a{2,1}`, `x{99999999999999999999,1}`,
		`*a`, `a**`, `+`, `?`, `a|*`, `^*`, `$+`, `\b*`, `(?=a)*`, `(?<=a)+`,
		`\1`, `(a)\2`, `\k<n>`, `\k`, `(?<n>a)(?<n>b)`, `(?<>a)`, `(?<1a>x)`,
		`\p{Lettre}`, `\p{L`, `\p`, `\p{Script=}`, `\p{foo=Latin}`, `\p{gc=Greek}`,
		`[z-a]`, `[\d-z]`, `[a-\d]`, `[\B]`, `[\1]`, `[\k]`, `(?P<n>x)`, "\xff",
	}
	for _, s := range valid {
		if !ValidRegex(s) {
			t.Errorf("%q rejected", s)
		}
	}
	for _, s := range invalid {
		if ValidRegex(s) {
			t.Errorf("%q accepted", s)
		}
	}
}

// FuzzValidRegex checks that no input makes ValidRegex panic.
func FuzzValidRegex(f *testing.F) {
	for _, s := range []string{`(?<a>x)\k<a>`, `[\u{10FFFF}-\uD83D\uDE00]`, `a{1,2}?`, `\p{sc=Latn}`, `(?i-m:[^])`, strings.Repeat("(", 2000)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { ValidRegex(s) })
}
