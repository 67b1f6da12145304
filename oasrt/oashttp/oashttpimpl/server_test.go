package oashttpimpl

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/oasgen/oasgen/oasrt"
	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/oasrt/oasimpl"
)

func TestProblemOf(t *testing.T) {
	decErr := oasrt.AtKey(oasrt.ErrorAt(7, "expected string, got number"), "name")
	tests := []struct {
		name   string
		err    error
		status int
		detail string
	}{
		{"not found", oashttp.ErrNotFound, 404, "no operation at this path"},
		{"method", &oashttp.MethodError{Method: "PUT", Allow: "GET"}, 405, "method PUT not allowed; allowed: GET"},
		{"param", &oashttp.ParamError{Name: "id", In: "path", Err: errors.New("bad")}, 400, `path parameter "id": bad`},
		{"body", &oashttp.BodyError{Err: decErr}, 400, "request body: $.name: expected string, got number (offset 7)"},
		{"too large", &oashttp.TooLargeError{Limit: 10}, 413, "request body is larger than 10 bytes"},
		{"media", &oashttp.MediaTypeError{Got: "text/plain", Want: []string{"application/json"}}, 415, `content type "text/plain" is not accepted; want application/json`},
		{"unimplemented", oashttp.ErrNotImplemented, 501, "operation not implemented"},
		{"panic", &oashttp.PanicError{Value: "secret"}, 500, ""},
		{"other errors are not disclosed", errors.New("secret"), 500, ""},
		{"wrapped", fmt.Errorf("ctx: %w", &oashttp.ParamError{Name: "q", In: "query", Err: oashttp.ErrMissing}), 400, `query parameter "q": required but missing`},
		{"handler problem", fmt.Errorf("x: %w", &oashttp.Problem{Status: 409, Title: "Conflict", Detail: "taken"}), 409, "taken"},
		{"body that breaks the schema", &oashttp.BodyError{Err: decErr, Status: 422}, 422, "request body: $.name: expected string, got number (offset 7)"},
		{"streamed body over the limit", fmt.Errorf("copy: %w", &http.MaxBytesError{Limit: 64}), 413, "request body is larger than 64 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := oashttp.ProblemOf(tt.err)
			if p.Status != tt.status || p.Detail != tt.detail || p.Title != http.StatusText(tt.status) {
				t.Errorf("got %d %q %q, want %d %q", p.Status, p.Title, p.Detail, tt.status, tt.detail)
			}
		})
	}
	p := oashttp.ProblemOf(&oashttp.BodyError{Err: decErr})
	if p.Path != "$.name" || p.Offset != 7 {
		t.Errorf("body problem at %q %d", p.Path, p.Offset)
	}
}

// TestBodyFail pins how a failed body decode is classified: JSON that
// breaks the schema takes the operation's status, anything else is a 400
// for the syntax error, wherever it is.
func TestBodyFail(t *testing.T) {
	tests := []struct {
		name, body string
		decErr     error
		status     int
		detail     string
	}{
		{"valid JSON", `{"a":"x"}`, oasrt.AtKey(oasrt.ErrorAt(5, "expected integer, got string"), "a"), 422, "request body: $.a: expected integer, got string (offset 5)"},
		{"syntax error after the violation", `{"a":"x",}`, oasrt.AtKey(oasrt.ErrorAt(5, "expected integer, got string"), "a"), 400, "request body: $: invalid character '}' looking for beginning of object key string (offset 9)"},
		{"syntax error where decoding stopped keeps its path", `{"a":[[1]]}`, oasrt.AtKey(oasrt.ErrorAt(7, "exceeded max depth 2"), "a"), 400, "request body: $.a: exceeded max depth 2 (offset 7)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := ReadBody(strings.NewReader(tt.body), -1, 100)
			if err != nil {
				t.Fatal(err)
			}
			b.Reader.MaxDepth = 2
			p := oashttp.ProblemOf(b.Fail(tt.decErr, 422))
			b.Release()
			if p.Status != tt.status || p.Detail != tt.detail {
				t.Errorf("got %d %q, want %d %q", p.Status, p.Detail, tt.status, tt.detail)
			}
		})
	}
}

func TestProblemJSON(t *testing.T) {
	p := &oashttp.Problem{Title: "Bad Request", Status: 400, Detail: `say "hi"`, Parameter: "id", In: "path", Offset: -1}
	data, err := oasimpl.Encode(p)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"title":"Bad Request","status":400,"detail":"say \"hi\"","parameter":"id","in":"path"}`
	if string(data) != want {
		t.Errorf("encoded %s, want %s", data, want)
	}
	var q oashttp.Problem
	if err := oasimpl.Decode([]byte(`{"type":"about:blank","status":413,"title":"x","offset":3,"path":"$","ext":{"a":[1]},"detail":7}`), &q); err != nil {
		t.Fatal(err)
	}
	if q.Type != "about:blank" || q.Status != 413 || q.Offset != 3 || q.Path != "$" || q.Detail != "" {
		t.Errorf("decoded %+v", q)
	}
	w := httptest.NewRecorder()
	oashttp.WriteError(w, nil, &oashttp.TooLargeError{Limit: 1})
	if w.Code != 413 || w.Header().Get("Content-Type") != "application/problem+json" || !strings.Contains(w.Body.String(), `"status":413`) {
		t.Errorf("WriteError: %d %v %s", w.Code, w.Header(), w.Body)
	}
}

func TestReadBody(t *testing.T) {
	for _, size := range []int64{-1, 5} {
		b, err := ReadBody(strings.NewReader("hello"), size, 5)
		if err != nil || string(b.Bytes()) != "hello" {
			t.Fatalf("size %d: %q %v", size, b.Bytes(), err)
		}
		b.Release()
	}
	// A declared length over the limit fails before reading.
	r := iotest.ErrReader(errors.New("read"))
	if _, err := ReadBody(r, 6, 5); !errors.As(err, new(*oashttp.TooLargeError)) {
		t.Errorf("declared too large: %v", err)
	}
	// An undeclared one fails as soon as it passes the limit.
	if _, err := ReadBody(iotest.OneByteReader(strings.NewReader("123456789")), -1, 5); !errors.As(err, new(*oashttp.TooLargeError)) {
		t.Errorf("undeclared too large: %v", err)
	}
	if _, err := ReadBody(iotest.TimeoutReader(strings.NewReader("123456789")), -1, 100); err == nil {
		t.Error("read error lost")
	}
	b, err := ReadBody(strings.NewReader(""), 0, 5)
	if err != nil || len(b.Bytes()) != 0 {
		t.Errorf("empty: %v", err)
	}
	allocs := testing.AllocsPerRun(100, func() {
		b, _ := ReadBody(strings.NewReader(`{"a":1}`), 7, 100)
		b.Release()
	})
	if allocs > 1 && !raceEnabled { // the strings.Reader
		t.Errorf("ReadBody allocates %v times, want the pooled buffer reused", allocs)
	}
}

// TestReadBodyGrows reads bodies of sizes around the buffer's steps,
// declared or not, in pieces: the bytes must come back whole.
func TestReadBodyGrows(t *testing.T) {
	sizes := []int{0, 1, oashttp.BodyChunk - 1, oashttp.BodyChunk, oashttp.BodyChunk + 1, 3*oashttp.BodyChunk + 7, 1 << 20}
	for _, n := range sizes {
		data := strings.Repeat("x", n)
		for _, size := range []int64{int64(n), -1} {
			b, err := ReadBody(iotest.HalfReader(strings.NewReader(data)), size, 1<<20)
			if err != nil || string(b.Bytes()) != data {
				t.Fatalf("%d bytes, declared %d: %d bytes back, %v", n, size, len(b.Bytes()), err)
			}
			b.Release()
		}
	}
}

// TestGrowBody follows the buffer of a body as it fills: it must never be
// larger than twice what arrived, nor than the declared length plus one,
// nor than the limit plus one, and must reach them.
func TestGrowBody(t *testing.T) {
	tests := []struct {
		name        string
		size, limit int64
		wantCaps    []int
	}{
		{"declared 8 MiB", 8 << 20, 8 << 20, []int{oashttp.BodyChunk, 2 * oashttp.BodyChunk, 4 * oashttp.BodyChunk}},
		{"declared 40000", 40000, 8 << 20, []int{oashttp.BodyChunk, 2 * oashttp.BodyChunk, 40001, 80002}},
		{"undeclared", -1, 8 << 20, []int{oashttp.BodyChunk, 2 * oashttp.BodyChunk, 4 * oashttp.BodyChunk}},
		{"limit", -1, 20000, []int{oashttp.BodyChunk, 20001, 20002}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf []byte
			for i, want := range tt.wantCaps {
				buf = growBody(buf[:cap(buf)], tt.size, tt.limit)
				if cap(buf) != want || len(buf) != 0 && buf[0] != 'x' {
					t.Fatalf("growth %d: capacity %d, want %d", i, cap(buf), want)
				}
				if i == 0 {
					buf[:1][0] = 'x'
				}
			}
		})
	}
}

func TestMiddlewareOrder(t *testing.T) {
	var trace []string
	mw := func(name string) oashttp.Middleware {
		return func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				trace = append(trace, name)
				next.ServeHTTP(w, r)
			})
		}
	}
	c := NewServer([]string{"op"}, []oashttp.ServerOption{
		oashttp.WithEachOperation(func(id string) oashttp.Middleware {
			if id != "op" {
				return nil
			}
			return mw("each")
		}),
		oashttp.WithOperationMiddleware("op", mw("op1"), mw("op2")),
		oashttp.WithTagMiddleware("admin", mw("tag")),
		oashttp.WithPathPrefixMiddleware("/admin/", mw("prefix")),
	})
	final := http.HandlerFunc(func(http.ResponseWriter, *http.Request) { trace = append(trace, "handler") })
	h := c.Operation(final, "op", "/admin/users", []string{"admin"})
	h.ServeHTTP(nil, nil)
	if got := strings.Join(trace, " "); got != "each prefix tag op1 op2 handler" {
		t.Errorf("order %q", got)
	}
	if c.Operation(final, "other", "/users", nil) != nil {
		t.Error("an operation without middleware got a chain")
	}
	if c.MaxBodyBytes != oashttp.DefaultMaxBodyBytes || c.ErrorWriter == nil {
		t.Errorf("defaults not applied: %+v", c)
	}
}

func TestAcceptable(t *testing.T) {
	json := []string{"application/json"}
	tests := []struct {
		accept string
		offers []string
		want   bool
	}{
		{"", json, true},
		{"application/json", json, true},
		{"text/html, application/*;q=0.5", json, true},
		{"*/*", json, true},
		{"text/html", json, false},
		{"application/json;q=0, text/html", json, false},
		{"application/json; q=0.0", json, false},
		{"application/json;q=0.1", json, true},
		{"image/png", []string{"image/*"}, true},
		{"text/plain", []string{"*/*"}, true},
		{"garbage", json, false},
		{"text/html", nil, true},
	}
	for _, tt := range tests {
		if got := Acceptable(tt.accept, tt.offers); got != tt.want {
			t.Errorf("Acceptable(%q, %q) = %v", tt.accept, tt.offers, got)
		}
	}
	if p := oashttp.ProblemOf(&oashttp.NotAcceptableError{Accept: "text/html", Offers: json}); p.Status != 406 {
		t.Errorf("status %d", p.Status)
	}
}
