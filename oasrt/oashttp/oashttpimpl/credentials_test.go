package oashttpimpl

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/oasgen/oasgen/oasrt/oashttp"
)

func TestCredentials(t *testing.T) {
	r := httptest.NewRequest("GET", "/?a=1&api+key=x%20y", nil)
	r.Header.Set("X-Key", "h")
	r.Header.Set("Authorization", "Bearer  tok ")
	r.AddCookie(&http.Cookie{Name: "sid", Value: "c"})
	for _, tt := range []struct {
		in, name, want string
		ok             bool
	}{
		{"header", "X-Key", "h", true},
		{"header", "X-Other", "", false},
		{"query", "api key", "x y", true},
		{"query", "b", "", false},
		{"cookie", "sid", "c", true},
		{"cookie", "nope", "", false},
		{"body", "x", "", false},
	} {
		if got, ok := APIKey(r, tt.in, tt.name); got != tt.want || ok != tt.ok {
			t.Errorf("APIKey(%s, %s) = %q %v", tt.in, tt.name, got, ok)
		}
	}
	if tok, ok := BearerToken(r); tok != "tok" || !ok {
		t.Errorf("BearerToken = %q %v", tok, ok)
	}
	for _, h := range []string{"", "Bearer", "Bearer ", "Basic abc", "Bearerx abc"} {
		r.Header.Set("Authorization", h)
		if tok, ok := BearerToken(r); ok {
			t.Errorf("BearerToken(%q) = %q", h, tok)
		}
	}
}

func TestSecurityErrors(t *testing.T) {
	missing := &oashttp.SecurityError{Scheme: "a", Err: oashttp.ErrNoCredentials}
	rejected := &oashttp.SecurityError{Scheme: "b", Err: errors.New("secret")}
	forbidden := &oashttp.SecurityError{Scheme: "c", Err: oashttp.ErrForbidden}
	if FirstSecurityError(missing, rejected) != rejected || FirstSecurityError(rejected, missing) != rejected || FirstSecurityError(missing, forbidden) != forbidden {
		t.Error("FirstSecurityError does not prefer presented credentials")
	}
	for err, want := range map[error]int{missing: 401, rejected: 401, forbidden: 403} {
		p := oashttp.ProblemOf(err)
		if p.Status != want || p.Title != http.StatusText(want) {
			t.Errorf("%v: %d %s", err, p.Status, p.Title)
		}
	}
	if p := oashttp.ProblemOf(rejected); p.Detail != "security scheme b: credentials rejected" {
		t.Errorf("detail %q discloses or misses", p.Detail)
	}
	r := httptest.NewRequest("GET", "/", nil)
	if ctx, err := Anonymous(r, missing); err != nil || ctx == nil {
		t.Errorf("anonymous: %v", err)
	}
	if _, err := Anonymous(r, rejected); err != rejected {
		t.Errorf("rejected credentials admitted: %v", err)
	}
	w := httptest.NewRecorder()
	NewServer(nil, nil).Error(w, r, &oashttp.SecurityError{Scheme: "b", Challenge: "Bearer", Err: oashttp.ErrNoCredentials})
	if w.Code != 401 || w.Header().Get("WWW-Authenticate") != "Bearer" {
		t.Errorf("challenge: %d %v", w.Code, w.Header())
	}
}
