package oashttp

import (
	"net/http"
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
