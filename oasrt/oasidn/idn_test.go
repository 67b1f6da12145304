package oasidn

import "testing"

func TestValidHostname(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want bool
	}{
		{"bücher.example", true},
		{"xn--bcher-kva.example", true},
		{"Example.COM", true},
		{"日本語。jp", true},              // ideographic full stop separates labels
		{"", false},                   // empty
		{"a..b", false},               // empty label
		{"-ab.example", false},        // leading hyphen
		{"ab--cd.example", false},     // "--" in the 3rd and 4th position
		{"xn--zz", false},             // bad Punycode
		{"a\u0640b", false},           // ARABIC TATWEEL: DISALLOWED exception
		{"co\u00b7la", false},         // MIDDLE DOT not between two l's
		{"col\u00b7\u04cf", false},    // ... a Cyrillic palochka after it
		{"col·l", true},               // MIDDLE DOT between two l's
		{"\u0375\u03b2", true},        // KERAIA before Greek
		{"\u03b2\u0375x", false},      // KERAIA before Latin
		{"\u05d0\u05f3", true},        // GERESH after Hebrew
		{"\u30fb\u30a2", true},        // KATAKANA MIDDLE DOT with Katakana
		{"\u30fbab", false},           // KATAKANA MIDDLE DOT alone with Latin
		{"\u0628\u0661\u06f1", false}, // both kinds of Arabic-Indic digits
		{"\u0628\u0661\u0662", true},
	} {
		if got := ValidHostname(tt.s); got != tt.want {
			t.Errorf("ValidHostname(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}

func TestValidEmail(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want bool
	}{
		{"user@bücher.example", true},
		{"δοκιμή@example.com", true},
		{"user@[IPv6:::1]", true},
		{"user@a\u0640b.example", false},
		{".user@bücher.example", false},
		{"no-at-sign", false},
	} {
		if got := ValidEmail(tt.s); got != tt.want {
			t.Errorf("ValidEmail(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}
