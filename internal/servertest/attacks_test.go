package servertest

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/testdata/routes"
)

// The second round of attacks on the generated servers and clients (issue
// 41): handler errors that carry another request's error, path parameters
// that are dot segments, callbacks and webhooks aimed at internal
// addresses, event streams that drop at once, pages that cycle.

// leakyHandler returns, from GetUser, an error wrapping a *ParamError, as
// a handler does that passes on the error of a call it made elsewhere.
type leakyHandler struct {
	recorder
	err error
}

func (h *leakyHandler) GetUser(ctx context.Context, p routes.GetUserParams) (routes.GetUserResponse, error) {
	return nil, h.err
}

// TestHandlerErrorHidesRequestErrors: a handler's error is a 500 without
// its text unless it holds an *oashttp.Problem, even when it wraps one of
// the errors the server answers with their text (a *ParamError was
// answered 400 with the wrapped error's text in the detail).
func TestHandlerErrorHidesRequestErrors(t *testing.T) {
	const secret = "token=hunter2"
	for _, tt := range []struct {
		name   string
		err    error
		status int
		detail string
	}{
		{"param", fmt.Errorf("upstream %s: %w", secret, &oashttp.ParamError{Name: "q", In: "query", Err: errors.New(secret)}), 500, ""},
		{"bare param", &oashttp.ParamError{Name: "q", In: "query", Err: errors.New(secret)}, 500, ""},
		{"media type", fmt.Errorf("%s: %w", secret, &oashttp.MediaTypeError{Got: secret}), 500, ""},
		{"method", &oashttp.MethodError{Method: "PUT", Allow: secret}, 500, ""},
		{"problem", fmt.Errorf("%s: %w", secret, &oashttp.Problem{Status: 409, Detail: "taken"}), 409, "taken"},
		{"unimplemented", oashttp.ErrNotImplemented, 501, "operation not implemented"},
		{"body over the limit", fmt.Errorf("copy: %w", &http.MaxBytesError{Limit: 64}), 413, "request body is larger than 64 bytes"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w := serve(routes.NewServer(&leakyHandler{err: tt.err}), "GET", "/users/ann", nil)
			if w.Code != tt.status || strings.Contains(w.Body.String(), secret) || w.Header().Get("Allow") != "" {
				t.Fatalf("%d %s (Allow %q)", w.Code, w.Body, w.Header().Get("Allow"))
			}
			if p := problem(t, w); tt.detail != "" && p["detail"] != tt.detail || tt.detail == "" && p["detail"] != nil {
				t.Errorf("detail %v, want %q", p["detail"], tt.detail)
			}
		})
	}
}

// TestPathDotSegments: path parameter values round-trip through the
// client and the server exactly, dot segments included, served directly
// and mounted on an http.ServeMux (which cleans paths): ".." was sent as
// it is, so the request went to another path ("/users/.." is "/").
func TestPathDotSegments(t *testing.T) {
	h := &recorder{}
	mux := http.NewServeMux()
	mux.Handle("/api/", http.StripPrefix("/api", routes.NewServer(h)))
	direct := httptest.NewServer(routes.NewServer(h))
	defer direct.Close()
	mounted := httptest.NewServer(mux)
	defer mounted.Close()
	for _, base := range []string{direct.URL, mounted.URL + "/api"} {
		c, err := routes.NewClient(base, oashttp.WithoutRetry())
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range []string{".", "..", "../..", "a/b", "%2e", "%2E%2E", "...", "./", "/..", ".. ", "a/../b", "a/./b"} {
			h.op, h.params = "", nil
			res, err := c.GetUser(callCtx(t), routes.GetUserParams{Name: v})
			if err != nil {
				t.Fatalf("%s, %q: %v", base, v, err)
			}
			got, ok := res.(routes.GetUserResponse200)
			if !ok || h.op != "getUser" || h.params.(routes.GetUserParams).Name != v || got.Body.Name != v {
				t.Errorf("%s, %q: %T %+v, server ran %q with %+v", base, v, res, res, h.op, h.params)
			}
		}
	}
}
