package servertest

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/oasgen/oasgen/oasrt"
	"github.com/oasgen/oasgen/testdata/routes"
)

// Reliability: the server under slow, large and hostile traffic, over
// loopback. Every loop is bounded in count, every wait in time (a hung
// test fails at its deadline instead of blocking the suite); memory bounds
// are measured on the heap, not inferred from timing.

// firstRead is middleware that reports on reached when a request's
// handler has read its body once: by then the server has allocated what
// it allocates for the body before waiting for the rest.
func firstRead(reached chan<- struct{}) oasrt.Middleware {
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
	srv := loopback(t, routes.NewServer(&recorder{}, oasrt.WithMiddleware(firstRead(reached))))

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
