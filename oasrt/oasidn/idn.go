// Package oasidn checks the internationalized string formats of JSON
// Schema, idn-hostname and idn-email. It is a package of its own because
// it needs the IDNA tables of golang.org/x/net/idna: generated code
// imports it only when a schema uses one of these formats.
package oasidn

import (
	"strings"

	"github.com/oasgen/oasgen/oasrt/oasimpl"
	"golang.org/x/net/idna"
)

// profile checks a host name as IDNA2008 registration does (RFC 5891
// section 5, UTS #46 without mapping): code points valid for IDNA, the
// hyphen rules, the joiner (CONTEXTJ) rules, the bidi rule, Punycode
// A-labels and the DNS lengths of the A-label form.
var profile = idna.New(idna.ValidateForRegistration())

// ValidHostname reports whether s is an internationalized host name, as
// RFC 5890 and RFC 5891 define it: labels are separated by '.' or by the
// ideographic, fullwidth and halfwidth full stops (RFC 3490 section 3.1),
// and each is an A-label, an NR-LDH label or a U-label. On top of the IDNA
// tables, RFC 5892's exceptions that are DISALLOWED and its CONTEXTO rules
// are checked (appendix A.3 to A.9).
func ValidHostname(s string) bool {
	if s == "" {
		return false
	}
	s = strings.Map(func(r rune) rune {
		switch r {
		case '\u3002', '\uff0e', '\uff61':
			return '.'
		}
		return r
	}, s)
	// ASCII upper case is the same host name (RFC 4343); the registration
	// profile refuses every code point UTS #46 maps.
	s = strings.Map(func(r rune) rune {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, s)
	a, err := profile.ToASCII(s)
	if err != nil || a == "" {
		return false
	}
	u, err := profile.ToUnicode(a)
	if err != nil {
		return false
	}
	for label := range strings.SplitSeq(u, ".") {
		if !oasimpl.ValidIDNLabel(label) {
			return false
		}
	}
	return true
}

// ValidEmail reports whether s is an internationalized mail address (RFC
// 6531): a local part of UTF-8 that is otherwise as RFC 5321 says, then
// '@', then an internationalized host name or an address literal.
func ValidEmail(s string) bool {
	at := strings.LastIndexByte(s, '@')
	if at < 0 {
		return false
	}
	domain := s[at+1:]
	if strings.HasPrefix(domain, "[") || isASCII(domain) {
		return oasimpl.ValidEmail(asciiLocal(s[:at]) + s[at:])
	}
	return oasimpl.ValidEmail(asciiLocal(s[:at])+"@example.com") && ValidHostname(domain)
}

// asciiLocal replaces each non-ASCII character of a local part with an
// atom character, so that RFC 5321's rules check the rest (RFC 6531
// section 3.3 adds UTF-8 to atext and qtext).
func asciiLocal(local string) string {
	if isASCII(local) {
		return local
	}
	return strings.Map(func(r rune) rune {
		if r >= 0x80 {
			return 'u'
		}
		return r
	}, local)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
