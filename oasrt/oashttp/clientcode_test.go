package oashttp

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt"
)

func TestRequestHelpers(t *testing.T) {
	var req Request
	req.AddPath("/a b/", "x/y")
	req.Path = append(req.Path, "/z"...)
	type kind string
	QueryString(&req, "s", oasrt.NewOpt(kind("p q")))
	QueryString(&req, "absent", oasrt.Opt[string]{})
	QueryInt(&req, "n", oasrt.NewOpt[int32](-3))
	QueryBool(&req, "b", oasrt.NewOpt(true))
	if got, want := string(req.Path), "/a b/x%2Fy/z"; got != want {
		t.Errorf("path %q, want %q", got, want)
	}
	if got, want := string(req.Query), "s=p+q&n=-3&b=true"; got != want {
		t.Errorf("query %q, want %q", got, want)
	}
	req.SetHeader("X-A", "1")
	req.SetRawBody(RawBody{Body: strings.NewReader("x")}, "text/plain")
	if req.Header.Get("X-A") != "1" || req.ContentType != "text/plain" || req.BodyReader == nil {
		t.Errorf("header %v, content type %q", req.Header, req.ContentType)
	}
}

func TestMatchMedia(t *testing.T) {
	resp := &http.Response{Header: http.Header{"Content-Type": {"Text/Plain; charset=utf-8"}}}
	if i := MatchMedia(resp, "application/json", "text/plain", "text/*"); i != 1 {
		t.Errorf("index %d, want 1: the first match in the spec's order", i)
	}
	if i := MatchMedia(resp, "application/json"); i != -1 {
		t.Errorf("index %d, want -1", i)
	}
}

func TestResultError(t *testing.T) {
	type notFound struct{ error }
	e := notFound{errors.New("a 404")}
	if err := (&ClientConfig{}).ResultError(404, e); err != nil {
		t.Errorf("without error results: %v", err)
	}
	if err := (&ClientConfig{ErrorResults: true}).ResultError(404, e); err != e {
		t.Errorf("with error results: %v", err)
	}
	if err := (&ClientConfig{ErrorResults: true}).ResultError(302, e); err != nil {
		t.Errorf("a 302 with error results: %v", err)
	}
}

func TestResponseReader(t *testing.T) {
	c := &ClientConfig{MaxResponseBytes: 4}
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
