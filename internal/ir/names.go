package ir

import (
	"strconv"
	"strings"
	"unicode"
)

// initialisms are written in upper case in Go names, as Go's own code does.
var initialisms = map[string]bool{
	"acl": true, "api": true, "ascii": true, "cpu": true, "css": true, "dns": true,
	"eof": true, "guid": true, "html": true, "http": true, "https": true, "id": true,
	"ip": true, "json": true, "jwt": true, "qps": true, "ram": true, "rpc": true,
	"sla": true, "smtp": true, "sql": true, "ssh": true, "tcp": true, "tls": true,
	"ttl": true, "udp": true, "ui": true, "uid": true, "uri": true, "url": true,
	"utf8": true, "uuid": true, "vm": true, "xml": true, "xsrf": true, "xss": true,
}

// words splits s into words at separators (anything not a letter or digit)
// and at case changes: "petId" -> pet Id, "HTTPServer" -> HTTP Server.
func words(s string) []string {
	var out []string
	rs := []rune(s)
	start := -1
	flush := func(end int) {
		if start >= 0 && end > start {
			out = append(out, string(rs[start:end]))
		}
		start = -1
	}
	for i, r := range rs {
		if !(r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r))) {
			flush(i)
			continue
		}
		if start < 0 {
			start = i
			continue
		}
		prev := rs[i-1]
		switch {
		case unicode.IsUpper(r) && unicode.IsLower(prev):
			flush(i) // petId
			start = i
		case unicode.IsUpper(r) && unicode.IsUpper(prev) && i+1 < len(rs) && unicode.IsLower(rs[i+1]):
			flush(i) // HTTPServer
			start = i
		case unicode.IsUpper(r) && unicode.IsDigit(prev):
			flush(i) // item2Name; "v2api" and "2fa" stay whole
			start = i
		}
	}
	flush(len(rs))
	return out
}

// GoName turns a spec name into an exported Go identifier: "pet_id" -> PetID,
// "photoUrls" -> PhotoURLs. It returns "" when s has no letters or digits.
// A name that starts with a digit gets an N in front ("2fa" -> N2fa), since
// identifiers cannot; GoNameOr says what the name is instead.
func GoName(s string) string { return GoNameOr(s, "N") }

// GoNameOr is GoName with kind in front of a name that starts with a digit:
// GoNameOr("400", "Schema") -> Schema400.
func GoNameOr(s, kind string) string {
	name := NamePart(s)
	if name != "" && !unicode.IsLetter(rune(name[0])) {
		name = kind + name
	}
	return name
}

// NamePart turns a spec name into the part of a Go identifier that follows
// another part, as GoName does, but with nothing in front of a leading
// digit: an enum value "9lives" of Color is Color9lives.
func NamePart(s string) string {
	var b strings.Builder
	for _, w := range words(s) {
		lw := strings.ToLower(w)
		switch {
		case initialisms[lw]:
			b.WriteString(strings.ToUpper(lw))
		case len(lw) > 1 && lw[len(lw)-1] == 's' && initialisms[lw[:len(lw)-1]]:
			b.WriteString(strings.ToUpper(lw[:len(lw)-1]) + "s")
		default:
			b.WriteString(strings.ToUpper(w[:1]) + w[1:])
		}
	}
	return b.String()
}

// Namespace hands out unique identifiers: the first claim of a name gets it,
// later claims get the name with a number appended. Claims are made in spec
// order, so the result is deterministic.
type Namespace struct {
	taken map[string]bool
}

// NewNamespace returns a namespace with reserved names already taken.
func NewNamespace(reserved ...string) *Namespace {
	ns := &Namespace{taken: map[string]bool{}}
	for _, r := range reserved {
		ns.taken[r] = true
	}
	return ns
}

// Claim returns name, or name with the lowest number from 2 up that makes it
// unique, and marks the result taken. An empty name is claimed as fallback.
func (ns *Namespace) Claim(name, fallback string) string {
	if name == "" {
		name = fallback
	}
	if !ns.taken[name] {
		ns.taken[name] = true
		return name
	}
	for i := 2; ; i++ {
		n := name + strconv.Itoa(i)
		if !ns.taken[n] {
			ns.taken[n] = true
			return n
		}
	}
}

// Taken reports whether name is in use.
func (ns *Namespace) Taken(name string) bool { return ns.taken[name] }
