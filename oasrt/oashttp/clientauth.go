package oashttp

import (
	"sync"
	"time"
)

// Token is an access token sent as "Authorization: <TokenType>
// <AccessToken>". It has the fields of golang.org/x/oauth2's Token that a
// request needs (see TokenSource).
type Token struct {
	AccessToken string
	// TokenType is the scheme, "Bearer" when empty.
	TokenType string
	// Expiry is when the token stops being valid; zero means never.
	Expiry time.Time
}

// TokenSource gives the token of a request. Its method has the shape of
// golang.org/x/oauth2's TokenSource, so an adapter of a few lines plugs
// one in without this package importing x/oauth2 (docs/client.md):
//
//	type oauth2Tokens struct{ oauth2.TokenSource }
//
//	func (s oauth2Tokens) Token() (*oashttp.Token, error) {
//		t, err := s.TokenSource.Token()
//		if err != nil {
//			return nil, err
//		}
//		return &oashttp.Token{AccessToken: t.AccessToken, TokenType: t.Type(), Expiry: t.Expiry}, nil
//	}
type TokenSource interface {
	Token() (*Token, error)
}

// TokenFunc is a function that is a TokenSource.
type TokenFunc func() (*Token, error)

// Token calls f.
func (f TokenFunc) Token() (*Token, error) { return f() }

// WithTokenSource sends a token of ts as the Authorization header of
// every attempt of every call. The token is kept until tokenRefresh (10 s)
// before its Expiry, then ts is asked again; an error of ts fails the
// call with a *CredentialsError, nothing sent.
func WithTokenSource(ts TokenSource) ClientOption {
	return func(c *ClientConfig) { c.Tokens = &reuseTokens{src: ts} }
}

// CredentialsError is the error of a call whose credentials could not be
// had: nothing was sent.
type CredentialsError struct{ Err error }

func (e *CredentialsError) Error() string { return "request not sent: credentials: " + e.Err.Error() }
func (e *CredentialsError) Unwrap() error { return e.Err }

// tokenRefresh is how long before its Expiry a token is fetched again, so
// that it does not expire on its way to the server.
const tokenRefresh = 10 * time.Second

// reuseTokens keeps the token of src until it is about to expire.
type reuseTokens struct {
	src TokenSource
	mu  sync.Mutex
	tok *Token
}

func (r *reuseTokens) Token() (*Token, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if t := r.tok; t != nil && (t.Expiry.IsZero() || time.Until(t.Expiry) > tokenRefresh) {
		return t, nil
	}
	t, err := r.src.Token()
	if err != nil {
		return nil, err
	}
	if t == nil || t.AccessToken == "" {
		return nil, errNoToken
	}
	r.tok = t
	return t, nil
}

var errNoToken = errorString("the token source gave no token")

type errorString string

func (e errorString) Error() string { return string(e) }
