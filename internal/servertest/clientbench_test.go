package servertest

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/testdata/routes"
)

// The cost of the client's resilience on a call that does not fail: a
// transport answering from memory, so that what is measured is the
// client's own work, not loopback's.

// cannedTransport answers every request with the same 200 and user.
type cannedTransport struct {
	header http.Header
	body   strings.Reader
}

func (t *cannedTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	t.body.Reset(`{"name":"Test name 111","age":7}`)
	return &http.Response{StatusCode: 200, Header: t.header, Body: nopCloser{&t.body}, ContentLength: t.body.Size(), Request: r}, nil
}

type nopCloser struct{ *strings.Reader }

func (nopCloser) Close() error { return nil }

// cannedClient returns a client of the canned transport with opts.
func cannedClient(tb testing.TB, opts ...oashttp.ClientOption) *routes.Client {
	tr := &cannedTransport{header: http.Header{"Content-Type": {"application/json"}}}
	c, err := routes.NewClient("http://127.0.0.1:1", append([]oashttp.ClientOption{oashttp.WithHTTPClient(&http.Client{Transport: tr})}, opts...)...)
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

// TestClientRetryAllocs: retries on (the default) allocate nothing more
// than retries off on a call that succeeds, with no call options.
func TestClientRetryAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation pins: the race detector allocates")
	}
	ctx := context.Background()
	count := func(c *routes.Client) float64 {
		return testing.AllocsPerRun(200, func() {
			if _, err := c.GetMe(ctx); err != nil {
				t.Fatal(err)
			}
		})
	}
	on, off := count(cannedClient(t)), count(cannedClient(t, oashttp.WithoutRetry()))
	if on != off {
		t.Errorf("%v allocations per call with retries, %v without", on, off)
	}
}

// BenchmarkClientCall is a GET decoding a small JSON body through the
// canned transport, with retries on (the default) and off.
func BenchmarkClientCall(b *testing.B) {
	for _, bc := range []struct {
		name string
		opts []oashttp.ClientOption
	}{
		{"retry=on", nil},
		{"retry=off", []oashttp.ClientOption{oashttp.WithoutRetry()}},
		// The default client's 60 s bound, as a context for the whole call.
		{"retry=on,timeout", []oashttp.ClientOption{oashttp.WithTimeout(oashttp.DefaultClientTimeout)}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			c := cannedClient(b, bc.opts...)
			ctx := context.Background()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.GetMe(ctx); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
