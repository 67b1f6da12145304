package oasoauth2

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"golang.org/x/oauth2"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/testdata/routes"
)

// TestTokenSource: a token of an x/oauth2 source is sent as x/oauth2 sends
// it ("Bearer", whatever the case of the server's token_type).
func TestTokenSource(t *testing.T) {
	var got []string
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, r.Header.Get("Authorization"))
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"name":"ann"}`))
	}))
	defer ts.Close()
	src := oauth2.StaticTokenSource(&oauth2.Token{AccessToken: "abc", TokenType: "bearer"})
	c, err := routes.NewClient(ts.URL, oashttp.WithTokenSource(TokenSource(src)))
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := c.GetMe(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if len(got) != 2 || got[0] != "Bearer abc" || got[1] != "Bearer abc" {
		t.Fatalf("Authorization %q, want Bearer abc twice", got)
	}
}
