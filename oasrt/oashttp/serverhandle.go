package oashttp

import (
	"net/http"

	"github.com/oasgen/oasgen/oasrt"
)

// Handler helpers: the steps of a generated server's handle method that
// are the same in every operation.

// Accepts reports whether the Accept header of r takes one of offers, the
// media types the operation responds with (see Acceptable). When it does
// not, it answers 406 Not Acceptable.
func (c *ServerConfig) Accepts(w http.ResponseWriter, r *http.Request, offers []string) bool {
	accept := r.Header.Get("Accept")
	if Acceptable(accept, offers) {
		return true
	}
	c.Error(w, r, &NotAcceptableError{Accept: accept, Offers: offers})
	return false
}

// JSONRequest reads the JSON request body of r (see ServerConfig.JSONBody)
// into a new T with decode, T's validating decoder. It returns nil without
// an error when an optional body is absent. A body that is not JSON is a
// 400; one that breaks the schema is answered with status invalid (see
// Body.Fail).
func JSONRequest[T any](c *ServerConfig, r *http.Request, required bool, invalid int, decode func(*T, *oasrt.Reader) error) (*T, error) {
	rb, err := c.JSONBody(r, required)
	if rb == nil || err != nil {
		return nil, err
	}
	v := new(T)
	err = decode(v, &rb.Reader)
	if err == nil {
		err = rb.Reader.End()
	}
	if err != nil {
		err = rb.Fail(err, invalid)
	}
	rb.Release()
	if err != nil {
		return nil, err
	}
	return v, nil
}

// Done ends the request r to operation operationID once its handler has
// returned and its result, if any, was written: err is the handler's
// error or the result's, and none says the handler returned no result. An
// error is answered and logged (HandlerError); no result and no error is
// ErrNoResponse.
func (c *ServerConfig) Done(w http.ResponseWriter, r *http.Request, operationID string, none bool, err error) {
	if err == nil && none {
		err = ErrNoResponse
	}
	if err != nil {
		c.HandlerError(w, r, operationID, err)
	}
}
