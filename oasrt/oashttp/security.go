package oashttp

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"net/http"

	"github.com/oasgen/oasgen/oasrt/oashttp/internal/query"
)

// Security: generated servers read the credentials of each security scheme
// an operation requires and pass them to the Handler's method for the
// scheme, which accepts them (returning the context the operation runs
// with) or not.

// ErrNoCredentials is the cause of a SecurityError for a request that does
// not carry the scheme's credentials (401).
var ErrNoCredentials = errors.New("no credentials")

// ErrForbidden is returned by a security method (wrapped or not) for
// credentials that are valid but lack a permission, such as a scope (403).
var ErrForbidden = errors.New("forbidden")

// SecurityError reports a request that meets none of the operation's
// security requirements: 401, or 403 when the cause is ErrForbidden. The
// security method's own error is not disclosed unless it is a *Problem.
type SecurityError struct {
	Scheme string // the scheme whose check failed
	// Challenge is the WWW-Authenticate value sent with a 401 ("Bearer",
	// `Basic realm="api"`), or "".
	Challenge string
	Err       error
}

func (e *SecurityError) Error() string {
	return "security scheme " + e.Scheme + ": " + e.Err.Error()
}

func (e *SecurityError) Unwrap() error { return e.Err }

// securityProblem sets p for a SecurityError. A *Problem from the
// security method is written as it is when its status is an error's; with
// another status (0, 200...) it is a rejection like any other error, 401:
// the method did not accept the credentials, and its status must not let
// the request look served.
func securityProblem(p *Problem, e *SecurityError) {
	var prob *Problem
	switch {
	case errors.As(e.Err, &prob) && errorStatus(prob.Status):
		*p = *prob
		return
	case errors.Is(e.Err, ErrForbidden):
		p.Status, p.Detail = http.StatusForbidden, "security scheme "+e.Scheme+": forbidden"
	case errors.Is(e.Err, ErrNoCredentials):
		p.Status, p.Detail = http.StatusUnauthorized, "security scheme "+e.Scheme+": no credentials"
	default:
		p.Status, p.Detail = http.StatusUnauthorized, "security scheme "+e.Scheme+": credentials rejected"
	}
	p.Title = http.StatusText(p.Status)
}

// SecretEqual reports whether a credential a client sent equals the
// expected secret, in time that depends on neither's content nor length
// (both are hashed first; crypto/subtle compares the digests), so that
// response times do not tell an attacker how much of a guess was right.
// The generated server compares no credentials itself: the Handler's
// security methods do, and should compare secrets with this (or
// crypto/subtle) rather than ==.
func SecretEqual(got, want string) bool {
	g, w := sha256.Sum256([]byte(got)), sha256.Sum256([]byte(want))
	return subtle.ConstantTimeCompare(g[:], w[:]) == 1
}

// Client credentials: request editors for the common schemes.

// WithBearerToken sends "Authorization: Bearer token" (http bearer,
// oauth2, openIdConnect).
func WithBearerToken(token string) ClientOption {
	return WithRequestEditor(func(ctx context.Context, r *http.Request) error {
		r.Header.Set("Authorization", "Bearer "+token)
		return nil
	})
}

// WithBasicAuth sends HTTP basic credentials.
func WithBasicAuth(username, password string) ClientOption {
	return WithRequestEditor(func(ctx context.Context, r *http.Request) error {
		r.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(username+":"+password)))
		return nil
	})
}

// WithAPIKey sends an apiKey credential in a header, query parameter or
// cookie.
func WithAPIKey(in, name, value string) ClientOption {
	return WithRequestEditor(func(ctx context.Context, r *http.Request) error {
		switch in {
		case "header":
			r.Header.Set(name, value)
		case "query":
			q := r.URL.RawQuery
			if q != "" {
				q += "&"
			}
			r.URL.RawQuery = string(query.Append([]byte(q), name, true, ',', value))
		case "cookie":
			r.AddCookie(&http.Cookie{Name: name, Value: value})
		default:
			return errors.New("oasrt: apiKey location " + in + " is not header, query or cookie")
		}
		return nil
	})
}
