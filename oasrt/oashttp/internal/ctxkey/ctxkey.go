// Package ctxkey holds the context keys that oashttp and oashttpimpl both
// read: the values generated code puts in a request's context, which
// oashttp's functions for handlers read back.
package ctxkey

import "time"

// Event is the key of an *EventRequest.
type Event struct{}

// EventRequest is what the context of a request for an event stream
// carries: the client's Last-Event-ID, the server's heartbeat and write
// timeout.
type EventRequest struct {
	LastID    string
	Heartbeat time.Duration
	Timeout   time.Duration
}

// Exchange is the key of the *oashttp.Exchange of a request whose
// operation has callbacks.
type Exchange struct{}
