package oashttp

import (
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"syscall"
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

// normal returns p with its defaults filled in.
func (p RetryPolicy) normal() RetryPolicy {
	if p.MaxAttempts <= 0 {
		p.MaxAttempts = DefaultMaxAttempts
	}
	if p.Statuses == nil {
		p.Statuses = DefaultRetryStatuses
	}
	if p.MinBackoff <= 0 {
		p.MinBackoff = DefaultMinBackoff
	}
	if p.MaxBackoff <= 0 {
		p.MaxBackoff = max(DefaultMaxBackoff, p.MinBackoff)
	}
	if p.MaxRetryAfter <= 0 {
		p.MaxRetryAfter = DefaultMaxRetryAfter
	}
	return p
}

// over returns p with its zero fields taken from base.
func (p *RetryPolicy) over(base *RetryPolicy) *RetryPolicy {
	q := *p
	if q.MaxAttempts <= 0 {
		q.MaxAttempts = base.MaxAttempts
	}
	if q.Statuses == nil {
		q.Statuses = base.Statuses
	}
	if q.MinBackoff <= 0 {
		q.MinBackoff = base.MinBackoff
	}
	if q.MaxBackoff <= 0 {
		q.MaxBackoff = max(base.MaxBackoff, q.MinBackoff)
	}
	if q.MaxRetryAfter <= 0 {
		q.MaxRetryAfter = base.MaxRetryAfter
	}
	q.NonIdempotent = q.NonIdempotent || base.NonIdempotent
	if q.Sleep == nil {
		q.Sleep = base.Sleep
	}
	return &q
}

// retriesStatus reports whether p retries a response of status code.
func (p *RetryPolicy) retriesStatus(code int) bool {
	for _, s := range p.Statuses {
		if s == code {
			return true
		}
	}
	return false
}

// backoff is the wait before attempt n+1 after attempt n (n >= 1).
func (p *RetryPolicy) backoff(n int) time.Duration {
	limit := p.MaxBackoff
	if n-1 < 62 && p.MinBackoff <= p.MaxBackoff>>(n-1) {
		limit = p.MinBackoff << (n - 1)
	}
	return time.Duration(rand.Int64N(int64(limit) + 1))
}

// idempotent reports whether a request of method may be sent twice with
// the effect of once (RFC 9110 section 9.2.2), or says so with an
// Idempotency-Key header.
func idempotent(method string, h http.Header) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodTrace, http.MethodPut, http.MethodDelete:
		return true
	}
	return h.Get("Idempotency-Key") != ""
}

// retryAfter parses a Retry-After header (RFC 9110 section 10.2.3):
// seconds, or an HTTP date, as a wait from now.
func retryAfter(s string, now time.Time) (time.Duration, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, false
	}
	if n, err := strconv.ParseUint(s, 10, 32); err == nil {
		return time.Duration(n) * time.Second, true
	}
	t, err := http.ParseTime(s)
	if err != nil {
		return 0, false
	}
	return max(t.Sub(now), 0), true
}

// retryableError reports whether err, from sending a request, is a
// connection's failure that another attempt may not meet: refused, reset,
// closed early, timed out. Certificate errors, redirect errors, an
// address a client refuses (AddrError) and the call's own context are not.
func retryableError(err error) bool {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err // a *url.Error is a net.Error whatever it wraps
	}
	var ae *AddrError
	if errors.Is(err, context.Canceled) || errors.As(err, &ae) {
		return false // a refused address is refused again
	}
	var ne net.Error
	return errors.As(err, &ne) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.EPIPE)
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

// attemptsError is err after the earlier attempts' errors prev.
func attemptsError(prev []error, err error) error {
	if len(prev) == 0 {
		return err
	}
	return &RetryError{Attempts: append(prev, err)}
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// send sends hr, the request of a call running under ctx, trying again
// as p allows; the response's body closes what the call holds (see
// callBody).
func (c *ClientConfig) send(ctx context.Context, hr *http.Request, p *RetryPolicy, attemptTimeout time.Duration, cancel context.CancelFunc) (*http.Response, error) {
	attempts := p.MaxAttempts
	if attempts > 1 && (!p.NonIdempotent && !idempotent(hr.Method, hr.Header) || hr.Body != nil && hr.GetBody == nil) {
		attempts = 1 // not idempotent, or a streamed body that cannot be sent again
	}
	var prev []error
	for n := 1; ; n++ {
		r := hr
		if n > 1 {
			r = hr.Clone(ctx)
			if hr.GetBody != nil {
				body, err := hr.GetBody()
				if err != nil {
					return nil, c.ended(attemptsError(prev, err), cancel)
				}
				r.Body = body
			}
		}
		if c.Tokens != nil {
			tok, err := c.Tokens.Token()
			if err != nil {
				closeReader(r.Body)
				return nil, c.ended(attemptsError(prev, &CredentialsError{Err: err}), cancel)
			}
			r.Header.Set("Authorization", tok.authorization())
		}
		var attemptCancel context.CancelFunc
		if attemptTimeout > 0 {
			var actx context.Context
			actx, attemptCancel = context.WithTimeout(ctx, attemptTimeout)
			r = r.WithContext(actx)
		}
		resp, err := c.HTTPClient.Do(r)
		var wait time.Duration
		if err != nil {
			if attemptCancel != nil {
				attemptCancel()
			}
			if n >= attempts || ctx.Err() != nil || !retryableError(err) {
				return nil, c.ended(attemptsError(prev, err), cancel)
			}
			prev = append(prev, err)
			wait = p.backoff(n)
		} else {
			if n >= attempts || !p.retriesStatus(resp.StatusCode) {
				if attemptCancel != nil || cancel != nil || prev != nil {
					resp.Body = &callBody{ReadCloser: resp.Body, cancel: cancel, attemptCancel: attemptCancel, prev: prev}
				}
				return resp, nil
			}
			var ok bool
			if wait, ok = retryAfter(resp.Header.Get("Retry-After"), time.Now()); !ok {
				wait = p.backoff(n)
			}
			if wait > p.MaxRetryAfter || !fits(ctx, wait) {
				// The server asks for a longer wait than the policy
				// allows, or the call would time out waiting: the
				// answer is the call's.
				resp.Body = &callBody{ReadCloser: resp.Body, cancel: cancel, attemptCancel: attemptCancel, prev: prev}
				return resp, nil
			}
			e := c.statusError(resp, errorBodyPrefix)
			resp.Body.Close()
			if attemptCancel != nil {
				attemptCancel()
			}
			prev = append(prev, e)
		}
		if !fits(ctx, wait) {
			// The call would time out waiting: the last error is its.
			return nil, c.ended(attemptsError(prev[:len(prev)-1], prev[len(prev)-1]), cancel)
		}
		sleepFn := p.Sleep
		if sleepFn == nil {
			sleepFn = sleep
		}
		if err := sleepFn(ctx, wait); err != nil {
			return nil, c.ended(&RetryError{Attempts: append(prev, err)}, cancel)
		}
	}
}

// fits reports whether ctx leaves time to wait d.
func fits(ctx context.Context, d time.Duration) bool {
	dl, ok := ctx.Deadline()
	return !ok || time.Until(dl) > d
}

// ended runs cancel, if any, and returns err.
func (c *ClientConfig) ended(err error, cancel context.CancelFunc) error {
	if cancel != nil {
		cancel()
	}
	return err
}

// callBody is the body of a call's response: closing it ends the call's
// and the attempt's timeouts, and it keeps the errors of the attempts
// before it, which a *StatusError made from the response lists.
type callBody struct {
	io.ReadCloser
	cancel, attemptCancel context.CancelFunc
	prev                  []error
}

func (b *callBody) Close() error {
	err := b.ReadCloser.Close()
	if b.attemptCancel != nil {
		b.attemptCancel()
	}
	if b.cancel != nil {
		b.cancel()
	}
	return err
}
