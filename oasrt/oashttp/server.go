package oashttp

import (
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// DefaultMaxBodyBytes is the default limit on a request body a generated
// server reads: 8 MiB.
const DefaultMaxBodyBytes = 8 << 20

// Middleware is the standard net/http middleware form.
type Middleware = func(http.Handler) http.Handler

// ServerConfig is the configuration of a generated server, set by
// ServerOptions. Generated servers build it once, in NewServer.
type ServerConfig struct {
	// MaxBodyBytes bounds request bodies; larger ones get 413 before they
	// are read, when they declare their length, or as soon as they pass
	// it. 0 means DefaultMaxBodyBytes.
	MaxBodyBytes int64
	// MaxDepth bounds the nesting of JSON request bodies; 0 means
	// DefaultMaxDepth.
	MaxDepth int
	// ErrorWriter writes every error response; nil means WriteError.
	ErrorWriter ErrorWriter
	// MaxQueryParams bounds the name=value pairs of a query; more get 400
	// before any is parsed. 0 means DefaultMaxQueryParams.
	MaxQueryParams int
	// MaxMultipartMemory bounds the bytes of a multipart/form-data body
	// held in memory (see WithMaxMultipartMemory). 0 means
	// DefaultMaxMultipartMemory.
	MaxMultipartMemory int64
	// Logger receives a record for every panic, every error a handler
	// returns and every response aborted after it started (see
	// WithLogger); nil means slog.Default() at the time of the record.
	Logger *slog.Logger
	// CheckResponses makes the server check its JSON responses against
	// the spec before sending them (WithResponseCheck).
	CheckResponses bool
	// Heartbeat is the interval of the comment lines an event stream
	// gets while it has nothing to send (WithHeartbeat); 0 means
	// DefaultHeartbeat, a negative value none.
	Heartbeat time.Duration
	// EventWriteTimeout bounds each write of an event stream
	// (WithEventWriteTimeout); 0 means StreamWriteTimeout.
	EventWriteTimeout time.Duration
	// MaxItemBytes bounds one line or record of a sequence request body
	// (WithMaxRequestItemBytes); 0 means DefaultMaxItemBytes.
	MaxItemBytes int
	// Middleware wraps the whole server, the first outermost
	// (WithMiddleware).
	Middleware []Middleware
	// OperationMiddleware wraps operations by operationId
	// (WithOperationMiddleware).
	OperationMiddleware map[string][]Middleware
	// TagMiddleware wraps the operations of a tag (WithTagMiddleware).
	TagMiddleware map[string][]Middleware
	// PrefixMiddleware wraps the operations under a path prefix
	// (WithPathPrefixMiddleware).
	PrefixMiddleware []PrefixMiddleware
	// EachOperation gives the middleware of each operation
	// (WithEachOperation).
	EachOperation []func(operationID string) Middleware
}

// PrefixMiddleware is middleware for the operations whose path template
// starts with Prefix (WithPathPrefixMiddleware).
type PrefixMiddleware struct {
	Prefix     string
	Middleware []Middleware
}

// ServerOption configures a generated server.
type ServerOption func(*ServerConfig)

// WithMaxBodyBytes sets the request body limit in bytes.
func WithMaxBodyBytes(n int64) ServerOption {
	return func(c *ServerConfig) { c.MaxBodyBytes = n }
}

// WithMaxDepth sets the nesting limit of JSON request bodies.
func WithMaxDepth(n int) ServerOption {
	return func(c *ServerConfig) { c.MaxDepth = n }
}

// WithErrorWriter replaces the writer of error responses.
func WithErrorWriter(ew ErrorWriter) ServerOption {
	return func(c *ServerConfig) { c.ErrorWriter = ew }
}

// WithMiddleware wraps the whole server, routing included, so it also sees
// requests that end in 404 or 405. The first middleware is the outermost.
func WithMiddleware(mw ...Middleware) ServerOption {
	return func(c *ServerConfig) { c.Middleware = append(c.Middleware, mw...) }
}

// WithOperationMiddleware wraps one operation, named by its operationId.
// NewServer panics on an operationId the spec does not have, so that a typo
// cannot leave an operation unwrapped.
func WithOperationMiddleware(operationID string, mw ...Middleware) ServerOption {
	return func(c *ServerConfig) {
		if c.OperationMiddleware == nil {
			c.OperationMiddleware = map[string][]Middleware{}
		}
		c.OperationMiddleware[operationID] = append(c.OperationMiddleware[operationID], mw...)
	}
}

// WithTagMiddleware wraps every operation that has the tag.
func WithTagMiddleware(tag string, mw ...Middleware) ServerOption {
	return func(c *ServerConfig) {
		if c.TagMiddleware == nil {
			c.TagMiddleware = map[string][]Middleware{}
		}
		c.TagMiddleware[tag] = append(c.TagMiddleware[tag], mw...)
	}
}

// WithPathPrefixMiddleware wraps every operation whose path template (as in
// the spec, for example "/admin/") starts with prefix: per-group middleware
// without nesting routers.
func WithPathPrefixMiddleware(prefix string, mw ...Middleware) ServerOption {
	return func(c *ServerConfig) {
		c.PrefixMiddleware = append(c.PrefixMiddleware, PrefixMiddleware{prefix, mw})
	}
}

// WithEachOperation wraps every operation in the middleware mw returns for
// its operationId, so that logging, metrics or tracing know the operation
// without looking it up per request. mw is called once per operation, in
// NewServer; a nil result leaves the operation unwrapped.
func WithEachOperation(mw func(operationID string) Middleware) ServerOption {
	return func(c *ServerConfig) { c.EachOperation = append(c.EachOperation, mw) }
}

// WithMaxQueryParams sets the limit on query parameters per request.
func WithMaxQueryParams(n int) ServerOption {
	return func(c *ServerConfig) { c.MaxQueryParams = n }
}

// DefaultMaxQueryParams is the default limit on the name=value pairs of a
// request's query.
const DefaultMaxQueryParams = 1000

// ErrTooManyParams is the cause of the 400 for a query over the limit.
var ErrTooManyParams = errors.New("too many query parameters")

// RawBody is a request body the generated code does not decode: its
// Content-Type and a reader limited to the server's body limit. Its read
// errors are a *TooLargeError's cause past the limit (413) and a
// *BodyError otherwise (400: a body cut short, a broken gzip stream), so a
// handler can return them as they come.
type RawBody struct {
	ContentType string
	Body        io.Reader
}

// EncodingError reports a request Content-Encoding the server cannot undo:
// a 415 (RFC 9110, section 15.5.16).
type EncodingError struct {
	Got string
}

func (e *EncodingError) Error() string {
	return "content encoding " + strconv.Quote(e.Got) + " is not supported; send gzip or none"
}

// NotAcceptableError reports a request whose Accept header admits none of
// the media types the operation responds with (406).
type NotAcceptableError struct {
	Accept string
	Offers []string
}

func (e *NotAcceptableError) Error() string {
	return "Accept " + strconv.Quote(e.Accept) + " admits none of " + strings.Join(e.Offers, ", ")
}

// BodyChunk is the size a request body's buffer starts at when the body
// declares a larger length: the memory a request costs before its bytes
// arrive.
const BodyChunk = 16 << 10

// CompressMin is the size from which a response body is gzip-compressed
// for a client that accepts it: below about one packet it saves nothing.
const CompressMin = 1400
