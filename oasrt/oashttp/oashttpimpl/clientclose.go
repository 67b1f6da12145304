package oashttpimpl

import (
	"net/http"

	"github.com/oasgen/oasgen/oasrt/oashttp"
)

// CloseBody closes a response body. It does not drain it: a body the
// client decoded to its end has given back its connection already, and one
// it stopped reading (a decoding error, a streamed response left early)
// comes from a server that may be slow or stalled, so draining it would
// hold the error until the server sends or the timeout ends the call. The
// connection of such a body is closed rather than reused.
//
//go:noinline
func CloseBody(resp *http.Response) {
	resp.Body.Close()
}

// ResponseError wraps an error met decoding the response of the given
// status.
func ResponseError(status int, err error) error {
	return &oashttp.StatusError{StatusCode: status, Err: err}
}
