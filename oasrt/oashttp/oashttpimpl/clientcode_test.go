package oashttpimpl

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt/oashttp"
)

func TestResultError(t *testing.T) {
	type notFound struct{ error }
	e := notFound{errors.New("a 404")}
	if err := (&Client{&oashttp.ClientConfig{}}).ResultError(404, e); err != nil {
		t.Errorf("without error results: %v", err)
	}
	if err := (&Client{&oashttp.ClientConfig{ErrorResults: true}}).ResultError(404, e); err != e {
		t.Errorf("with error results: %v", err)
	}
	if err := (&Client{&oashttp.ClientConfig{ErrorResults: true}}).ResultError(302, e); err != nil {
		t.Errorf("a 302 with error results: %v", err)
	}
}

func TestResponseReader(t *testing.T) {
	c := &Client{&oashttp.ClientConfig{MaxResponseBytes: 4}}
	resp := &http.Response{StatusCode: 200, ContentLength: -1, Body: io.NopCloser(strings.NewReader("data"))}
	r, err := c.ResponseReader(resp)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(r); string(b) != "data" {
		t.Errorf("body %q", b)
	}
	resp.Body = io.NopCloser(strings.NewReader("too long"))
	if _, err := c.ResponseReader(resp); err == nil {
		t.Error("a body over the limit was read")
	}
}

func TestEscapeDotSegments(t *testing.T) {
	for in, want := range map[string]string{
		"":             "",
		"/":            "/",
		"/users/ann":   "/users/ann",
		"/users/.":     "/users/%2E",
		"/users/..":    "/users/%2E%2E",
		"/./../x/..y/": "/%2E/%2E%2E/x/..y/",
		"/a/.../b":     "/a/.../b",
		"/a/%2E%2E":    "/a/%2E%2E",
		"..":           "%2E%2E",
	} {
		if got := string(escapeDotSegments([]byte(in))); got != want {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { escapeDotSegments([]byte("/users/ann/friends")) }); n != 0 {
		t.Errorf("a path without dot segments: %v allocations", n)
	}
}
