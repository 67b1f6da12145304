package oashttpimpl

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/oasrt/oashttp/internal/query"
)

// APIKey reads an apiKey credential from the header, query parameter or
// cookie the scheme names.
func APIKey(r *http.Request, in, name string) (string, bool) {
	switch in {
	case "header":
		v := r.Header.Get(name)
		return v, v != ""
	case "query":
		for q := r.URL.RawQuery; q != ""; {
			var k, v string
			k, v, q = query.Next(q)
			if k == name {
				s, err := url.QueryUnescape(v)
				return s, err == nil && s != ""
			}
		}
	case "cookie":
		if c, err := r.Cookie(name); err == nil && c.Value != "" {
			return c.Value, true
		}
	}
	return "", false
}

// BearerToken reads the token of an "Authorization: Bearer" header
// (RFC 6750, section 2.1; the scheme name is case-insensitive).
func BearerToken(r *http.Request) (string, bool) {
	const prefix = "bearer "
	h := r.Header.Get("Authorization")
	if len(h) <= len(prefix) || !strings.EqualFold(h[:len(prefix)], prefix) {
		return "", false
	}
	t := strings.TrimSpace(h[len(prefix):])
	return t, t != ""
}

// Anonymous ends the security check of an operation that also admits
// anonymous requests ("security: [{}, ...]"): a request that presented no
// credentials runs with its own context; one whose credentials were
// rejected fails with err.
func Anonymous(r *http.Request, err error) (context.Context, error) {
	if errors.Is(err, oashttp.ErrNoCredentials) {
		return r.Context(), nil
	}
	return nil, err
}
