// Package oashttpimpl is for code that oasgen generates, and for nothing
// else: the engine of its servers (Server: middleware, body readers,
// content negotiation, error responses, logging and recovery), clients
// (Client: sending with retries, reading responses, pages, event streams)
// and validators (HTTPValidator), over the configuration oashttp's options
// set; and the helpers its routers, servers and clients call to match path
// templates, parse and encode path, query and header parameters, read
// credentials, write response bodies, sequences and events, and pick a
// response's media type.
//
// Nothing here is covered by a compatibility promise beyond the
// generated-code contract (oasimpl.Version): a name may change or go
// whenever the contract changes. Write code against oasrt/oashttp (server
// and client options, Problem, middleware, the errors a client returns)
// instead.
package oashttpimpl
