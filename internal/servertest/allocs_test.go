package servertest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/testdata/routes"
)

// discard is a ResponseWriter that keeps nothing, so that measurements
// see the server's own allocations only.
type discard struct {
	h      http.Header
	status int
}

func (d *discard) Header() http.Header         { return d.h }
func (d *discard) Write(b []byte) (int, error) { return len(b), nil }
func (d *discard) WriteHeader(status int)      { d.status = status }

// empty answers with results that carry nothing, as an empty handler would.
type empty struct{ routes.Unimplemented }

func (empty) DeleteUser(ctx context.Context, p routes.DeleteUserParams) (routes.DeleteUserResponse, error) {
	return routes.DeleteUserResponse204{}, nil
}

func (empty) GetFile(ctx context.Context, p routes.GetFileParams) (routes.GetFileResponse, error) {
	return routes.GetFileResponse200{}, nil
}

func TestServeAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation pins: the race detector allocates")
	}
	srv := routes.NewServer(empty{})
	tests := []struct {
		name, method, target string
		status               int
		allocs               float64
	}{
		{"path parameter", "DELETE", "/users/ann", 204, 0},
		{"template with two parameters", "GET", "/files/a.txt", 200, 0},
		{"404", "GET", "/nope/x", 404, 0},
		{"400 names the parameter", "GET", "/v2x/status", 400, 7},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(tt.method, tt.target, nil)
			w := &discard{h: http.Header{}}
			got := testing.AllocsPerRun(100, func() {
				srv.ServeHTTP(w, req)
			})
			if w.status != tt.status {
				t.Fatalf("status %d, want %d", w.status, tt.status)
			}
			if got > tt.allocs {
				t.Errorf("%v allocations per request, want at most %v", got, tt.allocs)
			}
		})
	}
}

func benchServe(b *testing.B, h http.Handler, method, target string) {
	req := httptest.NewRequest(method, target, nil)
	w := &discard{h: http.Header{}}
	b.ReportAllocs()
	for b.Loop() {
		h.ServeHTTP(w, req)
	}
}

func BenchmarkServe(b *testing.B) {
	srv := routes.NewServer(empty{})
	b.Run("param", func(b *testing.B) { benchServe(b, srv, "DELETE", "/users/ann") })
	b.Run("template", func(b *testing.B) { benchServe(b, srv, "GET", "/files/a.txt") })
	b.Run("404", func(b *testing.B) { benchServe(b, srv, "GET", "/nope/x") })
	b.Run("405", func(b *testing.B) { benchServe(b, srv, "PATCH", "/users/ann") })
	b.Run("escaped", func(b *testing.B) { benchServe(b, srv, "DELETE", "/users/"+strings.Repeat("%41", 4)) })
}

func (empty) CreateUser(ctx context.Context, body *routes.User) (routes.CreateUserResponse, error) {
	return routes.CreateUserResponse201{Body: *body}, nil
}

// rewinding is a request body that starts over after each request.
type rewinding struct{ strings.Reader }

func (*rewinding) Close() error { return nil }

func postUser() (*http.Request, func()) {
	const user = `{"name":"Test name 111","age":7}`
	body := &rewinding{}
	req := httptest.NewRequest("POST", "/users", nil)
	req.Header.Set("Content-Type", "application/json")
	req.ContentLength = int64(len(user))
	req.Body = body
	return req, func() { body.Reset(user) }
}

func TestPostJSONAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation pins: the race detector allocates")
	}
	srv := routes.NewServer(empty{})
	req, rewind := postUser()
	w := &discard{h: http.Header{}}
	got := testing.AllocsPerRun(200, func() {
		rewind()
		srv.ServeHTTP(w, req)
	})
	if w.status != 201 {
		t.Fatalf("status %d", w.status)
	}
	// The decoded body and the result boxed in its interface; strings
	// share the pooled Reader's block.
	if got > 2 {
		t.Errorf("%v allocations per request, want at most 2", got)
	}
}

func BenchmarkPostJSON(b *testing.B) {
	srv := routes.NewServer(empty{})
	req, rewind := postUser()
	w := &discard{h: http.Header{}}
	b.ReportAllocs()
	for b.Loop() {
		rewind()
		srv.ServeHTTP(w, req)
	}
}
