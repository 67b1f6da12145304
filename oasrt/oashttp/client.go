package oashttp

import (
	"context"
	"net/http"
	"net/netip"
	"strconv"
	"time"
)

// DefaultMaxResponseBytes is the default limit on a response body a
// generated client reads: 64 MiB.
const DefaultMaxResponseBytes = 64 << 20

// DefaultClientTimeout bounds a whole call of a generated client that was
// given no *http.Client of its own: connecting, sending, and reading the
// response to its end, so a stalled or endlessly slow server cannot hold a
// call for ever. Streamed responses (the OpStream methods) count against
// it until their Items ends: set WithTimeout(0) and bound them with the
// context instead.
const DefaultClientTimeout = 60 * time.Second

// RequestEditor changes a request before a generated client sends it (to
// add authentication, say). An error stops the call and is returned.
type RequestEditor func(ctx context.Context, req *http.Request) error

// ClientConfig is the configuration of a generated client, set by
// ClientOptions.
type ClientConfig struct {
	// BaseURL is the server URL without a trailing slash; operation paths
	// are appended to it.
	BaseURL string
	// HTTPClient sends the requests; nil means a client of Go's default
	// transport. Its own Timeout, if any, bounds each attempt.
	HTTPClient *http.Client
	// Timeout bounds a call, all its attempts and reading the response
	// included (WithTimeout); a negative value means no bound. 0 means
	// DefaultClientTimeout when HTTPClient is nil, none otherwise: the
	// generated NewClient leaves the value it chose.
	Timeout time.Duration
	// Editors run in order on every request.
	Editors []RequestEditor
	// UserAgent, when set, is sent as the User-Agent header.
	UserAgent string
	// MaxResponseBytes bounds response bodies read; 0 means
	// DefaultMaxResponseBytes.
	MaxResponseBytes int64
	// SkipRequestCheck sends requests without checking their parameters
	// and bodies first (WithoutRequestCheck).
	SkipRequestCheck bool
	// ErrorResults returns a documented response of status 400 or more as
	// the call's error too (WithErrorResults).
	ErrorResults bool
	// Retry says when calls are tried again (WithRetry, WithoutRetry).
	Retry RetryPolicy
	// AttemptTimeout bounds each attempt of a call; 0 means no bound but
	// the call's (WithAttemptTimeout).
	AttemptTimeout time.Duration
	// Middleware wraps the HTTPClient's transport, the first outermost
	// (WithClientMiddleware).
	Middleware []ClientMiddleware
	// Tokens gives the credentials sent as the Authorization header of
	// every attempt (WithTokenSource).
	Tokens TokenSource
	// MaxItemBytes bounds one item of a sequence or event stream response
	// (WithMaxItemBytes); 0 means DefaultMaxItemBytes.
	MaxItemBytes int
	// Events configures the reading of server-sent events (events.go).
	Events EventOptions
	// MaxPages bounds the pages of one walk of a pager (WithMaxPages);
	// 0 means DefaultMaxPages, a negative value no bound.
	MaxPages int
	// PublicAddrsOnly makes the client dial public addresses only and not
	// follow redirects (WithPublicAddrsOnly): the clients of webhooks and
	// callbacks are made so. AllowedNetworks and AllowAddr allow others
	// (WithAllowedNetworks, WithAllowedAddrs).
	PublicAddrsOnly bool
	AllowedNetworks []netip.Prefix
	AllowAddr       func(host string, addr netip.Addr) bool
}

// WithoutRequestCheck sends request bodies as they are: by default a
// JSON body that breaks its schema is not sent, and the call returns a
// *RequestCheckError, as the server would have answered 422.
func WithoutRequestCheck() ClientOption {
	return func(c *ClientConfig) { c.SkipRequestCheck = true }
}

// WithErrorResults makes a call that gets a documented response of status
// 400 or more return it as its error as well as its result: every such
// result type has an Error method, so errors.As finds it
// (errors.As(err, &api.GetPetByIDResponse404{})) and code that stops at
// the first error stops there. Without it, such a response is a result
// and the error is nil: a 404 is an answer, told apart by its type.
func WithErrorResults() ClientOption {
	return func(c *ClientConfig) { c.ErrorResults = true }
}

// RequestCheckError is the error of a call whose request breaks the
// spec's schema: nothing was sent. Err is a *ParamError naming the
// parameter at fault, or the body's Validate error, naming the JSON path
// of each value at fault.
type RequestCheckError struct{ Err error }

func (e *RequestCheckError) Error() string {
	if _, ok := e.Err.(*ParamError); ok {
		return "request not sent: " + e.Err.Error()
	}
	return "request not sent: body: " + e.Err.Error()
}
func (e *RequestCheckError) Unwrap() error { return e.Err }

// ClientOption configures a generated client.
type ClientOption func(*ClientConfig)

// WithHTTPClient sets the *http.Client that sends requests.
func WithHTTPClient(hc *http.Client) ClientOption {
	return func(c *ClientConfig) { c.HTTPClient = hc }
}

// WithTimeout bounds each call, all its attempts and reading the
// response included; 0 means no bound other than the context's. The
// default is DefaultClientTimeout, or none when WithHTTPClient is given
// (whose client's own Timeout bounds each attempt).
func WithTimeout(d time.Duration) ClientOption {
	return func(c *ClientConfig) {
		c.Timeout = d
		if d <= 0 {
			c.Timeout = -1
		}
	}
}

// WithRequestEditor adds an editor run on every request.
func WithRequestEditor(e RequestEditor) ClientOption {
	return func(c *ClientConfig) { c.Editors = append(c.Editors, e) }
}

// WithUserAgent sets the User-Agent header of every request.
func WithUserAgent(ua string) ClientOption {
	return func(c *ClientConfig) { c.UserAgent = ua }
}

// WithMaxResponseBytes sets the response body limit in bytes.
func WithMaxResponseBytes(n int64) ClientOption {
	return func(c *ClientConfig) { c.MaxResponseBytes = n }
}

// StatusError is returned by a generated client for a response whose
// status the operation does not declare, or which does not decode. It
// carries the status, the headers, a prefix of the body and, when the
// body was application/problem+json (or other JSON), the decoded problem.
type StatusError struct {
	StatusCode  int
	ContentType string
	// Header holds the response's headers (Retry-After, rate limits,
	// request ids), or nil when the response could not be used.
	Header http.Header
	// Body is the start of the response body, at most 4 KiB, for a
	// status the operation does not declare.
	Body []byte
	// Problem is the decoded problem details body, or nil.
	Problem *Problem
	// Err is why the response could not be used, when it was declared.
	Err error
	// Attempts are the errors of the call's attempts before this
	// response, when it was retried.
	Attempts []error
}

func (e *StatusError) Error() string {
	s := "unexpected response status " + strconv.Itoa(e.StatusCode)
	if e.Err != nil {
		s = "response status " + strconv.Itoa(e.StatusCode) + ": " + e.Err.Error()
	}
	if e.Problem != nil {
		if e.Problem.Detail != "" {
			s += ": " + e.Problem.Detail
		} else if e.Problem.Title != "" {
			s += ": " + e.Problem.Title
		}
	}
	if len(e.Attempts) > 0 {
		s += " (after " + strconv.Itoa(len(e.Attempts)) + " failed attempts)"
	}
	return s
}

// Unwrap returns Err and the earlier attempts' errors, for errors.Is and
// errors.As.
func (e *StatusError) Unwrap() []error {
	if e.Err == nil {
		return e.Attempts
	}
	return append([]error{e.Err}, e.Attempts...)
}
