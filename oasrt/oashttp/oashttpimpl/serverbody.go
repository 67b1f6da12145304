package oashttpimpl

import (
	"net/http"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/oasrt/oashttp/internal/query"
	"github.com/oasgen/oasgen/oasrt/oasimpl"
)

// JSONRequest reads the JSON request body of r (see Server.JSONBody)
// into a new T with decode, T's validating decoder. It returns nil without
// an error when an optional body is absent. A body that is not JSON is a
// 400; one that breaks the schema is answered with status invalid (see
// Body.Fail).
func JSONRequest[T any](c *Server, r *http.Request, required bool, invalid int, decode func(*T, *oasimpl.Reader) error) (*T, error) {
	rb, err := c.JSONBody(r, required)
	if rb == nil || err != nil {
		return nil, err
	}
	v := new(T)
	_, err = BodyValidated(rb, decode(v, &rb.Reader), invalid)
	rb.Release()
	if err != nil {
		return nil, err
	}
	return v, nil
}

// FormEncode encodes name/value pairs as an
// application/x-www-form-urlencoded body.
func FormEncode(pairs []string) []byte {
	var b []byte
	for i := 0; i+1 < len(pairs); i += 2 {
		b = query.Append(b, pairs[i], true, ',', pairs[i+1])
	}
	if b == nil {
		b = []byte{}
	}
	return b
}

// CheckResponse decodes the body w holds with decode, which checks the
// schema, and returns a *ResponseCheckError when it fails.
func CheckResponse(status int, w *oasimpl.Writer, decode func(r *oasimpl.Reader) error) error {
	var r oasimpl.Reader
	r.Reset(w.Buf)
	r.Direction = oasimpl.InResponse
	err := decode(&r)
	if err == nil {
		err = r.End()
	}
	if err != nil {
		return &oashttp.ResponseCheckError{Status: status, Err: err}
	}
	return nil
}
