package oashttp

import (
	"net/http"
	"time"
)

// CallOption sets an option of one call of a generated client: the last
// parameter of every client method. Calls given none cost nothing more.
type CallOption func(*CallConfig)

// CallConfig is the configuration of one call, set by its CallOptions.
type CallConfig struct {
	// Header holds the headers set over the generated ones (CallHeader).
	Header http.Header
	// Timeout bounds the call in place of the client's (CallTimeout); 0
	// means the client's, a negative value no bound.
	Timeout time.Duration
	// Retry is the call's retry policy over the client's (CallRetry); nil
	// means the client's.
	Retry *RetryPolicy
	// Response, when set, receives the call's last response
	// (CallResponse).
	Response **http.Response
	// URL, when set, is where the call goes instead of its operation's
	// path (CallURL).
	URL string
	// MaxPages bounds the pages of a walk in place of the client's
	// (CallMaxPages); 0 means the client's.
	MaxPages int
}

// CallHeader sets header key to value on the call's request, over the
// generated one of that name.
func CallHeader(key, value string) CallOption {
	return func(c *CallConfig) {
		if c.Header == nil {
			c.Header = http.Header{}
		}
		c.Header.Set(key, value)
	}
}

// CallIdempotencyKey sends key as the call's Idempotency-Key header: the
// server is to act once on requests carrying the same key, so the call is
// retried even when its method (POST, PATCH) is not idempotent.
func CallIdempotencyKey(key string) CallOption {
	return CallHeader("Idempotency-Key", key)
}

// CallTimeout bounds the call, all its attempts and reading the response
// included, in place of the client's timeout; 0 means no bound but the
// context's.
func CallTimeout(d time.Duration) CallOption {
	return func(c *CallConfig) {
		c.Timeout = d
		if d <= 0 {
			c.Timeout = -1
		}
	}
}

// CallRetry sets the call's retry policy: its zero fields are the
// client's (so RetryPolicy{MaxAttempts: 5} changes the count alone).
func CallRetry(p RetryPolicy) CallOption {
	return func(c *CallConfig) { c.Retry = &p }
}

// CallWithoutRetry makes the call one attempt.
func CallWithoutRetry() CallOption {
	return CallRetry(RetryPolicy{MaxAttempts: 1})
}

// CallResponse stores the call's *http.Response in *dst, for its status
// and headers (those the operation declares are fields of the result
// already): the last attempt's response, or nil when none came. Its body
// has been read and closed by the time the call returns.
func CallResponse(dst **http.Response) CallOption {
	return func(c *CallConfig) { c.Response = dst }
}
