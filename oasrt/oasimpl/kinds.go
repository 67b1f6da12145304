package oasimpl

import (
	"net/netip"
	"strings"

	"github.com/oasgen/oasgen/oasrt"
)

// The helpers below check a free-form value (raw JSON) against the
// keywords of a schema without type that apply to one JSON kind only:
// each reports ok false for a value of another kind, which the keyword
// does not constrain. Generated code calls them only for schemas that
// have such keywords.

// RawString returns the string raw holds, unescaped.
func RawString(raw []byte) (s string, ok bool) {
	if RawKind(raw) != String {
		return "", false
	}
	var r Reader
	r.Reset(raw)
	s, err := r.Str()
	return s, err == nil
}

// RawDecimal returns the number raw holds, as its text.
func RawDecimal(raw []byte) (d oasrt.Decimal, ok bool) {
	if RawKind(raw) != Number {
		return "", false
	}
	return oasrt.Decimal(strings.TrimSpace(string(raw))), true
}

// RawItems returns the number of items of the array raw holds.
func RawItems(raw []byte) (n int, ok bool) {
	if RawKind(raw) != Array {
		return 0, false
	}
	var r Reader
	r.Reset(raw)
	if r.ArrStart() != nil {
		return 0, false
	}
	for {
		more, err := r.ArrNext()
		if err != nil || !more {
			return n, err == nil
		}
		if r.Skip() != nil {
			return n, false
		}
		n++
	}
}

// RawMembers returns the number of members (keys) of the object raw
// holds.
func RawMembers(raw []byte) (n int, ok bool) {
	if RawKind(raw) != Object {
		return 0, false
	}
	var r Reader
	r.Reset(raw)
	if r.ObjStart() != nil {
		return 0, false
	}
	for {
		_, more, err := r.ObjKey()
		if err != nil || !more {
			return n, err == nil
		}
		if r.Skip() != nil {
			return n, false
		}
		n++
	}
}

// RawMissing returns the first of names that the object raw holds has no
// member of, or "" when it has them all or raw is not an object.
func RawMissing(raw []byte, names ...string) string {
	if RawKind(raw) != Object {
		return ""
	}
	var r Reader
	r.Reset(raw)
	o, err := tree(&r)
	if err != nil {
		return ""
	}
	m, _ := o.(map[string]any)
	for _, n := range names {
		if _, ok := m[n]; !ok {
			return n
		}
	}
	return ""
}

// RawDuplicate returns the indexes of the first two items of the array raw
// holds that are equal as JSON values (1 equals 1.0, objects whatever
// their key order), or -1, -1: of the items equal to an earlier one, the
// first, and the first item it equals. It takes O(n log n) comparisons.
func RawDuplicate(raw []byte) (int, int) {
	if RawKind(raw) != Array {
		return -1, -1
	}
	var r Reader
	r.Reset(raw)
	c := getCanon()
	defer putCanon(c)
	ends, err := c.items(&r)
	if err != nil {
		return -1, -1
	}
	return duplicateForms(c.buf, ends)
}

// ValidDateTime reports whether s is an RFC 3339 date-time: a full-date,
// "T" (or "t"), and a full-time, leap seconds included.
func ValidDateTime(s string) bool {
	if len(s) < 11 || s[10] != 'T' && s[10] != 't' {
		return false
	}
	_, err := oasrt.ParseDate(s[:10])
	return err == nil && ValidTime(s[11:])
}

// ValidDate reports whether s is an RFC 3339 full-date.
func ValidDate(s string) bool {
	_, err := oasrt.ParseDate(s)
	return err == nil
}

// ValidUUID reports whether s is a UUID in its hyphenated hex form.
func ValidUUID(s string) bool {
	_, err := oasrt.ParseUUID(s)
	return err == nil
}

// ValidIPv4 reports whether s is an IPv4 address in dotted-quad form.
func ValidIPv4(s string) bool {
	a, err := netip.ParseAddr(s)
	return err == nil && a.Is4()
}

// ValidIPv6 reports whether s is an IPv6 address (RFC 4291 text forms,
// the dotted-quad tail included) without a zone.
func ValidIPv6(s string) bool {
	a, err := netip.ParseAddr(s)
	return err == nil && a.Is6() && a.Zone() == ""
}

// EncodedDuplicate returns the indexes of the first two equal items (as
// JSON values) of the array v encodes to, or -1, -1: uniqueItems on a
// tuple, whose items have types of their own.
func EncodedDuplicate(v interface{ EncodeJSON(w *Writer) }) (int, int) {
	w := GetWriter()
	defer ReleaseWriter(w)
	v.EncodeJSON(w)
	return RawDuplicate(w.Buf)
}

// RawContains returns how many items of the array raw holds match, as
// contains counts them.
func RawContains(raw []byte, match func(item []byte) bool) (n int, ok bool) {
	if RawKind(raw) != Array {
		return 0, false
	}
	var r Reader
	r.Reset(raw)
	if r.ArrStart() != nil {
		return 0, false
	}
	for {
		more, err := r.ArrNext()
		if err != nil || !more {
			return n, err == nil
		}
		item, err := r.Raw()
		if err != nil {
			return n, false
		}
		if match(item) {
			n++
		}
	}
}

// RawDependent returns the first of names that the object raw holds lacks
// when it has key (dependentRequired), or "".
func RawDependent(raw []byte, key string, names ...string) string {
	if RawMissing(raw, key) != "" {
		return "" // no key, or not an object
	}
	return RawMissing(raw, names...)
}

// KeyMatches reports whether key, written as a JSON string, matches
// match: propertyNames on a map, checked as the map is read and by
// Validate.
func KeyMatches(key string, match func(key []byte) bool) bool {
	w := GetWriter()
	defer ReleaseWriter(w)
	w.Buf = w.Buf[:0]
	w.String(key)
	return match(w.Buf)
}

// RawKeys returns the first key of the object raw holds that does not
// match (propertyNames), given each key as JSON text, and whether there is
// one.
func RawKeys(raw []byte, match func(key []byte) bool) (string, bool) {
	if RawKind(raw) != Object {
		return "", false
	}
	var r Reader
	r.Reset(raw)
	if r.ObjStart() != nil {
		return "", false
	}
	w := GetWriter()
	defer ReleaseWriter(w)
	for {
		k, more, err := r.ObjKey()
		if err != nil || !more {
			return "", false
		}
		key := string(k)
		w.Buf = w.Buf[:0]
		w.String(key)
		if !match(w.Buf) {
			return key, true
		}
		if r.Skip() != nil {
			return "", false
		}
	}
}

// HasKey reports whether a map holds key k.
func HasKey[M ~map[string]V, V any](m M, k string) bool {
	_, ok := m[k]
	return ok
}
