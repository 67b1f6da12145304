package oashttp

import "net/http"

// ClientMiddleware wraps the transport of a generated client, for logging,
// metrics and tracing: it sees every attempt of every call, and every
// redirect, as an *http.Request and its *http.Response.
type ClientMiddleware func(next http.RoundTripper) http.RoundTripper

// RoundTripFunc is a function that is an http.RoundTripper.
type RoundTripFunc func(*http.Request) (*http.Response, error)

// RoundTrip calls f.
func (f RoundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// WithClientMiddleware adds middleware around the client's transport; the
// first given is the outermost, seeing requests first and responses last.
// The *http.Client of WithHTTPClient is not changed: the client uses a
// copy of it.
func WithClientMiddleware(mw ...ClientMiddleware) ClientOption {
	return func(c *ClientConfig) { c.Middleware = append(c.Middleware, mw...) }
}
