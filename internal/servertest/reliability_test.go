package servertest

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/testdata/routes"
)

// Reliability: the server under slow, large and hostile traffic, over
// loopback. Every loop is bounded in count, every wait in time (a hung
// test fails at its deadline instead of blocking the suite); memory bounds
// are measured on the heap, not inferred from timing.

// firstRead is middleware that reports on reached when a request's
// handler has read its body once: by then the server has allocated what
// it allocates for the body before waiting for the rest.
func firstRead(reached chan<- struct{}) oashttp.Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			r.Body = &signalBody{ReadCloser: r.Body, reached: reached}
			next.ServeHTTP(w, r)
		})
	}
}

type signalBody struct {
	io.ReadCloser
	reached chan<- struct{}
	once    sync.Once
}

func (b *signalBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	b.once.Do(func() { b.reached <- struct{}{} })
	return n, err
}

// loopback serves h on a loopback port until the test ends. Registered
// before the test's connections, it is closed after them: Close waits for
// the requests they hold.
func loopback(t *testing.T, h http.Handler) *httptest.Server {
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

// heapInUse returns the live heap after a collection.
func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// allocated returns the bytes allocated so far, freed or not.
func allocated() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.TotalAlloc
}

// dialAll opens n connections to srv and writes head to each, closing
// them when the test ends.
func dialAll(t *testing.T, srv *httptest.Server, n int, head string) []net.Conn {
	t.Helper()
	conns := make([]net.Conn, 0, n)
	t.Cleanup(func() {
		for _, c := range conns {
			c.Close()
		}
	})
	for i := range n {
		c, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatalf("connection %d: %v", i, err)
		}
		conns = append(conns, c)
		if _, err := io.WriteString(c, head); err != nil {
			t.Fatalf("connection %d: %v", i, err)
		}
	}
	return conns
}

// await receives n signals from ch, failing the test if they have not all
// come within d.
func await(t *testing.T, ch <-chan struct{}, n int, d time.Duration, what string) {
	t.Helper()
	deadline := time.After(d)
	for i := range n {
		select {
		case <-ch:
		case <-deadline:
			t.Fatalf("%d of %d %s after %v", i, n, what, d)
		}
	}
}

// TestDeclaredLengthCostsNothing holds 200 connections, each having sent
// the headers of a JSON body that declares 8 MiB (the default limit) and
// a few bytes of it: the server's heap must follow the bytes that came,
// not the lengths declared (which would be 1.6 GiB).
func TestDeclaredLengthCostsNothing(t *testing.T) {
	const conns, declared, bound = 200, 8 << 20, 64 << 20
	reached := make(chan struct{}, conns)
	srv := loopback(t, routes.NewServer(empty{}, oashttp.WithMiddleware(firstRead(reached))))

	before := heapInUse()
	head := fmt.Sprintf("POST /users HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n{\"name\":\"a", declared)
	dialAll(t, srv, conns, head)
	await(t, reached, conns, 30*time.Second, "requests read their body")
	after := heapInUse()
	t.Logf("heap %d KiB before, %d KiB while %d requests are held", before>>10, after>>10, conns)
	if after > before && after-before > bound {
		t.Errorf("the heap grew by %d MiB for %d requests that sent a few bytes each, want under %d MiB", (after-before)>>20, conns, bound>>20)
	}
}

// failingStream answers importPoints with a streamed response whose items
// fail, by a panic or an error, after a number of them.
type failingStream struct {
	recorder
	panics bool
	after  int
}

func (h *failingStream) ImportPoints(ctx context.Context, body routes.ImportPointsBodyStream) (routes.ImportPointsResponse, error) {
	for _, err := range body.Items {
		if err != nil {
			return nil, err
		}
	}
	return routes.ImportPointsResponse200Stream{
		Body: &routes.ImportPointsOK{Count: 1},
		Items: func(yield func(routes.Point, error) bool) {
			for i := range h.after {
				if !yield(routes.Point{X: int64(i)}, nil) {
					return
				}
			}
			if h.panics {
				panic("boom in the stream")
			}
			yield(routes.Point{}, errors.New("boom in the stream"))
		},
	}, nil
}

// rawClient does not undo gzip, so tests see what the server sent.
func rawClient(srv *httptest.Server) *http.Client {
	return &http.Client{Transport: &http.Transport{DisableCompression: true}, Timeout: 20 * time.Second}
}

// TestStreamFailuresAbort makes a streamed response fail before and after
// its first flush, by a panic and by an error, with and without gzip: the
// client must see a broken response every time, never a complete one (a
// 200 whose body is a problem, or a partial array with a problem after it).
func TestStreamFailuresAbort(t *testing.T) {
	tests := []struct {
		name   string
		panics bool
		after  int // items before the failure; 10000 pass the 32 KiB flush
		gzip   bool
	}{
		{"panic before any item", true, 0, false},
		{"panic before any item, gzip", true, 0, true},
		{"panic after a flush", true, 10000, false},
		{"panic after a flush, gzip", true, 10000, true},
		{"error before any item", false, 0, false},
		{"error after a flush, gzip", false, 10000, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := loopback(t, routes.NewServer(&failingStream{panics: tt.panics, after: tt.after}, oashttp.WithLogger(slog.New(slog.DiscardHandler))))
			req, _ := http.NewRequest("POST", srv.URL+"/points", strings.NewReader("[]"))
			req.Header.Set("Content-Type", "application/json")
			if tt.gzip {
				req.Header.Set("Accept-Encoding", "gzip")
			}
			resp, err := rawClient(srv).Do(req)
			if err != nil {
				return // aborted before the status: broken, as it must be
			}
			defer resp.Body.Close()
			body, err := io.ReadAll(resp.Body)
			t.Logf("%d: %d bytes, then %v", resp.StatusCode, len(body), err)
			if err == nil {
				t.Fatalf("a complete %d response (Content-Encoding %q, %d bytes) ending %q", resp.StatusCode, resp.Header.Get("Content-Encoding"), len(body), body[max(0, len(body)-80):])
			}
		})
	}
}

// records is a slog.Handler keeping every record, for tests.
type records struct {
	mu   sync.Mutex
	recs []slog.Record
}

func (h *records) Enabled(context.Context, slog.Level) bool { return true }
func (h *records) Handle(_ context.Context, r slog.Record) error {
	h.mu.Lock()
	h.recs = append(h.recs, r.Clone())
	h.mu.Unlock()
	return nil
}
func (h *records) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h *records) WithGroup(string) slog.Handler      { return h }

// take returns the records so far as level and attributes, and forgets
// them.
func (h *records) take() []map[string]string {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []map[string]string
	for _, r := range h.recs {
		m := map[string]string{"level": r.Level.String()}
		r.Attrs(func(a slog.Attr) bool {
			m[a.Key] = a.Value.String()
			return true
		})
		out = append(out, m)
	}
	h.recs = nil
	return out
}

// TestLogRecords: a panic and an error from a handler each give one
// record naming the operation, the status and the error (and the stack of
// a panic); the client is told none of it.
func TestLogRecords(t *testing.T) {
	tests := []struct {
		name, method, target string
		h                    routes.Handler
		status               int
		want                 map[string]string // attributes; "stack" is checked to hold stackHas
		stackHas             string
	}{
		{"handler error", "GET", "/users/x", errorer{}, 500,
			map[string]string{"level": "ERROR", "operation": "getUser", "status": "500", "error": "database password is hunter2", "method": "GET", "path": "/users/x"}, ""},
		{"handler problem", "GET", "/users/me", errorer{}, 418,
			map[string]string{"level": "DEBUG", "operation": "getMe", "status": "418", "error": "418 I'm a teapot: short and stout"}, ""},
		{"panic", "GET", "/users", &panicky{}, 500,
			map[string]string{"level": "ERROR", "operation": "listUsers", "status": "500", "error": "panic: boom"}, "ListUsers"},
		{"panic in a stream", "POST", "/points", &failingStream{panics: true, after: 10000}, 200,
			map[string]string{"level": "ERROR", "operation": "importPoints", "status": "200", "error": "panic: boom in the stream"}, "ImportPoints"},
		{"error in a stream", "POST", "/points", &failingStream{after: 10000}, 200,
			map[string]string{"level": "ERROR", "operation": "importPoints", "status": "200", "error": "boom in the stream"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			logs := &records{}
			srv := loopback(t, routes.NewServer(tt.h, oashttp.WithLogger(slog.New(logs))))
			req, _ := http.NewRequest(tt.method, srv.URL+tt.target, strings.NewReader("[]"))
			req.Header.Set("Content-Type", "application/json")
			resp, err := rawClient(srv).Do(req)
			if err == nil {
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != tt.status {
					t.Errorf("status %d, want %d", resp.StatusCode, tt.status)
				}
				if bytes.Contains(body, []byte("hunter2")) || bytes.Contains(body, []byte("boom")) {
					t.Errorf("the body tells the cause: %s", body)
				}
			}
			srv.Close() // the handler has returned: its records are in
			got := logs.take()
			if len(got) != 1 {
				t.Fatalf("%d records, want 1: %v", len(got), got)
			}
			for k, v := range tt.want {
				if got[0][k] != v {
					t.Errorf("%s = %q, want %q", k, got[0][k], v)
				}
			}
			if stack := got[0]["stack"]; tt.stackHas != "" && !strings.Contains(stack, tt.stackHas) || tt.stackHas == "" && stack != "" {
				t.Errorf("stack %q, want one through %q", stack, tt.stackHas)
			}
		})
	}
}

// slowStream answers importPoints with a streamed response whose elements
// come one at a time: the first at once, each next one when the test
// sends on next.
type slowStream struct {
	recorder
	n    int
	next chan struct{}
	quit chan struct{} // closed when the test ends
}

func (h *slowStream) ImportPoints(ctx context.Context, body routes.ImportPointsBodyStream) (routes.ImportPointsResponse, error) {
	return routes.ImportPointsResponse200Stream{
		Body: &routes.ImportPointsOK{Count: int64(h.n)},
		Items: func(yield func(routes.Point, error) bool) {
			for i := range h.n {
				if i > 0 {
					select {
					case <-h.next:
					case <-h.quit:
						return
					}
				}
				if !yield(routes.Point{X: int64(1000 + i)}, nil) {
					return
				}
			}
		},
	}, nil
}

// readUntil reads r into got until got holds want.
func readUntil(r io.Reader, got *bytes.Buffer, want string) error {
	buf := make([]byte, 512)
	for !strings.Contains(got.String(), want) {
		// Read returns what has come, not waiting for all of buf.
		n, err := r.Read(buf)
		got.Write(buf[:n])
		if err != nil && !strings.Contains(got.String(), want) {
			return fmt.Errorf("%w before %q arrived; got %q", err, want, got)
		}
	}
	return nil
}

// TestStreamFlushesEachElement streams elements that the producer releases
// one by one, only after the client has received the one before: each must
// reach the client while the producer waits (the first at once, the others
// within FlushDelay), not when 32 KiB have accumulated. A server that
// holds them makes the client's read time out and the test fail.
func TestStreamFlushesEachElement(t *testing.T) {
	for _, gz := range []bool{false, true} {
		t.Run(fmt.Sprintf("gzip %v", gz), func(t *testing.T) {
			h := &slowStream{n: 4, next: make(chan struct{}), quit: make(chan struct{})}
			srv := loopback(t, routes.NewServer(h))
			t.Cleanup(func() { close(h.quit) }) // before srv.Close, which waits for the handler
			req, _ := http.NewRequest("POST", srv.URL+"/points", strings.NewReader("[]"))
			req.Header.Set("Content-Type", "application/json")
			// The default transport asks for gzip and undoes it; without,
			// it is plain.
			client := &http.Client{Transport: &http.Transport{DisableCompression: !gz}, Timeout: 20 * time.Second}
			resp, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			if gz != resp.Uncompressed {
				t.Errorf("gzip %v, response uncompressed by the transport %v", gz, resp.Uncompressed)
			}
			var got bytes.Buffer
			for i := range h.n {
				if err := readUntil(resp.Body, &got, fmt.Sprintf(`{"x":%d}`, 1000+i)); err != nil {
					t.Fatalf("element %d: %v", i, err)
				}
				if i+1 < h.n {
					h.next <- struct{}{}
				}
			}
			rest, err := io.ReadAll(resp.Body)
			got.Write(rest)
			if err != nil || !strings.HasSuffix(got.String(), `{"x":1003}]}`) {
				t.Errorf("end of the body %q, %v", got.String(), err)
			}
		})
	}
}

// rawExchange sends text on a new loopback connection to srv, closes the
// sending side (so a body shorter than its Content-Length ends there), and
// returns the response's status.
func rawExchange(t *testing.T, srv *httptest.Server, text string) int {
	t.Helper()
	c, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(20 * time.Second))
	if _, err := io.WriteString(c, text); err != nil {
		t.Fatal(err)
	}
	c.(*net.TCPConn).CloseWrite()
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func gzipped(t *testing.T, s string) []byte {
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	z.Write([]byte(s))
	z.Close()
	return b.Bytes()
}

// TestBrokenBodies: a body that ends before its Content-Length, or whose
// gzip stream is corrupt or cut short, is the client's fault: 400, for
// bodies the server decodes and for raw ones the handler reads alike.
func TestBrokenBodies(t *testing.T) {
	srv := loopback(t, routes.NewServer(&recorder{}, oashttp.WithLogger(slog.New(slog.DiscardHandler))))
	valid := gzipped(t, strings.Repeat("0123456789", 1000))
	corrupt := append(valid[:10:10], bytes.Repeat([]byte{0xff}, 200)...)
	cut := valid[:len(valid)/2]
	jsonCut := gzipped(t, `{"name":"`+strings.Repeat("a", 5000)+`"}`)
	jsonCut = jsonCut[:len(jsonCut)/2]
	tests := []struct {
		name, head string
		body       []byte
		declared   int // Content-Length; the body's length when 0
		want       int
	}{
		{"octet-stream shorter than declared", "PUT /files/a.bin HTTP/1.1\r\nContent-Type: application/octet-stream\r\n", []byte("0123456789"), 100, 400},
		{"octet-stream, corrupt gzip", "PUT /files/a.bin HTTP/1.1\r\nContent-Type: application/octet-stream\r\nContent-Encoding: gzip\r\n", corrupt, 0, 400},
		{"octet-stream, gzip cut short", "PUT /files/a.bin HTTP/1.1\r\nContent-Type: application/octet-stream\r\nContent-Encoding: gzip\r\n", cut, 0, 400},
		{"octet-stream, whole gzip", "PUT /files/a.bin HTTP/1.1\r\nContent-Type: application/octet-stream\r\nContent-Encoding: gzip\r\n", valid, 0, 204},
		{"JSON shorter than declared", "POST /users HTTP/1.1\r\nContent-Type: application/json\r\n", []byte(`{"name":"a`), 100, 400},
		{"JSON, gzip cut short", "POST /users HTTP/1.1\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\n", jsonCut, 0, 400},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := tt.declared
			if n == 0 {
				n = len(tt.body)
			}
			text := tt.head + "Host: x\r\nConnection: close\r\nContent-Length: " + strconv.Itoa(n) + "\r\n\r\n" + string(tt.body)
			if got := rawExchange(t, srv, text); got != tt.want {
				t.Errorf("status %d, want %d", got, tt.want)
			}
		})
	}
}

// TestStreamOutlivesWriteTimeout: a server's WriteTimeout (NewHTTPServer
// sets one) bounds a client that stops reading, not a stream whose
// elements come slowly: WriteStream moves the deadline on as it writes.
// The test waits past the timeout between elements (the wait is the
// scenario, not a measurement).
func TestStreamOutlivesWriteTimeout(t *testing.T) {
	h := &slowStream{n: 3, next: make(chan struct{}), quit: make(chan struct{})}
	ts := httptest.NewUnstartedServer(routes.NewServer(h, oashttp.WithLogger(slog.New(slog.DiscardHandler))))
	ts.Config.WriteTimeout = 100 * time.Millisecond
	ts.Start()
	t.Cleanup(ts.Close)
	t.Cleanup(func() { close(h.quit) })
	req, _ := http.NewRequest("POST", ts.URL+"/points", strings.NewReader("[]"))
	req.Header.Set("Content-Type", "application/json")
	resp, err := rawClient(ts).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var got bytes.Buffer
	for i := range h.n {
		if err := readUntil(resp.Body, &got, fmt.Sprintf(`{"x":%d}`, 1000+i)); err != nil {
			t.Fatalf("element %d: %v", i, err)
		}
		if i+1 < h.n {
			time.Sleep(3 * ts.Config.WriteTimeout)
			h.next <- struct{}{}
		}
	}
	rest, err := io.ReadAll(resp.Body)
	got.Write(rest)
	if err != nil || !strings.HasSuffix(got.String(), `{"x":1002}]}`) {
		t.Errorf("body %q, %v", got.String(), err)
	}
}

// badAnswers answers getUser with a user whose age breaks the schema's
// minimum.
type badAnswers struct{ recorder }

func (*badAnswers) GetUser(ctx context.Context, p routes.GetUserParams) (routes.GetUserResponse, error) {
	return routes.GetUserResponse200{Body: routes.User{Name: p.Name, Age: oasrt.NewOpt(int32(-1))}}, nil
}

// TestResponseCheck: with WithResponseCheck, a handler's response that
// breaks the spec is not sent as a success: a 500, and a log record
// saying what broke; without it, it goes out (the default costs nothing).
func TestResponseCheck(t *testing.T) {
	logs := &records{}
	checked := routes.NewServer(&badAnswers{}, oashttp.WithResponseCheck(), oashttp.WithLogger(slog.New(logs)))
	w := serve(checked, "GET", "/users/x", nil)
	if p := problem(t, w); w.Code != 500 || p["detail"] != nil {
		t.Errorf("checked: %d %v", w.Code, p)
	}
	got := logs.take()
	if len(got) != 1 || got[0]["level"] != "ERROR" || got[0]["operation"] != "getUser" ||
		got[0]["error"] != "the handler's response breaks the spec: $.age: -1 is less than minimum 0 (offset 18)" {
		t.Errorf("records %v", got)
	}
	if w := serve(checked, "GET", "/users/me", nil); w.Code != 200 {
		t.Errorf("a valid response, checked: %d %s", w.Code, w.Body)
	}
	unchecked := routes.NewServer(&badAnswers{}, oashttp.WithLogger(slog.New(logs)))
	if w := serve(unchecked, "GET", "/users/x", nil); w.Code != 200 {
		t.Errorf("unchecked: %d %s", w.Code, w.Body)
	}
}

// TestSlowClientsAreCut (with empty, a handler safe for concurrent use)
// holds 100 connections that send their headers
// slowly, 100 that send a body slowly and 100 left idle after a request
// against the server of
// NewHTTPServer (its timeouts shortened for the test): the server must
// close every one of them, rather than hold them as a zero http.Server
// does. Each connection gets 20 s, a hundred times the timeouts, before
// the test calls it held.
func TestSlowClientsAreCut(t *testing.T) {
	srv := oashttp.NewHTTPServer("127.0.0.1:0", routes.NewServer(empty{}, oashttp.WithLogger(slog.New(slog.DiscardHandler))))
	if srv.ReadHeaderTimeout <= 0 || srv.ReadTimeout <= 0 || srv.WriteTimeout <= 0 || srv.IdleTimeout <= 0 || srv.MaxHeaderBytes <= 0 {
		t.Fatalf("NewHTTPServer leaves a bound unset: %+v", srv)
	}
	srv.ReadHeaderTimeout, srv.ReadTimeout, srv.IdleTimeout = 100*time.Millisecond, 200*time.Millisecond, 200*time.Millisecond
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(l)
	t.Cleanup(func() { srv.Close() })
	ts := &httptest.Server{Listener: l} // for dialAll
	heads := map[string]string{
		"slow headers": "POST /users HTTP/1.1\r\nHost: x\r\nContent-Type: appl",
		"slow body":    "POST /users HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"na",
		"idle":         "GET /users/me HTTP/1.1\r\nHost: x\r\n\r\n", // then nothing: a keep-alive connection left idle
	}
	for name, head := range heads {
		t.Run(name, func(t *testing.T) {
			conns := dialAll(t, ts, 100, head)
			var wg sync.WaitGroup
			held := make(chan int, len(conns))
			for i, c := range conns {
				wg.Go(func() {
					c.SetReadDeadline(time.Now().Add(20 * time.Second))
					_, err := io.Copy(io.Discard, c)
					if ne, ok := err.(net.Error); ok && ne.Timeout() {
						held <- i
					}
				})
			}
			wg.Wait()
			close(held)
			if n := len(held); n > 0 {
				t.Errorf("%d of %d connections still held after 20 s", n, len(conns))
			}
		})
	}
}

// TestGzipBomb sends a JSON body of 16 MiB that gzip makes 16 KiB to a
// server with a 1 MiB limit: the limit holds for the decoded bytes (413),
// and the server allocates in all a few MiB per request, not what the body
// would decode to.
func TestGzipBomb(t *testing.T) {
	srv := loopback(t, routes.NewServer(empty{}, oashttp.WithMaxBodyBytes(1<<20)))
	var b bytes.Buffer
	z, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	z.Write([]byte(`{"name":"`))
	z.Write(bytes.Repeat([]byte("a"), 16<<20))
	z.Write([]byte(`"}`))
	z.Close()
	before := allocated()
	var wg sync.WaitGroup
	statuses := make(chan int, 20)
	for range 20 {
		wg.Go(func() {
			req, _ := http.NewRequest("POST", srv.URL+"/users", bytes.NewReader(b.Bytes()))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Content-Encoding", "gzip")
			resp, err := rawClient(srv).Do(req)
			if err != nil {
				statuses <- -1
				return
			}
			resp.Body.Close()
			statuses <- resp.StatusCode
		})
	}
	wg.Wait()
	close(statuses)
	for s := range statuses {
		if s != http.StatusRequestEntityTooLarge {
			t.Errorf("status %d, want 413", s)
		}
	}
	after := allocated()
	t.Logf("%d KiB allocated for 20 bombs of %d KiB", (after-before)>>10, b.Len()>>10)
	if after-before > 20*4<<20 {
		t.Errorf("%d MiB allocated for 20 bombs of %d KiB, want at most 4 MiB each", (after-before)>>20, b.Len()>>10)
	}
}
