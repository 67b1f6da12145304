package oashttp

// MustParseCallbackURL is ParseCallbackURL for templates checked when the
// code was generated; it panics on an error.
func MustParseCallbackURL(tmpl string) *CallbackURL {
	u, err := ParseCallbackURL(tmpl)
	if err != nil {
		panic(err)
	}
	return u
}
