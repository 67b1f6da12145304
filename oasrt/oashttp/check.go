package oashttp

// Response checks: with WithResponseCheck, a generated server decodes each
// JSON response body it encoded with the body's own validating decoder
// before sending it, so a handler's value that breaks the spec (a number
// past its maximum, a missing required property) is a 500 and a log
// record rather than a success the client then rejects. It costs a second
// pass over every body: for tests and staging, not for production.
// Streamed bodies and bodies that are not JSON are not checked.

// WithResponseCheck turns the response checks on.
func WithResponseCheck() ServerOption {
	return func(c *ServerConfig) { c.CheckResponses = true }
}

// ResponseCheckError reports a response body that breaks the spec: a 500
// whose cause is logged, not sent.
type ResponseCheckError struct {
	Status int // the status the handler answered
	Err    error
}

func (e *ResponseCheckError) Error() string {
	return "the handler's response breaks the spec: " + e.Err.Error()
}

func (e *ResponseCheckError) Unwrap() error { return e.Err }
