package servertest

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/testdata/callbacks"
)

// publisher is the API's side of testdata/callbacks: subscribe calls the
// subscriber back at the URLs the callbacks' expressions name, with the
// generated CallbackClient, before it answers.
type publisher struct {
	callbacks.Unimplemented
	cb *callbacks.CallbackClient
	mu sync.Mutex
	// errs are the errors of the callbacks, in order.
	errs []error
	bye  string
}

func (p *publisher) Subscribe(ctx context.Context, params callbacks.SubscribeParams, body *callbacks.SubscribeRequest) (callbacks.SubscribeResponse, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	u, err := callbacks.SubscribeOnEventURL(ctx, body)
	if err == nil {
		var res callbacks.SubscribeOnEventResponse
		res, err = p.cb.SubscribeOnEvent(ctx, u, &callbacks.Event{Topic: params.Topic, Seq: 1})
		if _, ok := res.(callbacks.SubscribeOnEventResponse204); err == nil && !ok {
			err = errors.New("onEvent: not a 204")
		}
	}
	p.errs = append(p.errs, err)
	u, err = callbacks.SubscribeOnDoneURL(ctx)
	if err == nil {
		var res callbacks.SubscriptionDoneResponse
		res, err = p.cb.SubscriptionDone(ctx, u)
		if r, ok := res.(callbacks.SubscriptionDoneResponse200); ok {
			p.bye = r.Body.Bye.Value
		}
	}
	p.errs = append(p.errs, err)
	return callbacks.SubscribeResponse201{}, nil
}

// listener is the API user's side: the generated CallbackServer.
type listener struct {
	callbacks.UnimplementedCallbacks
	mu     sync.Mutex
	events []callbacks.Event
	done   int
}

func (l *listener) SubscribeOnEvent(ctx context.Context, body *callbacks.Event) (callbacks.SubscribeOnEventResponse, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.events = append(l.events, *body)
	return callbacks.SubscribeOnEventResponse204{}, nil
}

func (l *listener) SubscriptionDone(ctx context.Context) (callbacks.SubscriptionDoneResponse, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.done++
	return callbacks.SubscriptionDoneResponse200{Body: callbacks.SubscriptionDoneOK{Bye: oasrt.NewOpt("bye")}}, nil
}

// TestCallbacks subscribes with the generated Client to the generated
// Server, whose handler calls back the generated CallbackServer of the
// subscriber at the URLs taken from the request ($request.body#/url,
// $request.header, $request.path), over loopback HTTP.
func TestCallbacks(t *testing.T) {
	lis := &listener{}
	mux := http.NewServeMux()
	var paths []string
	var mu sync.Mutex
	mux.Handle("/cb/", http.StripPrefix("/cb", callbacks.NewCallbackServer(lis, oashttp.WithMiddleware(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			paths = append(paths, r.Method+" "+r.URL.RequestURI())
			mu.Unlock()
			next.ServeHTTP(w, r)
		})
	}))))
	subscriber := httptest.NewServer(mux)
	defer subscriber.Close()

	pub := &publisher{cb: callbacks.NewCallbackClient(allowLoopback)}
	api := httptest.NewServer(callbacks.NewServer(pub))
	defer api.Close()
	c, err := callbacks.NewClient(api.URL)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()

	t.Run("called back", func(t *testing.T) {
		res, err := c.Subscribe(ctx, callbacks.SubscribeParams{Topic: "a b", XCallback: oasrt.NewOpt(subscriber.URL + "/cb/subscribe/onDone")},
			&callbacks.SubscribeRequest{URL: subscriber.URL + "/cb/subscribe/onEvent"})
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := res.(callbacks.SubscribeResponse201); !ok {
			t.Fatalf("result %T", res)
		}
		pub.mu.Lock()
		defer pub.mu.Unlock()
		if len(pub.errs) != 2 || pub.errs[0] != nil || pub.errs[1] != nil || pub.bye != "bye" {
			t.Fatalf("callbacks: %v, bye %q", pub.errs, pub.bye)
		}
		lis.mu.Lock()
		defer lis.mu.Unlock()
		if len(lis.events) != 1 || lis.events[0].Topic != "a b" || lis.events[0].Seq != 1 || lis.done != 1 {
			t.Fatalf("received %+v, done %d", lis.events, lis.done)
		}
		mu.Lock()
		defer mu.Unlock()
		want := []string{"POST /subscribe/onEvent", "DELETE /subscribe/onDone/done/a%20b?topic=a+b"}
		if len(paths) != 2 || paths[0] != want[0] || paths[1] != want[1] {
			t.Fatalf("subscriber saw %q, want %q", paths, want)
		}
	})
	t.Run("missing header", func(t *testing.T) {
		pub.mu.Lock()
		pub.errs = nil
		pub.mu.Unlock()
		if _, err := c.Subscribe(ctx, callbacks.SubscribeParams{Topic: "t"}, &callbacks.SubscribeRequest{URL: subscriber.URL + "/cb/subscribe/onEvent"}); err != nil {
			t.Fatal(err)
		}
		pub.mu.Lock()
		defer pub.mu.Unlock()
		const want = "$request.header.X-Callback: the request has no header X-Callback"
		if len(pub.errs) != 2 || pub.errs[0] != nil || pub.errs[1] == nil || pub.errs[1].Error() != want {
			t.Fatalf("callbacks: %v, want nil and %q", pub.errs, want)
		}
	})
	t.Run("URL not on the subscriber's routes", func(t *testing.T) {
		pub.mu.Lock()
		pub.errs = nil
		pub.mu.Unlock()
		if _, err := c.Subscribe(ctx, callbacks.SubscribeParams{Topic: "t"}, &callbacks.SubscribeRequest{URL: subscriber.URL + "/cb/elsewhere"}); err != nil {
			t.Fatal(err)
		}
		pub.mu.Lock()
		defer pub.mu.Unlock()
		var se *oashttp.StatusError
		if len(pub.errs) != 2 || !errors.As(pub.errs[0], &se) || se.StatusCode != 404 {
			t.Fatalf("callbacks: %v, want a 404 first", pub.errs)
		}
	})
}
