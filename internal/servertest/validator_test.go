package servertest

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/testdata/validator"
)

// The validator part (testdata/validator: models and validator, no
// server): the middleware in front of a plain handler, in process.

// seen is a handler that records what reached it and answers with the
// status, content type and body it is set to.
type seen struct {
	calls  int
	body   []byte
	status int
	ct     string
	answer string
}

func (s *seen) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.calls++
	s.body, _ = io.ReadAll(r.Body)
	if s.ct != "" {
		w.Header().Set("Content-Type", s.ct)
	}
	w.WriteHeader(max(s.status, 200))
	io.WriteString(w, s.answer)
}

// vserve sends one request through h and returns the recorder.
func vserve(h http.Handler, method, target, ct, body string, header ...string) *httptest.ResponseRecorder {
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	r := httptest.NewRequest(method, target, rd)
	if ct != "" {
		r.Header.Set("Content-Type", ct)
	}
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func problemOf(t *testing.T, w *httptest.ResponseRecorder) oashttp.Problem {
	t.Helper()
	var p oashttp.Problem
	if ct := w.Header().Get("Content-Type"); ct != "application/problem+json" {
		t.Fatalf("content type %q, want application/problem+json (status %d, body %s)", ct, w.Code, w.Body)
	}
	if err := json.Unmarshal(w.Body.Bytes(), &p); err != nil {
		t.Fatalf("problem: %v: %s", err, w.Body)
	}
	return p
}

// TestValidatorRequests: requests that break the spec are answered as the
// generated server answers them, without reaching the handler; the others
// reach it with their body intact.
func TestValidatorRequests(t *testing.T) {
	const bearer = "Bearer t"
	tests := []struct {
		name, method, target, ct, body string
		header                         []string
		want                           int
		path, param                    string // the problem's members
	}{
		{name: "valid get", method: "GET", target: "/items/3?fields=name&fields=size", want: 200},
		{name: "path parameter below minimum", method: "GET", target: "/items/0", want: 400, param: "id"},
		{name: "path parameter not an integer", method: "GET", target: "/items/x", want: 400, param: "id"},
		{name: "query enum", method: "GET", target: "/items/3?fields=color", want: 400, param: "fields"},
		{name: "header too long", method: "GET", target: "/items/3", header: []string{"X-Trace", "123456789"}, want: 400, param: "X-Trace"},
		{name: "valid put", method: "PUT", target: "/items/3", ct: "application/json", body: `{"name":"a","size":2}`, header: []string{"Authorization", bearer}, want: 200},
		{name: "no credentials", method: "PUT", target: "/items/3", ct: "application/json", body: `{"name":"a"}`, want: 401},
		{name: "body breaks the schema", method: "PUT", target: "/items/3", ct: "application/json", body: `{"name":"a","size":11}`, header: []string{"Authorization", bearer}, want: 422, path: "$.size"},
		{name: "body missing a property", method: "PUT", target: "/items/3", ct: "application/json", body: `{"size":1}`, header: []string{"Authorization", bearer}, want: 422},
		{name: "body not JSON", method: "PUT", target: "/items/3", ct: "application/json", body: `{"name":`, header: []string{"Authorization", bearer}, want: 400},
		{name: "media type", method: "PUT", target: "/items/3", ct: "text/plain", body: `x`, header: []string{"Authorization", bearer}, want: 415},
		{name: "form", method: "PUT", target: "/items/3", ct: "application/x-www-form-urlencoded", body: `name=a&size=2`, header: []string{"Authorization", bearer}, want: 200},
		{name: "form breaks the schema", method: "PUT", target: "/items/3", ct: "application/x-www-form-urlencoded", body: `name=a&size=11`, header: []string{"Authorization", bearer}, want: 422},
		{name: "form missing a property", method: "PUT", target: "/items/3", ct: "application/x-www-form-urlencoded", body: `size=1`, header: []string{"Authorization", bearer}, want: 422},
		{name: "form escape broken", method: "PUT", target: "/items/3", ct: "application/x-www-form-urlencoded", body: `name=%zz`, header: []string{"Authorization", bearer}, want: 400},
		{name: "required body absent", method: "PUT", target: "/items/3", header: []string{"Authorization", bearer}, want: 400},
		{name: "api key", method: "POST", target: "/items", ct: "application/json", body: `[{"name":"a"}]`, header: []string{"X-API-Key", "k"}, want: 200},
		{name: "array too short, 400 where 422 is not declared", method: "POST", target: "/items", ct: "application/json", body: `[]`, header: []string{"X-API-Key", "k"}, want: 400},
		{name: "raw media range", method: "PUT", target: "/items/3/photo", ct: "image/png", body: "png", want: 200},
		{name: "raw media outside the range", method: "PUT", target: "/items/3/photo", ct: "text/plain", body: "png", want: 415},
		{name: "no certificate, no digest", method: "GET", target: "/certs", want: 401},
		{name: "digest credentials", method: "GET", target: "/certs", header: []string{"Authorization", "Digest username=a"}, want: 200},
		{name: "method not allowed passed on", method: "DELETE", target: "/items/3", want: 200},
		{name: "unknown path passed on", method: "GET", target: "/nothing", want: 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := &seen{}
			w := vserve(validator.NewValidator()(h), tt.method, tt.target, tt.ct, tt.body, tt.header...)
			if w.Code != tt.want {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.want, w.Body)
			}
			if tt.want != 200 {
				if h.calls != 0 {
					t.Error("the handler was called")
				}
				p := problemOf(t, w)
				if p.Path != tt.path && tt.path != "" || p.Parameter != tt.param {
					t.Errorf("problem path %q, parameter %q; want %q, %q", p.Path, p.Parameter, tt.path, tt.param)
				}
				if tt.want == 401 && w.Header().Get("WWW-Authenticate") == "" {
					t.Error("401 without WWW-Authenticate")
				}
				return
			}
			if h.calls != 1 || string(h.body) != tt.body {
				t.Errorf("handler called %d times with body %q, want once with %q", h.calls, h.body, tt.body)
			}
		})
	}
}

// TestValidatorOptions: unknown routes refused, report-only mode, the
// violation count and a gzip body replayed decoded.
func TestValidatorOptions(t *testing.T) {
	h := &seen{}
	refuse := validator.NewValidator(oashttp.WithUnknownRoutesRefused())(h)
	if w := vserve(refuse, "GET", "/nothing", "", ""); w.Code != 404 {
		t.Errorf("unknown path: status %d, want 404", w.Code)
	}
	if w := vserve(refuse, "DELETE", "/items/3", "", ""); w.Code != 405 || w.Header().Get("Allow") != "GET, HEAD, PUT" {
		t.Errorf("unknown method: status %d, Allow %q; want 405, GET, HEAD, PUT", w.Code, w.Header().Get("Allow"))
	}
	if h.calls != 0 {
		t.Errorf("the handler was called %d times", h.calls)
	}

	var n atomic.Int64
	var logged bytes.Buffer
	report := validator.NewValidator(oashttp.WithReportOnly(), oashttp.WithViolationCount(&n),
		oashttp.WithServerOptions(oashttp.WithLogger(slog.New(slog.NewTextHandler(&logged, nil)))))(h)
	body := `{"name":"a","size":11}`
	w := vserve(report, "PUT", "/items/3", "application/json", body, "Authorization", "Bearer t")
	if w.Code != 200 || h.calls != 1 || string(h.body) != body {
		t.Errorf("report-only: status %d, %d calls, body %q; want 200, the request passed on whole", w.Code, h.calls, h.body)
	}
	if n.Load() != 1 || !strings.Contains(logged.String(), "request breaks the spec") || !strings.Contains(logged.String(), "operation=putItem") {
		t.Errorf("report-only: count %d, log %q", n.Load(), logged.String())
	}

	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write([]byte(`{"name":"a","size":1}`))
	zw.Close()
	r := httptest.NewRequest("PUT", "/items/3", &z)
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Content-Encoding", "gzip")
	r.Header.Set("Authorization", "Bearer t")
	rec := httptest.NewRecorder()
	validator.NewValidator()(h).ServeHTTP(rec, r)
	if rec.Code != 200 || string(h.body) != `{"name":"a","size":1}` || r.Header.Get("Content-Encoding") != "" {
		t.Errorf("gzip: status %d, body %q, Content-Encoding %q; want 200, the decoded body, none", rec.Code, h.body, r.Header.Get("Content-Encoding"))
	}
}

// TestValidatorResponses: with response validation, a JSON body that
// breaks the schema and an undeclared status become a 500 (logged), or
// are only logged in report-only mode; a valid response goes out as the
// handler wrote it.
func TestValidatorResponses(t *testing.T) {
	tests := []struct {
		name          string
		status        int
		ct, answer    string
		want          int
		reportOnlyOut int
	}{
		{"valid", 200, "application/json", `{"name":"a"}`, 200, 200},
		{"bad body", 200, "application/json", `{"name":""}`, 500, 200},
		{"undeclared status", 409, "", "", 500, 409},
		{"undeclared media type", 200, "text/plain", "x", 500, 200},
		{"declared status without content", 404, "", "", 404, 404},
	}
	for _, tt := range tests {
		for _, report := range []bool{false, true} {
			var n atomic.Int64
			opts := []oashttp.ValidatorOption{oashttp.WithResponseValidation(), oashttp.WithViolationCount(&n),
				oashttp.WithServerOptions(oashttp.WithLogger(slog.New(slog.DiscardHandler)))}
			want := tt.want
			if report {
				opts = append(opts, oashttp.WithReportOnly())
				want = tt.reportOnlyOut
			}
			h := &seen{status: tt.status, ct: tt.ct, answer: tt.answer}
			w := vserve(validator.NewValidator(opts...)(h), "GET", "/items/3", "", "")
			if w.Code != want {
				t.Errorf("%s (report only %v): status %d, want %d: %s", tt.name, report, w.Code, want, w.Body)
			}
			if want == tt.status && w.Body.String() != tt.answer {
				t.Errorf("%s (report only %v): body %q, want %q", tt.name, report, w.Body, tt.answer)
			}
			if violation := tt.name != "valid" && tt.name != "declared status without content"; (n.Load() == 1) != violation {
				t.Errorf("%s (report only %v): %d violations counted", tt.name, report, n.Load())
			}
		}
	}
}
