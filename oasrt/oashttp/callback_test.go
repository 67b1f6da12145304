package oashttp

import (
	"crypto/tls"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
)

func TestExprEval(t *testing.T) {
	r := httptest.NewRequest("POST", "/subscribe/7?to=https%3A%2F%2Fa.example%2Fhook&n=", nil)
	r.Host = "api.example"
	r.Header.Set("X-Hook", "https://h.example/x")
	x := &Exchange{
		Request:        r,
		PathParams:     map[string]string{"id": "7"},
		RequestBody:    []byte(`{"url":"https://b.example/cb","n":{"a/b":[1, 2.5, true, null, {"x": "y"}],"m~":"tilde"}, "o": {}}`),
		StatusCode:     201,
		ResponseHeader: http.Header{"Location": {"/subs/1"}},
		ResponseBody:   []byte(`{"id": "s1"}`),
	}
	tests := []struct {
		name    string
		expr    string
		want    string
		wantErr string
	}{
		{"url", "$url", "http://api.example/subscribe/7?to=https%3A%2F%2Fa.example%2Fhook&n=", ""},
		{"method", "$method", "POST", ""},
		{"status", "$statusCode", "201", ""},
		{"header", "$request.header.x-hook", "https://h.example/x", ""},
		{"query", "$request.query.to", "https://a.example/hook", ""},
		{"empty query", "$request.query.n", "", ""},
		{"path", "$request.path.id", "7", ""},
		{"body string", "$request.body#/url", "https://b.example/cb", ""},
		{"escaped pointer", "$request.body#/n/a~1b/1", "2.5", ""},
		{"tilde", "$request.body#/n/m~0", "tilde", ""},
		{"bool", "$request.body#/n/a~1b/2", "true", ""},
		{"in an array", "$request.body#/n/a~1b/4/x", "y", ""},
		{"response header", "$response.header.location", "/subs/1", ""},
		{"response body", "$response.body#/id", "s1", ""},
		{"missing property", "$request.body#/nope", "", "$request.body#/nope: the request body has no value at /nope"},
		{"past the array", "$request.body#/n/a~1b/9", "", "$request.body#/n/a~1b/9: the request body has no value at /n/a~1b/9"},
		{"index not a number", "$request.body#/n/a~1b/x", "", "$request.body#/n/a~1b/x: the request body has an array where /n/a~1b/x names a property"},
		{"null", "$request.body#/n/a~1b/3", "", "$request.body#/n/a~1b/3: the request body has null at /n/a~1b/3"},
		{"object", "$request.body#/o", "", "$request.body#/o: the request body has object at /o, not a value a URL can hold"},
		{"whole object", "$request.body", "", "$request.body: the request body has object at the root, not a value a URL can hold"},
		{"missing header", "$request.header.X-Other", "", "$request.header.X-Other: the request has no header X-Other"},
		{"missing query", "$request.query.q", "", `$request.query.q: the request has no query parameter "q"`},
		{"missing path", "$request.path.q", "", `$request.path.q: the request has no path parameter "q"`},
		{"missing response header", "$response.header.X-A", "", "$response.header.X-A: the response has no header X-A"},
		{"not an expression", "$foo", "", "$foo: not a runtime expression: it starts with none of $url, $method, $statusCode, $request. and $response."},
		{"response query", "$response.query.x", "", "$response.query.x: a response has no query parameters"},
		{"bad source", "$request.cookie.x", "", "$request.cookie.x: after $request. or $response. comes header., query., path. or body"},
		{"bad pointer", "$request.body#url", "", `$request.body#url: JSON pointer "url" does not start with /`},
		{"bad escape", "$request.body#/a~2", "", `$request.body#/a~2: JSON pointer "/a~2": ~ must be followed by 0 or 1`},
		{"bad header name", "$request.header.a b", "", `$request.header.a b: header name "a b" is not a token`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := ParseExpr(tt.expr)
			var got string
			if err == nil {
				got, err = e.Eval(x)
			}
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("error %v, want %s", err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("got %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

func TestExprEvalEmpty(t *testing.T) {
	for _, tt := range []struct{ expr, wantErr string }{
		{"$request.body#/a", "$request.body#/a: the request body is empty"},
		{"$response.body#/a", "$response.body#/a: the response body is empty"},
		{"$statusCode", "$statusCode: no response status yet"},
		{"$url", "$url: no request"},
		{"$request.header.A", "$request.header.A: the request has no header A"},
	} {
		e, err := ParseExpr(tt.expr)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.Eval(&Exchange{}); err == nil || err.Error() != tt.wantErr {
			t.Errorf("%s: error %v, want %s", tt.expr, err, tt.wantErr)
		}
	}
}

func TestCallbackURL(t *testing.T) {
	r := httptest.NewRequest("POST", "https://api.example/orders?notify=a%20b", nil)
	r.TLS = &tls.ConnectionState{}
	x := &Exchange{Request: r, RequestBody: []byte(`{"callbackUrl":"https://cb.example/hook?k=1","id":"a/b c","email":"x@y","up":"..","here":"."}`)}
	tests := []struct {
		name     string
		tmpl     string
		want     string
		parseErr string
		wantErr  string
	}{
		{"whole", "{$request.body#/callbackUrl}", "https://cb.example/hook?k=1", "", ""},
		{"prefix", "{$request.body#/callbackUrl}&done=1", "https://cb.example/hook?k=1&done=1", "", ""},
		{"path and query escaped", "https://n.example/orders/{$request.body#/id}?email={$request.body#/email}&q={$request.query.notify}",
			"https://n.example/orders/a%2Fb%20c?email=x%40y&q=a+b", "", ""},
		{"dot segments escaped", "https://n.example/orders/{$request.body#/up}/{$request.body#/here}?x={$request.body#/up}",
			"https://n.example/orders/%2E%2E/%2E?x=..", "", ""},
		{"url", "{$url}/events", "https://api.example/orders?notify=a%20b/events", "", ""},
		{"literal", "https://fixed.example/cb", "https://fixed.example/cb", "", ""},
		{"missing value", "{$request.body#/nope}", "", "", "$request.body#/nope: the request body has no value at /nope"},
		{"not a URL", "{$request.body#/email}/x", "", "", `callback URL {$request.body#/email}/x: gives "x@y/x", not an absolute http or https URL`},
		{"not http", "ftp://h.example/{$method}", "", "", `callback URL ftp://h.example/{$method}: gives "ftp://h.example/POST", not an absolute http or https URL`},
		{"unclosed", "https://h.example/{$method", "", "callback URL https://h.example/{$method: the { at byte 18 is not closed", ""},
		{"bad expression", "https://h.example/{method}", "", "method: not a runtime expression: it starts with none of $url, $method, $statusCode, $request. and $response.", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := ParseCallbackURL(tt.tmpl)
			if tt.parseErr != "" {
				if err == nil || err.Error() != tt.parseErr {
					t.Fatalf("parse error %v, want %s", err, tt.parseErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if u.String() != tt.tmpl {
				t.Errorf("String() = %q", u.String())
			}
			got, err := u.Expand(x)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("error %v, want %s", err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("got %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

// FuzzCallbackURL checks that no template and no body makes parsing or
// expanding panic, and that an expanded URL is an absolute http(s) URL.
func FuzzCallbackURL(f *testing.F) {
	f.Add("{$request.body#/u}", `{"u":"https://a.example/x"}`)
	f.Add("https://h.example/{$request.body#/a/0}?q={$request.body#/b~1c}", `{"a":[1],"b/c":"x y"}`)
	f.Add("{$url}", `null`)
	f.Add("{$request.body}", `"https://s.example"`)
	f.Add("{$request.body#/a/01}", `{"a":[{"b":[]}]`)
	f.Fuzz(func(t *testing.T, tmpl, body string) {
		u, err := ParseCallbackURL(tmpl)
		if err != nil {
			return
		}
		r := httptest.NewRequest("GET", "/p?q=1", nil)
		got, err := u.Expand(&Exchange{Request: r, RequestBody: []byte(body), ResponseBody: []byte(body), StatusCode: 200})
		if err != nil {
			if _, ok := err.(*ExprError); !ok {
				t.Fatalf("%q: error %T %v, want an *ExprError", tmpl, err, err)
			}
			return
		}
		if pu, err := url.Parse(got); err != nil || pu.Host == "" || (pu.Scheme != "http" && pu.Scheme != "https") {
			t.Fatalf("%q expanded to %q", tmpl, got)
		}
	})
}
