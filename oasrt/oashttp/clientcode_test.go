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

type testResult interface{ isTest() }

type okResult struct{ N int }

func (okResult) isTest() {}

type errResult struct{ Body io.Reader }

func (errResult) isTest()       {}
func (errResult) Error() string { return "a 404" }

func TestResults(t *testing.T) {
	v := okResult{N: 1}
	if r, err := Result[testResult](&v, nil); err != nil || r != (okResult{N: 1}) {
		t.Errorf("Result: %v, %v", r, err)
	}
	fail := errors.New("bad body")
	if r, err := Result[testResult](&v, fail); r != nil || err != fail {
		t.Errorf("Result of an error: %v, %v", r, err)
	}
	resp := &http.Response{StatusCode: 404}
	var e errResult
	for _, errorResults := range []bool{false, true} {
		r, err := ErrorResult[testResult](&ClientConfig{ErrorResults: errorResults}, resp, &e, nil)
		if _, ok := r.(errResult); !ok || (err != nil) != errorResults {
			t.Errorf("ErrorResults %v: %v, %v", errorResults, r, err)
		}
	}
	if r, err := ErrorResult[testResult](&ClientConfig{}, resp, &e, fail); r != nil || err != fail {
		t.Errorf("ErrorResult of an error: %v, %v", r, err)
	}
	c := &ClientConfig{MaxResponseBytes: 1 << 10}
	raw := &http.Response{StatusCode: 200, ContentLength: -1, Body: io.NopCloser(strings.NewReader("data"))}
	r, err := RawResult[testResult, errResult](c, raw)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(r.(errResult).Body); string(b) != "data" {
		t.Errorf("RawResult body %q", b)
	}
}
