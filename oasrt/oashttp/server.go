package oashttp

import (
	"compress/gzip"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oasimpl"

	"github.com/oasgen/oasgen/oasrt/oashttp/internal/query"
)

// DefaultMaxBodyBytes is the default limit on a request body a generated
// server reads: 8 MiB.
const DefaultMaxBodyBytes = 8 << 20

// Middleware is the standard net/http middleware form.
type Middleware = func(http.Handler) http.Handler

// ServerConfig is the configuration of a generated server, set by
// ServerOptions. Generated servers build it once, in NewServer.
type ServerConfig struct {
	// MaxBodyBytes bounds request bodies; larger ones get 413 before they
	// are read, when they declare their length, or as soon as they pass
	// it. 0 means DefaultMaxBodyBytes.
	MaxBodyBytes int64
	// MaxDepth bounds the nesting of JSON request bodies; 0 means
	// DefaultMaxDepth.
	MaxDepth int
	// ErrorWriter writes every error response; nil means WriteError.
	ErrorWriter ErrorWriter
	// MaxQueryParams bounds the name=value pairs of a query; more get 400
	// before any is parsed. 0 means DefaultMaxQueryParams.
	MaxQueryParams int
	// MaxMultipartMemory bounds the bytes of a multipart/form-data body
	// held in memory (see WithMaxMultipartMemory). 0 means
	// DefaultMaxMultipartMemory.
	MaxMultipartMemory int64
	// Logger receives a record for every panic, every error a handler
	// returns and every response aborted after it started (see
	// WithLogger); nil means slog.Default() at the time of the record.
	Logger *slog.Logger
	// CheckResponses makes the server check its JSON responses against
	// the spec before sending them (WithResponseCheck).
	CheckResponses bool
	// Heartbeat is the interval of the comment lines an event stream
	// gets while it has nothing to send (WithHeartbeat); 0 means
	// DefaultHeartbeat, a negative value none.
	Heartbeat time.Duration
	// EventWriteTimeout bounds each write of an event stream
	// (WithEventWriteTimeout); 0 means StreamWriteTimeout.
	EventWriteTimeout time.Duration
	// MaxItemBytes bounds one line or record of a sequence request body
	// (WithMaxRequestItemBytes); 0 means DefaultMaxItemBytes.
	MaxItemBytes int

	middleware []Middleware
	byOp       map[string][]Middleware
	byTag      map[string][]Middleware
	byPrefix   []prefixMiddleware
	each       []func(operationID string) Middleware
}

type prefixMiddleware struct {
	prefix string
	mw     []Middleware
}

// ServerOption configures a generated server.
type ServerOption func(*ServerConfig)

// WithMaxBodyBytes sets the request body limit in bytes.
func WithMaxBodyBytes(n int64) ServerOption {
	return func(c *ServerConfig) { c.MaxBodyBytes = n }
}

// WithMaxDepth sets the nesting limit of JSON request bodies.
func WithMaxDepth(n int) ServerOption {
	return func(c *ServerConfig) { c.MaxDepth = n }
}

// WithErrorWriter replaces the writer of error responses.
func WithErrorWriter(ew ErrorWriter) ServerOption {
	return func(c *ServerConfig) { c.ErrorWriter = ew }
}

// WithMiddleware wraps the whole server, routing included, so it also sees
// requests that end in 404 or 405. The first middleware is the outermost.
func WithMiddleware(mw ...Middleware) ServerOption {
	return func(c *ServerConfig) { c.middleware = append(c.middleware, mw...) }
}

// WithOperationMiddleware wraps one operation, named by its operationId.
// NewServer panics on an operationId the spec does not have, so that a typo
// cannot leave an operation unwrapped.
func WithOperationMiddleware(operationID string, mw ...Middleware) ServerOption {
	return func(c *ServerConfig) {
		if c.byOp == nil {
			c.byOp = map[string][]Middleware{}
		}
		c.byOp[operationID] = append(c.byOp[operationID], mw...)
	}
}

// WithTagMiddleware wraps every operation that has the tag.
func WithTagMiddleware(tag string, mw ...Middleware) ServerOption {
	return func(c *ServerConfig) {
		if c.byTag == nil {
			c.byTag = map[string][]Middleware{}
		}
		c.byTag[tag] = append(c.byTag[tag], mw...)
	}
}

// WithPathPrefixMiddleware wraps every operation whose path template (as in
// the spec, for example "/admin/") starts with prefix: per-group middleware
// without nesting routers.
func WithPathPrefixMiddleware(prefix string, mw ...Middleware) ServerOption {
	return func(c *ServerConfig) {
		c.byPrefix = append(c.byPrefix, prefixMiddleware{prefix, mw})
	}
}

// WithEachOperation wraps every operation in the middleware mw returns for
// its operationId, so that logging, metrics or tracing know the operation
// without looking it up per request. mw is called once per operation, in
// NewServer; a nil result leaves the operation unwrapped.
func WithEachOperation(mw func(operationID string) Middleware) ServerOption {
	return func(c *ServerConfig) { c.each = append(c.each, mw) }
}

// WithMaxQueryParams sets the limit on query parameters per request.
func WithMaxQueryParams(n int) ServerOption {
	return func(c *ServerConfig) { c.MaxQueryParams = n }
}

// DefaultMaxQueryParams is the default limit on the name=value pairs of a
// request's query.
const DefaultMaxQueryParams = 1000

// ErrTooManyParams is the cause of the 400 for a query over the limit.
var ErrTooManyParams = errors.New("too many query parameters")

// CheckQuery returns ErrTooManyParams, wrapped in a *ParamError, when the
// request's query has more pairs than the limit.
func (c *ServerConfig) CheckQuery(r *http.Request) error {
	if q := r.URL.RawQuery; q != "" && strings.Count(q, "&") >= c.MaxQueryParams {
		return &ParamError{Name: "*", In: "query", Err: ErrTooManyParams}
	}
	return nil
}

// NewServerConfig applies opts over the defaults. Generated code calls it
// with the operationIds of the spec; an operation middleware naming
// another operation panics.
func NewServerConfig(operationIDs []string, opts []ServerOption) *ServerConfig {
	c := &ServerConfig{}
	for _, o := range opts {
		o(c)
	}
	if c.MaxBodyBytes <= 0 {
		c.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if c.ErrorWriter == nil {
		c.ErrorWriter = WriteError
	}
	if c.MaxQueryParams <= 0 {
		c.MaxQueryParams = DefaultMaxQueryParams
	}
	if c.MaxMultipartMemory <= 0 {
		c.MaxMultipartMemory = DefaultMaxMultipartMemory
	}
	for id := range c.byOp {
		known := false
		for _, k := range operationIDs {
			known = known || k == id
		}
		if !known {
			panic("oasrt: WithOperationMiddleware: the spec has no operation " + id)
		}
	}
	return c
}

// Root wraps the router h in the server-wide middleware, or returns nil
// when there is none: the server then calls its router directly.
func (c *ServerConfig) Root(h http.Handler) http.Handler {
	if len(c.middleware) == 0 {
		return nil
	}
	return chain(h, c.middleware)
}

// Operation returns the operation handler h wrapped in the middleware that
// applies to it (WithEachOperation's, path prefix, then tags, then the
// operation's own, outermost first), or nil when none does: the server then
// calls the operation directly.
func (c *ServerConfig) Operation(h http.Handler, operationID, path string, tags []string) http.Handler {
	var mw []Middleware
	for _, each := range c.each {
		if m := each(operationID); m != nil {
			mw = append(mw, m)
		}
	}
	for _, p := range c.byPrefix {
		if strings.HasPrefix(path, p.prefix) {
			mw = append(mw, p.mw...)
		}
	}
	for _, t := range tags {
		mw = append(mw, c.byTag[t]...)
	}
	mw = append(mw, c.byOp[operationID]...)
	if len(mw) == 0 {
		return nil
	}
	return chain(h, mw)
}

func chain(h http.Handler, mw []Middleware) http.Handler {
	for i := len(mw) - 1; i >= 0; i-- {
		h = mw[i](h)
	}
	return h
}

// Error writes the response for err with the configured ErrorWriter. For a
// *MethodError it sets the Allow header first, for a *SecurityError that
// answers 401 WWW-Authenticate.
func (c *ServerConfig) Error(w http.ResponseWriter, r *http.Request, err error) {
	switch e := err.(type) {
	case *MethodError:
		w.Header().Set("Allow", e.Allow)
	case *SecurityError:
		if e.Challenge != "" {
			var p Problem
			securityProblem(&p, e)
			if p.Status == http.StatusUnauthorized {
				w.Header().Set("WWW-Authenticate", e.Challenge)
			}
		}
	}
	c.ErrorWriter(w, r, err)
}

type routeKey struct{}

// routeParams are the path parameters of a request and whether they are
// escaped (oashttpimpl.RoutePath).
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

// Body is a request body read whole into a pooled buffer, with a Reader
// over it for JSON. Release returns both to the pool; nothing decoded from
// the Reader refers to the buffer (decoded strings are copies).
type Body struct {
	Reader  oasimpl.Reader
	buf     []byte
	limited limitedReader
	done    func() // gives back a streamed body's gzip reader
}

var bodies = sync.Pool{New: func() any { return new(Body) }}

// maxPooledBody is the largest buffer a Body keeps for reuse.
const maxPooledBody = 1 << 20

// Release returns b to the pool.
func (b *Body) Release() {
	if cap(b.buf) > maxPooledBody {
		b.buf = nil
	}
	b.Reader.Reset(nil)
	b.limited = limitedReader{}
	if b.done != nil {
		b.done()
		b.done = nil
	}
	bodies.Put(b)
}

// Bytes returns the body's bytes, valid until Release.
func (b *Body) Bytes() []byte { return b.buf }

// Fail returns the error for a body whose decoding failed with err, telling
// content that is not JSON from JSON that breaks the schema (RFC 9110,
// section 15.5.21: 422 is for content whose syntax is correct but which
// cannot be processed). It scans the whole body for JSON syntax, within
// the Reader's MaxDepth: a body that is not JSON gets a *BodyError for the
// syntax error (400), wherever the decoder stopped (err itself when it
// failed at the same offset, since err has the JSON path); one that is, a
// *BodyError for err with Status invalid, which the generated server sets
// to 422, or to 400 for an operation that documents 400 and not 422. Call
// it before Release; it runs on failures only.
func (b *Body) Fail(err error, invalid int) error {
	var syntax oasimpl.Reader
	syntax.Reset(b.buf)
	syntax.MaxDepth = b.Reader.MaxDepth
	serr := syntax.Skip()
	if serr == nil {
		serr = syntax.End()
	}
	if serr != nil {
		var de, se *oasrt.Error
		if errors.As(err, &de) && errors.As(serr, &se) && de.Offset == se.Offset {
			return &BodyError{Err: err}
		}
		return &BodyError{Err: serr}
	}
	return &BodyError{Err: err, Status: invalid}
}

// StreamBody returns a pooled Body whose Reader decodes rc as it is read,
// through the Reader's fixed buffer, never holding the whole body: the
// generated client reads responses this way. A declared length (size >= 0)
// over limit fails before anything is read; reading past limit fails the
// decoding with a *TooLargeError. Body.Bytes and Body.Fail, which need the
// whole body, are not for a streamed Body.
func StreamBody(rc io.Reader, size, limit int64, dir oasimpl.Direction) (*Body, error) {
	if size > limit {
		return nil, &TooLargeError{Limit: limit}
	}
	b := bodies.Get().(*Body)
	b.limited = limitedReader{r: rc, n: limit, limit: limit}
	b.Reader.ResetReader(&b.limited)
	b.Reader.InputSize = max(size, 0)
	b.Reader.Direction = dir
	return b, nil
}

// limitedReader reads at most limit bytes of r, then fails.
type limitedReader struct {
	r        io.Reader
	n, limit int64
}

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.n <= 0 {
		// One byte more tells a body of exactly limit bytes from a
		// longer one.
		var one [1]byte
		if n, _ := l.r.Read(one[:]); n > 0 {
			return 0, &TooLargeError{Limit: l.limit}
		}
		return 0, io.EOF
	}
	p = p[:min(int64(len(p)), l.n)]
	n, err := l.r.Read(p)
	l.n -= int64(n)
	return n, err
}

// ReadBody reads rc whole into a pooled buffer, failing with a
// *TooLargeError as soon as it passes limit bytes. A declared length (size
// >= 0) over the limit fails before anything is read or allocated. It
// neither drains nor closes rc.
//
// Memory follows the bytes that arrive, not the declared length: the
// buffer starts at BodyChunk and doubles as it fills, never past the
// declared length (plus the byte that sees EOF) nor the limit, so a client
// that declares 8 MiB and trickles a few bytes costs a few KiB, and a body
// that does arrive is copied about once more than its size in all.
func ReadBody(rc io.Reader, size, limit int64) (*Body, error) {
	if size > limit {
		return nil, &TooLargeError{Limit: limit}
	}
	b := bodies.Get().(*Body)
	buf := b.buf[:0]
	if size > int64(cap(buf)) && cap(buf) < BodyChunk {
		buf = make([]byte, 0, min(size+1, BodyChunk)) // +1: seeing EOF needs no growth
	}
	for {
		if len(buf) == cap(buf) {
			buf = growBody(buf, size, limit)
		}
		n, err := rc.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > limit {
			b.buf = buf[:0]
			b.Release()
			return nil, &TooLargeError{Limit: limit}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			b.buf = buf[:0]
			b.Release()
			return nil, err
		}
	}
	b.buf = buf
	b.Reader.Reset(buf)
	return b, nil
}

// BodyChunk is the size a request body's buffer starts at when the body
// declares a larger length: the memory a request costs before its bytes
// arrive.
const BodyChunk = 16 << 10

// growBody returns buf, full, with room for more: twice the capacity, but
// no more than the declared size plus one while the body is within it (the
// last growth lands on size+1, which sees EOF) and no more than limit+1
// (which sees a body past the limit).
func growBody(buf []byte, size, limit int64) []byte {
	n := max(2*int64(cap(buf)), BodyChunk)
	if size >= 0 && int64(len(buf)) <= size {
		n = min(n, size+1)
	}
	n = min(n, limit+1)
	if n <= int64(cap(buf)) {
		n = int64(cap(buf)) + 1
	}
	grown := make([]byte, len(buf), n)
	copy(grown, buf)
	return grown
}

// JSONBody reads a JSON request body: it checks the Content-Type (a
// *MediaTypeError unless application/json or a +json type), the size limit
// and sets the depth limit. It returns nil and no error for an empty body
// that is not required, and a *BodyError wrapping ErrMissing for one that
// is.
func (c *ServerConfig) JSONBody(r *http.Request, required bool) (*Body, error) {
	if absent, err := absentBody(r, required); absent {
		return nil, err
	}
	ct := r.Header.Get("Content-Type")
	if !IsJSON(ct) || !utf8Charset(ct) {
		return nil, &MediaTypeError{Got: ct, Want: []string{"application/json"}}
	}
	b, err := c.readWhole(r)
	if err != nil {
		return nil, err
	}
	if len(b.buf) == 0 {
		b.Release()
		if required {
			return nil, &BodyError{Err: ErrMissing}
		}
		return nil, nil
	}
	b.Reader.MaxDepth = c.MaxDepth
	b.Reader.Direction = oasimpl.InRequest // required readOnly properties may be left out
	return b, nil
}

// RawBody is a request body the generated code does not decode: its
// Content-Type and a reader limited to the server's body limit. Its read
// errors are a *TooLargeError's cause past the limit (413) and a
// *BodyError otherwise (400: a body cut short, a broken gzip stream), so a
// handler can return them as they come.
type RawBody struct {
	ContentType string
	Body        io.Reader
}

// RawRequestBody checks a non-JSON request body's Content-Type against the
// media types the operation declares (wildcards such as "image/*" and
// "*/*" allowed) and returns it limited to MaxBodyBytes. An absent body
// gives a zero RawBody, or a *BodyError when required.
func (c *ServerConfig) RawRequestBody(w http.ResponseWriter, r *http.Request, required bool, accept []string) (RawBody, error) {
	if absent, err := absentBody(r, required); absent {
		return RawBody{}, err
	}
	if r.ContentLength > c.MaxBodyBytes {
		return RawBody{}, &TooLargeError{Limit: c.MaxBodyBytes}
	}
	ct := r.Header.Get("Content-Type")
	if !MediaMatches(ct, accept) {
		return RawBody{}, &MediaTypeError{Got: ct, Want: accept}
	}
	gz, err := gzipped(r)
	if err != nil {
		return RawBody{}, err
	}
	body := http.MaxBytesReader(w, r.Body, c.MaxBodyBytes)
	if gz {
		z, err := gzip.NewReader(body)
		if err != nil {
			return RawBody{}, &BodyError{Err: errors.New("the gzip body is broken: " + err.Error())}
		}
		// The limit holds for the decoded bytes too.
		body = http.MaxBytesReader(w, z, c.MaxBodyBytes)
	}
	return RawBody{ContentType: ct, Body: rawReader{body}}, nil
}

// rawReader reads a RawBody: an error reading it other than the body limit
// (a body shorter than its Content-Length, a broken gzip stream) comes as
// a *BodyError, so a handler that returns it answers 400, not 500.
type rawReader struct{ r io.Reader }

func (b rawReader) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if err != nil && err != io.EOF {
		var mb *http.MaxBytesError
		if _, ok := err.(*BodyError); !ok && !errors.As(err, &mb) {
			err = &BodyError{Err: err}
		}
	}
	return n, err
}

// JSONStream checks a JSON request body that the handler reads as it
// arrives (x-oasgen-stream) and returns a Body whose Reader decodes it
// through a fixed buffer, within MaxBodyBytes (counted on the decoded bytes
// of a gzip body); nil when the body is absent and not required.
func (c *ServerConfig) JSONStream(r *http.Request, required bool) (*Body, error) {
	if absent, err := absentBody(r, required); absent {
		return nil, err
	}
	ct := r.Header.Get("Content-Type")
	if !IsJSON(ct) || !utf8Charset(ct) {
		return nil, &MediaTypeError{Got: ct, Want: []string{"application/json"}}
	}
	src, size, done, err := decodedBody(r)
	if err != nil {
		return nil, err
	}
	b, err := StreamBody(src, size, c.MaxBodyBytes, oasimpl.InRequest)
	if err != nil {
		done()
		return nil, err
	}
	b.done = done
	b.Reader.MaxDepth = c.MaxDepth
	return b, nil
}

// EncodingError reports a request Content-Encoding the server cannot undo:
// a 415 (RFC 9110, section 15.5.16).
type EncodingError struct {
	Got string
}

func (e *EncodingError) Error() string {
	return "content encoding " + strconv.Quote(e.Got) + " is not supported; send gzip or none"
}

var gzipReaders sync.Pool

// decodedBody returns the request body with its Content-Encoding (gzip or
// none) undone, its size when known (-1 when not), and the function that
// gives back what it used. Body limits apply to what it returns, so a small
// compressed body cannot make the server hold a large one.
func decodedBody(r *http.Request) (io.Reader, int64, func(), error) {
	gz, err := gzipped(r)
	if err != nil || !gz {
		return r.Body, r.ContentLength, func() {}, err
	}
	z, _ := gzipReaders.Get().(*gzip.Reader)
	if z == nil {
		z, err = gzip.NewReader(r.Body)
	} else {
		err = z.Reset(r.Body)
	}
	if err != nil {
		return nil, 0, nil, &BodyError{Err: errors.New("the gzip body is broken: " + err.Error())}
	}
	return z, -1, func() { gzipReaders.Put(z) }, nil
}

// gzipped reports whether r's body is gzip-compressed; a coding other than
// gzip or none is an *EncodingError.
func gzipped(r *http.Request) (bool, error) {
	switch ce := r.Header.Get("Content-Encoding"); {
	case ce == "" || strings.EqualFold(ce, "identity"):
		return false, nil
	case strings.EqualFold(ce, "gzip") || strings.EqualFold(ce, "x-gzip"):
		return true, nil
	default:
		return false, &EncodingError{Got: ce}
	}
}

// absentBody reports whether r has no body; err is the *BodyError when one
// is required.
func absentBody(r *http.Request, required bool) (absent bool, err error) {
	if r.ContentLength != 0 && r.Body != nil && r.Body != http.NoBody {
		return false, nil
	}
	if required {
		return true, &BodyError{Err: ErrMissing}
	}
	return true, nil
}

// readWhole reads r's body, its Content-Encoding undone, into a pooled
// Body, within MaxBodyBytes: a *TooLargeError past it, a *BodyError when
// reading fails.
func (c *ServerConfig) readWhole(r *http.Request) (*Body, error) {
	if r.ContentLength > c.MaxBodyBytes {
		return nil, &TooLargeError{Limit: c.MaxBodyBytes}
	}
	src, size, done, err := decodedBody(r)
	if err != nil {
		return nil, err
	}
	b, err := ReadBody(src, size, c.MaxBodyBytes)
	done()
	if err != nil {
		if _, ok := err.(*TooLargeError); ok {
			return nil, err
		}
		return nil, &BodyError{Err: err}
	}
	return b, nil
}

// mediaType returns the type/subtype of a Content-Type value, without
// parameters and surrounding space.
func mediaType(ct string) string {
	if i := strings.IndexByte(ct, ';'); i >= 0 {
		ct = ct[:i]
	}
	return strings.TrimSpace(ct)
}

// utf8Charset reports whether a Content-Type declares no charset or
// UTF-8 (RFC 8259, section 8.1: JSON is UTF-8; forms are decoded as
// UTF-8 too). A body in another charset would be read as UTF-8 and
// silently mangled, so it is a 415 instead.
func utf8Charset(ct string) bool {
	_, params, ok := strings.Cut(ct, ";")
	for ok {
		var p string
		p, params, ok = strings.Cut(params, ";")
		k, v, _ := strings.Cut(p, "=")
		if strings.EqualFold(strings.TrimSpace(k), "charset") {
			v = strings.Trim(strings.TrimSpace(v), `"`)
			return strings.EqualFold(v, "utf-8") || strings.EqualFold(v, "utf8") || strings.EqualFold(v, "us-ascii")
		}
	}
	return true
}

// IsJSON reports whether a Content-Type is application/json or a +json
// type (RFC 6839), whatever its parameters.
func IsJSON(ct string) bool {
	mt := mediaType(ct)
	if strings.EqualFold(mt, "application/json") {
		return true
	}
	return len(mt) > 5 && strings.EqualFold(mt[len(mt)-5:], "+json") && strings.IndexByte(mt, '/') > 0
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
// CompressMin bytes or more goes out gzip-compressed when r accepts gzip.
func WriteBody(rw http.ResponseWriter, r *http.Request, status int, contentType string, w *oasimpl.Writer) {
	SetContentType(rw.Header(), contentType)
	if len(w.Buf) >= CompressMin && acceptsGzip(r) {
		z := startGzip(rw, status)
		z.Write(w.Buf)
		endGzip(z)
	} else {
		rw.WriteHeader(status)
		rw.Write(w.Buf)
	}
	oasimpl.ReleaseWriter(w)
}

// CompressMin is the size from which a response body is gzip-compressed
// for a client that accepts it: below about one packet it saves nothing.
const CompressMin = 1400

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

// NotAcceptableError reports a request whose Accept header admits none of
// the media types the operation responds with (406).
type NotAcceptableError struct {
	Accept string
	Offers []string
}

func (e *NotAcceptableError) Error() string {
	return "Accept " + strconv.Quote(e.Accept) + " admits none of " + strings.Join(e.Offers, ", ")
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
// is a *MediaTypeError. It returns nil and no
// error for an empty body that is not required.
func (c *ServerConfig) FormBody(r *http.Request, required bool) ([]string, error) {
	b, pairs, err := c.KeptFormBody(r, required)
	if b != nil {
		b.Release()
	}
	return pairs, err
}

// KeptFormBody is FormBody for a validator that passes the request on: it
// also returns the Body holding the bytes read, when the body was read
// whole (whether it parsed or not), for the caller to release.
func (c *ServerConfig) KeptFormBody(r *http.Request, required bool) (*Body, []string, error) {
	if absent, err := absentBody(r, required); absent {
		return nil, nil, err
	}
	if ct := r.Header.Get("Content-Type"); !IsForm(ct) || !utf8Charset(ct) {
		return nil, nil, &MediaTypeError{Got: ct, Want: []string{"application/x-www-form-urlencoded"}}
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
			return nil, &BodyError{Err: ErrMissing}
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
			return nil, &BodyError{Err: query.PropertyError(k, err)}
		}
		pairs = append(pairs, k, s)
	}
	return pairs, nil
}
