// Package oasgin serves oasgen's generated types and code from gin. gin's
// c.JSON and c.ShouldBindJSON go through encoding/json (on Go 1.26, with
// its second pass over MarshalJSON's output); JSON and Bind use the
// generated EncodeJSON and validating DecodeJSON instead, and a body that
// breaks the schema gets the problem a generated server answers. Mount
// serves a generated server under a gin route, and Middleware runs a
// net/http middleware such as the generated api.NewValidator(...) as a
// gin handler.
//
// It is a module of its own, so gin enters only the builds that add it.
package oasgin

import (
	"net/http"
	"path"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/oasrt/oashttp/oashttpimpl"
	"github.com/oasgen/oasgen/oasrt/oasimpl"
)

// Render is a gin renderer (render.Render) for a generated value:
// c.Render(http.StatusOK, oasgin.Render{V: &pet}).
type Render struct{ V oasimpl.Encoder }

var jsonContentType = []string{"application/json; charset=utf-8"}

// Render writes the value with its EncodeJSON, through a pooled Writer.
func (g Render) Render(w http.ResponseWriter) error {
	g.WriteContentType(w)
	buf := oasimpl.GetWriter()
	defer oasimpl.ReleaseWriter(buf)
	g.V.EncodeJSON(buf)
	if err := buf.Err(); err != nil {
		return err
	}
	_, err := w.Write(buf.Buf)
	return err
}

// WriteContentType sets the response's Content-Type, unless it is set.
func (Render) WriteContentType(w http.ResponseWriter) {
	if h := w.Header(); len(h["Content-Type"]) == 0 {
		h["Content-Type"] = jsonContentType
	}
}

// JSON writes v as the response with the given status: the c.JSON of
// generated values. v is encoded before anything is sent, so a value that
// cannot be encoded (a NaN, invalid RawJSON) gets the 500 problem, the
// error in c.Errors, and aborts c; through c.Render the status would be
// sent with an empty body.
func JSON(c *gin.Context, code int, v oasimpl.Encoder) {
	buf := oasimpl.GetWriter()
	defer oasimpl.ReleaseWriter(buf)
	v.EncodeJSON(buf)
	if err := buf.Err(); err != nil {
		_ = c.Error(err)
		oashttp.WriteError(c.Writer, c.Request, err)
		c.Abort()
		return
	}
	c.Data(code, jsonContentType[0], buf.Buf)
}

// Binding is a gin binding (binding.Binding) for generated values, with
// the limits of a generated server: c.ShouldBindWith(&pet, oasgin.Binding).
var Binding = NewBinding()

// JSONBinding reads JSON request bodies into generated types by the rules
// of a generated server with the same options.
type JSONBinding struct{ srv *oashttpimpl.Server }

// NewBinding returns a JSONBinding with the server options opts
// (oashttp.WithMaxBodyBytes, WithMaxDepth, WithErrorWriter; others have no
// effect).
func NewBinding(opts ...oashttp.ServerOption) *JSONBinding {
	return &JSONBinding{srv: oashttpimpl.NewServer(nil, opts)}
}

// Name names the binding.
func (*JSONBinding) Name() string { return "oasgen" }

// Bind reads the JSON body of r into obj, a generated value (an
// oasimpl.Decoder), with its validating decoder, as a generated server reads
// a required body: a Content-Type that is not JSON is a
// *oashttp.MediaTypeError (415), a body over the limit a
// *oashttp.TooLargeError (413), a body that is absent or not JSON a
// *oashttp.BodyError with status 400, and JSON that breaks the schema one
// with status 422, naming the JSON path and offset. Abort answers each
// with the problem the server would answer. obj of any other type is an
// error (500).
func (b *JSONBinding) Bind(r *http.Request, obj any) error {
	v, ok := obj.(oasimpl.Decoder)
	if !ok {
		return errNotDecoder
	}
	body, err := b.srv.JSONBody(r, true)
	if body == nil || err != nil {
		return err
	}
	err = v.DecodeJSON(&body.Reader)
	if err == nil {
		err = body.Reader.End()
	}
	if err != nil {
		err = body.Fail(err, http.StatusUnprocessableEntity)
	}
	body.Release()
	return err
}

type notDecoderError struct{}

func (notDecoderError) Error() string {
	return "oasgin: the value to bind has no generated DecodeJSON (it is not an oasimpl.Decoder)"
}

var errNotDecoder error = notDecoderError{}

// Abort answers err, as Bind returns it, with the problem a generated
// server answers (through the binding's error writer) and aborts c.
func (b *JSONBinding) Abort(c *gin.Context, err error) {
	b.srv.Error(c.Writer, c.Request, err)
	c.Abort()
}

// Bind reads the request body of c into v with Binding and reports whether
// it did; when it did not, it has answered with the generated server's
// problem and aborted c: the c.ShouldBindJSON of generated values.
//
//	var pet api.Pet
//	if !oasgin.Bind(c, &pet) {
//		return
//	}
func Bind(c *gin.Context, v oasimpl.Decoder) bool {
	if err := Binding.Bind(c.Request, v); err != nil {
		Binding.Abort(c, err)
		return false
	}
	return true
}

// Router is what Mount mounts on: a *gin.Engine or a *gin.RouterGroup.
type Router interface {
	gin.IRoutes
	BasePath() string
}

// Mount serves h, for every method, at prefix and below it, on r: h sees
// the request's path with r's base path and prefix cut
// (http.StripPrefix), so a generated server under "/api/v3" routes /pet/1
// for /api/v3/pet/1. It takes gin's catch-all route below prefix: other
// routes there conflict with it.
//
//	oasgin.Mount(g, "/api/v3", api.NewServer(store))
func Mount(r Router, prefix string, h http.Handler) {
	prefix = strings.TrimSuffix(prefix, "/")
	full := strings.TrimSuffix(path.Join("/", r.BasePath(), prefix), "/")
	r.Any(prefix+"/*oasgenpath", gin.WrapH(http.StripPrefix(full, h)))
}

// Middleware runs mw, a net/http middleware such as the generated
// api.NewValidator(...), as a gin handler: the handlers after it run, with
// the request and response writer mw passes on, when mw calls its next
// handler, and are skipped (c.Abort) when it answers the request itself.
// mw sees the request's whole path, so it suits routes at the spec's own
// paths; below a base path, put mw in front of an http.Handler and Mount
// that: oasgin.Mount(g, "/api/v3", api.NewValidator()(h)).
//
//	g.Use(oasgin.Middleware(api.NewValidator()))
func Middleware(mw func(http.Handler) http.Handler) gin.HandlerFunc {
	return func(c *gin.Context) {
		called := false
		orig := c.Writer
		mw(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			called = true
			c.Request = r
			if w != http.ResponseWriter(orig) {
				gw := &writer{ResponseWriter: orig, w: w}
				c.Writer = gw
				c.Next()
				gw.WriteHeaderNow() // as gin does after its handlers
				return
			}
			c.Next()
		})).ServeHTTP(orig, c.Request)
		c.Writer = orig
		if !called {
			c.Abort()
		}
	}
}

// writer is the gin.ResponseWriter of the handlers after a middleware
// that passed them a writer of its own (the response check's): writes go
// to w, the rest to gin's writer. As gin's own, it holds the status until
// the first write, so that a renderer can set headers after c.Status.
type writer struct {
	gin.ResponseWriter
	w       http.ResponseWriter
	status  int
	size    int
	written bool
}

func (w *writer) Header() http.Header { return w.w.Header() }

func (w *writer) WriteHeader(status int) {
	if status > 0 && !w.written {
		w.status = status
	}
}

func (w *writer) WriteHeaderNow() {
	if !w.written {
		w.written = true
		w.w.WriteHeader(w.Status())
	}
}

func (w *writer) Write(p []byte) (int, error) {
	w.WriteHeaderNow()
	n, err := w.w.Write(p)
	w.size += n
	return n, err
}

func (w *writer) WriteString(s string) (int, error) { return w.Write([]byte(s)) }

func (w *writer) Status() int {
	if w.status == 0 {
		return http.StatusOK
	}
	return w.status
}

func (w *writer) Size() int {
	if !w.written {
		return -1
	}
	return w.size
}

func (w *writer) Written() bool { return w.written }

func (w *writer) Flush() {
	w.WriteHeaderNow()
	if f, ok := w.w.(http.Flusher); ok {
		f.Flush()
	}
}

func (w *writer) Unwrap() http.ResponseWriter { return w.w }
