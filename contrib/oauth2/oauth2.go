// Package oasoauth2 gives an oasgen client its tokens from
// golang.org/x/oauth2, which oasrt does not import: a module of its own,
// so that x/oauth2 enters only the builds that add it.
//
//	ts := conf.TokenSource(ctx, tok) // refreshes as needed
//	c, err := api.NewClient(url, oashttp.WithTokenSource(oasoauth2.TokenSource(ts)))
//
// The adapter is the few lines of docs/client.md; copying them instead of
// depending on this module is as good.
package oasoauth2

import (
	"golang.org/x/oauth2"

	"github.com/oasgen/oasgen/oasrt/oashttp"
)

// TokenSource returns ts as an oashttp.TokenSource.
func TokenSource(ts oauth2.TokenSource) oashttp.TokenSource { return source{ts} }

type source struct{ oauth2.TokenSource }

// Token returns the token of the x/oauth2 source.
func (s source) Token() (*oashttp.Token, error) {
	t, err := s.TokenSource.Token()
	if err != nil {
		return nil, err
	}
	return &oashttp.Token{AccessToken: t.AccessToken, TokenType: t.Type(), Expiry: t.Expiry}, nil
}
