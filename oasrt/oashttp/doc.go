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
// ServerConfig, ClientConfig, CallConfig and ValidatorConfig are what the
// options set, plain data a program may read. What a generated server and
// client do with them (reading and writing bodies, middleware, retries,
// pages, event streams, parameter parsing and encoding) lives in
// oasrt/oashttp/oashttpimpl, which only generated code imports and which
// promises nothing beyond the generated-code contract (oasimpl.Version).
package oashttp
