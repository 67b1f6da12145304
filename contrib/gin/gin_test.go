package oasgin_test

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oasimpl"

	"github.com/gin-gonic/gin"

	oasgin "github.com/oasgen/oasgen/contrib/gin"
	"github.com/oasgen/oasgen/examples/petstore/api"
	vapi "github.com/oasgen/oasgen/examples/validate/api"
	"github.com/oasgen/oasgen/oasrt/oashttp"
)

const petDoc = `{"id":10,"name":"doggie","photoUrls":["https://example.com/a.png"],"status":"available"}`

func init() { gin.SetMode(gin.ReleaseMode) }

// store answers getPetById with the pet of petDoc; the rest is 501.
type store struct{ api.Unimplemented }

func (store) GetPetByID(ctx context.Context, p api.GetPetByIDParams) (api.GetPetByIDResponse, error) {
	var pet api.Pet
	if err := oasrt.Unmarshal([]byte(petDoc), &pet); err != nil {
		return nil, err
	}
	pet.ID = oasrt.NewOpt(p.PetID)
	return api.GetPetByIDResponse200{Body: pet}, nil
}

func serve(h http.Handler, method, target, ct, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func marshal(t *testing.T, v oasrt.Marshaler) string {
	t.Helper()
	b, err := oasrt.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestBindAndRender: a valid body decodes into the generated type, and
// rendering it writes what oasrt.Marshal writes, through oasgin.JSON and
// through a binding of gin's (c.ShouldBindWith).
func TestBindAndRender(t *testing.T) {
	var got []api.Pet
	g := gin.New()
	g.POST("/pet", func(c *gin.Context) {
		var p api.Pet
		if !oasgin.Bind(c, &p) {
			return
		}
		got = append(got, p)
		oasgin.JSON(c, http.StatusCreated, &p)
	})
	g.POST("/with", func(c *gin.Context) {
		var p api.Pet
		if err := c.ShouldBindWith(&p, oasgin.Binding); err != nil {
			oasgin.Binding.Abort(c, err)
			return
		}
		got = append(got, p)
		c.Render(http.StatusOK, oasgin.Render{V: &p})
	})
	for _, target := range []string{"/pet", "/with"} {
		got = nil
		rec := serve(g, "POST", target, "application/json", petDoc)
		if len(got) != 1 || got[0].Name != "doggie" || got[0].Status.Value != api.PetStatusAvailable {
			t.Fatalf("%s: the handler got %+v", target, got)
		}
		if want := marshal(t, &got[0]); rec.Body.String() != want {
			t.Errorf("%s: body %s, want %s", target, rec.Body, want)
		}
		if ct := rec.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
			t.Errorf("%s: Content-Type %q", target, ct)
		}
	}
}

// broken cannot be encoded.
type broken struct{}

func (broken) EncodeJSON(w *oasimpl.Writer) { w.Fail(errors.New("no JSON for this")) }

// TestJSONFails: a value that cannot be encoded gets the 500 problem from
// JSON, with the error in c.Errors.
func TestJSONFails(t *testing.T) {
	var errs []string
	g := gin.New()
	g.GET("/", func(c *gin.Context) {
		oasgin.JSON(c, http.StatusOK, broken{})
		errs = c.Errors.Errors()
	})
	rec := serve(g, "GET", "/", "", "")
	if rec.Code != 500 || rec.Header().Get("Content-Type") != "application/problem+json" || len(errs) != 1 {
		t.Errorf("%d %s %s, errors %q; want the 500 problem", rec.Code, rec.Header().Get("Content-Type"), rec.Body, errs)
	}
}

// TestBindProblem: a body the generated server refuses gets, from Bind,
// the server's status and problem byte for byte, and the handler's code
// after Bind does not run.
func TestBindProblem(t *testing.T) {
	cases := []struct {
		name, ct, body string
		status         int
		limit          int64
	}{
		{"missing required", "application/json", `{"id":1,"photoUrls":[]}`, 422, 0},
		{"bad enum", "application/json", `{"name":"a","photoUrls":[],"status":"lost"}`, 422, 0},
		{"not JSON", "application/json", `{"name":`, 400, 0},
		{"trailing data", "application/json", petDoc + ` x`, 400, 0},
		{"empty", "application/json", ``, 400, 0},
		{"media type", "text/plain", petDoc, 415, 0},
		{"too large", "application/json", petDoc, 413, 16},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var opts []oashttp.ServerOption
			if tc.limit > 0 {
				opts = append(opts, oashttp.WithMaxBodyBytes(tc.limit))
			}
			b := oasgin.NewBinding(opts...)
			reached := false
			g := gin.New()
			g.POST("/pet", func(c *gin.Context) {
				var p api.Pet
				if err := c.ShouldBindWith(&p, b); err != nil {
					b.Abort(c, err)
					return
				}
				reached = true
			})
			rec := serve(g, "POST", "/pet", tc.ct, tc.body)
			want := serve(api.NewServer(store{}, opts...), "POST", "/pet", tc.ct, tc.body)
			if reached {
				t.Error("the handler ran")
			}
			if rec.Code != tc.status || want.Code != tc.status {
				t.Fatalf("status %d, the server's %d, want %d; body %s", rec.Code, want.Code, tc.status, rec.Body)
			}
			if rec.Body.String() != want.Body.String() || rec.Header().Get("Content-Type") != want.Header().Get("Content-Type") {
				t.Errorf("answer %s %s, the server's %s %s", rec.Header().Get("Content-Type"), rec.Body, want.Header().Get("Content-Type"), want.Body)
			}
		})
	}
	t.Run("not generated", func(t *testing.T) {
		var m map[string]any
		req := httptest.NewRequest("POST", "/", strings.NewReader(petDoc))
		req.Header.Set("Content-Type", "application/json")
		if err := oasgin.Binding.Bind(req, &m); err == nil || oashttp.ProblemOf(err).Status != 500 {
			t.Errorf("binding a map: %v", err)
		}
	})
}

// TestMount: the generated server under a route prefix, on the engine and
// in a group, sees the path below it.
func TestMount(t *testing.T) {
	g := gin.New()
	oasgin.Mount(g, "/api/v3", api.NewServer(store{}))
	oasgin.Mount(g.Group("/svc"), "/api/", api.NewServer(store{}))
	var pet api.Pet
	if err := oasrt.Unmarshal([]byte(petDoc), &pet); err != nil {
		t.Fatal(err)
	}
	pet.ID = oasrt.NewOpt[int64](7)
	want := marshal(t, &pet)
	for _, target := range []string{"/api/v3/pet/7", "/svc/api/pet/7"} {
		rec := serve(g, "GET", target, "", "")
		if rec.Code != 200 || rec.Body.String() != want {
			t.Errorf("GET %s: %d %s, want 200 %s", target, rec.Code, rec.Body, want)
		}
	}
	if rec := serve(g, "GET", "/api/v3/pet/x", "", ""); rec.Code != 400 || !strings.Contains(rec.Body.String(), `"parameter":"petId"`) {
		t.Errorf("GET /api/v3/pet/x: %d %s, want the server's 400 naming petId", rec.Code, rec.Body)
	}
	if rec := serve(g, "GET", "/api/v3/nothing", "", ""); rec.Code != 404 || rec.Header().Get("Content-Type") != "application/problem+json" {
		t.Errorf("GET /api/v3/nothing: %d %s, want the server's 404 problem", rec.Code, rec.Body)
	}
}

// TestMiddleware: the generated validating middleware in front of gin
// handlers refuses a request that breaks the spec before the handler runs,
// passes a valid one with its body, and with response validation turns a
// response that breaks the spec into a 500 problem.
func TestMiddleware(t *testing.T) {
	t.Run("requests", func(t *testing.T) { testMiddleware(t, false) })
	t.Run("responses", func(t *testing.T) { testMiddleware(t, true) })
}

func testMiddleware(t *testing.T, responses bool) {
	var opts []oashttp.ValidatorOption
	bad := 200 // the status of the response that breaks the spec
	if responses {
		opts = append(opts, oashttp.WithResponseValidation(), oashttp.WithServerOptions(oashttp.WithLogger(slog.New(slog.DiscardHandler))))
		bad = 500
	}
	calls := 0
	g := gin.New()
	g.Use(oasgin.Middleware(vapi.NewValidator(opts...)))
	g.POST("/pet", func(c *gin.Context) {
		calls++
		var p api.Pet
		if oasgin.Bind(c, &p) {
			oasgin.JSON(c, http.StatusOK, &p)
		}
	})
	g.GET("/pet/:id", func(c *gin.Context) {
		calls++
		if c.Param("id") == "666" {
			c.Data(http.StatusOK, "application/json", []byte(`{"name":"x","photoUrls":null}`))
			return
		}
		var p api.Pet
		oasrt.Unmarshal([]byte(petDoc), &p)
		oasgin.JSON(c, http.StatusOK, &p)
	})

	for _, tc := range []struct {
		method, target, body string
		status               int
		reached              bool
	}{
		{"POST", "/pet", petDoc, 200, true},
		{"POST", "/pet", `{"id":1,"photoUrls":[]}`, 422, false},
		{"POST", "/pet", `{"name":`, 400, false},
		{"GET", "/pet/abc", "", 400, false},
		{"GET", "/pet/10", "", 200, true},
		{"GET", "/pet/666", "", bad, true},
	} {
		calls = 0
		rec := serve(g, tc.method, tc.target, "application/json", tc.body)
		if rec.Code != tc.status || (calls == 1) != tc.reached {
			t.Errorf("%s %s %s: %d, handler calls %d; want %d, reached %v; body %s", tc.method, tc.target, tc.body, rec.Code, calls, tc.status, tc.reached, rec.Body)
		}
		if tc.status == 200 && tc.target != "/pet/666" && rec.Body.String() != marshal(t, mustPet(t)) {
			t.Errorf("%s %s: body %s", tc.method, tc.target, rec.Body)
		}
		if tc.status != 200 && rec.Header().Get("Content-Type") != "application/problem+json" {
			t.Errorf("%s %s: Content-Type %q, want the problem", tc.method, tc.target, rec.Header().Get("Content-Type"))
		}
	}
}

func mustPet(t *testing.T) *api.Pet {
	var p api.Pet
	if err := oasrt.Unmarshal([]byte(petDoc), &p); err != nil {
		t.Fatal(err)
	}
	return &p
}
