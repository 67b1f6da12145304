package oashttp

import (
	"log/slog"
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
