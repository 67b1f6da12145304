package servertest

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/oasrt/oashttp/oashttpimpl"
	"github.com/oasgen/oasgen/testdata/routes"
)

// The client generated for testdata/routes against servers that misbehave
// on purpose: slow, stalled, endless, compressed to explode, lying about
// their length, or answering with the wrong JSON. Each call is bounded by a
// context (generous: a hang detector, not a speed test) and each server by
// the bytes it sends.

// hostile serves handler on loopback and returns a client of it with opts.
func hostile(t *testing.T, handler http.HandlerFunc, opts ...oashttp.ClientOption) *routes.Client {
	t.Helper()
	ts := httptest.NewServer(handler)
	t.Cleanup(ts.Close)
	c, err := routes.NewClient(ts.URL, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// callCtx is the context of one call: ending by its deadline means the
// client waited for a server it should have given up on.
func callCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func flush(w http.ResponseWriter) { http.NewResponseController(w).Flush() }

// stall holds a handler until the client hangs up or the test ends, and
// reports the hang-up on hungUp.
func stall(t *testing.T, r *http.Request, hungUp chan<- struct{}) {
	select {
	case <-r.Context().Done():
		close(hungUp)
	case <-t.Context().Done():
	}
}

// TestClientErrorThenStall: the server sends a body whose first value has
// the wrong type, then stalls without ending it. The client must return
// the decoding error at once, naming the JSON path and offset, and hang up,
// not wait for the rest of the body (it drained 64 KiB first, so a stalled
// server held the error until the context ended).
func TestClientErrorThenStall(t *testing.T) {
	hungUp := make(chan struct{})
	c := hostile(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"name":12,`))
		flush(w)
		stall(t, r, hungUp)
	})
	ctx := callCtx(t)
	_, err := c.GetMe(ctx)
	if ctx.Err() != nil {
		t.Fatalf("the call returned when its context ended (%v): it waited for the stalled body", err)
	}
	var se *oashttp.StatusError
	if !errors.As(err, &se) || se.StatusCode != 200 || !strings.Contains(err.Error(), "$.name: expected string, got number (offset 8)") {
		t.Fatalf("err = %v, want the type error at $.name, offset 8", err)
	}
	select {
	case <-hungUp:
	case <-ctx.Done():
		t.Fatal("the client kept the connection to the stalled server open")
	}
}

// TestClientSlowBody: a body sent a byte at a time decodes; a body that
// stalls ends with the client's timeout (WithTimeout), an error that says
// so, not a hang.
func TestClientSlowBody(t *testing.T) {
	body := `[{"name":"ann","age":3},{"name":"b\u00e9a"}]`
	c := hostile(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("X-Total", "2")
		for i := range len(body) {
			w.Write([]byte{body[i]})
			flush(w)
		}
	})
	res, err := c.ListUsers(callCtx(t))
	if got, ok := res.(routes.ListUsersResponse200); err != nil || !ok || len(got.Body) != 2 || got.Body[1].Name != "béa" {
		t.Fatalf("slow body: %#v, %v", res, err)
	}

	hungUp := make(chan struct{})
	c = hostile(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`[{"name":"ann"},`))
		flush(w)
		stall(t, r, hungUp)
	}, oashttp.WithTimeout(200*time.Millisecond))
	ctx := callCtx(t)
	_, err = c.ListUsers(ctx)
	var ne net.Error
	if ctx.Err() != nil || !errors.As(err, &ne) || !ne.Timeout() {
		t.Fatalf("stalled body: err = %v (context: %v), want the client's timeout", err, ctx.Err())
	}
}

// TestClientDefaultTimeout: a client given no *http.Client never uses
// http.DefaultClient, which has no timeout, and bounds its calls by
// DefaultClientTimeout; a client given one bounds calls only when told.
func TestClientDefaultTimeout(t *testing.T) {
	own := &http.Client{Timeout: time.Hour}
	for _, tt := range []struct {
		name string
		opts []oashttp.ClientOption
		want time.Duration // the call's bound, negative for none
	}{
		{"default", nil, oashttp.DefaultClientTimeout},
		{"set", []oashttp.ClientOption{oashttp.WithTimeout(time.Second)}, time.Second},
		{"none", []oashttp.ClientOption{oashttp.WithTimeout(0)}, -1},
		{"own client", []oashttp.ClientOption{oashttp.WithHTTPClient(own)}, -1},
		{"own client and timeout", []oashttp.ClientOption{oashttp.WithTimeout(time.Second), oashttp.WithHTTPClient(own)}, time.Second},
	} {
		cfg, err := oashttpimpl.NewClient("http://127.0.0.1:1", tt.opts)
		if err != nil {
			t.Fatal(err)
		}
		if cfg.HTTPClient == http.DefaultClient || cfg.Timeout != tt.want {
			t.Errorf("%s: timeout %v (default client: %v), want %v", tt.name, cfg.Timeout, cfg.HTTPClient == http.DefaultClient, tt.want)
		}
	}
	if own.Timeout != time.Hour {
		t.Errorf("the given client's Timeout changed to %v", own.Timeout)
	}
}

// TestClientEndlessBodies: bodies with no end, sent plainly or as a gzip
// bomb, stop at the client's response limit with a *TooLargeError, having
// allocated in proportion to the limit, not to what the server sends.
func TestClientEndlessBodies(t *testing.T) {
	const limit = 1 << 20
	// 32 MiB of white space inside an array, compressed about a
	// thousandfold.
	var bomb bytes.Buffer
	z, _ := gzip.NewWriterLevel(&bomb, gzip.BestCompression)
	z.Write([]byte("["))
	spaces := bytes.Repeat([]byte(" "), 1<<20)
	for range 32 {
		z.Write(spaces)
	}
	z.Close()
	for _, tt := range []struct {
		name    string
		handler http.HandlerFunc
	}{
		{"endless array", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("X-Total", "1")
			w.Write([]byte("["))
			chunk := bytes.Repeat([]byte(`{"name":"abcdefgh"},`), 1000)
			for sent := 0; sent < 256<<20; sent += len(chunk) { // bounded, and ended by the hang-up
				if _, err := w.Write(chunk); err != nil {
					return
				}
			}
		}},
		{"gzip bomb", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Content-Encoding", "gzip")
			w.Header().Set("X-Total", "1")
			w.Write(bomb.Bytes())
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := hostile(t, tt.handler, oashttp.WithMaxResponseBytes(limit))
			ctx := callCtx(t)
			allocated := allocatedBy(func() {
				_, err := c.ListUsers(ctx)
				if tl := new(oashttp.TooLargeError); !errors.As(err, &tl) || ctx.Err() != nil {
					t.Errorf("err = %v, want a *TooLargeError", err)
				}
			})
			t.Logf("allocated %d bytes for a %d-byte limit", allocated, limit)
			if allocated > 16*limit {
				t.Errorf("allocated %d bytes for a %d-byte limit", allocated, limit)
			}
		})
	}
}

// allocatedBy returns the bytes allocated while f runs (by the whole
// process: the loopback server's share is small and bounded).
func allocatedBy(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestClientDeclaredNotSent: a server that declares a body of 60 MiB and
// sends a few bytes costs the client those bytes, not the 60 MiB (the
// client sized its buffer, or its arrays, by the declared length).
func TestClientDeclaredNotSent(t *testing.T) {
	declared := strconv.Itoa(60 << 20)
	users := "[" + strings.Repeat(`{"name":"abcdefgh"},`, 400)
	for _, tt := range []struct {
		name string
		ct   string
		body string
		call func(context.Context, *routes.Client) error
	}{
		{"bytes", "application/octet-stream", "x", func(ctx context.Context, c *routes.Client) error {
			_, err := c.GetFile(ctx, routes.GetFileParams{Base: "a", Ext: "txt"})
			return err
		}},
		{"json array", "application/json", users, func(ctx context.Context, c *routes.Client) error {
			_, err := c.ListUsers(ctx)
			return err
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := hostile(t, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", tt.ct)
				w.Header().Set("Content-Length", declared)
				w.Header().Set("X-Total", "1")
				w.Write([]byte(tt.body))
				flush(w)
				// Returning short of the declared length makes the server
				// close the connection.
			})
			ctx := callCtx(t)
			allocated := allocatedBy(func() {
				if err := tt.call(ctx, c); err == nil || ctx.Err() != nil {
					t.Errorf("err = %v, want the cut body's error", err)
				}
			})
			t.Logf("allocated %d bytes", allocated)
			if allocated > 4<<20 {
				t.Errorf("allocated %d bytes for a body of %d bytes declared as %s", allocated, len(tt.body), declared)
			}
		})
	}
}

// TestClientWrongType: a complete body with a value of the wrong type is
// an error naming the JSON path and offset, carrying the status.
func TestClientWrongType(t *testing.T) {
	c := hostile(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("X-Total", "2")
		w.Write([]byte(`[{"name":"a"},{"name":5}]`))
	})
	_, err := c.ListUsers(callCtx(t))
	var se *oashttp.StatusError
	const want = "response status 200: $[1].name: expected string, got number (offset 22)"
	if !errors.As(err, &se) || se.StatusCode != 200 || err.Error() != want {
		t.Fatalf("err = %v, want %s", err, want)
	}
}

// TestClientProblemOnSuccess: a success status whose body is
// application/problem+json is an error carrying the problem, never a
// success decoded from the problem's members.
func TestClientProblemOnSuccess(t *testing.T) {
	c := hostile(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/problem+json")
		w.Write([]byte(`{"title":"nope","status":500,"name":"x"}`))
	})
	res, err := c.GetMe(callCtx(t))
	var se *oashttp.StatusError
	if !errors.As(err, &se) || se.StatusCode != 200 || se.Problem == nil || se.Problem.Title != "nope" {
		t.Fatalf("GetMe = %#v, %v; want a *StatusError with the problem", res, err)
	}
}

// TestClientStreamStalls: a streamed response whose server stalls after a
// few items. Leaving the loop early, or meeting a bad item, ends the
// iteration at once and hangs up (closing the body drained it first, so
// the loop's end waited for the stalled server).
func TestClientStreamStalls(t *testing.T) {
	for _, tt := range []struct {
		name    string
		body    string
		stop    bool // break out after the first item
		wantErr string
	}{
		{"left early", `{"count":3,"points":[{"x":1},{"x":2},`, true, ""},
		{"bad item", `{"count":3,"points":[{"x":1},{"x":"2"},`, false, `$.points[1].x: expected integer, got string (offset 34)`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			hungUp := make(chan struct{})
			c := hostile(t, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.Write([]byte(tt.body))
				flush(w)
				stall(t, r, hungUp)
			})
			ctx := callCtx(t)
			res, err := c.ImportPointsStream(ctx, routes.ImportPointsBodyStream{})
			v, ok := res.(routes.ImportPointsResponse200Stream)
			if err != nil || !ok {
				t.Fatalf("ImportPointsStream = %#v, %v", res, err)
			}
			var got []int64
			err = nil
			for p, e := range v.Items {
				if e != nil {
					err = e
					break
				}
				got = append(got, p.X)
				if tt.stop {
					break
				}
			}
			if ctx.Err() != nil {
				t.Fatalf("the loop ended when the context did (%v): it waited for the stalled body", err)
			}
			if len(got) != 1 || got[0] != 1 || (tt.wantErr == "") != (err == nil) || !strings.Contains(errText(err), tt.wantErr) {
				t.Fatalf("items %v, err %v; want [1] and %q", got, err, tt.wantErr)
			}
			select {
			case <-hungUp:
			case <-ctx.Done():
				t.Fatal("the client kept the connection to the stalled server open")
			}
		})
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestClientChecksRequest checks that a body breaking its schema is not
// sent: the call fails with a RequestCheckError naming the JSON path, and
// the server sees nothing; WithoutRequestCheck sends it, and the server
// answers 422.
func TestClientChecksRequest(t *testing.T) {
	h := &recorder{}
	srv := httptest.NewServer(routes.NewServer(h))
	defer srv.Close()
	bad := &routes.User{Name: "ann", Age: oasrt.NewOpt[int32](-1)}

	c, err := routes.NewClient(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.CreateUser(context.Background(), bad)
	var rc *oashttp.RequestCheckError
	if !errors.As(err, &rc) || !strings.Contains(err.Error(), "$.age") {
		t.Fatalf("err = %v, want a *oashttp.RequestCheckError naming $.age", err)
	}
	if h.op != "" {
		t.Fatalf("the server received %s", h.op)
	}

	c, err = routes.NewClient(srv.URL, oashttp.WithoutRequestCheck())
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.CreateUser(context.Background(), bad)
	if r, ok := res.(routes.CreateUserResponse4XX); err != nil || !ok || r.StatusCode != 422 {
		t.Fatalf("unchecked: %#v, %v; want the server's 422", res, err)
	}
	if _, err := c.CreateUser(context.Background(), &routes.User{Name: "ann"}); err != nil {
		t.Fatalf("a valid body: %v", err)
	}
}
