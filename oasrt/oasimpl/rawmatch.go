package oasimpl

// RawMatches counts the matchers that accept the JSON value raw: the
// members of a oneOf of free-form schemas, of which exactly one must.
func RawMatches(raw []byte, match ...func([]byte) bool) int {
	n := 0
	for _, m := range match {
		if m(raw) {
			n++
		}
	}
	return n
}
