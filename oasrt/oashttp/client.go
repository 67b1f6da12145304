package oashttp

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/oasgen/oasgen/oasrt/oasimpl"
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
	// DefaultClientTimeout when HTTPClient is nil, none otherwise:
	// NewClientConfig leaves the value it chose.
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

// NewClientConfig checks baseURL (absolute, http or https) and applies opts.
func NewClientConfig(baseURL string, opts []ClientOption) (*ClientConfig, error) {
	u, err := url.Parse(baseURL)
	if err != nil {
		return nil, err
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return nil, errors.New("oasrt: base URL " + strconv.Quote(baseURL) + " is not an absolute http or https URL")
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return nil, errors.New("oasrt: base URL " + strconv.Quote(baseURL) + " has a query or fragment")
	}
	c := &ClientConfig{BaseURL: strings.TrimRight(baseURL, "/")}
	for _, o := range opts {
		o(c)
	}
	// Never http.DefaultClient, which has no timeout. The timeout bounds
	// the call, all its attempts included, so it is the context's and not
	// the http.Client's, which bounds one.
	switch {
	case c.HTTPClient == nil:
		c.HTTPClient = &http.Client{}
		if c.Timeout == 0 {
			c.Timeout = DefaultClientTimeout
		}
	case c.Timeout == 0:
		c.Timeout = -1 // the given client's Timeout bounds each attempt
	}
	c.Retry = c.Retry.normal()
	if c.PublicAddrsOnly {
		c.guardTransport() // under the middleware, which sees what it refuses
	}
	c.wrapTransport()
	if c.MaxResponseBytes <= 0 {
		c.MaxResponseBytes = DefaultMaxResponseBytes
	}
	return c, nil
}

// Request is a request being built by a generated client method.
type Request struct {
	Method string
	// URL, when set, is the whole URL the request goes to instead of the
	// base URL and Path: a webhook's or a callback's, given at run time.
	URL    string
	Path   []byte // escaped path, appended to the base URL
	Query  []byte // raw query
	Header http.Header
	// Body and ContentType are the request body, when there is one.
	Body        []byte
	BodyReader  io.Reader
	ContentType string
	// Options are the call's own options (a generated method's opts).
	Options []CallOption
}

// Do sends req and returns the response; the caller must close its body
// (generated code calls oashttpimpl.CloseBody), which ends the call's timeout. It
// tries again as the retry policy allows (see RetryPolicy), and returns a
// *RetryError listing every attempt's error when more than one failed.
func (c *ClientConfig) Do(ctx context.Context, req *Request) (*http.Response, error) {
	var call *callOptions
	if len(req.Options) > 0 {
		call = newCallOptions(req.Options)
	}
	timeout, policy := max(c.Timeout, 0), &c.Retry
	if call != nil {
		if call.timeout != 0 {
			timeout = max(call.timeout, 0)
		}
		if call.retry != nil {
			policy = call.retry.over(policy)
		}
	}
	var cancel context.CancelFunc
	if timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, timeout)
	}
	resp, err := c.do(ctx, req, call, policy, cancel)
	if call != nil && call.response != nil {
		*call.response = resp
	}
	return resp, err
}

// do is Do under the call's context; it runs cancel when the call ends.
func (c *ClientConfig) do(ctx context.Context, req *Request, call *callOptions, policy *RetryPolicy, cancel context.CancelFunc) (*http.Response, error) {
	u := c.BaseURL + string(escapeDotSegments(req.Path))
	if req.URL != "" {
		u = req.URL
	}
	if len(req.Query) > 0 {
		if strings.Contains(u, "?") {
			u += "&" + string(req.Query) // a URL given with a query of its own
		} else {
			u += "?" + string(req.Query)
		}
	}
	if call != nil && call.url != "" {
		var err error
		if u, err = c.resolveURL(call.url); err != nil {
			closeReader(req.BodyReader)
			return nil, c.ended(err, cancel)
		}
	}
	var body io.Reader
	switch {
	case req.Body != nil:
		body = bytes.NewReader(req.Body) // NewRequest sets length and GetBody
	case req.BodyReader != nil:
		body = req.BodyReader
	}
	hr, err := http.NewRequestWithContext(ctx, req.Method, u, body)
	if err != nil {
		closeReader(req.BodyReader)
		return nil, c.ended(err, cancel)
	}
	for k, v := range req.Header {
		hr.Header[k] = v
	}
	if body != nil && req.ContentType != "" {
		hr.Header.Set("Content-Type", req.ContentType)
	}
	if c.UserAgent != "" {
		hr.Header.Set("User-Agent", c.UserAgent)
	}
	if call != nil {
		call.edit(hr)
	}
	for _, e := range c.Editors {
		if err := e(ctx, hr); err != nil {
			closeReader(req.BodyReader)
			return nil, c.ended(err, cancel)
		}
	}
	return c.send(ctx, hr, policy, c.AttemptTimeout, cancel)
}

// escapeDotSegments returns path with every segment that is "." or ".."
// written %2E or %2E%2E: a path parameter whose value is a dot segment
// (or makes one with the text around it) must reach the server as that
// value, while a dot segment as it is names another path (RFC 3986,
// 5.2.4), which a server mux cleaning the path, a proxy or a redirect
// resolves. path is returned as it is when it has none, as almost every
// path has not.
func escapeDotSegments(path []byte) []byte {
	var out []byte
	start := 0
	for i := 0; i <= len(path); i++ {
		if i < len(path) && path[i] != '/' {
			continue
		}
		seg := path[start:i]
		if isDotSegment(seg) {
			if out == nil {
				out = make([]byte, 0, len(path)+8)
				out = append(out, path[:start]...)
			}
			out = append(out, "%2E%2E"[:3*len(seg)]...)
		} else if out != nil {
			out = append(out, seg...)
		}
		if out != nil && i < len(path) {
			out = append(out, '/')
		}
		start = i + 1
	}
	if out == nil {
		return path
	}
	return out
}

func isDotSegment[T string | []byte](seg T) bool {
	return len(seg) == 1 && seg[0] == '.' || len(seg) == 2 && seg[0] == '.' && seg[1] == '.'
}

// closeReader closes a request body that is never sent, as net/http
// closes one it fails to send: a multipart body's writer then stops.
func closeReader(r io.Reader) {
	if c, ok := r.(io.Closer); ok {
		c.Close()
	}
}

// ResponseJSON returns a pooled Body whose Reader decodes the JSON response
// body while it is read (see StreamBody); the caller releases it. A
// Content-Type that is not JSON is an error, and so is a success status
// (2xx) whose body is application/problem+json (RFC 9457 problem details
// describe an error): a *StatusError carrying the decoded problem, never a
// success decoded from it.
func (c *ClientConfig) ResponseJSON(resp *http.Response) (*Body, error) {
	ct := resp.Header.Get("Content-Type")
	if !IsJSON(ct) {
		return nil, &StatusError{StatusCode: resp.StatusCode, ContentType: ct,
			Err: errors.New("response content type " + strconv.Quote(ct) + " is not JSON")}
	}
	if resp.StatusCode/100 == 2 && MediaMatches(ct, problemType) {
		e := c.problemError(resp)
		e.Err = errors.New("a success status with a problem details body")
		return nil, e
	}
	// The declared length fails a body over the limit at once; under it,
	// it sizes nothing beyond the bytes that arrived (see Reader.InputSize).
	return StreamBody(resp.Body, resp.ContentLength, c.MaxResponseBytes, oasimpl.InResponse)
}

// readResponse reads a response body whole, up to limit bytes. A declared
// length over the limit fails at once; one under it is not trusted to size
// the buffer, which grows with the bytes that arrive (ReadBody): a server
// declaring 64 MiB and sending one byte costs 16 KiB, not 64 MiB. The
// declared length caps the growth, so a body that does arrive in full is
// not given a buffer up to twice its size.
func readResponse(resp *http.Response, limit int64) (*Body, error) {
	if resp.ContentLength > limit {
		return nil, &TooLargeError{Limit: limit}
	}
	return ReadBody(resp.Body, resp.ContentLength, limit)
}

// ResponseBytes reads a non-JSON response body whole, up to the limit. A
// body of declared length larger than the buffers pooled for reuse keeps
// the buffer it was read into, without a copy; one of unknown length is
// read in pieces and copied once into a slice of its size
// (TestClientBodyMemory).
func (c *ClientConfig) ResponseBytes(resp *http.Response) ([]byte, error) {
	if resp.ContentLength < 0 {
		return readPieces(resp.Body, c.MaxResponseBytes)
	}
	b, err := readResponse(resp, c.MaxResponseBytes)
	if err != nil {
		return nil, err
	}
	var out []byte
	if cap(b.buf) > maxPooledBody {
		out, b.buf = b.buf, nil
	} else {
		out = bytes.Clone(b.Bytes())
	}
	b.Release()
	if out == nil {
		out = []byte{}
	}
	return out, nil
}

// readPieces reads r whole, up to limit bytes, and returns its bytes in a
// slice of their size. The first piece is a pooled buffer, so a small body
// costs its copy alone; a larger one goes on in pieces that double as
// they fill, copied once into the slice: a body of unknown length costs
// at most about three times its size while it is read and its size once
// read, where a buffer doubling as it fills costs up to four times and
// keeps up to twice.
func readPieces(r io.Reader, limit int64) ([]byte, error) {
	b := bodies.Get().(*Body)
	defer b.Release()
	if cap(b.buf) == 0 {
		b.buf = make([]byte, 0, min(BodyChunk, limit+1))
	}
	var pieces [][]byte
	var total int64
	piece := b.buf[:0]
	for {
		if len(piece) == cap(piece) {
			pieces = append(pieces, piece)
			piece = make([]byte, 0, min(2*int64(cap(piece)), limit+1-total))
		}
		n, err := r.Read(piece[len(piece):cap(piece)])
		piece = piece[:len(piece)+n]
		total += int64(n)
		if total > limit {
			return nil, &TooLargeError{Limit: limit}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	out := make([]byte, 0, total)
	for _, p := range pieces {
		out = append(out, p...)
	}
	return append(out, piece...), nil
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
	// Body is the start of the response body, at most errorBodyPrefix
	// (4 KiB) bytes, for a status the operation does not declare.
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

// errorBodyPrefix bounds the body bytes a *StatusError keeps.
const errorBodyPrefix = 4 << 10

// UnexpectedStatus builds the *StatusError for a response the operation
// does not declare, decoding a JSON problem body when there is one.
//
//go:noinline
func (c *ClientConfig) UnexpectedStatus(resp *http.Response) error {
	return c.statusError(resp, 1<<20)
}

// problemError builds the *StatusError for resp, decoding a JSON problem
// body (at most 1 MiB of it) when there is one.
func (c *ClientConfig) problemError(resp *http.Response) *StatusError {
	return c.statusError(resp, 1<<20)
}

// statusError builds the *StatusError for resp: its headers, the start of
// its body, and the problem that body holds when it is JSON of at most
// jsonLimit bytes.
func (c *ClientConfig) statusError(resp *http.Response, jsonLimit int64) *StatusError {
	e := &StatusError{StatusCode: resp.StatusCode, ContentType: resp.Header.Get("Content-Type"), Header: resp.Header}
	if cb, ok := resp.Body.(*callBody); ok {
		e.Attempts = cb.prev
	}
	if !IsJSON(e.ContentType) {
		buf := make([]byte, errorBodyPrefix)
		n, _ := io.ReadFull(resp.Body, buf)
		e.Body = buf[:n:n]
		return e
	}
	b, err := readResponse(resp, max(errorBodyPrefix, min(c.MaxResponseBytes, jsonLimit)))
	if err != nil {
		return e
	}
	e.Body = bytes.Clone(b.Bytes()[:min(len(b.Bytes()), errorBodyPrefix)])
	var p Problem
	if p.DecodeJSON(&b.Reader) == nil {
		e.Problem = &p
	}
	b.Release()
	return e
}
