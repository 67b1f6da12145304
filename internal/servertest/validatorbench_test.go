package servertest

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/oasgen/oasgen/examples/validate/api"
	"github.com/oasgen/oasgen/testdata/validator"
)

// The validator's cost per request, in process: the generated middleware
// in front of a handler that does nothing (noop), with the ResponseWriter
// that keeps nothing (discard). The petstore's GET with a path parameter
// and POST with a JSON body (examples/validate/api), and testdata/validator's
// GET with a path parameter, an array in the query and a header.

var noop = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {})

// validatorCases are the requests measured: each makes a fresh body reader
// per call.
var validatorCases = []struct {
	name   string
	h      http.Handler
	method string
	target string
	body   string
	header []string
	allocs float64 // the pinned bound (TestValidatorAllocs)
}{
	{name: "GET path", h: api.NewValidator()(noop), method: "GET", target: "/pet/42", allocs: 0},
	{name: "GET query", h: api.NewValidator()(noop), method: "GET", target: "/pet/findByStatus?status=available", allocs: 0},
	// The array of the query parameter, as the server decodes it.
	{name: "GET path query array header", h: validator.NewValidator()(noop), method: "GET", target: "/items/3?fields=name&fields=size", header: []string{"X-Trace", "abc"}, allocs: 3},
	{name: "POST JSON body", h: api.NewValidator()(noop), method: "POST", target: "/pet", body: `{"id":10,"name":"doggie","category":{"id":1,"name":"Dogs"},"photoUrls":["a.png","b.png"],"tags":[{"id":0,"name":"t"}],"status":"available"}`, header: []string{"Content-Type", "application/json"}, allocs: 1},
}

// validatorRequest returns the case's request with its body set to rd.
func validatorRequest(method, target string, header []string, rd *bytes.Reader) *http.Request {
	req := httptest.NewRequest(method, target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	if rd != nil {
		req.Body = io.NopCloser(rd)
		req.ContentLength = int64(rd.Len())
	}
	return req
}

// BenchmarkValidator measures the middleware per request; run with
// -benchmem for the allocations.
func BenchmarkValidator(b *testing.B) {
	for _, c := range validatorCases {
		b.Run(c.name, func(b *testing.B) {
			var rd *bytes.Reader
			if c.body != "" {
				rd = bytes.NewReader([]byte(c.body))
			}
			req := validatorRequest(c.method, c.target, c.header, rd)
			body := req.Body
			w := &discard{h: http.Header{}}
			b.ReportAllocs()
			b.SetBytes(int64(len(c.body)))
			for b.Loop() {
				if rd != nil {
					rd.Seek(0, io.SeekStart)
					req.Body, req.ContentLength = body, int64(len(c.body))
				}
				c.h.ServeHTTP(w, req)
			}
			if w.status != 0 && w.status != 200 {
				b.Fatalf("status %d", w.status)
			}
		})
	}
}

// TestValidatorAllocs pins the middleware's allocations per request.
func TestValidatorAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation pins: the race detector allocates")
	}
	for _, c := range validatorCases {
		t.Run(c.name, func(t *testing.T) {
			var rd *bytes.Reader
			if c.body != "" {
				rd = bytes.NewReader([]byte(c.body))
			}
			req := validatorRequest(c.method, c.target, c.header, rd)
			body := req.Body
			w := &discard{h: http.Header{}}
			got := testing.AllocsPerRun(100, func() {
				if rd != nil {
					rd.Seek(0, io.SeekStart)
					req.Body, req.ContentLength = body, int64(len(c.body))
				}
				c.h.ServeHTTP(w, req)
			})
			if w.status != 0 {
				t.Fatalf("status %d: the request was refused", w.status)
			}
			t.Logf("%.0f allocations", got)
			if got > c.allocs {
				t.Errorf("%.0f allocations per request, want at most %.0f", got, c.allocs)
			}
		})
	}
}
