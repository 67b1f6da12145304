package oasecho_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/labstack/echo/v4"

	oasecho "github.com/oasgen/oasgen/contrib/echo"
	"github.com/oasgen/oasgen/examples/petstore/api"
	vapi "github.com/oasgen/oasgen/examples/validate/api"
	"github.com/oasgen/oasgen/oasrt/oashttp"
)

const petDoc = `{"id":10,"name":"doggie","photoUrls":["https://example.com/a.png"],"status":"available"}`

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

func newEcho(s oasecho.Serializer) *echo.Echo {
	e := echo.New()
	e.JSONSerializer = s
	e.HTTPErrorHandler = oasecho.ErrorHandler(e, nil)
	return e
}

// TestBindAndRender: with the Serializer, c.Bind and oasecho.Bind decode a
// valid body into the generated type and c.JSON writes what oasrt.Marshal
// writes; other values still go through encoding/json.
func TestBindAndRender(t *testing.T) {
	var got []api.Pet
	e := newEcho(oasecho.Serializer{})
	e.POST("/pet", func(c echo.Context) error {
		var p api.Pet
		if err := c.Bind(&p); err != nil {
			return err
		}
		got = append(got, p)
		return c.JSON(http.StatusCreated, &p)
	})
	e.POST("/bind", func(c echo.Context) error {
		var p api.Pet
		if err := oasecho.Bind(c, &p); err != nil {
			return err
		}
		got = append(got, p)
		return c.JSON(http.StatusCreated, &p)
	})
	e.POST("/map", func(c echo.Context) error {
		var m map[string]any
		if err := c.Bind(&m); err != nil {
			return err
		}
		return c.JSON(http.StatusOK, m["name"])
	})
	for _, target := range []string{"/pet", "/bind"} {
		got = nil
		rec := serve(e, "POST", target, "application/json", petDoc)
		if rec.Code != http.StatusCreated || len(got) != 1 || got[0].Name != "doggie" || got[0].Status.Value != api.PetStatusAvailable {
			t.Fatalf("%s: %d, the handler got %+v", target, rec.Code, got)
		}
		if want := marshal(t, &got[0]); rec.Body.String() != want {
			t.Errorf("%s: body %s, want %s", target, rec.Body, want)
		}
		if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
			t.Errorf("%s: Content-Type %q", target, ct)
		}
	}
	if rec := serve(e, "POST", "/map", "application/json", petDoc); rec.Code != 200 || strings.TrimSpace(rec.Body.String()) != `"doggie"` {
		t.Errorf("a map through encoding/json: %d %s", rec.Code, rec.Body)
	}
}

// TestBindProblem: a body the generated server refuses gets, from c.Bind
// and oasecho.Bind, the server's status and problem byte for byte, and the
// handler does not go on.
func TestBindProblem(t *testing.T) {
	cases := []struct {
		name, ct, body string
		status         int
		limit          int64
		onlyBind       bool // c.Bind does not reach the serializer
	}{
		{"missing required", "application/json", `{"id":1,"photoUrls":[]}`, 422, 0, false},
		{"bad enum", "application/json", `{"name":"a","photoUrls":[],"status":"lost"}`, 422, 0, false},
		{"not JSON", "application/json", `{"name":`, 400, 0, false},
		{"trailing data", "application/json", petDoc + ` x`, 400, 0, false},
		{"too large", "application/json", petDoc, 413, 16, false},
		{"empty", "application/json", ``, 400, 0, true},
		{"media type", "application/json-seq", petDoc, 415, 0, true},
	}
	for _, tc := range cases {
		var opts []oashttp.ServerOption
		if tc.limit > 0 {
			opts = append(opts, oashttp.WithMaxBodyBytes(tc.limit))
		}
		e := newEcho(oasecho.NewSerializer(nil, opts...))
		reached := false
		e.POST("/pet", func(c echo.Context) error {
			var p api.Pet
			if err := c.Bind(&p); err != nil {
				return err
			}
			reached = true
			return nil
		})
		e.POST("/bind", func(c echo.Context) error {
			var p api.Pet
			if err := oasecho.Bind(c, &p); err != nil {
				return err
			}
			reached = true
			return nil
		})
		want := serve(api.NewServer(store{}, opts...), "POST", "/pet", tc.ct, tc.body)
		for _, target := range []string{"/pet", "/bind"} {
			if tc.onlyBind && target == "/pet" {
				continue
			}
			t.Run(tc.name+target, func(t *testing.T) {
				reached = false
				rec := serve(e, "POST", target, tc.ct, tc.body)
				if reached {
					t.Error("the handler went on")
				}
				if rec.Code != tc.status || want.Code != tc.status {
					t.Fatalf("status %d, the server's %d, want %d; body %s", rec.Code, want.Code, tc.status, rec.Body)
				}
				if rec.Body.String() != want.Body.String() || rec.Header().Get("Content-Type") != want.Header().Get("Content-Type") {
					t.Errorf("answer %s %s, the server's %s %s", rec.Header().Get("Content-Type"), rec.Body, want.Header().Get("Content-Type"), want.Body)
				}
			})
		}
	}
}

// TestMount: the generated server below a route prefix, through Mount and
// through echo.WrapHandler with http.StripPrefix, sees the path below it.
func TestMount(t *testing.T) {
	e := echo.New()
	oasecho.Mount(e, "/api/v3", api.NewServer(store{}))
	e.Any("/v2/*", echo.WrapHandler(http.StripPrefix("/v2", api.NewServer(store{}))))
	pet := mustPet(t)
	pet.ID = oasrt.NewOpt[int64](7)
	want := marshal(t, pet)
	for _, target := range []string{"/api/v3/pet/7", "/v2/pet/7"} {
		rec := serve(e, "GET", target, "", "")
		if rec.Code != 200 || rec.Body.String() != want {
			t.Errorf("GET %s: %d %s, want 200 %s", target, rec.Code, rec.Body, want)
		}
	}
	if rec := serve(e, "GET", "/api/v3/pet/x", "", ""); rec.Code != 400 || !strings.Contains(rec.Body.String(), `"parameter":"petId"`) {
		t.Errorf("GET /api/v3/pet/x: %d %s, want the server's 400 naming petId", rec.Code, rec.Body)
	}
}

// TestMiddleware: the generated validating middleware, through
// echo.WrapMiddleware, refuses a request that breaks the spec before the
// handler runs, passes a valid one with its body, and with response
// validation turns a response that breaks the spec into a 500 problem.
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
	e := newEcho(oasecho.Serializer{})
	e.Use(echo.WrapMiddleware(vapi.NewValidator(opts...)))
	e.POST("/pet", func(c echo.Context) error {
		calls++
		var p api.Pet
		if err := c.Bind(&p); err != nil {
			return err
		}
		return c.JSON(http.StatusOK, &p)
	})
	e.GET("/pet/:id", func(c echo.Context) error {
		calls++
		if c.Param("id") == "666" {
			return c.Blob(http.StatusOK, "application/json", []byte(`{"name":"x","photoUrls":null}`))
		}
		return c.JSON(http.StatusOK, mustPet(t))
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
		rec := serve(e, tc.method, tc.target, "application/json", tc.body)
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
