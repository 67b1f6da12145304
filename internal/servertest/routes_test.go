// Package servertest drives the server, router and client generated for
// testdata/routes through HTTP: routing decisions, parameter styles, errors
// and the client against the server.
package servertest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/testdata/routes"
)

// recorder answers every operation and records which one ran with what.
type recorder struct {
	routes.Unimplemented
	op     string
	params any
	body   any
}

func (h *recorder) hit(op string, params any) {
	h.op, h.params = op, params
}

func (h *recorder) Root(ctx context.Context) (routes.RootResponse, error) {
	h.hit("root", nil)
	return routes.RootResponse204{}, nil
}

func (h *recorder) ListUsers(ctx context.Context) (routes.ListUsersResponse, error) {
	h.hit("listUsers", nil)
	return routes.ListUsersResponse200{Body: []routes.User{{Name: "ann"}}, XTotal: 1, XNext: oasrt.NewOpt("b")}, nil
}

func (h *recorder) CreateUser(ctx context.Context, body *routes.User) (routes.CreateUserResponse, error) {
	h.hit("createUser", nil)
	h.body = *body
	if body.Name == "taken" {
		return routes.CreateUserResponse4XX{StatusCode: 409, Body: routes.Problem{Title: oasrt.NewOpt("taken")}}, nil
	}
	if body.Name == "teapot" {
		return routes.CreateUserResponseDefault{StatusCode: 503}, nil
	}
	return routes.CreateUserResponse201{Body: *body}, nil
}

func (h *recorder) GetMe(ctx context.Context) (routes.GetMeResponse, error) {
	h.hit("getMe", nil)
	return routes.GetMeResponse200{Body: routes.User{Name: "me"}}, nil
}

func (h *recorder) GetUser(ctx context.Context, p routes.GetUserParams) (routes.GetUserResponse, error) {
	h.hit("getUser", p)
	if p.Name == "nobody" {
		return routes.GetUserResponse404{}, nil
	}
	return routes.GetUserResponse200{Body: routes.User{Name: p.Name}}, nil
}

func (h *recorder) DeleteUser(ctx context.Context, p routes.DeleteUserParams) (routes.DeleteUserResponse, error) {
	h.hit("deleteUser", p)
	return routes.DeleteUserResponse204{}, nil
}

func (h *recorder) ListFriends(ctx context.Context, p routes.ListFriendsParams) (routes.ListFriendsResponse, error) {
	h.hit("listFriends", p)
	return routes.ListFriendsResponse200{Body: []string{"x"}}, nil
}

func (h *recorder) ListFiles(ctx context.Context) (routes.ListFilesResponse, error) {
	h.hit("listFiles", nil)
	return routes.ListFilesResponse200{Body: strings.NewReader("a.txt\n")}, nil
}

func (h *recorder) GetFile(ctx context.Context, p routes.GetFileParams) (routes.GetFileResponse, error) {
	h.hit("getFile", p)
	return routes.GetFileResponse200{Body: strings.NewReader(p.Base + "|" + p.Ext)}, nil
}

func (h *recorder) PutFile(ctx context.Context, p routes.PutFileParams, body oashttp.RawBody) (routes.PutFileResponse, error) {
	data, err := io.ReadAll(body.Body)
	if err != nil {
		return nil, err
	}
	h.hit("putFile", p)
	h.body = body.ContentType + ":" + string(data)
	return routes.PutFileResponse204{}, nil
}

func (h *recorder) Status(ctx context.Context, p routes.StatusParams) (routes.StatusResponse, error) {
	h.hit("status", p)
	return routes.StatusResponse200{Body: routes.StatusOK{Version: oasrt.NewOpt(p.Version)}}, nil
}

func (h *recorder) Label(ctx context.Context, p routes.LabelParams) (routes.LabelResponse, error) {
	h.hit("label", p)
	return routes.LabelResponse204{}, nil
}

func (h *recorder) Matrix(ctx context.Context, p routes.MatrixParams) (routes.MatrixResponse, error) {
	h.hit("matrix", p)
	return routes.MatrixResponse204{}, nil
}

func (h *recorder) Color(ctx context.Context, p routes.ColorParams) (routes.ColorResponse, error) {
	h.hit("color", p)
	return routes.ColorResponse204{}, nil
}

func (h *recorder) MatrixColor(ctx context.Context, p routes.MatrixColorParams) (routes.MatrixColorResponse, error) {
	h.hit("matrixColor", p)
	return routes.MatrixColorResponse204{}, nil
}

func (h *recorder) SubmitForm(ctx context.Context, body *routes.Point) (routes.SubmitFormResponse, error) {
	h.hit("submitForm", nil)
	return routes.SubmitFormResponse200{Body: *body}, nil
}

func (h *recorder) SubmitBoth(ctx context.Context, body *routes.RGB) (routes.SubmitBothResponse, error) {
	h.hit("submitBoth", nil)
	if body == nil {
		return routes.SubmitBothResponse200{}, nil
	}
	return routes.SubmitBothResponse200{Body: *body}, nil
}

func (h *recorder) Search(ctx context.Context, p routes.SearchParams) (routes.SearchResponse, error) {
	h.hit("search", p)
	return routes.SearchResponse200{Body: routes.SearchOK{Query: p.Q}}, nil
}

func serve(h http.Handler, method, target string, body io.Reader, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, body)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

// problem decodes a problem+json response.
func problem(t *testing.T, w *httptest.ResponseRecorder) map[string]any {
	t.Helper()
	if ct := w.Header().Get("Content-Type"); ct != "application/problem+json" {
		t.Fatalf("content type %q, want application/problem+json; body %s", ct, w.Body)
	}
	var p map[string]any
	if err := json.Unmarshal(w.Body.Bytes(), &p); err != nil {
		t.Fatalf("problem body %q: %v", w.Body, err)
	}
	return p
}

func TestRouting(t *testing.T) {
	tests := []struct {
		name, method, target string
		status               int
		op                   string // the operation that must have run
		params               any
		allow                string
	}{
		{"root", "GET", "/", 204, "root", nil, ""},
		{"static", "GET", "/users", 200, "listUsers", nil, ""},
		{"trailing slash is another path", "GET", "/users/", 404, "", nil, ""},
		{"double slash", "GET", "//users", 404, "", nil, ""},
		{"static beside parameter wins", "GET", "/users/me", 200, "getMe", nil, ""},
		{"parameter beside static", "GET", "/users/ann", 200, "getUser", routes.GetUserParams{Name: "ann"}, ""},
		{"backtrack from static to parameter", "GET", "/users/me/friends", 200, "listFriends", routes.ListFriendsParams{Name: "me"}, ""},
		{"percent-encoded parameter is decoded", "GET", "/users/a%2Fb%20c", 200, "getUser", routes.GetUserParams{Name: "a/b c"}, ""},
		{"percent-encoded static segment", "GET", "/us%65rs/m%65", 200, "getMe", nil, ""},
		{"encoded slash does not split", "GET", "/users/me%2Ffriends", 200, "getUser", routes.GetUserParams{Name: "me/friends"}, ""},
		{"byte net/url escapes in a path", "GET", "/users/a!b*", 200, "getUser", routes.GetUserParams{Name: "a!b*"}, ""},
		{"escaped percent stays in the value", "GET", "/users/100%25", 200, "getUser", routes.GetUserParams{Name: "100%"}, ""},
		{"plus is not a space in a path", "GET", "/users/a+b", 200, "getUser", routes.GetUserParams{Name: "a+b"}, ""},
		// Paths sent as net/url escapes them (no RawPath) are routed decoded
		// (oashttpimpl.RoutePath): the values are not decoded a second time.
		{"escape net/url writes, decoded once", "GET", "/users/caf%C3%A9%20x", 200, "getUser", routes.GetUserParams{Name: "café x"}, ""},
		{"escaped escape stays one", "GET", "/users/a%2520b", 200, "getUser", routes.GetUserParams{Name: "a%20b"}, ""},
		{"escaped escape in a static segment", "GET", "/us%2565rs", 404, "", nil, ""},
		{"escaped question mark", "GET", "/users/a%3Fb", 200, "getUser", routes.GetUserParams{Name: "a?b"}, ""},
		{"label array with an escaped percent", "GET", "/label/.1,2%25", 400, "", nil, ""},
		{"matrix array, escape net/url writes", "GET", "/matrix/;ids=a%20b;ids=c%25", 204, "matrix", routes.MatrixParams{IDs: []string{"a b", "c%"}}, ""},
		{"empty parameter", "GET", "/users//friends", 404, "", nil, ""},
		// The router skips a node of static segments when the next byte
		// starts none of them, unless the path is escaped.
		{"static-only node, escaped first byte", "GET", "/users/ann/%66riends", 200, "listFriends", routes.ListFriendsParams{Name: "ann"}, ""},
		{"static-only node, escaped after a template", "GET", "/v3/%73tatus", 200, "status", routes.StatusParams{Version: 3}, ""},
		{"static-only node, other first byte", "GET", "/users/ann/xfriends", 404, "", nil, ""},
		{"static-only node, empty segment", "GET", "/v3/", 404, "", nil, ""},
		{"too deep", "GET", "/users/ann/friends/x", 404, "", nil, ""},
		{"unknown", "GET", "/nope", 404, "", nil, ""},
		{"405 with allow", "PATCH", "/users/ann", 405, "", nil, "DELETE, GET, HEAD"},
		{"405 on static", "DELETE", "/users", 405, "", nil, "GET, HEAD, POST"},
		{"405 static wins over parameter methods", "DELETE", "/users/me", 405, "", nil, "GET, HEAD"},
		{"HEAD is served by GET", "HEAD", "/users", 200, "listUsers", nil, ""},
		{"OPTIONS is not", "OPTIONS", "/users", 405, "", nil, "GET, HEAD, POST"},
		{"trailing-slash route", "GET", "/files/", 200, "listFiles", nil, ""},
		{"without its trailing slash", "GET", "/files", 404, "", nil, ""},
		{"template with two parameters", "GET", "/files/report.tar.gz", 200, "getFile", routes.GetFileParams{Base: "report", Ext: "tar.gz"}, ""},
		{"template needs its literal", "GET", "/files/report", 404, "", nil, ""},
		{"template with prefix", "GET", "/v2/status", 200, "status", routes.StatusParams{Version: 2}, ""},
		{"template prefix without value", "GET", "/v/status", 404, "", nil, ""},
		{"label array", "GET", "/label/.1,2,3", 204, "label", routes.LabelParams{IDs: []int64{1, 2, 3}}, ""},
		{"matrix exploded array", "GET", "/matrix/;ids=a;ids=b%3Bc", 204, "matrix", routes.MatrixParams{IDs: []string{"a", "b;c"}}, ""},
		{"simple object", "GET", "/color/r,1,g,2,b,3", 204, "color", routes.ColorParams{C: routes.RGB{R: 1, G: 2, B: 3}}, ""},
		{"matrix exploded object", "GET", "/mcolor/;g=2;r=1;b=3;extra=x", 204, "matrixColor", routes.MatrixColorParams{C: routes.RGB{R: 1, G: 2, B: 3}}, ""},
	}
	h := &recorder{}
	srv := routes.NewServer(h)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h.op, h.params = "", nil
			w := serve(srv, tt.method, tt.target, nil)
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d; body %s", w.Code, tt.status, w.Body)
			}
			if h.op != tt.op {
				t.Errorf("operation %q ran, want %q", h.op, tt.op)
			}
			if tt.params != nil && !reflect.DeepEqual(h.params, tt.params) {
				t.Errorf("params %+v, want %+v", h.params, tt.params)
			}
			if got := w.Header().Get("Allow"); got != tt.allow {
				t.Errorf("Allow %q, want %q", got, tt.allow)
			}
			if tt.status >= 400 {
				p := problem(t, w)
				if p["status"] != float64(tt.status) {
					t.Errorf("problem status %v, want %d", p["status"], tt.status)
				}
			}
		})
	}
}

func TestSearchParams(t *testing.T) {
	h := &recorder{}
	srv := routes.NewServer(h)
	q := "/search?q=a+b%26c&limit=10&ratio=0.5&exact=true&tag=x&tag=y%2Cz&ids=1,2,3" +
		"&pipes=a|b%7Cc&spaces=a%20b+c&kind=dog&since=2024-01-02T03:04:05Z&day=2024-02-29" +
		"&ref=01234567-89ab-cdef-0123-456789abcdef&filter%5Bcolor%5D=red&filter[size]=1&other=1" +
		"&meta[tags]=a&x=1&y=-2&rgb=r,1,g,2,b,3"
	req := httptest.NewRequest("GET", q, nil)
	req.Header.Set("X-Trace", "01234567-89AB-CDEF-0123-456789ABCDEF")
	req.Header.Set("X-Flags", "a, b,c")
	req.Header.Set("X-Point", "x=5")
	req.AddCookie(&http.Cookie{Name: "session", Value: "s1"})
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, req)
	if w.Code != 200 {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
	ref, _ := oasrt.ParseUUID("01234567-89ab-cdef-0123-456789abcdef")
	want := routes.SearchParams{
		Q:       "a b&c",
		Limit:   oasrt.NewOpt[int32](10),
		Ratio:   oasrt.NewOpt(0.5),
		Exact:   oasrt.NewOpt(true),
		Tag:     []string{"x", "y,z"},
		IDs:     []int64{1, 2, 3},
		Pipes:   []string{"a", "b", "c"},
		Spaces:  []string{"a", "b", "c"},
		Kind:    oasrt.NewOpt(routes.KindDog),
		Since:   oasrt.NewOpt(time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)),
		Day:     oasrt.NewOpt(oasrt.Date{Year: 2024, Month: 2, Day: 29}),
		Ref:     oasrt.NewOpt(ref),
		Filter:  oasrt.NewOpt(routes.SearchFilter{Color: "red", Size: oasrt.NewOpt[int32](1)}),
		Meta:    "meta%5Btags%5D=a",
		Point:   oasrt.NewOpt(routes.Point{X: 1, Y: oasrt.NewOpt[int64](-2)}),
		Rgb:     oasrt.NewOpt(routes.RGB{R: 1, G: 2, B: 3}),
		XPoint:  oasrt.NewOpt(routes.Point{X: 5}),
		XTrace:  oasrt.NewOpt(ref),
		XFlags:  []string{"a", "b", "c"},
		Session: "s1",
	}
	got := h.params.(routes.SearchParams)
	if !got.Since.Value.Equal(want.Since.Value) {
		t.Errorf("since %v, want %v", got.Since.Value, want.Since.Value)
	}
	got.Since, want.Since = oasrt.Opt[time.Time]{}, oasrt.Opt[time.Time]{}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("params\n got %+v\nwant %+v", got, want)
	}
	if !strings.Contains(w.Body.String(), `"query":"a b&c"`) {
		t.Errorf("body %s", w.Body)
	}
}

func TestParamErrors(t *testing.T) {
	tests := []struct {
		name, target, cookie string
		param, in, detail    string
	}{
		{"missing required query", "/search", "s", "q", "query", `query parameter "q": required but missing`},
		{"missing cookie", "/search?q=1", "", "session", "cookie", `cookie parameter "session": required but missing`},
		{"bad integer", "/search?q=1&limit=ten", "s", "limit", "query", `query parameter "limit": "ten" is not an integer`},
		{"out of range", "/search?q=1&limit=3000000000", "s", "limit", "query", `query parameter "limit": "3000000000" is out of range for a 32-bit integer`},
		{"bad enum", "/search?q=1&kind=cow", "s", "kind", "query", `query parameter "kind": "cow" is not a valid Kind`},
		{"bad array item", "/search?q=1&ids=1,x", "s", "ids", "query", `query parameter "ids": "x" is not an integer`},
		{"repeated scalar", "/search?q=1&q=2", "s", "q", "query", `query parameter "q": given more than once`},
		{"bad escape", "/search?q=%zz", "s", "q", "query", ""},
		{"bad date", "/search?q=1&day=2023-02-29", "s", "day", "query", `query parameter "day": "2023-02-29" is not a date: no such day`},
		{"bad boolean", "/search?q=1&exact=yes", "s", "exact", "query", `query parameter "exact": "yes" is not a boolean`},
		{"NaN is not a number", "/search?q=1&ratio=NaN", "s", "ratio", "query", `query parameter "ratio": "NaN" is not a number`},
		{"bad path integer", "/v2x/status", "", "version", "path", `path parameter "version": "2x" is not an integer`},
		{"label without its dot", "/label/1,2", "", "ids", "path", ""},
		// Integers follow the JSON grammar, as in a body.
		{"path integer with a plus", "/v+1/status", "", "version", "path", `path parameter "version": "+1" is not an integer`},
		{"path integer with a leading zero", "/v01/status", "", "version", "path", `path parameter "version": "01" is not an integer`},
		{"query integer with a leading zero", "/search?q=1&limit=05", "s", "limit", "query", `query parameter "limit": "05" is not an integer`},
		{"repeated deepObject key", "/search?q=1&filter[color]=a&filter[color]=b", "s", "filter", "query", `query parameter "filter": property "color": given more than once`},
		// Parameters' constraints are checked as a JSON body's are.
		{"below minimum", "/search?q=1&limit=0", "s1", "limit", "query", `query parameter "limit": 0 is less than minimum 1`},
		{"above maximum", "/search?q=1&limit=101", "s1", "limit", "query", `query parameter "limit": 101 is greater than maximum 100`},
		{"past maxLength", "/search?q=" + strings.Repeat("é", 51), "s1", "q", "query", `query parameter "q": length 51 is greater than maxLength 50`},
		{"array item below minimum", "/search?q=1&ids=1,0", "s1", "ids", "query", `query parameter "ids": 0 is less than minimum 1`},
		{"pattern", "/search?q=1", "x1", "session", "cookie", `cookie parameter "session": "x1" does not match the pattern ^s`},
		{"object property past its maximum", "/search?q=1&rgb=r,1,g,256,b,3", "s1", "rgb", "query", `query parameter "rgb": property "g": 256 is greater than maximum 255`},
		{"object property", "/search?q=1&rgb=r,1,g,x,b,3", "s", "rgb", "query", `query parameter "rgb": property "g": "x" is not an integer`},
		{"object missing property", "/search?q=1&filter[size]=1", "s", "filter", "query", `query parameter "filter": property "color": required but missing`},
		{"object odd pairs", "/color/r,1,g", "", "c", "path", `path parameter "c": an object needs name,value pairs; got an odd number of items`},
		{"exploded object item", "/mcolor/;r=1;g", "", "c", "path", `path parameter "c": expected name=value, got "g"`},
	}
	srv := routes.NewServer(&recorder{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest("GET", tt.target, nil)
			if tt.cookie != "" {
				req.AddCookie(&http.Cookie{Name: "session", Value: tt.cookie})
			}
			w := httptest.NewRecorder()
			srv.ServeHTTP(w, req)
			if w.Code != 400 {
				t.Fatalf("status %d, want 400: %s", w.Code, w.Body)
			}
			p := problem(t, w)
			if p["parameter"] != tt.param || p["in"] != tt.in {
				t.Errorf("problem names %v in %v, want %s in %s", p["parameter"], p["in"], tt.param, tt.in)
			}
			if tt.detail != "" && p["detail"] != tt.detail {
				t.Errorf("detail %q, want %q", p["detail"], tt.detail)
			}
		})
	}
}

func TestBodies(t *testing.T) {
	h := &recorder{}
	srv := routes.NewServer(h, oashttp.WithMaxBodyBytes(64), oashttp.WithMaxDepth(3))

	w := serve(srv, "POST", "/users", strings.NewReader(`{"name":"ann","age":3}`), "Content-Type", "application/json; charset=utf-8")
	if w.Code != 201 || w.Body.String() != `{"name":"ann","age":3}` || w.Header().Get("Content-Type") != "application/json" {
		t.Errorf("create: %d %q %q", w.Code, w.Header().Get("Content-Type"), w.Body)
	}
	w = serve(srv, "POST", "/users", strings.NewReader(`{"name":"taken"}`), "Content-Type", "application/json")
	if w.Code != 409 || w.Body.String() != `{"title":"taken"}` {
		t.Errorf("4XX variant: %d %s", w.Code, w.Body)
	}
	w = serve(srv, "POST", "/users", strings.NewReader(`{"name":"teapot"}`), "Content-Type", "application/json")
	if w.Code != 503 {
		t.Errorf("default variant: %d %s", w.Code, w.Body)
	}

	tests := []struct {
		name, body, ct string
		status         int
		jsonPath       string
		offset         float64
	}{
		// JSON that breaks the schema: 422 (the operation documents 4XX).
		{"wrong type", `{"name":"a","age":"x"}`, "application/json", 422, "$.age", 18},
		{"missing required", `{"age":1}`, "application/json", 422, "$", 8},
		{"below minimum", `{"name":"a","age":-1}`, "application/json", 422, "$.age", 18},
		{"unknown property of the wrong type is skipped", `{"name":"a","x":{"y":[1,"z"]}}`, "application/json", 201, "", 0},
		// Not JSON: 400, naming the syntax error even where the decoder
		// stopped earlier, at a value that breaks the schema.
		{"schema break before a syntax error", `{"name":"a","age":"x",}`, "application/json", 400, "$", 22},
		{"truncated after a schema break", `{"name":"a","age":"x"`, "application/json", 400, "$", 21},
		{"trailing data", `{"name":"a"} x`, "application/json", 400, "$", 13},
		{"too deep", `{"name":"a","x":[[[1]]]}`, "application/json", 400, "$.x", 19},
		{"empty body", ``, "application/json", 400, "", 0},
		{"+json type", `{"name":"a"}`, "application/vnd.user+json", 201, "", 0},
		{"not JSON", `{"name":"a"}`, "text/plain", 415, "", 0},
		{"UTF-8 declared", `{"name":"a"}`, `application/json; charset="UTF-8"`, 201, "", 0},
		{"another charset", `{"name":"é"}`, "application/json; charset=iso-8859-1", 415, "", 0},
		{"another charset, +json", `{"name":"a"}`, "application/vnd.user+json;charset=utf-16", 415, "", 0},
		{"no content type", `{"name":"a"}`, "", 415, "", 0},
		{"over the limit", `{"name":"` + strings.Repeat("a", 100) + `"}`, "application/json", 413, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := serve(srv, "POST", "/users", strings.NewReader(tt.body), "Content-Type", tt.ct)
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.status, w.Body)
			}
			if tt.status < 300 {
				return
			}
			p := problem(t, w)
			if tt.jsonPath != "" && (p["path"] != tt.jsonPath || p["offset"] != tt.offset) {
				t.Errorf("problem at %v offset %v, want %s offset %v: %v", p["path"], p["offset"], tt.jsonPath, tt.offset, p["detail"])
			}
		})
	}

	// A chunked body over the limit fails once it passes it.
	req := httptest.NewRequest("POST", "/users", io.MultiReader(strings.NewReader(`{"name":"`), strings.NewReader(strings.Repeat("a", 100)+`"}`)))
	req.ContentLength = -1
	req.Header.Set("Content-Type", "application/json")
	w = httptest.NewRecorder()
	srv.ServeHTTP(w, req)
	if w.Code != 413 {
		t.Errorf("chunked over limit: %d %s", w.Code, w.Body)
	}

	// Raw bodies: the declared media ranges are checked, the body streamed.
	w = serve(srv, "PUT", "/files/a.txt", strings.NewReader("hello"), "Content-Type", "text/markdown")
	if w.Code != 204 || h.body != "text/markdown:hello" {
		t.Errorf("put text/*: %d %v %s", w.Code, h.body, w.Body)
	}
	w = serve(srv, "PUT", "/files/a.txt", strings.NewReader("hello"), "Content-Type", "image/png")
	if w.Code != 415 {
		t.Errorf("put image/png: %d %s", w.Code, w.Body)
	}
	// A streamed body without a length passes the limit in the handler,
	// whose read error is a 413, not a 500.
	req = httptest.NewRequest("PUT", "/files/a.txt", io.MultiReader(strings.NewReader("x"), strings.NewReader(strings.Repeat("a", 100))))
	req.ContentLength = -1
	req.Header.Set("Content-Type", "text/plain")
	w = httptest.NewRecorder()
	srv.ServeHTTP(w, req)
	if p := problem(t, w); w.Code != 413 || p["detail"] != "request body is larger than 64 bytes" {
		t.Errorf("chunked raw body over the limit: %d %s", w.Code, w.Body)
	}
	w = serve(srv, "PUT", "/files/a.txt", nil, "Content-Type", "text/plain")
	if w.Code != 400 {
		t.Errorf("put without required body: %d %s", w.Code, w.Body)
	}
	w = serve(srv, "GET", "/files/a.txt", nil)
	if w.Code != 200 || w.Body.String() != "a|txt" || w.Header().Get("Content-Type") != "application/octet-stream" {
		t.Errorf("get file: %d %q %s", w.Code, w.Header().Get("Content-Type"), w.Body)
	}
}

func TestFormBodies(t *testing.T) {
	srv := routes.NewServer(&recorder{})
	const form = "application/x-www-form-urlencoded"
	tests := []struct {
		name, path, ct, body string
		status               int
		want, detail         string
	}{
		{"form", "/forms", form, "x=1&y=%2D2&z=ignored", 200, `{"x":1,"y":-2}`, ""},
		{"form with charset", "/forms", form + "; charset=utf-8", "y=2&x=3", 200, `{"x":3,"y":2}`, ""},
		// A form is always well-formed once its escapes decode: pairs that
		// break the schema are a 422, as for JSON.
		{"form missing property", "/forms", form, "y=2", 422, "", `request body: property "x": required but missing`},
		{"form bad value", "/forms", form, "x=one", 422, "", `request body: property "x": "one" is not an integer`},
		{"form bad escape", "/forms", form, "x=%zz", 400, "", `request body: property "x": invalid URL escape "%zz"`},
		{"form required", "/forms", form, "", 400, "", "request body: required but missing"},
		{"form as JSON", "/forms", "application/json", `{"x":1}`, 415, "", `content type "application/json" is not accepted; want application/x-www-form-urlencoded`},
		{"both as form", "/both", form, "r=1&g=2&b=3", 200, `{"r":1,"g":2,"b":3}`, ""},
		{"both as JSON", "/both", "application/json", `{"r":4,"g":5,"b":6}`, 200, `{"r":4,"g":5,"b":6}`, ""},
		{"both, optional and absent", "/both", "", "", 200, `{"r":0,"g":0,"b":0}`, ""},
		{"both as text", "/both", "text/plain", "r=1", 415, "", ""},
		// submitBoth documents 400 and not 422: a body that breaks the
		// schema gets the status the spec lists.
		{"400 where the spec has no 422", "/both", "application/json", `{"r":256,"g":0,"b":0}`, 400, "", "request body: $.r: 256 is greater than maximum 255 (offset 5)"},
		{"400 where the spec has no 422, form", "/both", form, "r=1&g=2&b=300", 400, "", `request body: property "b": 300 is greater than maximum 255`},
		{"malformed JSON where the spec has no 422", "/both", "application/json", `{"r":1,`, 400, "", "request body: $: unexpected end of JSON input (offset 7)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := serve(srv, "POST", tt.path, strings.NewReader(tt.body), "Content-Type", tt.ct)
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.status, w.Body)
			}
			if tt.want != "" && w.Body.String() != tt.want {
				t.Errorf("body %s, want %s", w.Body, tt.want)
			}
			if tt.detail != "" && problem(t, w)["detail"] != tt.detail {
				t.Errorf("detail %v, want %s", problem(t, w)["detail"], tt.detail)
			}
		})
	}

	ts := httptest.NewServer(srv)
	defer ts.Close()
	c, err := routes.NewClient(ts.URL)
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.SubmitForm(context.Background(), &routes.Point{X: 7, Y: oasrt.NewOpt[int64](-8)})
	if err != nil || res != (routes.SubmitFormResponse200{Body: routes.Point{X: 7, Y: oasrt.NewOpt[int64](-8)}}) {
		t.Errorf("client form: %+v %v", res, err)
	}
	both, err := c.SubmitBoth(context.Background(), &routes.RGB{R: 1, G: 2, B: 3})
	if err != nil || both != (routes.SubmitBothResponse200{Body: routes.RGB{R: 1, G: 2, B: 3}}) {
		t.Errorf("client JSON: %+v %v", both, err)
	}
}

func TestNotAcceptable(t *testing.T) {
	srv := routes.NewServer(&recorder{})
	w := serve(srv, "GET", "/users", nil, "Accept", "text/html")
	if w.Code != 406 || !strings.Contains(problem(t, w)["detail"].(string), "application/json") {
		t.Errorf("406: %d %s", w.Code, w.Body)
	}
	if w := serve(srv, "GET", "/users", nil, "Accept", "text/html, application/*;q=0.2"); w.Code != 200 {
		t.Errorf("acceptable: %d %s", w.Code, w.Body)
	}
	// An operation whose success has no content cannot be refused.
	if w := serve(srv, "DELETE", "/users/x", nil, "Accept", "text/html"); w.Code != 204 {
		t.Errorf("no content: %d %s", w.Code, w.Body)
	}
}

func TestUnimplementedAndPanics(t *testing.T) {
	srv := routes.NewServer(routes.Unimplemented{})
	w := serve(srv, "GET", "/users", nil)
	if w.Code != 501 || problem(t, w)["detail"] != "operation not implemented" {
		t.Errorf("unimplemented: %d %s", w.Code, w.Body)
	}

	srv = routes.NewServer(&panicky{})
	w = serve(srv, "GET", "/users", nil)
	if w.Code != 500 {
		t.Fatalf("panic: %d %s", w.Code, w.Body)
	}
	if strings.Contains(w.Body.String(), "boom") {
		t.Errorf("the panic value leaked: %s", w.Body)
	}
	if w := serve(srv, "GET", "/users/me", nil); w.Code != 200 {
		t.Errorf("after a panic: %d %s", w.Code, w.Body)
	}
}

type panicky struct{ recorder }

func (*panicky) ListUsers(ctx context.Context) (routes.ListUsersResponse, error) { panic("boom") }

func TestErrorsFromHandlers(t *testing.T) {
	srv := routes.NewServer(errorer{})
	w := serve(srv, "GET", "/users/x", nil)
	if p := problem(t, w); w.Code != 500 || p["detail"] != nil {
		t.Errorf("plain error: %d %v (details must not leak)", w.Code, p)
	}
	w = serve(srv, "GET", "/users/me", nil)
	if p := problem(t, w); w.Code != 418 || p["detail"] != "short and stout" {
		t.Errorf("problem error: %d %v", w.Code, p)
	}
	w = serve(srv, "GET", "/users", nil)
	if w.Code != 500 {
		t.Errorf("nil result: %d %s", w.Code, w.Body)
	}
}

// TestProblemStatus: a handler's *Problem is written as it is only when
// its status is an error's; any other status is a 500, in the header and
// the body, without the problem's text.
func TestProblemStatus(t *testing.T) {
	tests := []struct {
		name       string
		status     int
		wantStatus int
		wantTitle  string
	}{
		{"zero", 0, 500, "Internal Server Error"},
		{"success", 200, 500, "Internal Server Error"},
		{"redirect", 302, 500, "Internal Server Error"},
		{"past 599", 700, 500, "Internal Server Error"},
		{"client error", 409, 409, "taken"},
		{"server error", 503, 503, "taken"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := routes.NewServer(problemer{status: tt.status}, oashttp.WithLogger(slog.New(slog.DiscardHandler)))
			w := serve(srv, "GET", "/users/me", nil)
			p := problem(t, w)
			if w.Code != tt.wantStatus || p["status"] != float64(tt.wantStatus) || p["title"] != tt.wantTitle {
				t.Errorf("%d %v, want %d with title %q in the body", w.Code, p, tt.wantStatus, tt.wantTitle)
			}
			if tt.wantStatus == 500 && p["detail"] != nil {
				t.Errorf("detail disclosed: %v", p)
			}
		})
	}
}

// problemer answers getMe with a problem of the status given.
type problemer struct {
	routes.Unimplemented
	status int
}

func (h problemer) GetMe(ctx context.Context) (routes.GetMeResponse, error) {
	return nil, &oashttp.Problem{Status: h.status, Title: "taken", Detail: "by someone"}
}

type errorer struct{ routes.Unimplemented }

func (errorer) GetUser(ctx context.Context, p routes.GetUserParams) (routes.GetUserResponse, error) {
	return nil, errors.New("database password is hunter2")
}

func (errorer) GetMe(ctx context.Context) (routes.GetMeResponse, error) {
	return nil, &oashttp.Problem{Status: 418, Title: "I'm a teapot", Detail: "short and stout"}
}

func (errorer) ListUsers(ctx context.Context) (routes.ListUsersResponse, error) { return nil, nil }

func TestMiddleware(t *testing.T) {
	var trace []string
	mark := func(name string) oashttp.Middleware {
		return func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				trace = append(trace, name)
				next.ServeHTTP(w, r)
			})
		}
	}
	built := 0
	counting := func(next http.Handler) http.Handler {
		built++
		return next
	}
	h := &recorder{}
	srv := routes.NewServer(h,
		oashttp.WithMiddleware(mark("all")),
		oashttp.WithPathPrefixMiddleware("/users/", mark("prefix")),
		oashttp.WithOperationMiddleware("getUser", mark("op"), counting),
	)
	for range 3 {
		serve(srv, "GET", "/users/ann", nil)
	}
	if built != 1 {
		t.Errorf("middleware composed %d times, want once", built)
	}
	if h.op != "getUser" || h.params.(routes.GetUserParams).Name != "ann" {
		t.Errorf("behind middleware: %s %+v", h.op, h.params)
	}
	trace = nil
	serve(srv, "GET", "/users/ann", nil)
	serve(srv, "GET", "/users", nil)
	serve(srv, "GET", "/nope", nil)
	want := "all prefix op all all"
	if got := strings.Join(trace, " "); got != want {
		t.Errorf("middleware ran %q, want %q", got, want)
	}

	defer func() {
		if recover() == nil {
			t.Error("an unknown operationId did not panic")
		}
	}()
	routes.NewServer(h, oashttp.WithOperationMiddleware("getUsr", mark("typo")))
}

func TestEachOperationAndQueryLimit(t *testing.T) {
	var seen []string
	built := map[string]bool{}
	srv := routes.NewServer(&recorder{}, oashttp.WithMaxQueryParams(3), oashttp.WithEachOperation(func(id string) oashttp.Middleware {
		built[id] = true
		return func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				seen = append(seen, id)
				next.ServeHTTP(w, r)
			})
		}
	}))
	if len(built) != 20 {
		t.Errorf("built for %d operations", len(built))
	}
	serve(srv, "GET", "/users/ann", nil)
	serve(srv, "GET", "/users/me", nil)
	if w := serve(srv, "GET", "/v7/status", nil); w.Code != 200 || !strings.Contains(w.Body.String(), `"version":7`) {
		t.Errorf("path parameters behind middleware: %d %s", w.Code, w.Body)
	}
	if got := strings.Join(seen, " "); got != "getUser getMe status" {
		t.Errorf("operations seen: %q", got)
	}
	// The parameters reach the operation through the context with what
	// the router knew of their escapes, decoded exactly once.
	for target, want := range map[string]string{"/users/a%2Fb": `"a/b"`, "/users/a%2520b": `"a%20b"`, "/users/a%20b": `"a b"`} {
		if w := serve(srv, "GET", target, nil); w.Code != 200 || !strings.Contains(w.Body.String(), want) {
			t.Errorf("GET %s behind middleware: %d %s, want %s", target, w.Code, w.Body, want)
		}
	}
	w := serve(srv, "GET", "/users?a=1&b=2&c=3&d=4", nil)
	if w.Code != 400 || problem(t, w)["detail"] != `query parameter "*": too many query parameters` {
		t.Errorf("over the query limit: %d %s", w.Code, w.Body)
	}
	if w := serve(srv, "GET", "/users?a=1&b=2&c=3", nil); w.Code != 200 {
		t.Errorf("under the query limit: %d %s", w.Code, w.Body)
	}
}

func TestMountedUnderPrefix(t *testing.T) {
	mux := http.NewServeMux()
	mux.Handle("/api/", http.StripPrefix("/api", routes.NewServer(&recorder{})))
	if w := serve(mux, "GET", "/api/users/me", nil); w.Code != 200 {
		t.Errorf("mounted: %d %s", w.Code, w.Body)
	}
	if w := serve(mux, "GET", "/api/users/a%2Fb", nil); w.Code != 200 || !strings.Contains(w.Body.String(), `"a/b"`) {
		t.Errorf("mounted, escaped: %d %s", w.Code, w.Body)
	}
	if w := serve(mux, "GET", "/api/users/a%2520b", nil); w.Code != 200 || !strings.Contains(w.Body.String(), `"a%20b"`) {
		t.Errorf("mounted, escaped percent: %d %s", w.Code, w.Body)
	}
}

func TestReplaceErrorWriter(t *testing.T) {
	srv := routes.NewServer(&recorder{}, oashttp.WithErrorWriter(func(w http.ResponseWriter, r *http.Request, err error) {
		p := oashttp.ProblemOf(err)
		w.WriteHeader(p.Status)
		io.WriteString(w, "custom: "+p.Detail)
	}))
	w := serve(srv, "GET", "/v2x/status", nil)
	if w.Code != 400 || w.Body.String() != `custom: path parameter "version": "2x" is not an integer` {
		t.Errorf("%d %s", w.Code, w.Body)
	}
}

func TestClient(t *testing.T) {
	h := &recorder{}
	ts := httptest.NewServer(routes.NewServer(h))
	defer ts.Close()
	var seenUA string
	c, err := routes.NewClient(ts.URL+"/", oashttp.WithUserAgent("routes-test"),
		oashttp.WithRequestEditor(func(ctx context.Context, r *http.Request) error {
			seenUA = r.Header.Get("User-Agent")
			return nil
		}))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()

	res, err := c.ListUsers(ctx)
	if err != nil {
		t.Fatal(err)
	}
	lu := res.(routes.ListUsersResponse200)
	if len(lu.Body) != 1 || lu.Body[0].Name != "ann" || lu.XTotal != 1 || lu.XNext != oasrt.NewOpt("b") {
		t.Errorf("list users: %+v", lu)
	}
	if seenUA != "routes-test" {
		t.Errorf("user agent %q", seenUA)
	}

	ref, _ := oasrt.ParseUUID("01234567-89ab-cdef-0123-456789abcdef")
	params := routes.SearchParams{
		Q: "a b&c=d", Limit: oasrt.NewOpt[int32](7), Tag: []string{"x", "y,z"}, IDs: []int64{1, 2},
		Pipes: []string{"a", "b"}, Spaces: []string{"c", "d"}, Kind: oasrt.NewOpt(routes.KindCat),
		Day: oasrt.NewOpt(oasrt.Date{Year: 2024, Month: 3, Day: 1}), Ref: oasrt.NewOpt(ref),
		Filter: oasrt.NewOpt(routes.SearchFilter{Color: "a&b"}), Meta: "meta%5Btags%5D=x",
		Point: oasrt.NewOpt(routes.Point{X: 3, Y: oasrt.NewOpt[int64](4)}), Rgb: oasrt.NewOpt(routes.RGB{R: 9, G: 8, B: 7}),
		XPoint: oasrt.NewOpt(routes.Point{X: -1}),
		XTrace: oasrt.NewOpt(ref), XFlags: []string{"p", "q"}, Session: "s=1",
	}
	sr, err := c.Search(ctx, params)
	if err != nil {
		t.Fatal(err)
	}
	if sr.(routes.SearchResponse200).Body.Query != "a b&c=d" {
		t.Errorf("search result %+v", sr)
	}
	if got := h.params.(routes.SearchParams); !reflect.DeepEqual(got, params) {
		t.Errorf("round trip of parameters\n got %+v\nwant %+v", got, params)
	}

	for _, name := range []string{"a/b c", "me", "ü+%"} {
		gu, err := c.GetUser(ctx, routes.GetUserParams{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		if name == "me" && h.op != "getMe" {
			// A parameter value equal to a static sibling segment is
			// routed to the static route: static segments win.
			t.Errorf("GetUser(me) reached %s, want getMe", h.op)
		}
		if got := gu.(routes.GetUserResponse200).Body.Name; got != name {
			t.Errorf("GetUser(%q) = %q", name, got)
		}
	}
	if gu, err := c.GetUser(ctx, routes.GetUserParams{Name: "nobody"}); err != nil || !reflect.DeepEqual(gu, routes.GetUserResponse404{}) {
		t.Errorf("declared 404: %#v %v", gu, err)
	}

	l, err := c.Label(ctx, routes.LabelParams{IDs: []int64{4, 5}})
	if err != nil || h.params.(routes.LabelParams).IDs[1] != 5 {
		t.Errorf("label: %v %v %+v", l, err, h.params)
	}
	if _, err := c.Matrix(ctx, routes.MatrixParams{IDs: []string{"a;b", "c"}}); err != nil || !reflect.DeepEqual(h.params.(routes.MatrixParams).IDs, []string{"a;b", "c"}) {
		t.Errorf("matrix: %v %+v", err, h.params)
	}
	if _, err := c.Color(ctx, routes.ColorParams{C: routes.RGB{R: 1, G: 2, B: 3}}); err != nil || h.params != (routes.ColorParams{C: routes.RGB{R: 1, G: 2, B: 3}}) {
		t.Errorf("color: %v %+v", err, h.params)
	}
	if _, err := c.MatrixColor(ctx, routes.MatrixColorParams{C: routes.RGB{R: 4, G: 5, B: 6}}); err != nil || h.params != (routes.MatrixColorParams{C: routes.RGB{R: 4, G: 5, B: 6}}) {
		t.Errorf("matrix color: %v %+v", err, h.params)
	}
	if st, err := c.Status(ctx, routes.StatusParams{Version: 3}); err != nil || st.(routes.StatusResponse200).Body.Version.Value != 3 {
		t.Errorf("status: %v %v", st, err)
	}
	gf, err := c.GetFile(ctx, routes.GetFileParams{Base: "a.b", Ext: "c"})
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(gf.(routes.GetFileResponse200).Body)
	// "a.b.c" is ambiguous: the template's first parameter takes the
	// shortest text.
	if string(data) != "a|b.c" {
		t.Errorf("get file %q", data)
	}
	if _, err := c.PutFile(ctx, routes.PutFileParams{Base: "x", Ext: "txt"}, oashttp.RawBody{Body: bytes.NewReader([]byte("hi"))}); err != nil || h.body != "application/octet-stream:hi" {
		t.Errorf("put file: %v %v", err, h.body)
	}

	cu, err := c.CreateUser(ctx, &routes.User{Name: "taken"})
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := cu.(routes.CreateUserResponse4XX); !ok || v.StatusCode != 409 || v.Body.Title.Value != "taken" {
		t.Errorf("4XX: %#v", cu)
	}

	// A server error inside a declared range decodes into its variant.
	cu, err = c.CreateUser(ctx, nil)
	if v, ok := cu.(routes.CreateUserResponse4XX); err != nil || !ok || v.StatusCode != 400 || v.Body.Detail.Value != "request body: required but missing" {
		t.Errorf("missing body: %#v %v", cu, err)
	}
	// An undeclared status is an error carrying the problem.
	var se *oashttp.StatusError
	_, err = c.DeleteUser(ctx, routes.DeleteUserParams{Name: ""})
	if !errors.As(err, &se) || se.StatusCode != 404 || se.Problem == nil || se.Problem.Status != 404 {
		t.Errorf("undeclared 404: %v", err)
	}
}
