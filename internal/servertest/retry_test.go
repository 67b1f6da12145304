package servertest

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/testdata/routes"
)

// The generated client's retries against a loopback server that injects
// faults: each request gets the next action of a script, and the server
// records what it received. Waits go through a recording Sleep, so no test
// waits out a backoff or asserts on the wall clock.

// fault is what the server does with one request.
type fault string

const (
	ok200      fault = "200"         // GET /users/me's user
	created    fault = "201"         // POST /users's user
	stored     fault = "204"         // PUT /files's answer
	drop       fault = "drop"        // close the connection, no response
	unavail    fault = "503"         // 503, no Retry-After
	unavailRA  fault = "503 ra=1"    // 503, Retry-After: 1
	unavailBig fault = "503 ra=3600" // 503, Retry-After: an hour
	limited    fault = "429 date"    // 429, Retry-After: an HTTP date 2 s on
	slow503    fault = "503 slow"    // 503 whose body comes a byte at a time
	redirect   fault = "307"         // 307 to the same URL with ?again
	stallHead  fault = "stall"       // no response until the client hangs up
)

// received is a request as the fault server read it.
type received struct {
	method, url string
	header      http.Header
	body        string
	bodyErr     error
}

type faultServer struct {
	t      *testing.T
	mu     sync.Mutex
	script []fault
	got    []received
}

func (s *faultServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	s.mu.Lock()
	s.got = append(s.got, received{r.Method, r.URL.String(), r.Header.Clone(), string(body), err})
	act := ok200
	if len(s.script) > 0 {
		act, s.script = s.script[0], s.script[1:]
	}
	s.mu.Unlock()
	user := `{"name":"ann","age":3}`
	switch act {
	case ok200, created:
		w.Header().Set("Content-Type", "application/json")
		if act == created {
			w.WriteHeader(201)
		}
		w.Write([]byte(user))
	case stored:
		w.WriteHeader(204)
	case drop:
		conn, _, err := http.NewResponseController(w).Hijack()
		if err != nil {
			s.t.Error(err)
			return
		}
		conn.Close()
	case unavail, unavailRA, unavailBig, limited, slow503:
		w.Header().Set("Content-Type", "application/problem+json")
		switch act {
		case unavailRA:
			w.Header().Set("Retry-After", "1")
		case unavailBig:
			w.Header().Set("Retry-After", "3600")
		case limited:
			w.Header().Set("Retry-After", time.Now().Add(2*time.Second).UTC().Format(http.TimeFormat))
		}
		code := 503
		if act == limited {
			code = 429
		}
		w.WriteHeader(code)
		p := `{"title":"busy","status":` + strconv.Itoa(code) + `}`
		if act != slow503 {
			w.Write([]byte(p))
			return
		}
		for i := range len(p) {
			w.Write([]byte{p[i]})
			flush(w)
		}
	case redirect:
		http.Redirect(w, r, r.URL.Path+"?again", http.StatusTemporaryRedirect)
	case stallHead:
		select {
		case <-r.Context().Done():
		case <-s.t.Context().Done():
		}
	}
}

func (s *faultServer) requests() []received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]received(nil), s.got...)
}

// sleeps records the waits of a RetryPolicy without waiting.
type sleeps struct {
	mu sync.Mutex
	d  []time.Duration
}

func (s *sleeps) sleep(ctx context.Context, d time.Duration) error {
	s.mu.Lock()
	s.d = append(s.d, d)
	s.mu.Unlock()
	return ctx.Err()
}

// faulty serves script and returns a client of it whose retries sleep
// through rec, with opts after.
func faulty(t *testing.T, script []fault, policy oashttp.RetryPolicy, opts ...oashttp.ClientOption) (*routes.Client, *faultServer, *sleeps) {
	t.Helper()
	fs := &faultServer{t: t, script: script}
	ts := httptest.NewUnstartedServer(fs)
	// A new connection for every request: Go's transport itself resends an
	// idempotent request whose reused connection was closed, which would
	// hide the client's attempts from the count.
	ts.Config.SetKeepAlivesEnabled(false)
	ts.Start()
	t.Cleanup(ts.Close)
	rec := &sleeps{}
	policy.Sleep = rec.sleep
	c, err := routes.NewClient(ts.URL, append([]oashttp.ClientOption{oashttp.WithRetry(policy)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return c, fs, rec
}

// httpDate marks a wait that a Retry-After HTTP date sets.
const httpDate = -1

// backoffBound is the longest wait full jitter allows before attempt n+1.
func backoffBound(p oashttp.RetryPolicy, n int) time.Duration {
	return min(p.MaxBackoff, p.MinBackoff<<(n-1))
}

func TestRetryGet(t *testing.T) {
	p := oashttp.RetryPolicy{MaxAttempts: 4, MinBackoff: 10 * time.Millisecond, MaxBackoff: 25 * time.Millisecond}
	for _, tt := range []struct {
		name      string
		script    []fault
		policy    oashttp.RetryPolicy
		call      []oashttp.CallOption
		attempts  int
		retryWait []time.Duration // exact waits (Retry-After); 0: a backoff
		wantErr   string          // "" for success
	}{
		{"no fault", nil, p, nil, 1, nil, ""},
		{"drop then ok", []fault{drop, ok200}, p, nil, 2, []time.Duration{0}, ""},
		{"503 Retry-After seconds", []fault{unavailRA, ok200}, p, nil, 2, []time.Duration{time.Second}, ""},
		{"429 Retry-After date", []fault{limited, ok200}, p, nil, 2, []time.Duration{httpDate}, ""},
		{"slow 503 body", []fault{slow503, ok200}, p, nil, 2, []time.Duration{0}, ""},
		{"every fault once", []fault{drop, unavail, unavailRA, ok200}, p, nil, 4, []time.Duration{0, 0, time.Second}, ""},
		{"exhausted", []fault{unavail, drop, unavail, unavail, ok200}, p, nil, 4, []time.Duration{0, 0, 0},
			"unexpected response status 503: busy (after 3 failed attempts)"},
		{"Retry-After over the cap", []fault{unavailBig, ok200}, p, nil, 1, nil, "unexpected response status 503: busy"},
		{"client without retry", []fault{unavail, ok200}, oashttp.RetryPolicy{MaxAttempts: 1}, nil, 1, nil, "unexpected response status 503: busy"},
		{"call without retry", []fault{unavail, ok200}, p, []oashttp.CallOption{oashttp.CallWithoutRetry()}, 1, nil, "unexpected response status 503: busy"},
		{"call with more attempts", []fault{unavail, unavail, unavail, unavail, unavail, ok200}, p,
			[]oashttp.CallOption{oashttp.CallRetry(oashttp.RetryPolicy{MaxAttempts: 6})}, // the rest: the client's
			6, []time.Duration{0, 0, 0, 0, 0}, ""},
		{"status not retried", []fault{unavail, ok200}, oashttp.RetryPolicy{Statuses: []int{429}}, nil, 1, nil, "unexpected response status 503: busy"},
		{"redirect is no retry", []fault{redirect, ok200}, p, nil, 2, nil, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c, fs, rec := faulty(t, tt.script, tt.policy)
			res, err := c.GetMe(callCtx(t), tt.call...)
			if tt.wantErr == "" {
				if _, ok := res.(routes.GetMeResponse200); err != nil || !ok {
					t.Fatalf("got %#v, %v", res, err)
				}
			} else if err == nil || err.Error() != tt.wantErr {
				t.Fatalf("err = %v, want %q", err, tt.wantErr)
			}
			if got := len(fs.requests()); got != tt.attempts {
				t.Errorf("%d requests, want %d", got, tt.attempts)
			}
			if len(rec.d) != len(tt.retryWait) {
				t.Fatalf("waits %v, want %d", rec.d, len(tt.retryWait))
			}
			pol := tt.policy
			for i, d := range rec.d {
				if w := tt.retryWait[i]; w == httpDate {
					// A date 2 s on, to the second, read a moment later.
					if d <= 0 || d > 2*time.Second {
						t.Errorf("wait %d = %v, want the date's, in (0, 2s]", i, d)
					}
				} else if w != 0 && d != w {
					t.Errorf("wait %d = %v, want Retry-After's %v", i, d, w)
				} else if w == 0 && (d < 0 || d > backoffBound(pol, i+1)) {
					t.Errorf("wait %d = %v, want a backoff in [0, %v]", i, d, backoffBound(pol, i+1))
				}
			}
		})
	}
}

// TestRetryErrors: a call failing after retries returns every attempt's
// error, which errors.Is and errors.As find; an undocumented status keeps
// its headers and the start of its body.
func TestRetryErrors(t *testing.T) {
	c, _, _ := faulty(t, []fault{drop, unavail, unavailRA}, oashttp.RetryPolicy{})
	_, err := c.GetMe(callCtx(t))
	var se *oashttp.StatusError
	if !errors.As(err, &se) || se.StatusCode != 503 || se.Header.Get("Retry-After") != "1" || string(se.Body) != `{"title":"busy","status":503}` {
		t.Fatalf("err = %#v, want the last 503 with its headers and body", err)
	}
	if len(se.Attempts) != 2 || !errors.Is(err, io.EOF) {
		t.Fatalf("attempts %v, want the drop's EOF and a 503", se.Attempts)
	}
	var first *oashttp.StatusError
	if !errors.As(se.Attempts[1], &first) || first.StatusCode != 503 || first.Header.Get("Retry-After") != "" {
		t.Fatalf("second attempt %v, want the 503 without Retry-After", se.Attempts[1])
	}

	// A server refusing connections: every attempt's error, in a
	// *RetryError.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	rec := &sleeps{}
	var sent int
	count := func(next http.RoundTripper) http.RoundTripper {
		return oashttp.RoundTripFunc(func(r *http.Request) (*http.Response, error) {
			sent++
			return next.RoundTrip(r)
		})
	}
	c2, err := routes.NewClient("http://"+addr, oashttp.WithRetry(oashttp.RetryPolicy{Sleep: rec.sleep}), oashttp.WithClientMiddleware(count))
	if err != nil {
		t.Fatal(err)
	}
	_, err = c2.GetMe(callCtx(t))
	var re *oashttp.RetryError
	if !errors.As(err, &re) || len(re.Attempts) != oashttp.DefaultMaxAttempts || sent != oashttp.DefaultMaxAttempts || !errors.Is(err, syscall.ECONNREFUSED) {
		t.Fatalf("refused: err = %v (%d sent), want %d attempts refused", err, sent, oashttp.DefaultMaxAttempts)
	}
}

// TestRetryOnlyIdempotent: a POST is not retried unless it carries an
// Idempotency-Key; then, and for a PUT whose body is bytes, the body is
// sent again whole: the server receives every attempt's body complete and
// no attempt's twice. A streamed body is not retried.
func TestRetryOnlyIdempotent(t *testing.T) {
	user := &routes.User{Name: "ann", Age: oasrt.NewOpt[int32](3)}
	for _, tt := range []struct {
		name     string
		script   []fault
		call     func(c *routes.Client) error
		attempts int
	}{
		{"POST not retried", []fault{unavail, created}, func(c *routes.Client) error {
			res, err := c.CreateUser(callCtx(t), user)
			if d, ok := res.(routes.CreateUserResponseDefault); err != nil || !ok || d.StatusCode != 503 {
				return errors.New("want the default response of 503")
			}
			return err
		}, 1},
		{"POST dropped not retried", []fault{drop, created}, func(c *routes.Client) error {
			if _, err := c.CreateUser(callCtx(t), user); !errors.Is(err, io.EOF) {
				return errors.New("want the drop's error")
			}
			return nil
		}, 1},
		{"POST with an idempotency key", []fault{drop, unavail, created}, func(c *routes.Client) error {
			res, err := c.CreateUser(callCtx(t), user, oashttp.CallIdempotencyKey("k1"))
			if _, ok := res.(routes.CreateUserResponse201); err != nil || !ok {
				return errors.New("want 201")
			}
			return nil
		}, 3},
		{"POST through a redirect", []fault{redirect, unavail, created}, func(c *routes.Client) error {
			_, err := c.CreateUser(callCtx(t), user, oashttp.CallIdempotencyKey("k1"))
			return err
		}, 3}, // the 307, its 503, then the first URL again
		{"PUT of bytes", []fault{unavail, drop, stored}, func(c *routes.Client) error {
			_, err := c.PutFile(callCtx(t), routes.PutFileParams{Base: "a", Ext: "txt"}, oashttp.RawBody{Body: bytes.NewReader([]byte("file body"))})
			return err
		}, 3},
		{"PUT of a stream", []fault{unavail, stored}, func(c *routes.Client) error {
			_, err := c.PutFile(callCtx(t), routes.PutFileParams{Base: "a", Ext: "txt"}, oashttp.RawBody{Body: io.MultiReader(strings.NewReader("file body"))})
			if err == nil || !strings.Contains(err.Error(), "503") {
				return errors.New("want the 503, not retried")
			}
			return nil
		}, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c, fs, _ := faulty(t, tt.script, oashttp.RetryPolicy{})
			if err := tt.call(c); err != nil {
				t.Fatal(err)
			}
			got := fs.requests()
			if len(got) != tt.attempts {
				t.Fatalf("%d requests, want %d", len(got), tt.attempts)
			}
			want := got[0].body
			if want == "" {
				t.Fatal("the first request had no body")
			}
			for i, r := range got {
				if r.body != want || r.bodyErr != nil {
					t.Errorf("request %d's body %q (%v), want %q whole", i, r.body, r.bodyErr, want)
				}
			}
		})
	}
}

// TestRetryTimeouts: an attempt that times out is retried; the context
// wins over a Retry-After it cannot wait out, and over the backoff.
func TestRetryTimeouts(t *testing.T) {
	c, fs, _ := faulty(t, []fault{stallHead, ok200}, oashttp.RetryPolicy{}, oashttp.WithAttemptTimeout(100*time.Millisecond))
	if _, err := c.GetMe(callCtx(t)); err != nil || len(fs.requests()) != 2 {
		t.Fatalf("attempt timeout: %v after %d requests, want success after 2", err, len(fs.requests()))
	}

	// A Retry-After the context cannot wait out: the 503 is the answer at
	// once, not a wait until the deadline.
	fs2 := &faultServer{t: t, script: []fault{unavailRA, ok200}}
	ts := httptest.NewServer(fs2)
	t.Cleanup(ts.Close)
	c2, err := routes.NewClient(ts.URL)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	_, err = c2.GetMe(ctx)
	var se *oashttp.StatusError
	if ctx.Err() != nil || !errors.As(err, &se) || se.StatusCode != 503 {
		t.Fatalf("err = %v (context: %v), want the 503 before the deadline", err, ctx.Err())
	}

	// The call's own timeout ends a stalled attempt, and no retry follows.
	c3, fs3, _ := faulty(t, []fault{stallHead, ok200}, oashttp.RetryPolicy{})
	ctx = callCtx(t)
	_, err = c3.GetMe(ctx, oashttp.CallTimeout(100*time.Millisecond))
	var ne net.Error
	if ctx.Err() != nil || !errors.As(err, &ne) || !ne.Timeout() || len(fs3.requests()) != 1 {
		t.Fatalf("call timeout: err = %v after %d requests, want a timeout after 1", err, len(fs3.requests()))
	}
}

// TestCallOptions: headers, the raw response, and credentials from a
// token source, fetched again when they expire.
func TestCallOptions(t *testing.T) {
	var fetched int
	tokens := oashttp.TokenFunc(func() (*oashttp.Token, error) {
		fetched++
		// The first token expires within the refresh margin: used once.
		exp := time.Now().Add(time.Second)
		if fetched > 1 {
			exp = time.Now().Add(time.Hour)
		}
		return &oashttp.Token{AccessToken: "t" + strconv.Itoa(fetched), Expiry: exp}, nil
	})
	var order []string
	mark := func(name string) oashttp.ClientMiddleware {
		return func(next http.RoundTripper) http.RoundTripper {
			return oashttp.RoundTripFunc(func(r *http.Request) (*http.Response, error) {
				order = append(order, name+">")
				resp, err := next.RoundTrip(r)
				order = append(order, "<"+name)
				return resp, err
			})
		}
	}
	c, fs, _ := faulty(t, []fault{unavail, ok200, ok200}, oashttp.RetryPolicy{},
		oashttp.WithTokenSource(tokens), oashttp.WithClientMiddleware(mark("a"), mark("b")))
	var resp *http.Response
	if _, err := c.GetMe(callCtx(t), oashttp.CallHeader("X-Trace", "abc"), oashttp.CallResponse(&resp)); err != nil {
		t.Fatal(err)
	}
	if resp == nil || resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("CallResponse gave %v", resp)
	}
	if _, err := c.GetMe(callCtx(t)); err != nil {
		t.Fatal(err)
	}
	got := fs.requests()
	var auth []string
	for _, r := range got {
		auth = append(auth, r.header.Get("Authorization"))
	}
	if want := "Bearer t1,Bearer t2,Bearer t2"; strings.Join(auth, ",") != want || fetched != 2 {
		t.Errorf("Authorization %v (%d fetched), want %s", auth, fetched, want)
	}
	if got[0].header.Get("X-Trace") != "abc" || got[1].header.Get("X-Trace") != "abc" || got[2].header.Get("X-Trace") != "" {
		t.Errorf("X-Trace not on the call's attempts only")
	}
	if want := "a> b> <b <a a> b> <b <a a> b> <b <a"; strings.Join(order, " ") != want {
		t.Errorf("middleware order %v, want %s", order, want)
	}

	failing := oashttp.TokenFunc(func() (*oashttp.Token, error) { return nil, errors.New("no refresh token") })
	c2, fs2, _ := faulty(t, nil, oashttp.RetryPolicy{}, oashttp.WithTokenSource(failing))
	_, err := c2.GetMe(callCtx(t))
	var ce *oashttp.CredentialsError
	if !errors.As(err, &ce) || len(fs2.requests()) != 0 {
		t.Fatalf("err = %v, %d sent; want a *CredentialsError and nothing sent", err, len(fs2.requests()))
	}
}
