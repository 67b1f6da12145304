package oasimpl

import (
	"net/netip"
	"strings"
)

// ValidHostname reports whether s is a host name as RFC 1123 defines it:
// dot-separated labels of letters, digits and hyphens, each 1-63 bytes long
// and not starting or ending with a hyphen, 253 bytes in all at most. A
// label starting "xn--" is an A-label (RFC 5890 section 2.3.2.1): Punycode
// that decodes and encodes back to itself (see validALabel).
func ValidHostname(s string) bool {
	if len(s) == 0 || len(s) > 253 {
		return false
	}
	label := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '.':
			if label == 0 || s[i-1] == '-' || !validLDH(s[i-label:i]) {
				return false
			}
			label = 0
		case c == '-':
			if label == 0 {
				return false
			}
			label++
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
			label++
		default:
			return false
		}
		if label > 63 {
			return false
		}
	}
	return label > 0 && s[len(s)-1] != '-' && validLDH(s[len(s)-label:])
}

// validLDH reports whether a label of letters, digits and hyphens is a
// host name's label: an A-label when it starts "xn--", in any case.
func validLDH(label string) bool {
	if len(label) < 4 || label[2] != '-' || label[3] != '-' || !strings.EqualFold(label[:2], "xn") {
		return true
	}
	return validALabel(label)
}

// ValidEmail reports whether s has the shape of an RFC 5321 mailbox:
// a local part of at most 64 bytes, dot-separated printable non-space
// atoms or a quoted string, then '@', then a host name or a bracketed
// address literal (an IPv4 address, or "IPv6:" and an IPv6 address).
func ValidEmail(s string) bool {
	at := -1
	if strings.HasPrefix(s, `"`) {
		// A quoted local part (RFC 5321 section 4.1.2): printable ASCII,
		// spaces and '@' included, with '"' and '\' escaped by '\'.
		for i := 1; i < len(s); i++ {
			c := s[i]
			if c < ' ' || c > '~' {
				return false
			}
			if c == '\\' {
				i++
				continue
			}
			if c == '"' {
				at = i + 1
				break
			}
		}
		if at < 0 || at >= len(s) || s[at] != '@' {
			return false
		}
	} else {
		at = strings.LastIndexByte(s, '@')
	}
	if at < 1 || at > 64 {
		return false
	}
	for i := 0; i < at && s[0] != '"'; i++ {
		if c := s[i]; c <= ' ' || c == 0x7f || c == '@' {
			return false
		}
	}
	// A local part that is not quoted is dot-separated atoms (RFC 5321
	// section 4.1.2): no dot first, last, or twice in a row.
	if local := s[:at]; local[0] != '"' && (local[0] == '.' || local[at-1] == '.' || strings.Contains(local, "..")) {
		return false
	}
	domain := s[at+1:]
	if len(domain) > 2 && domain[0] == '[' && domain[len(domain)-1] == ']' {
		lit := domain[1 : len(domain)-1]
		if v6, ok := strings.CutPrefix(lit, "IPv6:"); ok {
			return ValidIPv6(v6)
		}
		_, err := netip.ParseAddr(lit)
		return err == nil
	}
	return ValidHostname(domain)
}

// ValidURI reports whether s is an absolute URI as RFC 3986 section 4.3
// defines it: a scheme, a colon, then the characters each part of a URI
// may hold, with well-formed percent escapes; an authority's port is
// digits only (section 3.2.3).
func ValidURI(s string) bool { return validRef(s, false, true) }

// ValidDuration reports whether s is an ISO 8601 duration, as RFC 3339
// appendix A writes it: "P", then years, months and days ("P1Y2M3D"), then
// optionally "T" with hours, minutes and seconds ("PT1H30M"), or weeks
// alone ("P4W"). Each part is digits and its letter, in that order, and at
// least one is present. As ISO 8601 allows, any part may be left out
// ("P1Y5D"). Appendix A's grammar has no fractions: "PT0.5S" is not a
// duration.
func ValidDuration(s string) bool {
	if len(s) < 3 || s[0] != 'P' {
		return false
	}
	date, clock := s[1:], ""
	if t := strings.IndexByte(date, 'T'); t >= 0 {
		date, clock = date[:t], date[t+1:]
		if clock == "" {
			return false
		}
	} else if w := len(date) - 1; date[w] == 'W' {
		return durationParts(date, "W")
	}
	return durationParts(date, "YMD") && durationParts(clock, "HMS")
}

// durationParts reports whether s is a sequence of digits-and-letter parts
// with letters from units, in order, each at most once.
func durationParts(s, units string) bool {
	next := 0 // the first unit still allowed
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && '0' <= s[j] && s[j] <= '9' {
			j++
		}
		if j == i || j == len(s) {
			return false
		}
		u := strings.IndexByte(units[next:], s[j])
		if u < 0 {
			return false
		}
		next += u + 1
		i = j + 1
	}
	return true
}

// ValidTime reports whether s is an RFC 3339 full-time: "15:04:05", an
// optional fraction of a second, then "Z" or a numeric offset ("+09:00").
func ValidTime(s string) bool {
	two := func(i int, max byte) bool {
		return i+1 < len(s) && '0' <= s[i] && s[i] <= '9' && '0' <= s[i+1] && s[i+1] <= '9' &&
			(s[i]-'0')*10+(s[i+1]-'0') <= max
	}
	// 23:59:60 is a leap second, which RFC 3339 allows.
	if len(s) < 9 || !two(0, 23) || s[2] != ':' || !two(3, 59) || s[5] != ':' || !two(6, 60) {
		return false
	}
	i := 8
	if s[i] == '.' {
		i++
		start := i
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		if i == start {
			return false
		}
	}
	num := func(i int) int { return int(s[i]-'0')*10 + int(s[i+1]-'0') }
	offset := 0 // minutes east of UTC
	switch {
	case i < len(s) && (s[i] == 'Z' || s[i] == 'z'):
		if i+1 != len(s) {
			return false
		}
	case i < len(s) && (s[i] == '+' || s[i] == '-'):
		if len(s) != i+6 || !two(i+1, 23) || s[i+3] != ':' || !two(i+4, 59) {
			return false
		}
		offset = num(i+1)*60 + num(i+4)
		if s[i] == '-' {
			offset = -offset
		}
	default:
		return false
	}
	if num(6) == 60 {
		// A leap second is the last second of a UTC day: 23:59:60Z, or
		// that instant in another offset.
		utc := ((num(0)*60+num(3)-offset)%1440 + 1440) % 1440
		return utc == 23*60+59
	}
	return true
}

// isHex reports whether c is a hexadecimal digit, as a percent escape
// holds two of.
func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
