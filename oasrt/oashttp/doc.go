// Package oashttp is the HTTP half of oasgen's runtime: what a generated
// server and client are made of, and what their users configure.
//
// Users meet it through options: ServerOption values (WithLogger,
// WithMaxBodyBytes, WithMiddleware...) given to a generated NewServer,
// ClientOption values (WithTimeout, WithRetry, WithTokenSource...) given to
// a generated NewClient, and CallOption values given to one call. Errors a
// server answers with are Problems (RFC 9457); errors a client returns are
// a *StatusError for an undocumented status, a *ParamError or *BodyError
// for a request it refused to send, and the decoding errors of oasrt.
// NewHTTPServer returns an http.Server with safe timeouts and limits.
//
// The rest (ServerConfig, ClientConfig, Request and the functions that
// take them) is called by generated code, which it keeps small: parameter
// parsing and encoding, content negotiation, body limits, streaming and
// event framing, security checks, retries.
package oashttp
