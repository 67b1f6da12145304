package oashttpimpl

import "github.com/oasgen/oasgen/oasrt/oashttp"

// MustParseCallbackURL is ParseCallbackURL for templates checked when the
// code was generated; it panics on an error.
func MustParseCallbackURL(tmpl string) *oashttp.CallbackURL {
	u, err := oashttp.ParseCallbackURL(tmpl)
	if err != nil {
		panic(err)
	}
	return u
}
