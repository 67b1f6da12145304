package servertest

import (
	"context"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/testdata/formbody"
	"github.com/oasgen/oasgen/testdata/multipartbody"
	"github.com/oasgen/oasgen/testdata/routes"
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
	var rc *oashttp.RequestCheckError
	if !errors.As(err, &rc) || !strings.Contains(err.Error(), "password") {
		t.Fatalf("err = %v, want a *oashttp.RequestCheckError naming password", err)
	}
	if h.n != 0 {
		t.Fatalf("the server accepted %d bodies, want 0", h.n)
	}

	c, err = formbody.NewClient(srv.URL, oashttp.WithoutRequestCheck())
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

// uploads counts the multipart bodies the server accepted.
type uploads struct {
	multipartbody.Unimplemented
	n int
}

func (h *uploads) Upload(ctx context.Context, body *multipartbody.UploadForm) (multipartbody.UploadResponse, error) {
	h.n++
	return multipartbody.UploadResponse201{}, nil
}

// TestClientChecksMultipart checks that the values of a multipart body are
// checked before it is sent: a title over its maxLength and a tag outside
// its enum never leave the client; the server, asked without the check,
// refuses them itself.
func TestClientChecksMultipart(t *testing.T) {
	h := &uploads{}
	srv := httptest.NewServer(multipartbody.NewServer(h))
	defer srv.Close()
	file := func() *oashttp.File { return &oashttp.File{Filename: "a.txt", Body: strings.NewReader("a")} }
	for _, tc := range []struct {
		name string
		body *multipartbody.UploadForm
		want string
	}{
		{"long title", &multipartbody.UploadForm{File: file(), Title: oasrt.NewOpt("a title longer than twenty")}, `property "title"`},
		{"tag outside the enum", &multipartbody.UploadForm{File: file(), Tags: []multipartbody.UploadRequestTagsItem{"cat", "cow"}}, `property "tags"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h.n = 0
			c, err := multipartbody.NewClient(srv.URL)
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.Upload(context.Background(), tc.body)
			var rc *oashttp.RequestCheckError
			if !errors.As(err, &rc) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want a *oashttp.RequestCheckError naming %s", err, tc.want)
			}
			if h.n != 0 {
				t.Fatalf("the server accepted %d bodies, want 0", h.n)
			}
			c, err = multipartbody.NewClient(srv.URL, oashttp.WithoutRequestCheck())
			if err != nil {
				t.Fatal(err)
			}
			tc.body.File = file()
			if res, err := c.Upload(context.Background(), tc.body); err == nil || h.n != 0 {
				t.Fatalf("unchecked: %#v, %v (accepted %d); want the server to refuse the body", res, err, h.n)
			}
		})
	}
	c, err := multipartbody.NewClient(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	ok := &multipartbody.UploadForm{File: file(), Title: oasrt.NewOpt("short"), Tags: []multipartbody.UploadRequestTagsItem{"cat", "dog"}}
	if _, err := c.Upload(context.Background(), ok); err != nil || h.n != 1 {
		t.Fatalf("a valid body: %v (accepted %d)", err, h.n)
	}
}

// TestClientErrorResults checks that a client made with WithErrorResults
// returns a documented error response as the call's error too, which
// errors.As finds, and one without it returns the result alone.
func TestClientErrorResults(t *testing.T) {
	h := &recorder{}
	srv := httptest.NewServer(routes.NewServer(h))
	defer srv.Close()
	bad := &routes.User{Name: "ann", Age: oasrt.NewOpt[int32](-1)}

	c, err := routes.NewClient(srv.URL, oashttp.WithoutRequestCheck(), oashttp.WithErrorResults())
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.CreateUser(context.Background(), bad)
	var e routes.CreateUserResponse4XX
	if !errors.As(err, &e) || e.StatusCode != 422 || err.Error() != "response status 422" {
		t.Fatalf("err = %v (%T), want the CreateUserResponse4XX of a 422", err, err)
	}
	if r, ok := res.(routes.CreateUserResponse4XX); !ok || r.StatusCode != 422 {
		t.Fatalf("result = %#v, want the same response", res)
	}
	if _, err := c.CreateUser(context.Background(), &routes.User{Name: "ann"}); err != nil {
		t.Fatalf("a 2xx response: %v, want no error", err)
	}

	c, err = routes.NewClient(srv.URL, oashttp.WithoutRequestCheck())
	if err != nil {
		t.Fatal(err)
	}
	if res, err := c.CreateUser(context.Background(), bad); err != nil {
		t.Fatalf("without WithErrorResults: %v, want the result %#v alone", err, res)
	}
}
