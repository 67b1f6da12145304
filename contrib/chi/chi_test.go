package oaschi_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/go-chi/chi/v5"

	oaschi "github.com/oasgen/oasgen/contrib/chi"
	"github.com/oasgen/oasgen/examples/petstore/api"
	vapi "github.com/oasgen/oasgen/examples/validate/api"
	"github.com/oasgen/oasgen/oasrt/oashttp"
)

const petDoc = `{"id":10,"name":"doggie","photoUrls":["https://example.com/a.png"],"status":"available"}`

// store answers getPetById with the pet of petDoc; the rest is 501.
type store struct{ api.Unimplemented }

func (store) GetPetByID(ctx context.Context, p api.GetPetByIDParams) (api.GetPetByIDResponse, error) {
	pet := *mustPet()
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

func mustPet() *api.Pet {
	var p api.Pet
	if err := oasrt.Unmarshal([]byte(petDoc), &p); err != nil {
		panic(err)
	}
	return &p
}

// TestBindAndRender: Bind decodes a valid body into the generated type,
// and JSON writes what oasrt.Marshal writes, with the status asked for.
func TestBindAndRender(t *testing.T) {
	var got []api.Pet
	r := chi.NewRouter()
	r.Post("/pet", func(w http.ResponseWriter, r *http.Request) {
		var p api.Pet
		if !oaschi.Bind(w, r, &p) {
			return
		}
		got = append(got, p)
		oaschi.JSON(w, r, http.StatusCreated, &p)
	})
	rec := serve(r, "POST", "/pet", "application/json", petDoc)
	if len(got) != 1 || got[0].Name != "doggie" || got[0].Status.Value != api.PetStatusAvailable {
		t.Fatalf("the handler got %+v", got)
	}
	if want := marshal(t, &got[0]); rec.Code != http.StatusCreated || rec.Body.String() != want {
		t.Errorf("%d %s, want 201 %s", rec.Code, rec.Body, want)
	}
	if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type %q", ct)
	}
}

// TestBindProblem: a body the generated server refuses gets, from Bind,
// the server's status and problem byte for byte.
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
			b := oaschi.NewBinder(opts...)
			reached := false
			r := chi.NewRouter()
			r.Post("/pet", func(w http.ResponseWriter, r *http.Request) {
				var p api.Pet
				reached = b.Bind(w, r, &p)
			})
			rec := serve(r, "POST", "/pet", tc.ct, tc.body)
			want := serve(api.NewServer(store{}, opts...), "POST", "/pet", tc.ct, tc.body)
			if reached {
				t.Error("Bind reported a decoded body")
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

// TestMount: the generated server mounted under a pattern, with a URL
// parameter or not, sees the path below it (r.Mount alone leaves the
// whole path, and the server answers 404); an escaped path stays escaped.
func TestMount(t *testing.T) {
	r := chi.NewRouter()
	oaschi.Mount(r, "/api/v3", api.NewServer(store{}))
	oaschi.Mount(r, "/{tenant}/petstore", api.NewServer(store{}))
	r.Mount("/plain", api.NewServer(store{}))
	pet := mustPet()
	pet.ID = oasrt.NewOpt[int64](7)
	want := marshal(t, pet)
	for _, target := range []string{"/api/v3/pet/7", "/acme/petstore/pet/7"} {
		rec := serve(r, "GET", target, "", "")
		if rec.Code != 200 || rec.Body.String() != want {
			t.Errorf("GET %s: %d %s, want 200 %s", target, rec.Code, rec.Body, want)
		}
	}
	if rec := serve(r, "GET", "/plain/pet/7", "", ""); rec.Code != 404 {
		t.Errorf("GET /plain/pet/7 through r.Mount: %d, want the server's 404", rec.Code)
	}
	// %2F is a slash inside the parameter: the server gets it escaped and
	// finds the operation, whose parameter does not parse.
	for _, target := range []string{"/api/v3/pet/x", "/acme/petstore/pet/a%2Fb"} {
		if rec := serve(r, "GET", target, "", ""); rec.Code != 400 || !strings.Contains(rec.Body.String(), `"parameter":"petId"`) {
			t.Errorf("GET %s: %d %s, want the server's 400 naming petId", target, rec.Code, rec.Body)
		}
	}
}

// TestMiddleware: the generated validating middleware on a chi subrouter
// below /api/v3 sees the path below it, refuses a request that breaks the
// spec before the handler runs, and passes a valid one with its body and
// its whole URL; with response validation a response that breaks the spec
// becomes a 500 problem.
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
	var paths []string
	r := chi.NewRouter()
	r.Route("/api/v3", func(r chi.Router) {
		r.Use(oaschi.Middleware(vapi.NewValidator(opts...)))
		r.Post("/pet", func(w http.ResponseWriter, r *http.Request) {
			calls++
			paths = append(paths, r.URL.Path)
			var p api.Pet
			if oaschi.Bind(w, r, &p) {
				oaschi.JSON(w, r, http.StatusOK, &p)
			}
		})
		r.Get("/pet/{id}", func(w http.ResponseWriter, r *http.Request) {
			calls++
			paths = append(paths, r.URL.Path)
			if chi.URLParam(r, "id") == "666" {
				w.Header().Set("Content-Type", "application/json")
				w.Write([]byte(`{"name":"x","photoUrls":null}`))
				return
			}
			oaschi.JSON(w, r, http.StatusOK, mustPet())
		})
	})

	for _, tc := range []struct {
		method, target, body string
		status               int
		reached              bool
	}{
		{"POST", "/api/v3/pet", petDoc, 200, true},
		{"POST", "/api/v3/pet", `{"id":1,"photoUrls":[]}`, 422, false},
		{"POST", "/api/v3/pet", `{"name":`, 400, false},
		{"GET", "/api/v3/pet/abc", "", 400, false},
		{"GET", "/api/v3/pet/10", "", 200, true},
		{"GET", "/api/v3/pet/666", "", bad, true},
	} {
		calls, paths = 0, nil
		rec := serve(r, tc.method, tc.target, "application/json", tc.body)
		if rec.Code != tc.status || (calls == 1) != tc.reached {
			t.Errorf("%s %s %s: %d, handler calls %d; want %d, reached %v; body %s", tc.method, tc.target, tc.body, rec.Code, calls, tc.status, tc.reached, rec.Body)
		}
		if tc.reached && (len(paths) != 1 || paths[0] != tc.target) {
			t.Errorf("%s %s: the handler saw the path %q", tc.method, tc.target, paths)
		}
		if tc.status == 200 && !strings.HasSuffix(tc.target, "/666") && rec.Body.String() != marshal(t, mustPet()) {
			t.Errorf("%s %s: body %s", tc.method, tc.target, rec.Body)
		}
		if tc.status != 200 && rec.Header().Get("Content-Type") != "application/problem+json" {
			t.Errorf("%s %s: Content-Type %q, want the problem", tc.method, tc.target, rec.Header().Get("Content-Type"))
		}
	}
}
