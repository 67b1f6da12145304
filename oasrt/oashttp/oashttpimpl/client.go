package oashttpimpl

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/oasrt/oasimpl"
)

// Client is the engine of a generated client: the configuration its
// options set, and the steps every operation's method shares (sending
// with retries, reading and checking responses, pages, event streams).
type Client struct {
	*oashttp.ClientConfig
}

// NewClient checks baseURL (absolute, http or https), applies opts over
// the defaults and readies the HTTP client: its transport guarded
// (PublicAddrsOnly) and wrapped in the middleware.
func NewClient(baseURL string, opts []oashttp.ClientOption) (*Client, error) {
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
	c := &Client{&oashttp.ClientConfig{BaseURL: strings.TrimRight(baseURL, "/")}}
	for _, o := range opts {
		o(c.ClientConfig)
	}
	// Never http.DefaultClient, which has no timeout. The timeout bounds
	// the call, all its attempts included, so it is the context's and not
	// the http.Client's, which bounds one.
	switch {
	case c.HTTPClient == nil:
		c.HTTPClient = &http.Client{}
		if c.Timeout == 0 {
			c.Timeout = oashttp.DefaultClientTimeout
		}
	case c.Timeout == 0:
		c.Timeout = -1 // the given client's Timeout bounds each attempt
	}
	c.Retry = normalPolicy(c.Retry)
	if c.PublicAddrsOnly {
		c.guardTransport() // under the middleware, which sees what it refuses
	}
	c.wrapTransport()
	if c.MaxResponseBytes <= 0 {
		c.MaxResponseBytes = oashttp.DefaultMaxResponseBytes
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
	Options []oashttp.CallOption
}

// Do sends req and returns the response; the caller must close its body
// (generated code calls CloseBody), which ends the call's timeout. It
// tries again as the retry policy allows (see oashttp.RetryPolicy), and returns a
// *oashttp.RetryError listing every attempt's error when more than one failed.
func (c *Client) Do(ctx context.Context, req *Request) (*http.Response, error) {
	var call *oashttp.CallConfig
	if len(req.Options) > 0 {
		call = newCallConfig(req.Options)
	}
	timeout, policy := max(c.Timeout, 0), &c.Retry
	if call != nil {
		if call.Timeout != 0 {
			timeout = max(call.Timeout, 0)
		}
		if call.Retry != nil {
			policy = policyOver(call.Retry, policy)
		}
	}
	var cancel context.CancelFunc
	if timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, timeout)
	}
	resp, err := c.do(ctx, req, call, policy, cancel)
	if call != nil && call.Response != nil {
		*call.Response = resp
	}
	return resp, err
}

// do is Do under the call's context; it runs cancel when the call ends.
func (c *Client) do(ctx context.Context, req *Request, call *oashttp.CallConfig, policy *oashttp.RetryPolicy, cancel context.CancelFunc) (*http.Response, error) {
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
	if call != nil && call.URL != "" {
		var err error
		if u, err = c.resolveURL(call.URL); err != nil {
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
		editCall(call, hr)
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
// describe an error): a *oashttp.StatusError carrying the decoded problem, never a
// success decoded from it.
func (c *Client) ResponseJSON(resp *http.Response) (*Body, error) {
	ct := resp.Header.Get("Content-Type")
	if !IsJSON(ct) {
		return nil, &oashttp.StatusError{StatusCode: resp.StatusCode, ContentType: ct,
			Err: errors.New("response content type " + strconv.Quote(ct) + " is not JSON")}
	}
	if resp.StatusCode/100 == 2 && MediaMatches(ct, problemTypes) {
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
		return nil, &oashttp.TooLargeError{Limit: limit}
	}
	return ReadBody(resp.Body, resp.ContentLength, limit)
}

// ResponseBytes reads a non-JSON response body whole, up to the limit. A
// body of declared length larger than the buffers pooled for reuse keeps
// the buffer it was read into, without a copy; one of unknown length is
// read in pieces and copied once into a slice of its size
// (TestClientBodyMemory).
func (c *Client) ResponseBytes(resp *http.Response) ([]byte, error) {
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
		b.buf = make([]byte, 0, min(oashttp.BodyChunk, limit+1))
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
			return nil, &oashttp.TooLargeError{Limit: limit}
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

// errorBodyPrefix bounds the body bytes a *oashttp.StatusError keeps.
const errorBodyPrefix = 4 << 10

// UnexpectedStatus builds the *oashttp.StatusError for a response the operation
// does not declare, decoding a JSON problem body when there is one.
//
//go:noinline
func (c *Client) UnexpectedStatus(resp *http.Response) error {
	return c.statusError(resp, 1<<20)
}

// problemError builds the *oashttp.StatusError for resp, decoding a JSON problem
// body (at most 1 MiB of it) when there is one.
func (c *Client) problemError(resp *http.Response) *oashttp.StatusError {
	return c.statusError(resp, 1<<20)
}

// statusError builds the *oashttp.StatusError for resp: its headers, the start of
// its body, and the problem that body holds when it is JSON of at most
// jsonLimit bytes.
func (c *Client) statusError(resp *http.Response, jsonLimit int64) *oashttp.StatusError {
	e := &oashttp.StatusError{StatusCode: resp.StatusCode, ContentType: resp.Header.Get("Content-Type"), Header: resp.Header}
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
	var p oashttp.Problem
	if p.DecodeJSON(&b.Reader) == nil {
		e.Problem = &p
	}
	b.Release()
	return e
}

// authorization is the Authorization header value of t.
func authorization(t *oashttp.Token) string {
	typ := t.TokenType
	if typ == "" || typ == "bearer" {
		typ = "Bearer" // x/oauth2 sends the scheme so too
	}
	return typ + " " + t.AccessToken
}

// The helpers below are called by generated client methods, one call for
// what each method would otherwise spell out: a path parameter, an
// optional query parameter, a raw request body, the choice of a response
// by its content type, the decoding of a JSON or raw response body. They
// take no interface and call nothing through one, so the values a method
// passes them stay on its stack: a call costs no more than the code it
// replaces. None is generic in an operation's result type: the compiler
// would make an instance for each operation, which costs it more than the
// lines it saves (measured on 1,500 operations: 36 s against 21 s).
//
// The helpers a generated client or server calls once or more per
// operation, away from the codecs' loops, are marked //go:noinline: a call costs a few nanoseconds of a request's
// microseconds, while inlining them into every method made the compiler
// copy and optimize their bodies thousands of times (Kubernetes' package:
// 3,388 QueryString calls alone; see bench/results/sizes.md, "Where Kubernetes'
// build goes"). Those no bigger than a call on the server's shortest path
// (WriteStatus, Server.Done) stay inlinable.

// AddPath appends text, literal path text as the spec writes it, and
// then value, a path parameter in simple style, escaped.
//
//go:noinline
func (r *Request) AddPath(text, value string) {
	r.Path = append(r.Path, text...)
	r.Path = append(r.Path, url.PathEscape(value)...)
}

// SetHeader sets a header parameter, making the header map when it is
// the first.
func (r *Request) SetHeader(key, value string) {
	if r.Header == nil {
		r.Header = http.Header{}
	}
	r.Header.Set(key, value)
}

// EncodeJSON encodes a JSON request body with encode, the EncodeJSON
// method of the body, leaving readOnly properties out, and sends it as
// contentType. encode is a method value of the body, kept nowhere.
func (r *Request) EncodeJSON(encode func(*oasimpl.Writer), contentType string) error {
	w := oasimpl.GetWriter()
	w.Direction = oasimpl.InRequest
	encode(w)
	data, err := oasimpl.PutWriter(w)
	if err != nil {
		return err
	}
	r.Body, r.ContentType = data, contentType
	return nil
}

// SetRawBody sends body as the request body, of its ContentType or, when
// that is empty, of defaultType (the first media type the spec declares).
//
//go:noinline
func (r *Request) SetRawBody(body oashttp.RawBody, defaultType string) {
	r.BodyReader, r.ContentType = body.Body, body.ContentType
	if r.ContentType == "" {
		r.ContentType = defaultType
	}
}

// DecodeResponse decodes resp's JSON body (see ResponseJSON) with decode,
// the DecodeJSON method of the result's body, to the end of the body. A
// body that does not decode is a *oashttp.StatusError of resp's status whose Err
// gives the JSON path and offset at fault.
//
// decode is a method value of a result the calling method holds on its
// stack: DecodeResponse keeps it nowhere, so the result stays there.
func (c *Client) DecodeResponse(resp *http.Response, decode func(*oasimpl.Reader) error) error {
	b, err := c.ResponseJSON(resp)
	if err != nil {
		return err
	}
	err = decode(&b.Reader)
	if err == nil {
		err = b.Reader.End()
	}
	b.Release()
	if err != nil {
		return &oashttp.StatusError{StatusCode: resp.StatusCode, Err: err}
	}
	return nil
}

// ResponseReader reads resp's body whole, up to the limit, and returns a
// reader of it: the body of a result that is not JSON, read before the
// call returns so that the response is closed when it does.
func (c *Client) ResponseReader(resp *http.Response) (io.Reader, error) {
	data, err := c.ResponseBytes(resp)
	if err != nil {
		return nil, err
	}
	return bytes.NewReader(data), nil
}

// ResponseRaw is ResponseReader for a result that keeps the body's media
// type too: it returns resp's Content-Type and a reader of its body.
//
//go:noinline
func (c *Client) ResponseRaw(resp *http.Response) (contentType string, body io.Reader, err error) {
	body, err = c.ResponseReader(resp)
	return resp.Header.Get("Content-Type"), body, err
}

// ResultError returns result, a documented response without fields that
// is an error too, as the call's error when the client returns error
// results (oashttp.WithErrorResults) and status is 400 or more; nil otherwise.
// A value without fields boxes into the interface without allocating.
//
//go:noinline
func (c *Client) ResultError(status int, result error) error {
	if c.ErrorResults && status >= 400 {
		return result
	}
	return nil
}

// defaultPolicy is the retry policy of a client whose options set none.
var defaultPolicy = oashttp.RetryPolicy{
	MaxAttempts:   oashttp.DefaultMaxAttempts,
	Statuses:      oashttp.DefaultRetryStatuses,
	MinBackoff:    oashttp.DefaultMinBackoff,
	MaxBackoff:    oashttp.DefaultMaxBackoff,
	MaxRetryAfter: oashttp.DefaultMaxRetryAfter,
}

// normalPolicy returns p with its defaults filled in.
func normalPolicy(p oashttp.RetryPolicy) oashttp.RetryPolicy { return *policyOver(&p, &defaultPolicy) }

// policyOver returns p with its zero fields taken from base.
func policyOver(p, base *oashttp.RetryPolicy) *oashttp.RetryPolicy {
	q := *p
	if q.MaxAttempts <= 0 {
		q.MaxAttempts = base.MaxAttempts
	}
	if q.Statuses == nil {
		q.Statuses = base.Statuses
	}
	if q.MinBackoff <= 0 {
		q.MinBackoff = base.MinBackoff
	}
	if q.MaxBackoff <= 0 {
		q.MaxBackoff = max(base.MaxBackoff, q.MinBackoff)
	}
	if q.MaxRetryAfter <= 0 {
		q.MaxRetryAfter = base.MaxRetryAfter
	}
	q.NonIdempotent = q.NonIdempotent || base.NonIdempotent
	if q.Sleep == nil {
		q.Sleep = base.Sleep
	}
	return &q
}

// retriesStatus reports whether p retries a response of status code.
func retriesStatus(p *oashttp.RetryPolicy, code int) bool {
	for _, s := range p.Statuses {
		if s == code {
			return true
		}
	}
	return false
}

// backoff is p's wait before attempt n+1 after attempt n (n >= 1).
func backoff(p *oashttp.RetryPolicy, n int) time.Duration {
	limit := p.MaxBackoff
	if n-1 < 62 && p.MinBackoff <= p.MaxBackoff>>(n-1) {
		limit = p.MinBackoff << (n - 1)
	}
	return time.Duration(rand.Int64N(int64(limit) + 1))
}

// idempotent reports whether a request of method may be sent twice with
// the effect of once (RFC 9110 section 9.2.2), or says so with an
// Idempotency-Key header.
func idempotent(method string, h http.Header) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodTrace, http.MethodPut, http.MethodDelete:
		return true
	}
	return h.Get("Idempotency-Key") != ""
}

// retryAfter parses a Retry-After header (RFC 9110 section 10.2.3):
// seconds, or an HTTP date, as a wait from now.
func retryAfter(s string, now time.Time) (time.Duration, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, false
	}
	if n, err := strconv.ParseUint(s, 10, 32); err == nil {
		return time.Duration(n) * time.Second, true
	}
	t, err := http.ParseTime(s)
	if err != nil {
		return 0, false
	}
	return max(t.Sub(now), 0), true
}

// retryableError reports whether err, from sending a request, is a
// connection's failure that another attempt may not meet: refused, reset,
// closed early, timed out. Certificate errors, redirect errors, an
// address a client refuses (oashttp.AddrError) and the call's own context are not.
func retryableError(err error) bool {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err // a *url.Error is a net.Error whatever it wraps
	}
	var ae *oashttp.AddrError
	if errors.Is(err, context.Canceled) || errors.As(err, &ae) {
		return false // a refused address is refused again
	}
	var ne net.Error
	return errors.As(err, &ne) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.EPIPE)
}

// attemptsError is err after the earlier attempts' errors prev.
func attemptsError(prev []error, err error) error {
	if len(prev) == 0 {
		return err
	}
	return &oashttp.RetryError{Attempts: append(prev, err)}
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// send sends hr, the request of a call running under ctx, trying again
// as p allows; the response's body closes what the call holds (see
// callBody).
func (c *Client) send(ctx context.Context, hr *http.Request, p *oashttp.RetryPolicy, attemptTimeout time.Duration, cancel context.CancelFunc) (*http.Response, error) {
	attempts := p.MaxAttempts
	if attempts > 1 && (!p.NonIdempotent && !idempotent(hr.Method, hr.Header) || hr.Body != nil && hr.GetBody == nil) {
		attempts = 1 // not idempotent, or a streamed body that cannot be sent again
	}
	var prev []error
	for n := 1; ; n++ {
		r := hr
		if n > 1 {
			r = hr.Clone(ctx)
			if hr.GetBody != nil {
				body, err := hr.GetBody()
				if err != nil {
					return nil, c.ended(attemptsError(prev, err), cancel)
				}
				r.Body = body
			}
		}
		if c.Tokens != nil {
			tok, err := c.Tokens.Token()
			if err != nil {
				closeReader(r.Body)
				return nil, c.ended(attemptsError(prev, &oashttp.CredentialsError{Err: err}), cancel)
			}
			r.Header.Set("Authorization", authorization(tok))
		}
		var attemptCancel context.CancelFunc
		if attemptTimeout > 0 {
			var actx context.Context
			actx, attemptCancel = context.WithTimeout(ctx, attemptTimeout)
			r = r.WithContext(actx)
		}
		resp, err := c.HTTPClient.Do(r)
		var wait time.Duration
		if err != nil {
			if attemptCancel != nil {
				attemptCancel()
			}
			if n >= attempts || ctx.Err() != nil || !retryableError(err) {
				return nil, c.ended(attemptsError(prev, err), cancel)
			}
			prev = append(prev, err)
			wait = backoff(p, n)
		} else {
			if n >= attempts || !retriesStatus(p, resp.StatusCode) {
				if attemptCancel != nil || cancel != nil || prev != nil {
					resp.Body = &callBody{ReadCloser: resp.Body, cancel: cancel, attemptCancel: attemptCancel, prev: prev}
				}
				return resp, nil
			}
			var ok bool
			if wait, ok = retryAfter(resp.Header.Get("Retry-After"), time.Now()); !ok {
				wait = backoff(p, n)
			}
			if wait > p.MaxRetryAfter || !fits(ctx, wait) {
				// The server asks for a longer wait than the policy
				// allows, or the call would time out waiting: the
				// answer is the call's.
				resp.Body = &callBody{ReadCloser: resp.Body, cancel: cancel, attemptCancel: attemptCancel, prev: prev}
				return resp, nil
			}
			e := c.statusError(resp, errorBodyPrefix)
			resp.Body.Close()
			if attemptCancel != nil {
				attemptCancel()
			}
			prev = append(prev, e)
		}
		if !fits(ctx, wait) {
			// The call would time out waiting: the last error is its.
			return nil, c.ended(attemptsError(prev[:len(prev)-1], prev[len(prev)-1]), cancel)
		}
		sleepFn := p.Sleep
		if sleepFn == nil {
			sleepFn = sleep
		}
		if err := sleepFn(ctx, wait); err != nil {
			return nil, c.ended(&oashttp.RetryError{Attempts: append(prev, err)}, cancel)
		}
	}
}

// fits reports whether ctx leaves time to wait d.
func fits(ctx context.Context, d time.Duration) bool {
	dl, ok := ctx.Deadline()
	return !ok || time.Until(dl) > d
}

// ended runs cancel, if any, and returns err.
func (c *Client) ended(err error, cancel context.CancelFunc) error {
	if cancel != nil {
		cancel()
	}
	return err
}

// callBody is the body of a call's response: closing it ends the call's
// and the attempt's timeouts, and it keeps the errors of the attempts
// before it, which a *oashttp.StatusError made from the response lists.
type callBody struct {
	io.ReadCloser
	cancel, attemptCancel context.CancelFunc
	prev                  []error
}

func (b *callBody) Close() error {
	err := b.ReadCloser.Close()
	if b.attemptCancel != nil {
		b.attemptCancel()
	}
	if b.cancel != nil {
		b.cancel()
	}
	return err
}

// newCallOptions applies opts; it is apart from Do so that a call without
// options does not allocate them.
func newCallConfig(opts []oashttp.CallOption) *oashttp.CallConfig {
	c := new(oashttp.CallConfig)
	for _, o := range opts {
		o(c)
	}
	return c
}

// edit sets the call's headers on r.
func editCall(c *oashttp.CallConfig, r *http.Request) {
	for k, v := range c.Header {
		r.Header[k] = v
	}
}

// problemTypes is the media type of a problem details body.
var problemTypes = []string{"application/problem+json"}
