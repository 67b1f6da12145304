package oashttpimpl

import (
	"bytes"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/oasrt/oasimpl"
)

// Validator helpers: a generated validator routes a request and checks it
// with the server's own decoders (its validateRequest function), then
// hands the outcome to Unrouted or Validated, which answer it or pass it
// on to the wrapped handler with its body replayed from the bytes read.
// A generated contract transport does the same for the requests a client
// sends (Contract) and checks their responses (ContractResponse).

// ResponseCheck is the generated check of an operation's responses: the
// status must be declared and a JSON body, when r is not nil, must decode
// with the declared response's validating decoder.
type ResponseCheck func(status int, contentType string, r *oasimpl.Reader) error

// HTTPValidator is the engine of a generated validator and contract
// transport: the configuration its options set, and the server engine of
// its server options, which reads and answers requests as a generated
// server does.
type HTTPValidator struct {
	*oashttp.ValidatorConfig
	// Engine reads and answers requests by the validator's ServerConfig.
	Engine *Server
}

// NewHTTPValidator applies opts over the defaults, which are the server's
// (NewServer).
func NewHTTPValidator(opts []oashttp.ValidatorOption) *HTTPValidator {
	c := &oashttp.ValidatorConfig{}
	for _, o := range opts {
		o(c)
	}
	return &HTTPValidator{ValidatorConfig: c, Engine: ServerOf(&c.Server)}
}

// ValidatorBody reads the JSON request body of r as JSONRequest does, for
// a validator, which decodes it from the Body's Reader into a value of its
// own (on its stack) and hands the result to BodyValidated. It returns nil and
// no error when the body is absent and not required.
func ValidatorBody(c *Server, r *http.Request, required bool) (*Body, error) {
	return c.JSONBody(r, required)
}

// BodyValidated ends a validator's reading of the JSON body rb, which decoding
// returned err for: it returns the Body holding the bytes read, after
// success and after a decoding failure alike, so that the request can be
// passed on, and the failure as the server answers it (invalid is the
// status of a body that breaks the schema). The decoded value is dropped.
func BodyValidated(rb *Body, err error, invalid int) (*Body, error) {
	if err == nil {
		err = rb.Reader.End()
	}
	if err != nil {
		err = rb.Fail(err, invalid)
	}
	return rb, err
}

// ValidateForm reads and checks the application/x-www-form-urlencoded
// request body of r as the server does (FormBody), decoding its pairs
// with decode, the generated pairs decoder of the body's type; like
// BodyValidated it returns the Body holding the bytes read.
func ValidateForm(c *Server, r *http.Request, required bool, invalid int, decode func(pairs []string) error) (*Body, error) {
	b, pairs, err := c.KeptFormBody(r, required)
	if err == nil && pairs != nil {
		if err = decode(pairs); err != nil {
			err = &oashttp.BodyError{Err: err, Status: invalid}
		}
	}
	return b, err
}

// CheckMedia checks a request body a validator does not decode (raw,
// multipart, sequence and streamed bodies): present when required, declaring
// no more than the body limit, in a Content-Encoding the server undoes
// and in one of the declared media types. The body itself is not read.
func CheckMedia(c *Server, r *http.Request, required bool, media []string) error {
	if r.ContentLength == 0 || r.Body == nil || r.Body == http.NoBody {
		if required {
			return &oashttp.BodyError{Err: oashttp.ErrMissing}
		}
		return nil
	}
	if r.ContentLength > c.MaxBodyBytes {
		return &oashttp.TooLargeError{Limit: c.MaxBodyBytes}
	}
	switch ce := r.Header.Get("Content-Encoding"); {
	case ce == "" || strings.EqualFold(ce, "identity"), strings.EqualFold(ce, "gzip"), strings.EqualFold(ce, "x-gzip"):
	default:
		return &oashttp.EncodingError{Got: ce}
	}
	if ct := r.Header.Get("Content-Type"); !MediaMatches(ct, media) {
		return &oashttp.MediaTypeError{Got: ct, Want: media}
	}
	return nil
}

// Unrouted ends a validator's request that matches no operation: err is
// oashttp.ErrNotFound or an *oashttp.MethodError. It is passed on
// unchecked unless c refuses unknown routes.
func Unrouted(c *HTTPValidator, w http.ResponseWriter, r *http.Request, next http.Handler, err error) {
	if !c.RefuseUnknown {
		next.ServeHTTP(w, r)
		return
	}
	if c.Violations != nil {
		c.Violations.Add(1)
	}
	if c.ReportOnly {
		logViolation(c, r, slog.LevelWarn, "request breaks the spec", "", err)
		next.ServeHTTP(w, r)
		return
	}
	c.Engine.Error(w, r, err)
}

// Validated ends a validator's request to operation id, checked by the
// generated code: err is what broke the spec (nil when nothing did), body
// the request body it read, if any. A request that breaks the spec is
// answered as the generated server would answer it, or, in report-only
// mode, logged and passed on; one that does not is passed on with its
// body replayed from body, whose bytes are released when next returns.
// With response checks, check is the operation's.
func Validated(c *HTTPValidator, w http.ResponseWriter, r *http.Request, next http.Handler, id string, check ResponseCheck, body *Body, err error) {
	if err != nil {
		if c.Violations != nil {
			c.Violations.Add(1)
		}
		if !c.ReportOnly || body == nil && lostBody(c.Engine, r, err) {
			if body != nil {
				body.Release()
			}
			c.Engine.Error(w, r, err)
			return
		}
		logViolation(c, r, slog.LevelWarn, "request breaks the spec", id, err)
	}
	var rp *replay
	if body != nil {
		rp = replays.Get().(*replay)
		rp.Reset(body.Bytes())
		r.Body = rp
		r.ContentLength = int64(len(body.Bytes()))
		if r.Header.Get("Content-Encoding") != "" {
			// the bytes replayed are the decoded ones
			r.Header.Del("Content-Encoding")
		}
	}
	if c.CheckResponses && r.Method != http.MethodHead {
		cw := checkedWriters.Get().(*checkedWriter)
		*cw = checkedWriter{ResponseWriter: w, c: c, r: r, id: id, check: check, buf: cw.buf[:0]}
		next.ServeHTTP(cw, r)
		cw.finish()
		buf := cw.buf
		if cap(buf) > 1<<20 {
			buf = nil
		}
		*cw = checkedWriter{buf: buf[:0]}
		checkedWriters.Put(cw)
	} else {
		next.ServeHTTP(w, r)
	}
	if rp != nil {
		rp.Reset(nil)
		replays.Put(rp)
		body.Release()
	}
}

// lostBody reports whether err, met reading r's body, consumed bytes it
// did not keep: the request cannot be passed on whole.
func lostBody(c *Server, r *http.Request, err error) bool {
	switch e := err.(type) {
	case *oashttp.TooLargeError:
		return r.ContentLength <= c.MaxBodyBytes // read up to the limit
	case *oashttp.BodyError:
		return !errors.Is(e.Err, oashttp.ErrMissing)
	}
	return false
}

func logViolation(c *HTTPValidator, r *http.Request, level slog.Level, msg, id string, err error) {
	l := c.Server.Logger
	if l == nil {
		l = slog.Default()
	}
	ctx := r.Context()
	if !l.Enabled(ctx, level) {
		return
	}
	p := oashttp.ProblemOf(err)
	l.LogAttrs(ctx, level, msg,
		slog.String("operation", id),
		slog.Int("status", p.Status),
		slog.String("error", err.Error()),
		slog.String("method", r.Method),
		slog.String("path", r.URL.Path))
}

// replay is a request body replayed from the bytes a validator read.
type replay struct{ bytes.Reader }

func (*replay) Close() error { return nil }

var replays = sync.Pool{New: func() any { return new(replay) }}

var checkedWriters = sync.Pool{New: func() any { return new(checkedWriter) }}

// checkedWriter holds a JSON response until the handler returns, so that
// it can be checked before anything is sent; other responses, and JSON
// ones past the body limit or flushed, pass through as they are written,
// their status and media type checked when they start.
type checkedWriter struct {
	http.ResponseWriter
	c       *HTTPValidator
	r       *http.Request
	id      string
	check   ResponseCheck
	status  int // 0 until WriteHeader or Write
	holding bool
	passed  bool // the status went out, or a 500 in its place (refused)
	refused bool
	buf     []byte
}

func (cw *checkedWriter) WriteHeader(status int) {
	if cw.status != 0 || cw.passed {
		return
	}
	if status < 200 {
		cw.ResponseWriter.WriteHeader(status) // 1xx: informational, passed on
		return
	}
	cw.status = status
	cw.holding = IsJSON(cw.Header().Get("Content-Type"))
	if !cw.holding {
		// Nothing is held: the status and media type are checked now,
		// while a 500 can still take their place.
		if cw.violation(cw.check(status, cw.Header().Get("Content-Type"), nil)) {
			return
		}
		cw.pass()
	}
}

func (cw *checkedWriter) Write(p []byte) (int, error) {
	if cw.status == 0 && !cw.passed {
		cw.WriteHeader(http.StatusOK)
	}
	if cw.refused {
		return len(p), nil // the 500 went out instead
	}
	if cw.holding {
		if int64(len(cw.buf)+len(p)) <= cw.c.Server.MaxBodyBytes {
			cw.buf = append(cw.buf, p...)
			return len(p), nil
		}
		cw.pass() // too big to hold: sent unchecked
	}
	return cw.ResponseWriter.Write(p)
}

// Flush sends what is held and the rest as it comes, unchecked.
func (cw *checkedWriter) Flush() {
	if cw.status == 0 && !cw.passed {
		cw.WriteHeader(http.StatusOK)
	}
	if cw.refused {
		return
	}
	if cw.holding {
		cw.pass()
	}
	http.NewResponseController(cw.ResponseWriter).Flush()
}

// Unwrap gives http.ResponseController the writer underneath.
func (cw *checkedWriter) Unwrap() http.ResponseWriter { return cw.ResponseWriter }

// pass sends the status and what is held, and marks the response as
// passing through.
func (cw *checkedWriter) pass() {
	cw.holding, cw.passed = false, true
	cw.ResponseWriter.WriteHeader(cw.status)
	if len(cw.buf) > 0 {
		cw.ResponseWriter.Write(cw.buf)
	}
}

// violation reports err, what the response breaks, if not nil: it is
// counted and logged and, unless report-only, answered with a 500 in
// place of the response, which is then refused. It reports whether the
// response was refused.
func (cw *checkedWriter) violation(err error) bool {
	if err == nil {
		return false
	}
	c := cw.c
	err = &oashttp.ResponseCheckError{Status: cw.status, Err: err}
	if c.Violations != nil {
		c.Violations.Add(1)
	}
	logViolation(c, cw.r, slog.LevelError, "response breaks the spec", cw.id, err)
	if c.ReportOnly || cw.passed {
		return false
	}
	cw.holding, cw.passed, cw.refused = false, true, true
	cw.Header().Del("Content-Length")
	c.Engine.Error(cw.ResponseWriter, cw.r, err)
	return true
}

// finish checks a response held whole once the handler returned, then
// sends it, or a 500 in its place.
func (cw *checkedWriter) finish() {
	if cw.status == 0 && !cw.passed {
		// The handler wrote nothing: net/http sends 200 with no body.
		cw.status = http.StatusOK
		if !cw.violation(cw.check(http.StatusOK, cw.Header().Get("Content-Type"), nil)) {
			cw.passed = true
		}
		return
	}
	if !cw.holding {
		return
	}
	var rd oasimpl.Reader
	rd.Reset(cw.buf)
	rd.Direction = oasimpl.InResponse
	err := cw.check(cw.status, cw.Header().Get("Content-Type"), &rd)
	if err == nil {
		err = rd.End()
	}
	if !cw.violation(err) {
		cw.pass()
	}
}

// Contract checks request r, which a client is about to send, for a
// contract transport: it returns the request to send, its body replayed
// from the bytes validate read (a copy: a transport may read it after
// RoundTrip returns), and the violation, if any, as a *ContractError.
// validate is the generated check, which routes the request (its path
// without c's BasePath) and returns the operation's id and response check.
func Contract(c *HTTPValidator, req *http.Request, validate func(*Server, *http.Request) (string, ResponseCheck, *Body, error)) (*http.Request, string, ResponseCheck, error) {
	r := *req
	u := *req.URL
	if c.BasePath != "" {
		path, ok := strings.CutPrefix(u.Path, c.BasePath)
		if !ok {
			return nil, "", nil, &oashttp.ContractError{Err: oashttp.ErrNotFound}
		}
		u.Path = path
		u.RawPath = strings.TrimPrefix(u.RawPath, c.BasePath)
	}
	r.URL = &u
	id, check, body, err := validate(c.Engine, &r)
	out := req
	if body != nil {
		data := bytes.Clone(body.Bytes())
		body.Release()
		out = req.Clone(req.Context())
		out.Body = io.NopCloser(bytes.NewReader(data))
		out.ContentLength = int64(len(data))
		out.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil }
		out.Header.Del("Content-Encoding")
		req.Body.Close()
	}
	if err != nil {
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, id, nil, &oashttp.ContractError{Operation: id, Err: err}
	}
	return out, id, check, nil
}

// ContractResponse checks resp, the response to a request to operation id
// that check checks, for a contract transport: a JSON body of at most the
// body limit is read whole, checked and replayed to the caller.
func ContractResponse(c *HTTPValidator, resp *http.Response, id string, check ResponseCheck) error {
	ct := resp.Header.Get("Content-Type")
	var rd *oasimpl.Reader
	if resp.Request == nil || resp.Request.Method != http.MethodHead {
		if IsJSON(ct) && resp.Body != nil && resp.ContentLength <= c.Server.MaxBodyBytes {
			data, err := io.ReadAll(io.LimitReader(resp.Body, c.Server.MaxBodyBytes+1))
			resp.Body.Close()
			resp.Body = io.NopCloser(bytes.NewReader(data))
			if err != nil {
				return &oashttp.ContractError{Operation: id, Response: true, Status: resp.StatusCode, Err: err}
			}
			if int64(len(data)) <= c.Server.MaxBodyBytes {
				rd = new(oasimpl.Reader)
				rd.Reset(data)
				rd.Direction = oasimpl.InResponse
			}
		}
	}
	err := check(resp.StatusCode, ct, rd)
	if err == nil && rd != nil {
		err = rd.End()
	}
	if err != nil {
		return &oashttp.ContractError{Operation: id, Response: true, Status: resp.StatusCode, Err: err}
	}
	return nil
}

// UndeclaredMedia is the error of a response whose Content-Type is none
// of those its status declares.
func UndeclaredMedia(ct string, declared ...string) error {
	return &oashttp.MediaTypeError{Got: ct, Want: declared}
}

// CheckBody checks a response body with decode, the validating decoder
// of the declared response: nothing when r is nil (no body held).
func CheckBody(r *oasimpl.Reader, decode func(*oasimpl.Reader) error) error {
	if r == nil {
		return nil
	}
	return decode(r)
}

// HasAPIKey reports whether r presents an apiKey credential (APIKey).
func HasAPIKey(r *http.Request, in, name string) bool {
	_, ok := APIKey(r, in, name)
	return ok
}

// HasBasic reports whether r presents HTTP basic credentials.
func HasBasic(r *http.Request) bool {
	_, _, ok := r.BasicAuth()
	return ok
}

// HasBearer reports whether r presents a bearer token (BearerToken).
func HasBearer(r *http.Request) bool {
	_, ok := BearerToken(r)
	return ok
}

// MediaIndex returns the index of the first of types, the media types a
// response status declares in the spec's order, that ct matches
// (MediaMatches), or -1 for none.
func MediaIndex(ct string, types ...string) int {
	for i := range types {
		if MediaMatches(ct, types[i:i+1]) {
			return i
		}
	}
	return -1
}

// HasAuthorization reports whether r's Authorization header uses scheme
// (case-insensitive): the credentials of an HTTP scheme the server does
// not read itself (Digest, HOBA...).
func HasAuthorization(r *http.Request, scheme string) bool {
	h := r.Header.Get("Authorization")
	return len(h) > len(scheme) && h[len(scheme)] == ' ' && strings.EqualFold(h[:len(scheme)], scheme)
}

// HasClientCertificate reports whether r came over TLS with a client
// certificate: the credentials of a mutualTLS scheme, not verified here.
func HasClientCertificate(r *http.Request) bool {
	return r.TLS != nil && len(r.TLS.PeerCertificates) > 0
}
