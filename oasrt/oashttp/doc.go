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
// ServerConfig, ClientConfig and Request are the engine a generated
// Server and Client hold: their methods keep the state the options set
// (limits, middleware, retries, hooks) and do what every operation shares,
// content negotiation, body limits, streaming and event framing, security
// checks, retries. The helpers only generated code calls (parameter parsing
// and encoding, path matching, response writing) live in
// oasrt/oashttp/oashttpimpl, which promises nothing beyond the
// generated-code contract (oasimpl.Version).
package oashttp
