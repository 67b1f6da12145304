// Package oaschi serves oasgen's generated code under a chi router. chi's
// handlers and middleware are net/http's, so most of it needs nothing:
// r.Use(api.NewValidator()) and r.Mount("/api", h) take the generated
// values as they are. What chi does not do is hand a mounted handler the
// path below its mount point: chi routes a subrouter on its route context
// and leaves r.URL.Path whole, while the generated server and middleware
// route on r.URL.Path. Mount and Middleware close that gap; JSON and Bind
// are plain net/http helpers that write and read generated types with
// their codecs.
//
// It is a module of its own, so chi enters only the builds that add it.
package oaschi

import (
	"context"
	"net/http"
	"net/url"

	"github.com/go-chi/chi/v5"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/oasrt/oashttp/oashttpimpl"
	"github.com/oasgen/oasgen/oasrt/oasimpl"
)

// Mount mounts h under pattern, as r.Mount does, with the request's path
// cut to the part below the mount point: api.NewServer's router sees
// /pet/1 for /api/v3/pet/1. Unlike http.StripPrefix, pattern may hold
// chi's URL parameters ("/{tenant}/api").
func Mount(r chi.Router, pattern string, h http.Handler) {
	r.Mount(pattern, Below(h))
}

// Below returns a handler that calls h with the request's path cut to
// chi's route path: the part below the routers the request went through.
// Outside a mounted chi router it calls h with the request as it is.
func Below(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, below(r))
	})
}

// below returns r with its URL's path replaced by chi's route path, or r
// when there is none.
func below(r *http.Request) *http.Request {
	rctx := chi.RouteContext(r.Context())
	if rctx == nil || rctx.RoutePath == "" {
		return r
	}
	rest := rctx.RoutePath
	u := new(url.URL)
	*u = *r.URL
	if u.RawPath != "" {
		// chi routed on the escaped path: so is the route path.
		p, err := url.PathUnescape(rest)
		if err != nil {
			return r
		}
		u.Path, u.RawPath = p, rest
	} else {
		u.Path = rest
	}
	r2 := new(http.Request)
	*r2 = *r
	r2.URL = u
	return r2
}

type urlKey struct{}

// Middleware adapts a middleware that routes on the request's path, such
// as the generated api.NewValidator(...), to the routers of a chi tree:
// inside r.Route("/api/v3", ...) or a mounted router, mw sees the path
// below the mount point, and the handlers after it see the request's URL
// as it came. At the root router it is mw itself, in effect.
//
//	r.Route("/api/v3", func(r chi.Router) {
//		r.Use(oaschi.Middleware(api.NewValidator()))
//		r.Get("/pet/{petId}", getPet)
//	})
func Middleware(mw func(http.Handler) http.Handler) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		restore := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if orig, ok := r.Context().Value(urlKey{}).(*url.URL); ok {
				u := new(url.URL)
				*u = *r.URL
				u.Path, u.RawPath = orig.Path, orig.RawPath
				r2 := new(http.Request)
				*r2 = *r
				r2.URL = u
				r = r2
			}
			next.ServeHTTP(w, r)
		})
		h := mw(restore)
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			r2 := below(r)
			if r2 != r {
				r2 = r2.WithContext(context.WithValue(r2.Context(), urlKey{}, r.URL))
			}
			h.ServeHTTP(w, r2)
		})
	}
}

// JSON writes v as the JSON body of a response with the given status,
// encoded by its generated EncodeJSON into a pooled Writer and sent by
// oashttpimpl.WriteBody (gzip-compressed when it is large and r accepts gzip),
// as a generated server writes its responses. A value that cannot be
// encoded gets the 500 problem.
func JSON(w http.ResponseWriter, r *http.Request, status int, v oasimpl.Encoder) {
	buf := oasimpl.GetWriter()
	v.EncodeJSON(buf)
	if err := buf.Err(); err != nil {
		oasimpl.ReleaseWriter(buf)
		oashttp.WriteError(w, r, err)
		return
	}
	oashttpimpl.WriteBody(w, r, status, "application/json", buf)
}

// Binder reads JSON request bodies into generated types by the rules of a
// generated server with the same options.
type Binder struct{ srv *oashttpimpl.Server }

// NewBinder returns a Binder with the server options opts
// (oashttp.WithMaxBodyBytes, WithMaxDepth, WithErrorWriter; others have no
// effect).
func NewBinder(opts ...oashttp.ServerOption) *Binder {
	return &Binder{srv: oashttpimpl.NewServer(nil, opts)}
}

var defaultBinder = NewBinder()

// Decode reads the JSON body of r into v with v's validating decoder, as a
// generated server reads a required body: a Content-Type that is not JSON
// is a *oashttp.MediaTypeError (415), a body over the limit a
// *oashttp.TooLargeError (413), a body that is absent or not JSON a
// *oashttp.BodyError with status 400, and JSON that breaks the schema one
// with status 422, naming the JSON path and offset. oashttp.ProblemOf
// turns each into the problem the server would answer.
func (b *Binder) Decode(r *http.Request, v oasimpl.Decoder) error {
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

// Bind decodes the body of r into v (Decode) and reports whether it did;
// when it did not, it has answered with the problem a generated server
// would answer, through the Binder's error writer.
func (b *Binder) Bind(w http.ResponseWriter, r *http.Request, v oasimpl.Decoder) bool {
	if err := b.Decode(r, v); err != nil {
		b.srv.Error(w, r, err)
		return false
	}
	return true
}

// Bind is Bind of a Binder with the default limits.
func Bind(w http.ResponseWriter, r *http.Request, v oasimpl.Decoder) bool {
	return defaultBinder.Bind(w, r, v)
}
