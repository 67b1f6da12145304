package oashttpimpl

import (
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/oasrt/oashttp/internal/ctxkey"
	"github.com/oasgen/oasgen/oasrt/oashttp/internal/query"
	"github.com/oasgen/oasgen/oasrt/oasimpl"
)

// CheckQuery returns oashttp.ErrTooManyParams, wrapped in a *oashttp.ParamError, when the
// request's query has more pairs than the limit.
func (c *Server) CheckQuery(r *http.Request) error {
	if q := r.URL.RawQuery; q != "" && strings.Count(q, "&") >= c.MaxQueryParams {
		return &oashttp.ParamError{Name: "*", In: "query", Err: oashttp.ErrTooManyParams}
	}
	return nil
}

// Server is the engine of a generated server: the configuration its
// options set, and the steps every operation's handler shares (content
// negotiation, body limits and readers, middleware, error responses,
// logging and recovery).
type Server struct {
	*oashttp.ServerConfig
}

// NewServer applies opts over the defaults. Generated code calls it with
// the operationIds of the spec; an operation middleware naming another
// operation panics.
func NewServer(operationIDs []string, opts []oashttp.ServerOption) *Server {
	cfg := &oashttp.ServerConfig{}
	for _, o := range opts {
		o(cfg)
	}
	for id := range cfg.OperationMiddleware {
		known := false
		for _, k := range operationIDs {
			known = known || k == id
		}
		if !known {
			panic("oasrt: WithOperationMiddleware: the spec has no operation " + id)
		}
	}
	return ServerOf(cfg)
}

// ServerOf returns the engine of cfg, setting cfg's zero limits and error
// writer to the defaults: for a validator, or a binding of another router,
// that reads bodies as a generated server does.
func ServerOf(cfg *oashttp.ServerConfig) *Server {
	c := &Server{cfg}
	if c.MaxBodyBytes <= 0 {
		c.MaxBodyBytes = oashttp.DefaultMaxBodyBytes
	}
	if c.ErrorWriter == nil {
		c.ErrorWriter = oashttp.WriteError
	}
	if c.MaxQueryParams <= 0 {
		c.MaxQueryParams = oashttp.DefaultMaxQueryParams
	}
	if c.MaxMultipartMemory <= 0 {
		c.MaxMultipartMemory = oashttp.DefaultMaxMultipartMemory
	}
	return c
}

// Root wraps the router h in the server-wide middleware, or returns nil
// when there is none: the server then calls its router directly.
func (c *Server) Root(h http.Handler) http.Handler {
	if len(c.Middleware) == 0 {
		return nil
	}
	return chain(h, c.Middleware)
}

// Operation returns the operation handler h wrapped in the middleware that
// applies to it (oashttp.WithEachOperation's, path prefix, then tags, then the
// operation's own, outermost first), or nil when none does: the server then
// calls the operation directly.
func (c *Server) Operation(h http.Handler, operationID, path string, tags []string) http.Handler {
	var mw []oashttp.Middleware
	for _, each := range c.EachOperation {
		if m := each(operationID); m != nil {
			mw = append(mw, m)
		}
	}
	for _, p := range c.PrefixMiddleware {
		if strings.HasPrefix(path, p.Prefix) {
			mw = append(mw, p.Middleware...)
		}
	}
	for _, t := range tags {
		mw = append(mw, c.TagMiddleware[t]...)
	}
	mw = append(mw, c.OperationMiddleware[operationID]...)
	if len(mw) == 0 {
		return nil
	}
	return chain(h, mw)
}

func chain(h http.Handler, mw []oashttp.Middleware) http.Handler {
	for i := len(mw) - 1; i >= 0; i-- {
		h = mw[i](h)
	}
	return h
}

// Error writes the response for err with the configured oashttp.ErrorWriter. For a
// *oashttp.MethodError it sets the Allow header first, for a *oashttp.SecurityError that
// answers 401 WWW-Authenticate.
func (c *Server) Error(w http.ResponseWriter, r *http.Request, err error) {
	switch e := err.(type) {
	case *oashttp.MethodError:
		w.Header().Set("Allow", e.Allow)
	case *oashttp.SecurityError:
		if e.Challenge != "" {
			if oashttp.ProblemOf(e).Status == http.StatusUnauthorized {
				w.Header().Set("WWW-Authenticate", e.Challenge)
			}
		}
	}
	c.ErrorWriter(w, r, err)
}

type routeKey struct{}

// routeParams are the path parameters of a request and whether they are
// escaped (RoutePath).
type routeParams struct {
	params  []string
	escaped bool
}

// WithPathParams returns r carrying the path parameters the router
// captured and whether they are escaped, for operations behind
// per-operation middleware. It allocates, paid only by such operations.
func WithPathParams(r *http.Request, params []string, escaped bool) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), routeKey{}, routeParams{params, escaped}))
}

// PathParams returns the path parameters stored by WithPathParams and
// whether they are escaped.
func PathParams(r *http.Request) (params []string, escaped bool) {
	p, _ := r.Context().Value(routeKey{}).(routeParams)
	return p.params, p.escaped
}

// MediaMatches reports whether a Content-Type matches one of the media
// ranges ("text/plain", "image/*", "*/*"), case-insensitively, ignoring
// parameters.
func MediaMatches(ct string, ranges []string) bool {
	mt := mediaType(ct)
	typ, sub, ok := strings.Cut(mt, "/")
	if !ok {
		return false
	}
	for _, m := range ranges {
		rt, rs, _ := strings.Cut(mediaType(m), "/")
		if (rt == "*" || strings.EqualFold(rt, typ)) && (rs == "*" || strings.EqualFold(rs, sub)) {
			return true
		}
	}
	return false
}

var (
	typeJSON = []string{"application/json"}
	typeText = []string{"text/plain; charset=utf-8"}
	typeOcts = []string{"application/octet-stream"}
)

// SetContentType sets the Content-Type header, without allocating for the
// common types.
func SetContentType(h http.Header, ct string) {
	switch ct {
	case "application/json":
		h["Content-Type"] = typeJSON
	case "text/plain":
		h["Content-Type"] = typeText
	case "application/octet-stream":
		h["Content-Type"] = typeOcts
	default:
		h.Set("Content-Type", ct)
	}
}

// WriteBody writes a response to request r of the given status whose body
// is the output of w (a Writer from GetWriter), and releases w. A body of
// oashttp.CompressMin bytes or more goes out gzip-compressed when r accepts gzip.
func WriteBody(rw http.ResponseWriter, r *http.Request, status int, contentType string, w *oasimpl.Writer) {
	SetContentType(rw.Header(), contentType)
	if len(w.Buf) >= oashttp.CompressMin && acceptsGzip(r) {
		z := startGzip(rw, status)
		z.Write(w.Buf)
		endGzip(z)
	} else {
		rw.WriteHeader(status)
		rw.Write(w.Buf)
	}
	oasimpl.ReleaseWriter(w)
}

var gzipWriters sync.Pool

// acceptsGzip reports whether r's Accept-Encoding allows gzip (RFC 9110,
// section 12.5.3), "gzip;q=0" being a refusal.
func acceptsGzip(r *http.Request) bool {
	if r == nil {
		return false
	}
	for _, v := range r.Header.Values("Accept-Encoding") {
		for part := range strings.SplitSeq(v, ",") {
			coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
			if c := strings.TrimSpace(coding); !strings.EqualFold(c, "gzip") && c != "*" {
				continue
			}
			if q, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok && strings.Trim(q, "0.") == "" {
				continue
			}
			return true
		}
	}
	return false
}

// startGzip writes the headers of a gzip-compressed response and returns
// the pooled gzip.Writer to write its body through.
func startGzip(rw http.ResponseWriter, status int) *gzip.Writer {
	h := rw.Header()
	h.Set("Content-Encoding", "gzip")
	h.Del("Content-Length")
	h.Add("Vary", "Accept-Encoding")
	rw.WriteHeader(status)
	z, _ := gzipWriters.Get().(*gzip.Writer)
	if z == nil {
		z, _ = gzip.NewWriterLevel(rw, gzip.BestSpeed)
	} else {
		z.Reset(rw)
	}
	return z
}

func endGzip(z *gzip.Writer) {
	z.Close()
	z.Reset(io.Discard) // drop the ResponseWriter
	gzipWriters.Put(z)
}

// WriteReader writes a response of the given status with the body copied
// from body (nil for none), closing it when it is an io.Closer. A read
// error or a panic while copying aborts the response, as in WriteStream.
func WriteReader(rw http.ResponseWriter, status int, contentType string, body io.Reader) {
	if contentType != "" && body != nil {
		SetContentType(rw.Header(), contentType)
	}
	rw.WriteHeader(status)
	if body == nil {
		return
	}
	if c, ok := body.(io.Closer); ok {
		defer c.Close()
	}
	// The status is out: a failure past it aborts the response (see
	// WriteStream) rather than ending a short body as if it were whole.
	defer abortStarted(status)
	if _, err := io.Copy(rw, body); err != nil {
		// Not told from a write error: io.Copy keeps the
		// ResponseWriter's ReadFrom (sendfile for files) that way.
		abortError(status, err, false)
	}
}

// Acceptable reports whether an Accept header (RFC 9110, section 12.5.1)
// admits one of the media types offered; offers may be ranges themselves
// ("image/*"). An absent or empty header admits everything; a range with
// q=0 admits nothing.
func Acceptable(accept string, offers []string) bool {
	if accept == "" || len(offers) == 0 {
		return true
	}
	for accept != "" {
		var item string
		item, accept, _ = strings.Cut(accept, ",")
		mr, params, _ := strings.Cut(item, ";")
		if rejected(params) {
			continue
		}
		at, as, ok := strings.Cut(strings.TrimSpace(mr), "/")
		if !ok {
			continue
		}
		for _, o := range offers {
			ot, osub, _ := strings.Cut(mediaType(o), "/")
			if (at == "*" || ot == "*" || strings.EqualFold(at, ot)) && (as == "*" || osub == "*" || strings.EqualFold(as, osub)) {
				return true
			}
		}
	}
	return false
}

// rejected reports whether media range parameters hold q=0.
func rejected(params string) bool {
	for params != "" {
		var p string
		p, params, _ = strings.Cut(params, ";")
		k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
		if strings.EqualFold(k, "q") {
			v = strings.TrimSpace(v)
			return strings.Trim(v, "0.") == "" && v != ""
		}
	}
	return false
}

// IsForm reports whether a Content-Type is application/x-www-form-urlencoded.
func IsForm(ct string) bool {
	return strings.EqualFold(mediaType(ct), "application/x-www-form-urlencoded")
}

// FormBody reads an application/x-www-form-urlencoded request body, within
// the size limit, into name/value pairs, unescaped; another Content-Type
// is a *oashttp.MediaTypeError. It returns nil and no
// error for an empty body that is not required.
func (c *Server) FormBody(r *http.Request, required bool) ([]string, error) {
	b, pairs, err := c.KeptFormBody(r, required)
	if b != nil {
		b.Release()
	}
	return pairs, err
}

// KeptFormBody is FormBody for a validator that passes the request on: it
// also returns the Body holding the bytes read, when the body was read
// whole (whether it parsed or not), for the caller to release.
func (c *Server) KeptFormBody(r *http.Request, required bool) (*Body, []string, error) {
	if absent, err := absentBody(r, required); absent {
		return nil, nil, err
	}
	if ct := r.Header.Get("Content-Type"); !IsForm(ct) || !utf8Charset(ct) {
		return nil, nil, &oashttp.MediaTypeError{Got: ct, Want: []string{"application/x-www-form-urlencoded"}}
	}
	b, err := c.readWhole(r)
	if err != nil {
		return nil, nil, err
	}
	pairs, err := formPairs(string(b.Bytes()), required) // the pairs outlive the pooled buffer
	return b, pairs, err
}

// formPairs splits and unescapes the pairs of a form body.
func formPairs(text string, required bool) ([]string, error) {
	if text == "" {
		if required {
			return nil, &oashttp.BodyError{Err: oashttp.ErrMissing}
		}
		return nil, nil
	}
	pairs := make([]string, 0, 2*(strings.Count(text, "&")+1))
	for text != "" {
		var k, v string
		k, v, text = query.Next(text)
		if k == "" && v == "" {
			continue
		}
		s, err := url.QueryUnescape(v)
		if err != nil {
			return nil, &oashttp.BodyError{Err: query.PropertyError(k, err)}
		}
		pairs = append(pairs, k, s)
	}
	return pairs, nil
}

type checkKey struct{}

// ResponseRequest returns the request that a response is written for:
// r itself, or, when the server checks its responses, r marked so that
// the generated writers check the body (ChecksResponse).
func (c *Server) ResponseRequest(r *http.Request) *http.Request {
	if !c.CheckResponses {
		return r
	}
	return r.WithContext(context.WithValue(r.Context(), checkKey{}, true))
}

// ChecksResponse reports whether the response to r must be checked.
func ChecksResponse(r *http.Request) bool {
	return r != nil && r.Context().Value(checkKey{}) != nil
}

// Accepts reports whether the Accept header of r takes one of offers, the
// media types the operation responds with (see Acceptable). When it does
// not, it answers 406 Not Acceptable.
func (c *Server) Accepts(w http.ResponseWriter, r *http.Request, offers []string) bool {
	accept := r.Header.Get("Accept")
	if Acceptable(accept, offers) {
		return true
	}
	c.Error(w, r, &oashttp.NotAcceptableError{Accept: accept, Offers: offers})
	return false
}

// Done ends the request r to operation operationID once its handler has
// returned and its result, if any, was written: err is the handler's
// error or the result's, and none says the handler returned no result. An
// error is answered and logged (HandlerError); no result and no error is
// oashttp.ErrNoResponse.
func (c *Server) Done(w http.ResponseWriter, r *http.Request, operationID string, none bool, err error) {
	if err == nil && none {
		err = oashttp.ErrNoResponse
	}
	if err != nil {
		c.HandlerError(w, r, operationID, err)
	}
}

// SeqRequest returns the body of a sequence request for the handler's
// iterator: the Content-Type checked against the declared media types
// (415), gzip undone, the body limit applied to the whole stream (413 as
// an error of the iteration once it is passed). done gives back what the
// body used; call it when the handler returns. A nil reader means the
// body is absent (and not required).
func (c *Server) SeqRequest(r *http.Request, required bool, media []string) (src io.Reader, done func(), err error) {
	if absent, err := absentBody(r, required); absent {
		return nil, func() {}, err
	}
	ct := r.Header.Get("Content-Type")
	if !MediaMatches(ct, media) {
		return nil, func() {}, &oashttp.MediaTypeError{Got: ct, Want: media}
	}
	src, size, done, err := decodedBody(r)
	if err != nil {
		return nil, func() {}, err
	}
	limit := c.MaxBodyBytes
	if limit <= 0 {
		limit = oashttp.DefaultMaxBodyBytes
	}
	if size > limit {
		done()
		return nil, func() {}, &oashttp.TooLargeError{Limit: limit}
	}
	return &limitedReader{r: src, n: limit, limit: limit}, done, nil
}

func (c *Server) logger() *slog.Logger {
	if c.Logger != nil {
		return c.Logger
	}
	return slog.Default()
}

// Recover turns a panic in the handler chain into a 500 written by the
// oashttp.ErrorWriter, and logs it without an operation; the server goes on
// serving. http.ErrAbortHandler is re-panicked, as net/http expects.
// Generated servers defer their own recover, which names the operation
// (Recovered).
func (c *Server) Recover(w http.ResponseWriter, r *http.Request) {
	if v := recover(); v != nil {
		c.recovered(w, r, "", v)
	}
}

// Recovered handles v, a panic recovered while serving r, in the
// operation named ("" when the panic was outside one): a 500 written by
// the oashttp.ErrorWriter and a log record with the stack. A panic, or an error,
// once a streamed response has started (WriteStream) aborts the response
// (http.ErrAbortHandler) after logging it: the client sees a broken
// response, never an error body after a success status.
// http.ErrAbortHandler itself is re-panicked.
func (c *Server) Recovered(w http.ResponseWriter, r *http.Request, operationID string, v any) {
	c.recovered(w, r, operationID, v)
}

func (c *Server) recovered(w http.ResponseWriter, r *http.Request, operationID string, v any) {
	if v == http.ErrAbortHandler {
		panic(v)
	}
	if a, ok := v.(*aborted); ok {
		attrs := []slog.Attr{slog.String("operation", operationID), slog.Int("status", a.status)}
		if a.stack != nil {
			attrs = append(attrs, slog.String("error", fmt.Sprint("panic: ", a.panicked)), slog.String("stack", string(a.stack)))
		} else {
			attrs = append(attrs, slog.String("error", a.err.Error()))
		}
		level := slog.LevelError
		if a.conn {
			level = slog.LevelInfo // the client went away: not the server's failure
		}
		c.log(r, level, "response aborted after it started", attrs...)
		panic(http.ErrAbortHandler)
	}
	c.log(r, slog.LevelError, "handler panicked",
		slog.String("operation", operationID),
		slog.Int("status", http.StatusInternalServerError),
		slog.String("error", fmt.Sprint("panic: ", v)),
		slog.String("stack", string(debug.Stack())))
	c.ErrorWriter(w, r, &oashttp.PanicError{Value: v})
}

// HandlerError writes the response for err, which the handler of the
// operation named returned (or its result failed to encode), and logs it:
// at level Error when the status is 500 or more, Debug otherwise (a 404 a
// handler chose is not a failure of the server).
func (c *Server) HandlerError(w http.ResponseWriter, r *http.Request, operationID string, err error) {
	p := oashttp.ProblemOf(&oashttp.OperationError{Operation: operationID, Err: err})
	level := slog.LevelDebug
	if p.Status >= 500 {
		level = slog.LevelError
	}
	c.log(r, level, "handler returned an error",
		slog.String("operation", operationID),
		slog.Int("status", p.Status),
		slog.String("error", err.Error()))
	c.Error(w, r, &oashttp.OperationError{Operation: operationID, Err: err})
}

// log writes one record, with the request's method and path, when the
// logger takes the level.
func (c *Server) log(r *http.Request, level slog.Level, msg string, attrs ...slog.Attr) {
	l := c.logger()
	ctx := context.Background()
	if r != nil {
		ctx = r.Context()
	}
	if !l.Enabled(ctx, level) {
		return
	}
	if r != nil {
		attrs = append(attrs, slog.String("method", r.Method), slog.String("path", r.URL.Path))
	}
	l.LogAttrs(ctx, level, msg, attrs...)
}

// aborted is the panic value that ends a response that has started and
// cannot become an error response: Recovered logs it and aborts the
// connection.
type aborted struct {
	status   int
	err      error  // what failed, for an error
	conn     bool   // err is the connection's: the client went away
	panicked any    // the panic's value, for a panic
	stack    []byte // the panic's stack; nil for an error
}

// abortStarted is deferred by the writers of responses whose body is
// produced while it is sent: a panic there, once the status is out,
// becomes an aborted response rather than a problem body after it.
func abortStarted(status int) {
	v := recover()
	if v == nil {
		return
	}
	if v == http.ErrAbortHandler {
		panic(v)
	}
	if a, ok := v.(*aborted); ok {
		panic(a)
	}
	panic(&aborted{status: status, panicked: v, stack: debug.Stack()})
}

// abortError ends a started response that failed with err; conn tells
// that writing to the client failed.
func abortError(status int, err error, conn bool) {
	panic(&aborted{status: status, err: err, conn: conn})
}

// WriteStream writes a response whose body encode writes to out as it
// goes, flushing the connection after each write, for the generated
// streaming responses. The Writer it passes has Direction oasimpl.InResponse. An
// error or a panic once the response has started cannot become an error
// status: WriteStream panics with a value that the generated server's
// recover (Server.Recovered) logs before aborting the connection
// (http.ErrAbortHandler), so the client sees a broken response rather
// than a short one that parses, or a problem after a success status.
//
// When r accepts gzip, the body is gzip-compressed, each flush of the
// Writer flushing the compressor too, so the client still gets elements as
// they come.
func WriteStream(rw http.ResponseWriter, r *http.Request, status int, contentType string, encode func(w *oasimpl.Writer, out io.Writer) error) {
	SetContentType(rw.Header(), contentType)
	out := &flushWriter{rw: rw, rc: http.NewResponseController(rw)}
	if acceptsGzip(r) {
		out.z = startGzip(rw, status)
	} else {
		rw.WriteHeader(status)
	}
	defer abortStarted(status)
	w := oasimpl.GetWriter()
	w.Direction = oasimpl.InResponse
	err := encode(w, out)
	oasimpl.ReleaseWriter(w)
	if out.z != nil {
		if err == nil {
			err = out.z.Close()
		}
		out.z.Reset(io.Discard)
		if err == nil {
			gzipWriters.Put(out.z)
		}
	}
	if err != nil {
		abortError(status, err, out.err != nil && errors.Is(err, out.err))
	}
}

// flushWriter writes to an http.ResponseWriter, through z when it is set,
// and flushes after each write; err is the first error of the connection.
type flushWriter struct {
	rw  http.ResponseWriter
	rc  *http.ResponseController
	z   *gzip.Writer
	err error
	// deadline is the write deadline last set on the connection.
	deadline time.Time
	// timeout bounds each write; 0 means oashttp.StreamWriteTimeout.
	timeout time.Duration
}

func (f *flushWriter) Write(p []byte) (int, error) {
	var n int
	var err error
	// Each write starts with at least half of the timeout ahead of it
	// (oashttp.StreamWriteTimeout, or the event stream's), so that a server's WriteTimeout bounds a client that stops
	// reading, not the length of the stream. The deadline moves only when
	// less than that is left: moving it updates a runtime timer, which
	// every small event of a stream paid (docs/server.md). Writers that
	// cannot (a ResponseRecorder) are left as they are.
	timeout := f.timeout
	if timeout <= 0 {
		timeout = oashttp.StreamWriteTimeout
	}
	if now := time.Now(); f.deadline.Sub(now) < timeout/2 {
		f.deadline = now.Add(timeout)
		f.rc.SetWriteDeadline(f.deadline)
	}
	if f.z != nil {
		if n, err = f.z.Write(p); err == nil {
			err = f.z.Flush()
		}
	} else {
		n, err = f.rw.Write(p)
	}
	if err == nil {
		err = f.rc.Flush()
		if errors.Is(err, http.ErrNotSupported) {
			err = nil
		}
	}
	if err != nil && f.err == nil {
		f.err = err
	}
	return n, err
}

// FirstSecurityError picks the error to report when every alternative
// failed: one about credentials that were present over one about missing
// credentials, else the first.
//
// The error returned carries the challenges of both (RFC 9110, section
// 11.6.1: a 401 lists every scheme that could satisfy the request), so
// the WWW-Authenticate header names each alternative that failed.
func FirstSecurityError(first, next error) error {
	pick, other := first, next
	if first == nil || errors.Is(first, oashttp.ErrNoCredentials) && !errors.Is(next, oashttp.ErrNoCredentials) {
		pick, other = next, first
	}
	p, ok1 := pick.(*oashttp.SecurityError)
	o, ok2 := other.(*oashttp.SecurityError)
	if ok1 && ok2 && o.Challenge != "" && !hasChallenge(p.Challenge, o.Challenge) {
		if p.Challenge == "" {
			p.Challenge = o.Challenge
		} else {
			p.Challenge += ", " + o.Challenge
		}
	}
	return pick
}

// WithExchange returns ctx carrying the request r for the callbacks'
// URLs: generated servers call it for operations with callbacks, with the
// path parameters' names and their values p, escaped when esc.
func WithExchange(ctx context.Context, r *http.Request, names, p []string, esc bool) context.Context {
	x := &oashttp.Exchange{Request: r}
	if len(names) > 0 {
		x.PathParams = make(map[string]string, len(names))
		for i, n := range names {
			if i >= len(p) {
				break
			}
			v := p[i]
			if esc {
				if u, err := url.PathUnescape(v); err == nil {
					v = u
				}
			}
			x.PathParams[n] = v
		}
	}
	return context.WithValue(ctx, ctxkey.Exchange{}, x)
}

// hasChallenge reports whether the list of challenges holds c.
func hasChallenge(list, c string) bool {
	for list != "" {
		if list == c || strings.HasPrefix(list, c+", ") {
			return true
		}
		_, list, _ = strings.Cut(list, ", ")
	}
	return false
}
