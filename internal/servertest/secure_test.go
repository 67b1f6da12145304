package servertest

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/testdata/secure"
)

type whoKey struct{}

// guard accepts fixed credentials and runs operations as the user they
// name, which the operations answer with.
type guard struct{ secure.Unimplemented }

func as(ctx context.Context, who string) context.Context {
	if prev, ok := ctx.Value(whoKey{}).(string); ok {
		who = prev + "+" + who
	}
	return context.WithValue(ctx, whoKey{}, who)
}

func who(ctx context.Context) secure.Who {
	w, _ := ctx.Value(whoKey{}).(string)
	if w == "" {
		w = "anonymous"
	}
	return secure.Who{Who: w}
}

func (guard) HandleBearer(ctx context.Context, op, token string, scopes []string) (context.Context, error) {
	if token != "good" {
		return nil, errors.New("bad token " + token) // must not be disclosed
	}
	return as(ctx, "bearer"), nil
}

func (guard) HandleOauth(ctx context.Context, op, token string, scopes []string) (context.Context, error) {
	switch token {
	case "admin":
		return as(ctx, "oauth:"+strings.Join(scopes, ",")), nil
	case "reader":
		if slices.Contains(scopes, "admin") {
			return nil, oashttp.ErrForbidden
		}
	}
	return nil, errors.New("bad token")
}

func (guard) HandleBasic(ctx context.Context, op, user, password string) (context.Context, error) {
	if user != "ann" || password != "pw" {
		return nil, errors.New("bad password")
	}
	return as(ctx, "basic:"+user), nil
}

func (guard) HandleAPIKey(ctx context.Context, op, key string) (context.Context, error) {
	if key == "ok-status" { // a buggy method: a problem that says 200
		return nil, &oashttp.Problem{Status: 200, Title: "OK"}
	}
	if key != "k1" {
		return nil, &oashttp.Problem{Status: 401, Title: "Unauthorized", Detail: "unknown key"}
	}
	return as(ctx, "key"), nil
}

func (guard) HandleKeyQuery(ctx context.Context, op, key string) (context.Context, error) {
	if key != "q1" {
		return nil, errors.New("bad key")
	}
	return as(ctx, "query"), nil
}

func (guard) HandleKeyCookie(ctx context.Context, op, key string) (context.Context, error) {
	if key != "c1" {
		return nil, errors.New("bad key")
	}
	return as(ctx, "cookie"), nil
}

func (guard) HandleMtls(ctx context.Context, op string, r *http.Request) (context.Context, error) {
	if r.TLS == nil {
		return nil, oashttp.ErrNoCredentials
	}
	return as(ctx, "tls"), nil
}

func (guard) Public(ctx context.Context) (secure.PublicResponse, error) {
	return secure.PublicResponse200{Body: who(ctx)}, nil
}

func (guard) Me(ctx context.Context) (secure.MeResponse, error) {
	return secure.MeResponse200{Body: who(ctx)}, nil
}

func (guard) Admin(ctx context.Context) (secure.AdminResponse, error) {
	return secure.AdminResponse200{Body: who(ctx)}, nil
}

func (guard) Both(ctx context.Context) (secure.BothResponse, error) {
	return secure.BothResponse200{Body: who(ctx)}, nil
}

func (guard) Optional(ctx context.Context) (secure.OptionalResponse, error) {
	return secure.OptionalResponse200{Body: who(ctx)}, nil
}

func (guard) Keys(ctx context.Context) (secure.KeysResponse, error) {
	return secure.KeysResponse200{Body: who(ctx)}, nil
}

func (guard) Mtls(ctx context.Context) (secure.MtlsResponse, error) {
	return secure.MtlsResponse200{Body: who(ctx)}, nil
}

func TestSecurity(t *testing.T) {
	srv := secure.NewServer(guard{})
	tests := []struct {
		name, target string
		header       []string
		cookie       string
		status       int
		body         string // the user for 200, the detail otherwise
		challenge    string
	}{
		{"no security", "/public", nil, "", 200, "anonymous", ""},
		{"global bearer", "/me", []string{"Authorization", "Bearer good"}, "", 200, "bearer", ""},
		{"scheme name is case-insensitive", "/me", []string{"Authorization", "bEaReR good"}, "", 200, "bearer", ""},
		{"missing bearer", "/me", nil, "", 401, "security scheme bearer: no credentials", "Bearer"},
		{"rejected bearer", "/me", []string{"Authorization", "Bearer bad"}, "", 401, "security scheme bearer: credentials rejected", "Bearer"},
		{"basic is not bearer", "/me", []string{"Authorization", "Basic YW5uOnB3"}, "", 401, "security scheme bearer: no credentials", "Bearer"},
		{"oauth with the scopes", "/admin", []string{"Authorization", "Bearer admin"}, "", 200, "oauth:admin,read", ""},
		{"oauth without the scope", "/admin", []string{"Authorization", "Bearer reader"}, "", 403, "security scheme oauth: forbidden", ""},
		{"second alternative", "/admin", []string{"X-API-Key", "k1"}, "", 200, "key", ""},
		{"a problem saying 200 is a rejection", "/admin", []string{"X-API-Key", "ok-status"}, "", 401, "security scheme api_key: credentials rejected", `APIKey in="header", name="X-API-Key", Bearer`},
		{"rejection beats absence", "/admin", []string{"X-API-Key", "nope"}, "", 401, "unknown key", `APIKey in="header", name="X-API-Key", Bearer`},
		{"both schemes", "/both", []string{"X-API-Key", "k1", "Authorization", "Basic YW5uOnB3"}, "", 200, "key+basic:ann", ""},
		{"only one of both", "/both", []string{"X-API-Key", "k1"}, "", 401, "security scheme basic: no credentials", `Basic realm="api"`},
		{"optional, anonymous", "/optional", nil, "", 200, "anonymous", ""},
		{"optional, authenticated", "/optional", []string{"Authorization", "Bearer good"}, "", 200, "bearer", ""},
		{"optional, bad credentials", "/optional", []string{"Authorization", "Bearer bad"}, "", 401, "security scheme bearer: credentials rejected", "Bearer"},
		{"query key", "/keys?api_key=q1", nil, "", 200, "query", ""},
		{"cookie key", "/keys", nil, "c1", 200, "cookie", ""},
		{"no key", "/keys", nil, "", 401, "security scheme key_query: no credentials", `APIKey in="query", name="api_key", APIKey in="cookie", name="sid"`},
		{"undeclared scheme admits nobody", "/undeclared", []string{"Authorization", "Bearer good"}, "", 401, "security scheme (undeclared): no credentials", ""},
		{"request-level scheme", "/mtls", nil, "", 401, "security scheme mtls: no credentials", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest("GET", tt.target, nil)
			for i := 0; i+1 < len(tt.header); i += 2 {
				req.Header.Set(tt.header[i], tt.header[i+1])
			}
			if tt.cookie != "" {
				req.AddCookie(&http.Cookie{Name: "sid", Value: tt.cookie})
			}
			w := httptest.NewRecorder()
			srv.ServeHTTP(w, req)
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.status, w.Body)
			}
			if tt.status == 200 {
				if want := `{"who":"` + tt.body + `"}`; w.Body.String() != want {
					t.Errorf("body %s, want %s", w.Body, want)
				}
			} else if p := problem(t, w); p["detail"] != tt.body {
				t.Errorf("detail %v, want %s", p["detail"], tt.body)
			}
			if got := w.Header().Get("WWW-Authenticate"); got != tt.challenge {
				t.Errorf("WWW-Authenticate %q, want %q", got, tt.challenge)
			}
		})
	}

	// Unimplemented security admits nobody.
	if w := serve(secure.NewServer(secure.Unimplemented{}), "GET", "/me", nil, "Authorization", "Bearer good"); w.Code != 401 {
		t.Errorf("unimplemented security: %d %s", w.Code, w.Body)
	}
}

// A secured operation checks the credentials first, then the Accept
// header (the server's begin step): a request without credentials is a
// 401 whatever it accepts, one with them and an Accept the operation
// cannot meet a 406.
func TestSecurityBeforeAccept(t *testing.T) {
	srv := secure.NewServer(guard{})
	if w := serve(srv, "GET", "/me", nil, "Accept", "text/html"); w.Code != 401 || w.Header().Get("WWW-Authenticate") != "Bearer" {
		t.Errorf("no credentials, text/html: %d %s", w.Code, w.Body)
	}
	if w := serve(srv, "GET", "/me", nil, "Accept", "text/html", "Authorization", "Bearer good"); w.Code != 406 {
		t.Errorf("credentials, text/html: %d %s", w.Code, w.Body)
	}
	if w := serve(srv, "GET", "/me", nil, "Accept", "application/json", "Authorization", "Bearer good"); w.Code != 200 || w.Body.String() != `{"who":"bearer"}` {
		t.Errorf("credentials, application/json: %d %s", w.Code, w.Body)
	}
	// An operation with no security still checks the Accept header.
	if w := serve(srv, "GET", "/public", nil, "Accept", "text/html"); w.Code != 406 {
		t.Errorf("public, text/html: %d %s", w.Code, w.Body)
	}
}

func TestSecureClient(t *testing.T) {
	ts := httptest.NewServer(secure.NewServer(guard{}))
	defer ts.Close()
	ctx := context.Background()
	c, _ := secure.NewClient(ts.URL, oashttp.WithBearerToken("good"))
	if res, err := c.Me(ctx); err != nil || res.(secure.MeResponse200).Body.Who != "bearer" {
		t.Errorf("bearer: %v %v", res, err)
	}
	c, _ = secure.NewClient(ts.URL, oashttp.WithAPIKey("header", "X-API-Key", "k1"), oashttp.WithBasicAuth("ann", "pw"))
	if res, err := c.Both(ctx); err != nil || res.(secure.BothResponse200).Body.Who != "key+basic:ann" {
		t.Errorf("key and basic: %v %v", res, err)
	}
	c, _ = secure.NewClient(ts.URL, oashttp.WithAPIKey("query", "api_key", "q1"))
	if res, err := c.Keys(ctx); err != nil || res.(secure.KeysResponse200).Body.Who != "query" {
		t.Errorf("query key: %v %v", res, err)
	}
	c, _ = secure.NewClient(ts.URL, oashttp.WithAPIKey("cookie", "sid", "c1"))
	if res, err := c.Keys(ctx); err != nil || res.(secure.KeysResponse200).Body.Who != "cookie" {
		t.Errorf("cookie key: %v %v", res, err)
	}
	_, err := c.Me(ctx)
	var se *oashttp.StatusError
	if !errors.As(err, &se) || se.StatusCode != 401 || se.Problem == nil || se.Problem.Detail != "security scheme bearer: no credentials" {
		t.Errorf("unauthenticated: %v", err)
	}
}
