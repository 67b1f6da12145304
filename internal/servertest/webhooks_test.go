package servertest

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/testdata/webhooks"
)

// allowLoopback lets the clients of webhooks and callbacks, which dial
// public addresses only, call the tests' loopback servers.
var allowLoopback = oashttp.WithAllowedNetworks(netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128"))

// subscriber receives the webhooks of testdata/webhooks and records them.
type subscriber struct {
	webhooks.UnimplementedWebhooks
	mu   sync.Mutex
	pets []string
	sigs []string
}

func (s *subscriber) PetAdded(ctx context.Context, p webhooks.PetAddedParams, body *webhooks.Pet) (webhooks.PetAddedResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pets = append(s.pets, body.Name)
	s.sigs = append(s.sigs, p.XSignature)
	if p.Attempt.Set && p.Attempt.Value > 2 {
		return webhooks.PetAddedResponse410{}, nil
	}
	return webhooks.PetAddedResponse204{}, nil
}

func (s *subscriber) HandleHookKey(ctx context.Context, op, key string) (context.Context, error) {
	if key != "k1" {
		return nil, errors.New("bad key")
	}
	return ctx, nil
}

func (s *subscriber) OnPetRemoved(ctx context.Context, body *webhooks.OnPetRemovedRequest) (webhooks.OnPetRemovedResponse, error) {
	return webhooks.OnPetRemovedResponse200{Body: webhooks.OnPetRemovedOK{Ok: oasrt.NewOpt(body != nil && body.ID == 7)}}, nil
}

// TestWebhooks sends each webhook with the generated WebhookClient to the
// generated WebhookServer, mounted under a prefix the subscriber chose,
// over loopback HTTP.
func TestWebhooks(t *testing.T) {
	sub := &subscriber{}
	var seen []string
	var mu sync.Mutex
	mux := http.NewServeMux()
	mux.Handle("/hooks/", http.StripPrefix("/hooks", webhooks.NewWebhookServer(sub,
		oashttp.WithMiddleware(func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				seen = append(seen, r.Method+" "+r.URL.Path)
				mu.Unlock()
				next.ServeHTTP(w, r)
			})
		}))))
	srv := httptest.NewServer(mux)
	defer srv.Close()
	ctx := context.Background()
	c := webhooks.NewWebhookClient(allowLoopback)

	t.Run("delivered", func(t *testing.T) {
		res, err := c.PetAdded(ctx, srv.URL+"/hooks/petAdded?sub=42", webhooks.PetAddedParams{XSignature: "s1", Attempt: oasrt.NewOpt[int64](1)}, &webhooks.Pet{ID: 1, Name: "Rex"})
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := res.(webhooks.PetAddedResponse204); !ok {
			t.Fatalf("result %T, want 204", res)
		}
		sub.mu.Lock()
		defer sub.mu.Unlock()
		if len(sub.pets) != 1 || sub.pets[0] != "Rex" || sub.sigs[0] != "s1" {
			t.Fatalf("received %v %v", sub.pets, sub.sigs)
		}
	})
	t.Run("declared status", func(t *testing.T) {
		res, err := c.PetAdded(ctx, srv.URL+"/hooks/petAdded", webhooks.PetAddedParams{XSignature: "s2", Attempt: oasrt.NewOpt[int64](3)}, &webhooks.Pet{ID: 2, Name: "Fido"})
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := res.(webhooks.PetAddedResponse410); !ok {
			t.Fatalf("result %T, want 410", res)
		}
	})
	t.Run("invalid body not sent", func(t *testing.T) {
		_, err := c.PetAdded(ctx, srv.URL+"/hooks/petAdded", webhooks.PetAddedParams{XSignature: "s"}, &webhooks.Pet{ID: 3})
		var rce *oashttp.RequestCheckError
		if !errors.As(err, &rce) {
			t.Fatalf("error %v, want a RequestCheckError", err)
		}
	})
	t.Run("invalid body answered by the server's checks", func(t *testing.T) {
		raw := webhooks.NewWebhookClient(allowLoopback, oashttp.WithoutRequestCheck())
		_, err := raw.PetAdded(ctx, srv.URL+"/hooks/petAdded", webhooks.PetAddedParams{XSignature: "s"}, &webhooks.Pet{ID: 3})
		var se *oashttp.StatusError
		if !errors.As(err, &se) || se.StatusCode != 422 || se.Problem == nil {
			t.Fatalf("error %v, want a 422 with problem details", err)
		}
	})
	t.Run("query parameter out of range", func(t *testing.T) {
		// Not sent: the client checks parameters as the server does.
		params := webhooks.PetAddedParams{XSignature: "s", Attempt: oasrt.NewOpt[int64](0)}
		_, err := c.PetAdded(ctx, srv.URL+"/hooks/petAdded", params, &webhooks.Pet{ID: 4, Name: "Max"})
		var rce *oashttp.RequestCheckError
		if !errors.As(err, &rce) || !strings.Contains(err.Error(), `query parameter "attempt"`) {
			t.Fatalf("error %v, want a RequestCheckError naming attempt", err)
		}
		raw := webhooks.NewWebhookClient(allowLoopback, oashttp.WithoutRequestCheck())
		_, err = raw.PetAdded(ctx, srv.URL+"/hooks/petAdded", params, &webhooks.Pet{ID: 4, Name: "Max"})
		var se *oashttp.StatusError
		if !errors.As(err, &se) || se.StatusCode != 400 {
			t.Fatalf("error %v, want a 400", err)
		}
	})
	t.Run("security", func(t *testing.T) {
		_, err := c.OnPetRemoved(ctx, srv.URL+"/hooks/petRemoved", &webhooks.OnPetRemovedRequest{ID: 7})
		var se *oashttp.StatusError
		if !errors.As(err, &se) || se.StatusCode != 401 {
			t.Fatalf("error %v, want a 401", err)
		}
		keyed := webhooks.NewWebhookClient(allowLoopback, oashttp.WithRequestEditor(func(ctx context.Context, r *http.Request) error {
			r.Header.Set("X-Hook-Key", "k1")
			return nil
		}))
		res, err := keyed.OnPetRemoved(ctx, srv.URL+"/hooks/petRemoved", &webhooks.OnPetRemovedRequest{ID: 7})
		if err != nil {
			t.Fatal(err)
		}
		if r, ok := res.(webhooks.OnPetRemovedResponse200); !ok || !r.Body.Ok.Value {
			t.Fatalf("result %#v", res)
		}
	})
	t.Run("not a webhook", func(t *testing.T) {
		resp, err := http.Post(srv.URL+"/hooks/petSold", "application/json", nil)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 404 {
			t.Fatalf("status %d, want 404", resp.StatusCode)
		}
	})
	t.Run("bad URL", func(t *testing.T) {
		if _, err := c.PetAdded(ctx, "", webhooks.PetAddedParams{XSignature: "s"}, &webhooks.Pet{ID: 5, Name: "A"}); err == nil {
			t.Fatal("sent to no URL")
		}
	})
	mu.Lock()
	defer mu.Unlock()
	if len(seen) == 0 || seen[0] != "POST /petAdded" {
		t.Errorf("middleware saw %v", seen)
	}
}
