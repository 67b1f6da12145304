// Package oasecho serves oasgen's generated types and code from echo.
// Setting e.JSONSerializer = oasecho.Serializer{} once makes c.JSON and
// c.Bind use the generated EncodeJSON and validating DecodeJSON for
// generated values (and encoding/json, through echo's default serializer,
// for any other), and a body that breaks the schema is an error carrying
// the problem a generated server answers; ErrorHandler writes it.
// echo.WrapHandler and echo.WrapMiddleware take the generated server and
// middleware as they are; Mount serves a generated server below a prefix.
//
// It is a module of its own, so echo enters only the builds that add it.
package oasecho

import (
	"errors"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/oasrt/oashttp/oashttpimpl"
	"github.com/oasgen/oasgen/oasrt/oasimpl"
)

// Serializer is an echo.JSONSerializer that encodes and decodes generated
// values with their codecs and leaves every other value to Fallback
// (echo.DefaultJSONSerializer when nil). Bodies are read by the rules of a
// generated server with the default options; NewSerializer gives others.
type Serializer struct {
	Fallback echo.JSONSerializer
	// srv reads the bodies; nil means the defaults.
	srv *oashttpimpl.Server
}

// NewSerializer returns a Serializer whose Deserialize reads bodies by the
// server options opts (oashttp.WithMaxBodyBytes, WithMaxDepth,
// WithErrorWriter; others have no effect), leaving other values to
// fallback.
func NewSerializer(fallback echo.JSONSerializer, opts ...oashttp.ServerOption) Serializer {
	return Serializer{Fallback: fallback, srv: oashttpimpl.NewServer(nil, opts)}
}

var defaultServer = oashttpimpl.NewServer(nil, nil)

func (s Serializer) fallback() echo.JSONSerializer {
	if s.Fallback != nil {
		return s.Fallback
	}
	return echo.DefaultJSONSerializer{}
}

func (s Serializer) server() *oashttpimpl.Server {
	if s.srv != nil {
		return s.srv
	}
	return defaultServer
}

// Serialize writes i to c's response with its EncodeJSON when it is an
// oasimpl.Encoder; indented output (c.JSONPretty) and other values go to
// Fallback.
func (s Serializer) Serialize(c echo.Context, i any, indent string) error {
	v, ok := i.(oasimpl.Encoder)
	if !ok || indent != "" {
		return s.fallback().Serialize(c, i, indent)
	}
	buf := oasimpl.GetWriter()
	defer oasimpl.ReleaseWriter(buf)
	v.EncodeJSON(buf)
	if err := buf.Err(); err != nil {
		return err
	}
	_, err := c.Response().Write(buf.Buf)
	return err
}

// Deserialize reads c's request body into i with its validating DecodeJSON
// when it is an oasimpl.Decoder, as a generated server reads a required
// body, and otherwise with Fallback. A body the server would refuse is an
// *echo.HTTPError with the server's status (400, 413, 415 or 422), the
// problem's detail as its message and the server's error as its internal
// error; ErrorHandler answers it with the problem itself.
func (s Serializer) Deserialize(c echo.Context, i any) error {
	v, ok := i.(oasimpl.Decoder)
	if !ok {
		return s.fallback().Deserialize(c, i)
	}
	srv := s.server()
	body, err := srv.JSONBody(c.Request(), true)
	if body != nil && err == nil {
		err = v.DecodeJSON(&body.Reader)
		if err == nil {
			err = body.Reader.End()
		}
		if err != nil {
			err = body.Fail(err, http.StatusUnprocessableEntity)
		}
		body.Release()
	}
	if err != nil {
		p := oashttp.ProblemOf(err)
		return echo.NewHTTPError(p.Status, p.Detail).SetInternal(&requestError{err: err, srv: srv})
	}
	return nil
}

// requestError is the internal error of the HTTPError a refused body
// becomes: the server's error and the engine that answers it.
type requestError struct {
	err error
	srv *oashttpimpl.Server
}

func (e *requestError) Error() string { return e.err.Error() }

func (e *requestError) Unwrap() error { return e.err }

// ErrorHandler returns an echo.HTTPErrorHandler that answers a body
// Deserialize refused with the problem a generated server answers
// (application/problem+json, through the Serializer's error writer), and
// every other error with next (e.DefaultHTTPErrorHandler when nil).
//
//	e.JSONSerializer = oasecho.Serializer{}
//	e.HTTPErrorHandler = oasecho.ErrorHandler(e, nil)
func ErrorHandler(e *echo.Echo, next echo.HTTPErrorHandler) echo.HTTPErrorHandler {
	if next == nil {
		next = e.DefaultHTTPErrorHandler
	}
	return func(err error, c echo.Context) {
		var re *requestError
		if errors.As(err, &re) && !c.Response().Committed {
			re.srv.Error(c.Response(), c.Request(), re.err)
			return
		}
		next(err, c)
	}
}

// Mount serves h, for every method, below prefix on e: h sees the
// request's path with prefix cut (http.StripPrefix), so a generated server
// under "/api/v3" routes /pet/1 for /api/v3/pet/1.
//
//	oasecho.Mount(e, "/api/v3", api.NewServer(store))
//
// is e.Any("/api/v3/*", echo.WrapHandler(http.StripPrefix("/api/v3", h))).
func Mount(e *echo.Echo, prefix string, h http.Handler) {
	prefix = strings.TrimSuffix(prefix, "/")
	e.Any(prefix+"/*", echo.WrapHandler(http.StripPrefix(prefix, h)))
}

// Bind reads c's request body into v as Deserialize does, with c's echo's
// Serializer when it is one (the defaults otherwise). Unlike c.Bind, which
// reaches the serializer only for a non-empty body of exactly
// application/json, it refuses an absent body (400) and a Content-Type
// that is not JSON (415) as a generated server does, and it binds no path
// or query parameters.
func Bind(c echo.Context, v oasimpl.Decoder) error {
	s, ok := c.Echo().JSONSerializer.(Serializer)
	if !ok {
		s = Serializer{}
	}
	return s.Deserialize(c, v)
}
