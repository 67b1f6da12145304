package oashttpimpl

import (
	"net/http"
	"strconv"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/oasrt/oashttp/internal/query"
)

// QueryString appends name=v to req's query when v is set: an optional
// form-style query parameter whose value is text.
//
//go:noinline
func QueryString[T ~string](req *Request, name string, v oasrt.Opt[T]) {
	if v.Set {
		req.Query = query.Append(req.Query, name, true, ',', string(v.Value))
	}
}

// QueryInt appends name=v to req's query when v is set: an optional
// form-style query parameter whose value is an integer.
//
//go:noinline
func QueryInt[T ~int32 | ~int64](req *Request, name string, v oasrt.Opt[T]) {
	if v.Set {
		req.Query = query.Append(req.Query, name, true, ',', strconv.FormatInt(int64(v.Value), 10))
	}
}

// QueryBool appends name=v to req's query when v is set: an optional
// form-style query parameter whose value is true or false.
//
//go:noinline
func QueryBool[T ~bool](req *Request, name string, v oasrt.Opt[T]) {
	if v.Set {
		req.Query = query.Append(req.Query, name, true, ',', strconv.FormatBool(bool(v.Value)))
	}
}

// MatchMedia returns the index of the first of types, the media types an
// operation declares for the response's status in the spec's order,
// that resp's Content-Type matches (MediaMatches), or -1 for none.
func MatchMedia(resp *http.Response, types ...string) int {
	ct := resp.Header.Get("Content-Type")
	for i := range types {
		if MediaMatches(ct, types[i:i+1]) {
			return i
		}
	}
	return -1
}

// NewSender returns the engine of a client with no base URL,
// whose requests name their whole URL (Request.URL): the webhooks' and
// callbacks' clients, which call the URLs subscribers gave. opts are the
// API client's, with the same defaults, and the client dials public
// addresses only and follows no redirect (oashttp.WithPublicAddrsOnly):
// the URLs come from requests and subscribers.
func NewSender(opts []oashttp.ClientOption) *Client {
	// The placeholder is valid, so NewClient cannot fail; it is
	// cleared so that a request without a URL fails instead of going to
	// it.
	opts = append([]oashttp.ClientOption{oashttp.WithPublicAddrsOnly()}, opts...)
	c, err := NewClient("http://webhook.invalid", opts)
	if err != nil {
		panic("oasrt: " + err.Error())
	}
	c.BaseURL = ""
	return c
}
