package oashttp

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
)

// Logging: a generated server logs through log/slog what the client is
// not told: a handler's panic, with its stack; an error a handler returns,
// with its text; a response that failed after it started and was aborted.
// The client gets the status and, for a 500, nothing of the cause.

// WithLogger sets the logger of the server's records; without it, they go
// to slog.Default().
func WithLogger(l *slog.Logger) ServerOption {
	return func(c *ServerConfig) { c.Logger = l }
}

func (c *ServerConfig) logger() *slog.Logger {
	if c.Logger != nil {
		return c.Logger
	}
	return slog.Default()
}

// Recover turns a panic in the handler chain into a 500 written by the
// ErrorWriter, and logs it without an operation; the server goes on
// serving. http.ErrAbortHandler is re-panicked, as net/http expects.
// Generated servers defer their own recover, which names the operation
// (Recovered).
func (c *ServerConfig) Recover(w http.ResponseWriter, r *http.Request) {
	if v := recover(); v != nil {
		c.recovered(w, r, "", v)
	}
}

// Recovered handles v, a panic recovered while serving r, in the
// operation named ("" when the panic was outside one): a 500 written by
// the ErrorWriter and a log record with the stack. A panic, or an error,
// once a streamed response has started (WriteStream) aborts the response
// (http.ErrAbortHandler) after logging it: the client sees a broken
// response, never an error body after a success status.
// http.ErrAbortHandler itself is re-panicked.
func (c *ServerConfig) Recovered(w http.ResponseWriter, r *http.Request, operationID string, v any) {
	c.recovered(w, r, operationID, v)
}

func (c *ServerConfig) recovered(w http.ResponseWriter, r *http.Request, operationID string, v any) {
	if v == http.ErrAbortHandler {
		panic(v)
	}
	if a, ok := v.(*aborted); ok {
		attrs := []slog.Attr{slog.String("operation", operationID), slog.Int("status", a.status)}
		if a.stack != nil {
			attrs = append(attrs, slog.String("error", fmt.Sprint("panic: ", a.panicked)), slog.String("stack", string(a.stack)))
		} else {
			attrs = append(attrs, slog.String("error", a.err.Error()))
		}
		level := slog.LevelError
		if a.conn {
			level = slog.LevelInfo // the client went away: not the server's failure
		}
		c.log(r, level, "response aborted after it started", attrs...)
		panic(http.ErrAbortHandler)
	}
	c.log(r, slog.LevelError, "handler panicked",
		slog.String("operation", operationID),
		slog.Int("status", http.StatusInternalServerError),
		slog.String("error", fmt.Sprint("panic: ", v)),
		slog.String("stack", string(debug.Stack())))
	c.ErrorWriter(w, r, &PanicError{Value: v})
}

// HandlerError writes the response for err, which the handler of the
// operation named returned (or its result failed to encode), and logs it:
// at level Error when the status is 500 or more, Debug otherwise (a 404 a
// handler chose is not a failure of the server).
func (c *ServerConfig) HandlerError(w http.ResponseWriter, r *http.Request, operationID string, err error) {
	var p Problem
	handlerProblem(&p, err)
	level := slog.LevelDebug
	if p.Status >= 500 {
		level = slog.LevelError
	}
	c.log(r, level, "handler returned an error",
		slog.String("operation", operationID),
		slog.Int("status", p.Status),
		slog.String("error", err.Error()))
	c.Error(w, r, &OperationError{Operation: operationID, Err: err})
}

// log writes one record, with the request's method and path, when the
// logger takes the level.
func (c *ServerConfig) log(r *http.Request, level slog.Level, msg string, attrs ...slog.Attr) {
	l := c.logger()
	ctx := context.Background()
	if r != nil {
		ctx = r.Context()
	}
	if !l.Enabled(ctx, level) {
		return
	}
	if r != nil {
		attrs = append(attrs, slog.String("method", r.Method), slog.String("path", r.URL.Path))
	}
	l.LogAttrs(ctx, level, msg, attrs...)
}

// aborted is the panic value that ends a response that has started and
// cannot become an error response: Recovered logs it and aborts the
// connection.
type aborted struct {
	status   int
	err      error  // what failed, for an error
	conn     bool   // err is the connection's: the client went away
	panicked any    // the panic's value, for a panic
	stack    []byte // the panic's stack; nil for an error
}

// abortStarted is deferred by the writers of responses whose body is
// produced while it is sent: a panic there, once the status is out,
// becomes an aborted response rather than a problem body after it.
func abortStarted(status int) {
	v := recover()
	if v == nil {
		return
	}
	if v == http.ErrAbortHandler {
		panic(v)
	}
	if a, ok := v.(*aborted); ok {
		panic(a)
	}
	panic(&aborted{status: status, panicked: v, stack: debug.Stack()})
}

// abortError ends a started response that failed with err; conn tells
// that writing to the client failed.
func abortError(status int, err error, conn bool) {
	panic(&aborted{status: status, err: err, conn: conn})
}
