// Package frameworks shows generated types served at full speed from
// net/http handlers, chi, gin and echo: each framework's renderer or
// serializer hook writes a value with its generated EncodeJSON into a pooled
// oasrt.Writer and reads a body with its generated DecodeJSON, checking the
// schema, instead of going through encoding/json's reflection (or, on
// Go 1.26, through encoding/json's second pass over MarshalJSON's output).
// It is a module of its own, so the frameworks never enter oasgen's
// dependencies; docs/doors.md explains the doors.
package frameworks

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/labstack/echo/v4"
	"github.com/oasgen/oasgen/oasrt"
	"github.com/oasgen/oasgen/oasrt/oashttp"
)

// WriteJSON writes v as the JSON body of a response with the given status,
// from a pooled Writer (gzip-compressed when it is large and r accepts
// gzip). It serves net/http handlers and chi, whose handlers are net/http's.
func WriteJSON(rw http.ResponseWriter, r *http.Request, status int, v oasrt.Encoder) {
	w := oasrt.GetWriter()
	v.EncodeJSON(w)
	if err := w.Err(); err != nil {
		oasrt.ReleaseWriter(w)
		http.Error(rw, err.Error(), http.StatusInternalServerError)
		return
	}
	oashttp.WriteBody(rw, r, status, "application/json", w)
}

// ReadJSON decodes the body of r into v in one pass as it is read, checking
// the schema, and requires nothing but white space after the value. Its
// error names the JSON path and byte offset of what is wrong.
func ReadJSON(r *http.Request, v oasrt.Decoder) error {
	var rd oasrt.Reader
	rd.ResetReader(r.Body)
	rd.InputSize = r.ContentLength
	if err := v.DecodeJSON(&rd); err != nil {
		return err
	}
	return rd.End()
}

// GinJSON is a gin renderer (render.Render) for a generated value:
// c.Render(http.StatusOK, frameworks.GinJSON{V: &pet}). gin's c.JSON would
// go through encoding/json.
type GinJSON struct{ V oasrt.Encoder }

var jsonContentType = []string{"application/json; charset=utf-8"}

// Render writes the value.
func (g GinJSON) Render(rw http.ResponseWriter) error {
	g.WriteContentType(rw)
	w := oasrt.GetWriter()
	defer oasrt.ReleaseWriter(w)
	g.V.EncodeJSON(w)
	if err := w.Err(); err != nil {
		return err
	}
	_, err := rw.Write(w.Buf)
	return err
}

// WriteContentType sets the response's Content-Type.
func (GinJSON) WriteContentType(rw http.ResponseWriter) {
	if h := rw.Header(); len(h["Content-Type"]) == 0 {
		h["Content-Type"] = jsonContentType
	}
}

// GinBind decodes the request body of c into v (ReadJSON) and, when it
// fails, answers 400 with the error and aborts: c.ShouldBindJSON would go
// through encoding/json.
func GinBind(c *gin.Context, v oasrt.Decoder) bool {
	if err := ReadJSON(c.Request, v); err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return false
	}
	return true
}

// EchoSerializer is an echo.JSONSerializer that encodes and decodes
// generated values with their codecs and leaves every other value to
// Fallback (echo's DefaultJSONSerializer when nil): e.JSONSerializer =
// frameworks.EchoSerializer{}. c.JSON and c.Bind then reach the codecs.
type EchoSerializer struct{ Fallback echo.JSONSerializer }

func (s EchoSerializer) fallback() echo.JSONSerializer {
	if s.Fallback != nil {
		return s.Fallback
	}
	return echo.DefaultJSONSerializer{}
}

// Serialize writes i to c's response; indented output (c.JSONPretty) goes
// to Fallback.
func (s EchoSerializer) Serialize(c echo.Context, i any, indent string) error {
	v, ok := i.(oasrt.Encoder)
	if !ok || indent != "" {
		return s.fallback().Serialize(c, i, indent)
	}
	w := oasrt.GetWriter()
	defer oasrt.ReleaseWriter(w)
	v.EncodeJSON(w)
	if err := w.Err(); err != nil {
		return err
	}
	_, err := c.Response().Write(w.Buf)
	return err
}

// Deserialize reads c's request body into i. An error from the codec
// becomes a 400 whose message names the JSON path and offset.
func (s EchoSerializer) Deserialize(c echo.Context, i any) error {
	v, ok := i.(oasrt.Decoder)
	if !ok {
		return s.fallback().Deserialize(c, i)
	}
	if err := ReadJSON(c.Request(), v); err != nil {
		var oe *oasrt.Error
		if errors.As(err, &oe) {
			return echo.NewHTTPError(http.StatusBadRequest, err.Error()).SetInternal(err)
		}
		return err
	}
	return nil
}
