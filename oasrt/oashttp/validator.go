package oashttp

import (
	"errors"
	"strconv"
	"strings"
	"sync/atomic"
)

// Validators: a generated package with the validator part has a
// NewValidator function, middleware that checks each request against the
// spec with the generated router and decoders before the handler it wraps
// sees it, and a NewContractTransport function, an http.RoundTripper that
// checks the requests a client sends and the responses it receives. Both
// are configured with ValidatorOptions.

// ValidatorConfig is the configuration of a generated validator, set by
// ValidatorOptions.
type ValidatorConfig struct {
	// Server holds the limits, error writer and logger, which are the
	// server's (WithServerOptions): a request the generated server would
	// refuse is refused with the same status and problem.
	Server ServerConfig
	// RefuseUnknown answers requests that match no operation with 404, or
	// 405 for a method the path does not have; by default they are passed
	// on unchecked.
	RefuseUnknown bool
	// ReportOnly logs and counts the requests that break the spec and
	// passes them on instead of answering them.
	ReportOnly bool
	// CheckResponses checks the status and JSON body of each response
	// against the operation's declared responses.
	CheckResponses bool
	// Violations, when not nil, counts the requests and responses found
	// to break the spec.
	Violations *atomic.Int64
	// BasePath is the path the operations' paths are below in the URLs a
	// contract transport sees (WithBasePath).
	BasePath string
}

// ValidatorOption configures a generated validator or contract transport.
type ValidatorOption func(*ValidatorConfig)

// WithServerOptions applies server options to a validator: those of the
// request limits (WithMaxBodyBytes, WithMaxDepth, WithMaxQueryParams), the
// error writer (WithErrorWriter) and the logger (WithLogger). The others
// (middleware, response checks, streams) have no effect on a validator.
func WithServerOptions(opts ...ServerOption) ValidatorOption {
	return func(c *ValidatorConfig) {
		for _, o := range opts {
			o(&c.Server)
		}
	}
}

// WithUnknownRoutesRefused makes a validator answer a request that
// matches no operation with 404 Not Found, or 405 Method Not Allowed when
// the path has other methods, as the generated server does. Without it
// such requests are passed on unchecked.
func WithUnknownRoutesRefused() ValidatorOption {
	return func(c *ValidatorConfig) { c.RefuseUnknown = true }
}

// WithReportOnly makes a validator log (level WARN, "request breaks the
// spec") and count (WithViolationCount) a request that breaks the spec
// and pass it on, instead of answering it. A request whose body could not
// be read whole (past the body limit, cut short, a broken gzip stream) is
// still answered: its bytes are gone.
func WithReportOnly() ValidatorOption {
	return func(c *ValidatorConfig) { c.ReportOnly = true }
}

// WithResponseValidation makes a validator check each response: its
// status must be one the operation declares and, for a JSON body of at
// most the body limit, the body must decode with the operation's
// validating decoder. A violation is logged (level ERROR, "response
// breaks the spec") and, unless WithReportOnly, replaced by a 500 problem.
// JSON bodies are held until the handler returns; a body past the body
// limit, or one the handler flushes, is sent as it comes and not checked.
func WithResponseValidation() ValidatorOption {
	return func(c *ValidatorConfig) { c.CheckResponses = true }
}

// WithViolationCount makes a validator add one to n for every request or
// response it finds breaking the spec.
func WithViolationCount(n *atomic.Int64) ValidatorOption {
	return func(c *ValidatorConfig) { c.Violations = n }
}

// WithBasePath makes a contract transport route the path of each request
// without prefix, the path of the server's URL that the spec's paths are
// relative to ("/api/v3"). Middleware mounted under a prefix is given the
// rest of the path with http.StripPrefix instead.
func WithBasePath(prefix string) ValidatorOption {
	return func(c *ValidatorConfig) { c.BasePath = strings.TrimSuffix(prefix, "/") }
}

// ErrUndeclaredStatus is the cause of a ResponseCheckError or
// ContractError for a response status the operation does not declare.
var ErrUndeclaredStatus = errors.New("the operation declares no response with this status")

// ContractError reports a request or response that breaks the spec, found
// by a generated contract transport.
type ContractError struct {
	// Operation is the operationId, or "" for a request that matches no
	// operation.
	Operation string
	// Response is set for an error in the response, Status its status.
	Response bool
	Status   int
	// Err is the violation: a *ParamError, *BodyError (with the JSON path
	// and offset of a body), *MediaTypeError, *SecurityError,
	// *MethodError, ErrNotFound, or for a response ErrUndeclaredStatus or
	// an *Error of the body.
	Err error
}

func (e *ContractError) Error() string {
	s := "contract: "
	if e.Operation != "" {
		s += "operation " + e.Operation + ": "
	}
	if e.Response {
		s += "response " + strconv.Itoa(e.Status) + ": "
	} else {
		s += "request: "
	}
	return s + e.Err.Error()
}

func (e *ContractError) Unwrap() error { return e.Err }
