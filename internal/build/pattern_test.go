package build

import (
	"regexp"
	"strings"
	"testing"
)

func TestTranslatePattern(t *testing.T) {
	cases := []struct {
		pattern     string
		match, miss []string
	}{
		{`^[a-z]+$`, []string{"abc"}, []string{"", "aBc", "abc\n"}},
		{`^\d{3}-\d{4}$`, []string{"555-1234"}, []string{"5551234", "٣٣٣-1234"}},
		{`^\s+$`, []string{" \t", "\u00a0", "\u2003", "\ufeff"}, []string{"x"}},
		{`^\S+$`, []string{"abc"}, []string{"a\u00a0b"}},
		{`^[\s,]+$`, []string{", \u3000"}, []string{"a"}},
		{`^a.c$`, []string{"abc", "a\tc"}, []string{"a\nc", "a\rc", "a\u2028c"}},
		{`^\u00e9\u{1F600}$`, []string{"é😀"}, []string{"e😀"}},
		{`^\uD83D\uDE00$`, []string{"😀"}, []string{"x"}},
		{`^\/api\/v1$`, []string{"/api/v1"}, nil},
		{`^(?<year>\d{4})-(?<month>\d{2})$`, []string{"2024-01"}, []string{"24-01"}},
		{`^[^]$`, []string{"\n", "x"}, []string{""}},
		{`^\cJ$`, []string{"\n"}, []string{"J"}},
		{`^a\0b$`, []string{"a\x00b"}, nil},
		{`^[\b]$`, []string{"\b"}, []string{"b"}},
		{`^[a\-z]$`, []string{"-", "a"}, []string{"b"}},
		{`^\p{Lu}`, []string{"Édith"}, []string{"édith"}},
		{`colou?r`, []string{"my colour", "color!"}, []string{"colr"}},
	}
	for _, c := range cases {
		re2, err := TranslatePattern(c.pattern)
		if err != nil {
			t.Errorf("%q: %v", c.pattern, err)
			continue
		}
		re := regexp.MustCompile(re2)
		for _, s := range c.match {
			if !re.MatchString(s) {
				t.Errorf("%q (RE2 %q) does not match %q", c.pattern, re2, s)
			}
		}
		for _, s := range c.miss {
			if re.MatchString(s) {
				t.Errorf("%q (RE2 %q) matches %q", c.pattern, re2, s)
			}
		}
	}
}

func TestTranslatePatternRejects(t *testing.T) {
	cases := map[string]string{
		`^(?=.*\d)[a-z\d]+$`:  "lookahead",
		`^(?!admin)\w+$`:      "lookahead",
		`(?<=\$)\d+`:          "lookbehind",
		`^(a)\1$`:             "backreference",
		`^(?<q>['"]).*\k<q>$`: "named backreference",
		`^a{2000}$`:           "RE2 cannot compile",
		`\`:                   "lone backslash",
		`^\u12$`:              `bad \u escape`,
		`^\p{Script=Greek}+$`: "RE2 cannot compile",
	}
	for p, want := range cases {
		_, err := TranslatePattern(p)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got error %v, want one mentioning %q", p, err, want)
		}
	}
}
