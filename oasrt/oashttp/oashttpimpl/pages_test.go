package oashttpimpl

import (
	"net/http"
	"testing"

	"github.com/oasgen/oasgen/oasrt/oashttp"
)

func TestNextLink(t *testing.T) {
	for _, tt := range []struct {
		name  string
		links []string
		want  string
	}{
		{"none", nil, ""},
		{"github", []string{`<https://api.github.com/repositories/1/issues?page=2>; rel="next", <https://api.github.com/repositories/1/issues?page=5>; rel="last"`}, "https://api.github.com/repositories/1/issues?page=2"},
		{"next not first", []string{`</a?page=1>; rel="prev", </a?page=3>; rel="next"`}, "/a?page=3"},
		{"several fields", []string{`</a?page=1>; rel="prev"`, `</a?page=3>; rel=next`}, "/a?page=3"},
		{"rel list", []string{`</b>; rel="last next"`}, "/b"},
		{"quoted comma and semicolon", []string{`</x>; title="a, b; c"; rel="prev", </y>; rel="NEXT"`}, "/y"},
		{"no next", []string{`</a?page=1>; rel="prev", </a?page=1>; rel="first"`}, ""},
		{"not a link", []string{`garbage; rel="next"`}, ""},
		{"unclosed", []string{`</a; rel="next"`}, ""},
	} {
		h := http.Header{}
		for _, l := range tt.links {
			h.Add("Link", l)
		}
		if got := NextLink(h); got != tt.want {
			t.Errorf("%s: NextLink = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestResolveURL(t *testing.T) {
	c := &Client{&oashttp.ClientConfig{BaseURL: "https://api.example.com/v1"}}
	for _, tt := range []struct {
		ref, want string
		wantErr   bool
	}{
		{"https://api.example.com/v1/items?page=2", "https://api.example.com/v1/items?page=2", false},
		{"/v1/items?page=2", "https://api.example.com/v1/items?page=2", false},
		{"items?page=2", "https://api.example.com/v1/items?page=2", false},
		{"https://evil.example.com/v1/items", "", true},
		{"http://api.example.com/v1/items", "", true},
		{"//evil.example.com/x", "", true},
	} {
		got, err := c.resolveURL(tt.ref)
		if got != tt.want || (err != nil) != tt.wantErr {
			t.Errorf("resolveURL(%q) = %q, %v; want %q (error: %v)", tt.ref, got, err, tt.want, tt.wantErr)
		}
	}
}
