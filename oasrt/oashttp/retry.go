package oashttp

import (
	"context"
	"strconv"
	"strings"
	"time"
)

// Defaults of a RetryPolicy's zero fields.
const (
	DefaultMaxAttempts   = 3
	DefaultMinBackoff    = 500 * time.Millisecond
	DefaultMaxBackoff    = 8 * time.Second
	DefaultMaxRetryAfter = 30 * time.Second
)

// DefaultRetryStatuses are the response statuses a call is retried on
// when its RetryPolicy names none: 408 Request Timeout, 429 Too Many
// Requests, and the 5xx statuses of a server or gateway that may answer
// differently a moment later (500, 502, 503, 504).
var DefaultRetryStatuses = []int{408, 429, 500, 502, 503, 504}

// RetryPolicy says when and how a generated client tries a call again.
// A call is retried on a connection error (refused, reset, closed before
// the response, an attempt's timeout) or on one of Statuses, and only
// when it is idempotent (RFC 9110 section 9.2.2: GET, HEAD, OPTIONS,
// TRACE, PUT, DELETE) or carries an Idempotency-Key header, unless
// NonIdempotent is set; and only when its body can be sent again from its
// source: encoded bodies (JSON, forms) are replayed, streamed ones are not
// retried. The zero value of each field means its default.
type RetryPolicy struct {
	// MaxAttempts is the number of attempts, the first included: 1 turns
	// retries off; 0 means DefaultMaxAttempts.
	MaxAttempts int
	// Statuses are the response statuses retried; nil means
	// DefaultRetryStatuses, an empty non-nil slice none.
	Statuses []int
	// MinBackoff and MaxBackoff bound the wait before a retry: before
	// attempt n+1 it is a random duration in [0, min(MaxBackoff,
	// MinBackoff*2^(n-1))] ("full jitter"), unless the response says
	// Retry-After.
	MinBackoff, MaxBackoff time.Duration
	// MaxRetryAfter caps a response's Retry-After (seconds or an HTTP
	// date): a server asking for a longer wait gets its response returned,
	// not a retry. 0 means DefaultMaxRetryAfter.
	MaxRetryAfter time.Duration
	// NonIdempotent retries methods that are not idempotent (POST, PATCH)
	// without an Idempotency-Key too: the server may then act twice.
	NonIdempotent bool
	// Sleep waits d before a retry, returning early with ctx's error; nil
	// means a timer. Tests set it to record the waits.
	Sleep func(ctx context.Context, d time.Duration) error
}

// WithRetry sets the client's retry policy; the default is the zero
// RetryPolicy (3 attempts, DefaultRetryStatuses, idempotent calls only).
func WithRetry(p RetryPolicy) ClientOption {
	return func(c *ClientConfig) { c.Retry = p }
}

// WithoutRetry turns retries off: every call is one attempt.
func WithoutRetry() ClientOption {
	return func(c *ClientConfig) { c.Retry = RetryPolicy{MaxAttempts: 1} }
}

// WithAttemptTimeout bounds each attempt of a call, reading the response
// of the last one included; an attempt that times out is retried as a
// connection error is. The default, 0, bounds attempts only by the
// call's timeout (WithTimeout) and its context.
func WithAttemptTimeout(d time.Duration) ClientOption {
	return func(c *ClientConfig) { c.AttemptTimeout = max(d, 0) }
}

// RetryError is the error of a call that failed after more than one
// attempt: Attempts holds each attempt's error in order, the last one why
// the call ended. errors.Is and errors.As look into every attempt.
type RetryError struct {
	Attempts []error
}

func (e *RetryError) Error() string {
	var b strings.Builder
	b.WriteString(e.Attempts[len(e.Attempts)-1].Error())
	b.WriteString(" (")
	b.WriteString(strconv.Itoa(len(e.Attempts)))
	b.WriteString(" attempts: ")
	for i, err := range e.Attempts[:len(e.Attempts)-1] {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(err.Error())
	}
	b.WriteString(")")
	return b.String()
}

func (e *RetryError) Unwrap() []error { return e.Attempts }
