package servertest

import (
	"context"
	"errors"
	"net/http/httptest"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/testdata/routes"
)

// TestClientChecksParams: parameters that break their schemas are not
// sent: the call fails with a *RequestCheckError naming the parameter, as
// the server would have answered 400, and the server sees nothing.
// WithoutRequestCheck sends them, and the server answers 400.
func TestClientChecksParams(t *testing.T) {
	h := &recorder{}
	srv := httptest.NewServer(routes.NewServer(h))
	defer srv.Close()
	good := routes.SearchParams{Q: "x", Session: "s1"}
	for _, tt := range []struct {
		name    string
		edit    func(p *routes.SearchParams)
		wantErr string
	}{
		{"valid", func(*routes.SearchParams) {}, ""},
		{"minimum", func(p *routes.SearchParams) { p.Limit = oasrt.NewOpt[int32](0) },
			`request not sent: query parameter "limit": 0 is less than minimum 1`},
		{"maximum", func(p *routes.SearchParams) { p.Limit = oasrt.NewOpt[int32](101) },
			`request not sent: query parameter "limit": 101 is greater than maximum 100`},
		{"array item", func(p *routes.SearchParams) { p.IDs = []int64{3, 0} },
			`request not sent: query parameter "ids": 0 is less than minimum 1`},
		{"pattern", func(p *routes.SearchParams) { p.Session = "x" },
			`request not sent: cookie parameter "session": "x" does not match the pattern ^s`},
		{"enum", func(p *routes.SearchParams) { p.Kind = oasrt.NewOpt[routes.Kind]("nope") }, "request not sent: query parameter \"kind\": "},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := good
			tt.edit(&p)
			for _, check := range []bool{true, false} {
				h.op = ""
				opts := []oashttp.ClientOption{oashttp.WithoutRetry()}
				if !check {
					opts = append(opts, oashttp.WithoutRequestCheck())
				}
				c, err := routes.NewClient(srv.URL, opts...)
				if err != nil {
					t.Fatal(err)
				}
				_, err = c.Search(context.Background(), p)
				var rc *oashttp.RequestCheckError
				var pe *oashttp.ParamError
				switch {
				case tt.wantErr == "":
					if err != nil || h.op != "search" {
						t.Fatalf("valid: %v (server saw %q)", err, h.op)
					}
				case check:
					if !errors.As(err, &rc) || !errors.As(err, &pe) || len(err.Error()) < len(tt.wantErr) || err.Error()[:len(tt.wantErr)] != tt.wantErr || h.op != "" {
						t.Fatalf("err = %v (server saw %q), want %q and nothing sent", err, h.op, tt.wantErr)
					}
				default:
					var se *oashttp.StatusError
					if !errors.As(err, &se) || se.StatusCode != 400 {
						t.Fatalf("unchecked: err = %v, want the server's 400", err)
					}
				}
			}
		})
	}
}
