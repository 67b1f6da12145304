package oashttp

import (
	"context"
	"strconv"
	"time"

	"github.com/oasgen/oasgen/oasrt/oashttp/internal/ctxkey"
)

// Server-sent events (text/event-stream, the HTML Living Standard's
// "Server-sent events" section): the generated server writes the events a
// handler yields, each flushed as it is yielded, with comment lines as
// heartbeats; the generated client reads them as they arrive and
// reconnects after a dropped connection, sending Last-Event-ID.

// Event is one server-sent event whose data is a T.
type Event[T any] struct {
	// Data is the event's data, encoded as JSON by the generated codec
	// (or, for text data, written as it is, one data line per line).
	Data T
	// Event is the event's type (the event field); "" is "message".
	Event string
	// ID is the event's id (the id field); "" writes none. A client
	// yields the last id it saw, as the standard's lastEventId, and sends
	// it as Last-Event-ID when it reconnects.
	ID string
	// Retry, when positive, tells the client how long to wait before it
	// reconnects (the retry field, in milliseconds).
	Retry time.Duration
}

// DefaultHeartbeat is how often a server writes a comment line to an
// event stream that has nothing else to send, so proxies that close idle
// connections keep it open.
const DefaultHeartbeat = 15 * time.Second

// WithHeartbeat sets the interval of event stream heartbeats; a negative
// one sends none.
func WithHeartbeat(d time.Duration) ServerOption {
	return func(c *ServerConfig) { c.Heartbeat = d }
}

// WithEventWriteTimeout bounds each write of an event stream (an event or
// a heartbeat): one the client does not take within it, because it has
// stopped reading and the buffers between it and the server are full, cuts
// the connection between half of d and d after the write started. The
// default is StreamWriteTimeout.
func WithEventWriteTimeout(d time.Duration) ServerOption {
	return func(c *ServerConfig) { c.EventWriteTimeout = d }
}

// LastEventID returns the Last-Event-ID a client sent to resume an event
// stream, or "": the handler of an event stream starts after that event.
func LastEventID(ctx context.Context) string {
	if e, ok := ctx.Value(ctxkey.Event{}).(*ctxkey.EventRequest); ok {
		return e.LastID
	}
	return ""
}

// EventOptions configure how a generated client reads event streams.
type EventOptions struct {
	// NoReconnect makes a dropped connection end the iteration with an
	// error instead of reconnecting (WithoutEventReconnect).
	NoReconnect bool
	// Retry is the wait before reconnecting until the server sets one
	// with a retry field; 0 means DefaultEventRetry.
	Retry time.Duration
	// MaxReconnects bounds the reconnections in a row that bring no
	// event; 0 means DefaultMaxReconnects.
	MaxReconnects int
}

// DefaultEventRetry is the wait before a client reconnects to an event
// stream until the server sends a retry field.
const DefaultEventRetry = 3 * time.Second

// DefaultMaxReconnects bounds the reconnections in a row that bring no
// event before a client gives up on an event stream.
const DefaultMaxReconnects = 5

// MinEventRetry is the least wait before a client reconnects to an event
// stream, whatever the server's retry field or EventOptions.Retry says: a
// server answering "retry: 0" and dropping the connection at once would
// otherwise have it reconnect thousands of times a second.
const MinEventRetry = 100 * time.Millisecond

// MaxEventBackoff caps the wait before a reconnection as it doubles, unless
// the retry the server set is longer.
const MaxEventBackoff = 30 * time.Second

// ReconnectError is the error that ends an event stream when the client
// gives up reconnecting: MaxReconnects reconnections in a row brought no
// event. Err is the last one's error.
type ReconnectError struct {
	Reconnects int
	Err        error
}

func (e *ReconnectError) Error() string {
	return "oasrt: event stream: gave up after " + strconv.Itoa(e.Reconnects) + " reconnections in a row that brought no event: " + e.Err.Error()
}

func (e *ReconnectError) Unwrap() error { return e.Err }

// WithoutEventReconnect makes a generated client end an event stream at a
// dropped connection, with the error, instead of reconnecting.
func WithoutEventReconnect() ClientOption {
	return func(c *ClientConfig) { c.Events.NoReconnect = true }
}

// WithEventRetry sets the wait before reconnecting to an event stream
// until the server sends one, and the reconnections in a row without an
// event before giving up (0 keeps the default).
func WithEventRetry(wait time.Duration, maxReconnects int) ClientOption {
	return func(c *ClientConfig) {
		c.Events.Retry = wait
		c.Events.MaxReconnects = maxReconnects
	}
}

// WithMaxItemBytes bounds one item of a sequence response (a line, a
// record) and the data of one server-sent event.
func WithMaxItemBytes(n int) ClientOption {
	return func(c *ClientConfig) { c.MaxItemBytes = n }
}
