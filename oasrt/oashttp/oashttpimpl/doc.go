// Package oashttpimpl is for code that oasgen generates, and for nothing
// else: the HTTP helpers its routers, servers and clients call to match
// path templates, parse and encode path, query and header parameters, read
// request bodies and credentials, write response bodies and sequences, and
// pick a response's media type.
//
// Nothing here is covered by a compatibility promise beyond the
// generated-code contract (oasimpl.Version): a name may change or go
// whenever the contract changes. Write code against oasrt/oashttp (server
// and client options, Problem, middleware, the errors a client returns)
// instead.
package oashttpimpl
