package oasimpl

import "testing"

func TestPunycode(t *testing.T) {
	// RFC 3492 section 7.1's samples, and others.
	tests := []struct{ unicode, puny string }{
		{"bücher", "bcher-kva"},
		{"\u0644\u064a\u0647\u0645\u0627\u0628\u062a\u0643\u0644\u0645\u0648\u0634\u0639\u0631\u0628\u064a\u061f", "egbpdaj6bu4bxfgehfvwxn"},
		{"3年B組金八先生", "3B-ww4c5e180e575a65lsy2b"},
		{"安室奈美恵-with-SUPER-MONKEYS", "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"},
		{"\U0001F600", "e28h"},
	}
	for _, tt := range tests {
		u, ok := punyDecode(tt.puny)
		if !ok || string(u) != tt.unicode {
			t.Errorf("decode %q = %q, %v, want %q", tt.puny, string(u), ok, tt.unicode)
		}
		if got := punyEncode([]rune(tt.unicode)); got != tt.puny {
			t.Errorf("encode %q = %q, want %q", tt.unicode, got, tt.puny)
		}
	}
	for _, bad := range []string{"X", "x", "9999999999a", "abc-é", "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"} {
		if u, ok := punyDecode(bad); ok {
			t.Errorf("decode %q = %q, want an error", bad, string(u))
		}
	}
}

func TestHostnameALabels(t *testing.T) {
	for _, s := range []string{"xn--bcher-kva.example", "XN--BCHER-KVA.example", "xn--4gbwdl.xn--wgbh1c", "xn--3b-ww4c5e180e575a65lsy2b",
		"xn--" + punyEncode([]rune("straße")), "xn--" + punyEncode([]rune("l·l")), "xn--" + punyEncode([]rune("日本語"))} {
		if !ValidHostname(s) {
			t.Errorf("%q rejected", s)
		}
	}
	for _, s := range []string{
		"xn--X",                                 // not Punycode
		"xn--x.example",                         // decodes to nothing Unicode has
		"xn--abc-",                              // decodes to ASCII, which is no U-label
		"XN--aa---o47jg78q",                     // a U-label with "--" in its third and fourth positions
		"xn---tda",                              // decodes to ü, which encodes to "tda"
		"example.xn--bcher-",                    // no code point after the basic ones
		"www.xn--e28h.com",                      // U+1F600 is a symbol, DISALLOWED
		"xn--n3h",                               // U+2603 SNOWMAN, the same
		"xn--" + punyEncode([]rune("Ü")),        // upper case is DISALLOWED
		"xn--" + punyEncode([]rune("\u0301ab")), // a combining mark first
		"xn--" + punyEncode([]rune("a\u1100")),  // conjoining Jamo
		"xn--" + punyEncode([]rune("a\u0640")),  // ARABIC TATWEEL, an exception DISALLOWED
		"xn--" + punyEncode([]rune("a·b")),      // MIDDLE DOT not between two l
		"xn--" + punyEncode([]rune("a b")),      // a space
	} {
		if ValidHostname(s) {
			t.Errorf("%q accepted", s)
		}
	}
}

// FuzzPunycode checks that decoding never panics and that what decodes
// encodes back to a Punycode that decodes to the same code points.
func FuzzPunycode(f *testing.F) {
	for _, s := range []string{"bcher-kva", "egbpdaj6bu4bxfgehfvwxn", "X", "99999999999a", "-e28h", "a-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, ok := punyDecode(s)
		if !ok {
			return
		}
		v, ok := punyDecode(punyEncode(u))
		if !ok || string(v) != string(u) {
			t.Errorf("%q decodes to %q, which encodes to %q, which decodes to %q, %v", s, string(u), punyEncode(u), string(v), ok)
		}
		ValidHostname("xn--" + s)
	})
}
