package oasimpl

import (
	"strings"
	"unicode/utf8"
)

// ValidURIReference reports whether s is a URI-reference (RFC 3986
// section 4.1): a URI, or a relative reference such as "/abc", "abc" or
// "#frag".
func ValidURIReference(s string) bool { return validRef(s, false, false) }

// ValidIRI reports whether s is an IRI (RFC 3987): a URI whose characters
// may also be non-ASCII ones.
func ValidIRI(s string) bool { return validRef(s, true, true) }

// ValidIRIReference reports whether s is an IRI-reference (RFC 3987).
func ValidIRIReference(s string) bool { return validRef(s, true, false) }

// validRef checks a URI or IRI (iri) reference; absolute requires a
// scheme. It checks the characters of each part, percent escapes, the
// authority's port and bracketed IP literal, and that a relative path's
// first segment has no colon.
func validRef(s string, iri, absolute bool) bool {
	if !utf8.ValidString(s) {
		return false
	}
	rest := s
	if i := strings.IndexAny(s, ":/?#"); i >= 0 && s[i] == ':' {
		if !validScheme(s[:i]) {
			return false
		}
		rest = s[i+1:]
	} else if absolute {
		return false
	}
	if i := strings.IndexByte(rest, '#'); i >= 0 {
		if !refChars(rest[i+1:], iri, "/?:@") {
			return false
		}
		rest = rest[:i]
	}
	if i := strings.IndexByte(rest, '?'); i >= 0 {
		if !refChars(rest[i+1:], iri, "/?:@") {
			return false
		}
		rest = rest[:i]
	}
	if strings.HasPrefix(rest, "//") {
		auth := rest[2:]
		path := ""
		if i := strings.IndexByte(auth, '/'); i >= 0 {
			auth, path = auth[:i], auth[i:]
		}
		return validAuthority(auth, iri) && refChars(path, iri, "/:@")
	}
	return refChars(rest, iri, "/:@")
}

// validScheme reports whether s is a URI scheme: a letter, then letters,
// digits, "+", "-" or ".".
func validScheme(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
		if !letter && (i == 0 || !('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	return true
}

// validAuthority checks [userinfo@]host[:port], host a reg-name or an IP
// literal in brackets.
func validAuthority(a string, iri bool) bool {
	if i := strings.LastIndexByte(a, '@'); i >= 0 {
		if !refChars(a[:i], iri, ":") {
			return false
		}
		a = a[i+1:]
	}
	host, port := a, ""
	if strings.HasPrefix(a, "[") {
		end := strings.IndexByte(a, ']')
		if end < 0 || !ValidIPv6(a[1:end]) && !validIPvFuture(a[1:end]) {
			return false
		}
		host, port = "", a[end+1:]
		if port != "" {
			if port[0] != ':' {
				return false
			}
			port = port[1:]
		}
	} else if i := strings.LastIndexByte(a, ':'); i >= 0 {
		host, port = a[:i], a[i+1:]
	}
	for i := 0; i < len(port); i++ {
		if port[i] < '0' || port[i] > '9' {
			return false
		}
	}
	return refChars(host, iri, "")
}

// validIPvFuture checks "v" hex-digits "." then unreserved, sub-delims
// or ":".
func validIPvFuture(s string) bool {
	if len(s) < 4 || s[0] != 'v' && s[0] != 'V' {
		return false
	}
	dot := strings.IndexByte(s, '.')
	if dot < 2 || dot == len(s)-1 {
		return false
	}
	for i := 1; i < dot; i++ {
		if !isHex(s[i]) {
			return false
		}
	}
	return refChars(s[dot+1:], false, ":")
}

// refChars reports whether s holds only unreserved characters,
// sub-delims, percent escapes, the characters of extra, and for an IRI
// any non-ASCII character.
func refChars(s string, iri bool, extra string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', strings.IndexByte("-._~!$&'()*+,;=", c) >= 0:
		case c == '%':
			if i+2 >= len(s) {
				return false
			}
			if !isHex(s[i+1]) {
				return false
			}
			if !isHex(s[i+2]) {
				return false
			}
			i += 2
		case c >= 0x80:
			if !iri {
				return false
			}
		case strings.IndexByte(extra, c) >= 0:
		default:
			return false
		}
	}
	return true
}

// ValidURITemplate reports whether s is a URI Template (RFC 6570): literal
// characters and expressions in braces, each an optional operator and a
// comma-separated list of variable names, each with an optional prefix
// (":3") or explode ("*") modifier.
func ValidURITemplate(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 || !validTemplateExpr(s[i+1:i+end]) {
				return false
			}
			i += end
		case c == '}', c <= ' ', c == '"', c == '\'', c == '<', c == '>', c == '\\', c == '^', c == '`', c == '|', c == 0x7f:
			return false
		case c == '%':
			if i+2 >= len(s) {
				return false
			}
			if !isHex(s[i+1]) {
				return false
			}
			if !isHex(s[i+2]) {
				return false
			}
		}
	}
	return true
}

func validTemplateExpr(e string) bool {
	if e != "" && strings.IndexByte("+#./;?&=,!@|", e[0]) >= 0 {
		e = e[1:]
	}
	if e == "" {
		return false
	}
	for _, v := range strings.Split(e, ",") {
		if i := strings.IndexByte(v, ':'); i >= 0 {
			n := v[i+1:]
			if n == "" || len(n) > 4 || n[0] == '0' {
				return false
			}
			for j := 0; j < len(n); j++ {
				if n[j] < '0' || n[j] > '9' {
					return false
				}
			}
			v = v[:i]
		} else {
			v = strings.TrimSuffix(v, "*")
		}
		if v == "" {
			return false
		}
		for j := 0; j < len(v); j++ {
			c := v[j]
			switch {
			case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '_':
			case c == '.' && j > 0 && j < len(v)-1 && v[j-1] != '.':
			case c == '%' && j+2 < len(v):
				if !isHex(v[j+1]) {
					return false
				}
				if !isHex(v[j+2]) {
					return false
				}
				j += 2
			default:
				return false
			}
		}
	}
	return true
}

// ValidJSONPointer reports whether s is a JSON Pointer (RFC 6901): empty,
// or "/"-prefixed reference tokens in which "~" is only "~0" or "~1".
func ValidJSONPointer(s string) bool {
	if s != "" && s[0] != '/' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '~' && (i+1 == len(s) || s[i+1] != '0' && s[i+1] != '1') {
			return false
		}
	}
	return utf8.ValidString(s)
}

// ValidRelativeJSONPointer reports whether s is a relative JSON Pointer: a
// non-negative integer without leading zeros, then "#" or a JSON Pointer.
func ValidRelativeJSONPointer(s string) bool {
	n := 0
	for n < len(s) && '0' <= s[n] && s[n] <= '9' {
		n++
	}
	if n == 0 || n > 1 && s[0] == '0' {
		return false
	}
	rest := s[n:]
	return rest == "#" || ValidJSONPointer(rest)
}
