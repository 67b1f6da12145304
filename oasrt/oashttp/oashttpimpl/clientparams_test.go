package oashttpimpl

import (
	"net/http"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oashttp"
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
	req.SetRawBody(oashttp.RawBody{Body: strings.NewReader("x")}, "text/plain")
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
