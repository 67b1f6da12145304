package oasimpl

import (
	"strings"
	"unicode"
)

// validALabel reports whether label, which starts with "xn--" in any case,
// is an A-label as far as RFC 5891 section 5.4 can be checked with Go's
// Unicode tables: the rest is Punycode that decodes (RFC 3492) and encodes
// back to the same A-label, letter case aside, and the U-label it decodes
// to holds a non-ASCII code point, has no "--" in its third and fourth
// positions and no hyphen first or last (section 4.2.3.1), starts with no
// combining mark (section 4.2.3.2) and holds only code points IDNA2008
// may allow (see idnaCodePoint) with their contexts (ValidIDNLabel).
func validALabel(label string) bool {
	code := strings.ToLower(label[4:])
	u, ok := punyDecode(code)
	if !ok {
		return false
	}
	ascii := true
	for _, r := range u {
		if r >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii || u[0] == '-' || u[len(u)-1] == '-' || len(u) >= 4 && u[2] == '-' && u[3] == '-' {
		return false
	}
	if unicode.Is(unicode.M, u[0]) {
		return false
	}
	for _, r := range u {
		if !idnaCodePoint(r) {
			return false
		}
	}
	return punyEncode(u) == code && ValidIDNLabel(string(u))
}

// idnaCodePoint reports whether r may be PVALID, CONTEXTJ or CONTEXTO in
// IDNA2008 (RFC 5892 section 3) as far as Go's Unicode tables tell: a
// lower case letter, other letter, modifier letter, mark or decimal
// digit (LetterDigits), or one of the exceptions of section 2.6; not a
// code point whose lower case differs (Unstable), not Hangul conjoining
// Jamo (OldHangulJamo) and not in the symbol or musical blocks whose marks
// are DISALLOWED (IgnorableBlocks). What needs NFKC (the compatibility
// characters among letters) is not checked here; oasidn checks it.
func idnaCodePoint(r rune) bool {
	switch {
	case r < 0x80:
		return 'a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '-'
	case r == 0xdf, r == 0x3c2, r == 0x6fd, r == 0x6fe, r == 0xf0b, r == 0x3007: // PVALID exceptions
		return true
	case r == 0xb7, r == 0x375, r == 0x5f3, r == 0x5f4, r == 0x30fb: // CONTEXTO
		return true
	case r == 0x200c, r == 0x200d: // CONTEXTJ: the rules need the Virama class, not checked
		return true
	case 0x1100 <= r && r <= 0x11ff, 0xa960 <= r && r <= 0xa97f, 0xd7b0 <= r && r <= 0xd7ff:
		return false
	case 0x20d0 <= r && r <= 0x20ff, 0x1d100 <= r && r <= 0x1d24f:
		return false
	case unicode.ToLower(r) != r:
		return false
	}
	return unicode.In(r, unicode.Ll, unicode.Lo, unicode.Lm, unicode.Mn, unicode.Mc, unicode.Nd)
}

// ValidIDNLabel reports whether the U-label label holds none of RFC 5892's
// exceptions that are DISALLOWED (section 2.6) and meets the rule of each
// of its CONTEXTO code points (appendix A). oasidn calls it after the IDNA
// tables; ValidHostname on the U-label an A-label decodes to.
func ValidIDNLabel(label string) bool {
	rs := []rune(label)
	arabic, extended := false, false // A.8, A.9: the two digit sets never mix
	for i, r := range rs {
		switch {
		case r == '\u0640', r == '\u07fa', r == '\u302e', r == '\u302f', '\u3031' <= r && r <= '\u3035', r == '\u303b':
			return false
		case r == '\u00b7': // MIDDLE DOT: only between two 'l's (Catalan)
			if i == 0 || i == len(rs)-1 || rs[i-1] != 'l' || rs[i+1] != 'l' {
				return false
			}
		case r == '\u0375': // GREEK LOWER NUMERAL SIGN: before a Greek letter
			if i == len(rs)-1 || !unicode.Is(unicode.Greek, rs[i+1]) {
				return false
			}
		case r == '\u05f3', r == '\u05f4': // HEBREW GERESH, GERSHAYIM: after a Hebrew letter
			if i == 0 || !unicode.Is(unicode.Hebrew, rs[i-1]) {
				return false
			}
		case r == '\u30fb': // KATAKANA MIDDLE DOT: in a label of Japanese script
			if !japanese(rs) {
				return false
			}
		case '\u0660' <= r && r <= '\u0669':
			arabic = true
		case '\u06f0' <= r && r <= '\u06f9':
			extended = true
		}
	}
	return !arabic || !extended
}

// japanese reports whether rs holds a Hiragana, Katakana or Han code
// point other than the KATAKANA MIDDLE DOT itself.
func japanese(rs []rune) bool {
	for _, r := range rs {
		if r != '\u30fb' && unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Han) {
			return true
		}
	}
	return false
}
