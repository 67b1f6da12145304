package oashttp

import (
	"net/http"
	"time"
)

// CallOption sets an option of one call of a generated client: the last
// parameter of every client method. Calls given none cost nothing more.
type CallOption func(*callOptions)

// callOptions are the options of one call.
type callOptions struct {
	header   http.Header
	timeout  time.Duration // 0: the client's; negative: none
	retry    *RetryPolicy
	response **http.Response
	url      string // CallURL
	maxPages int    // CallMaxPages, read by Pages
}

// newCallOptions applies opts; it is apart from Do so that a call without
// options does not allocate them.
func newCallOptions(opts []CallOption) *callOptions {
	c := new(callOptions)
	for _, o := range opts {
		o(c)
	}
	return c
}

// edit sets the call's headers on r.
func (c *callOptions) edit(r *http.Request) {
	for k, v := range c.header {
		r.Header[k] = v
	}
}

// CallHeader sets header key to value on the call's request, over the
// generated one of that name.
func CallHeader(key, value string) CallOption {
	return func(c *callOptions) {
		if c.header == nil {
			c.header = http.Header{}
		}
		c.header.Set(key, value)
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
	return func(c *callOptions) {
		c.timeout = d
		if d <= 0 {
			c.timeout = -1
		}
	}
}

// CallRetry sets the call's retry policy: its zero fields are the
// client's (so RetryPolicy{MaxAttempts: 5} changes the count alone).
func CallRetry(p RetryPolicy) CallOption {
	return func(c *callOptions) { c.retry = &p }
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
	return func(c *callOptions) { c.response = dst }
}
