package servertest

import (
	"context"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt"
	"github.com/oasgen/oasgen/testdata/formbody"
)

// formLogins counts the form bodies the server accepted.
type formLogins struct {
	formbody.Unimplemented
	n int
}

func (h *formLogins) Login(ctx context.Context, body *formbody.LoginRequest) (formbody.LoginResponse, error) {
	h.n++
	return formbody.LoginResponse204{}, nil
}

// TestClientChecksForm checks that a form-encoded request body is checked
// before it is sent, as a JSON one is: a password shorter than its
// minLength never leaves the client, and the server, asked without the
// check, refuses it itself.
func TestClientChecksForm(t *testing.T) {
	h := &formLogins{}
	srv := httptest.NewServer(formbody.NewServer(h))
	defer srv.Close()
	short := &formbody.LoginRequest{User: "ann", Password: "1234"}

	c, err := formbody.NewClient(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Login(context.Background(), short)
	var rc *oasrt.RequestCheckError
	if !errors.As(err, &rc) || !strings.Contains(err.Error(), "password") {
		t.Fatalf("err = %v, want a *oasrt.RequestCheckError naming password", err)
	}
	if h.n != 0 {
		t.Fatalf("the server accepted %d bodies, want 0", h.n)
	}

	c, err = formbody.NewClient(srv.URL, oasrt.WithoutRequestCheck())
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Login(context.Background(), short)
	if err == nil {
		t.Fatalf("unchecked: %#v, want the server to refuse the body", res)
	}
	if h.n != 0 {
		t.Fatalf("the server accepted %d bodies, want 0", h.n)
	}
	if _, err := c.Login(context.Background(), &formbody.LoginRequest{User: "ann", Password: "12345678"}); err != nil || h.n != 1 {
		t.Fatalf("a valid body: %v (accepted %d)", err, h.n)
	}
}
