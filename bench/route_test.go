package bench_test

// Routing (issues 4 and 6): the route tables of internal/routes (10, 100
// and 1000 operations) in every router an oasgen user would otherwise
// pick, looked up with a static path, a path with two parameters and a
// path that is not found.
//
//	BenchmarkRoute{10,100,1000}/{Static,TwoParams,NotFound}/lib=NAME
//	    the lookup alone, as directly as each router allows, on inputs
//	    built before timing:
//	    oasgen            the generated matchRoute (through r*.Lookup)
//	    ogen              Server.FindPath with a prebuilt *url.URL
//	    servemux          http.ServeMux.Handler of a prebuilt request
//	    servemux-nested   the same through a parent mux and the child mux
//	                      it hands the resource to (two Handler calls)
//	    httprouter        Router.Lookup
//	    chi               Mux.Find with a reused, reset chi.Context
//	BenchmarkServe{10,100,1000}/{Static,TwoParams,NotFound}/lib=NAME
//	    a whole ServeHTTP of a prebuilt GET request into a ResponseWriter
//	    that keeps nothing, to an empty handler answering 204 that takes
//	    the two parameters: oasgen's and ogen's generated servers parse
//	    them as int64s (ogen without its OpenTelemetry feature, so with
//	    no tracing); the other routers hand them over as strings. Not
//	    found is each router's own 404.
//
// The nested ServeMux is the case of a user's server that outgrew one mux: a parent mux that hands
// each resource's paths to a child mux holding that resource's routes (no
// http.StripPrefix, so the cost is the second match alone).

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/julienschmidt/httprouter"

	ogenr10 "github.com/oasgen/oasgen/bench/.work/gen/ogenserver/r10"
	ogenr100 "github.com/oasgen/oasgen/bench/.work/gen/ogenserver/r100"
	ogenr1000 "github.com/oasgen/oasgen/bench/.work/gen/ogenserver/r1000"
	"github.com/oasgen/oasgen/bench/internal/oasgen/r10"
	"github.com/oasgen/oasgen/bench/internal/oasgen/r100"
	"github.com/oasgen/oasgen/bench/internal/oasgen/r1000"
	"github.com/oasgen/oasgen/bench/internal/routes"
)

// routeCases are the requests of the routing benchmarks.
var routeCases = []struct {
	name, path string
	found      bool
}{
	{"Static", routes.StaticPath, true},
	{"TwoParams", routes.TwoParamsPath, true},
	{"NotFound", routes.NotFoundPath, false},
}

// routerUnderTest is one router holding one route table.
type routerUnderTest struct {
	lib string
	// lookup returns a function that looks up a GET of path, built before
	// timing, and says whether it found a route; nil where the router has
	// no lookup of its own.
	lookup  func(path string) func() bool
	handler http.Handler
}

// seen holds the path parameters the last empty handler received, for
// TestRoutesAgree (a store per request: the same cost for every router).
var seen struct{ id, itemID string }

func sawParams(id, itemID string) { seen.id, seen.itemID = id, itemID }

// routers returns the routers of the table of n operations, built once.
var routers = func() func(n int) []routerUnderTest {
	var mu sync.Mutex
	built := map[int][]routerUnderTest{}
	return func(n int) []routerUnderTest {
		mu.Lock()
		defer mu.Unlock()
		if built[n] == nil {
			built[n] = buildRouters(n)
		}
		return built[n]
	}
}()

func buildRouters(n int) []routerUnderTest {
	table := routes.Table(n)
	var out []routerUnderTest

	// oasgen and ogen: the packages generated from specs/routes<n>.yaml.
	var (
		oasLookup  func(method, path string) int
		oasHandler http.Handler
		ogenFind   func(method string, u *url.URL) bool
		ogenSrv    http.Handler
	)
	switch n {
	case 10:
		oasLookup, oasHandler = r10.Lookup, r10.NewServer(oasgenR10{})
		s, err := ogenr10.NewServer(ogenR10{})
		check(err)
		ogenFind = func(m string, u *url.URL) bool { _, ok := s.FindPath(m, u); return ok }
		ogenSrv = s
	case 100:
		oasLookup, oasHandler = r100.Lookup, r100.NewServer(oasgenR100{})
		s, err := ogenr100.NewServer(ogenR100{})
		check(err)
		ogenFind = func(m string, u *url.URL) bool { _, ok := s.FindPath(m, u); return ok }
		ogenSrv = s
	case 1000:
		oasLookup, oasHandler = r1000.Lookup, r1000.NewServer(oasgenR1000{})
		s, err := ogenr1000.NewServer(ogenR1000{})
		check(err)
		ogenFind = func(m string, u *url.URL) bool { _, ok := s.FindPath(m, u); return ok }
		ogenSrv = s
	default:
		panic(fmt.Sprintf("no generated router for %d operations", n))
	}
	out = append(out,
		routerUnderTest{"oasgen", func(path string) func() bool {
			return func() bool { return oasLookup("GET", path) >= 0 }
		}, oasHandler},
		routerUnderTest{"ogen", func(path string) func() bool {
			u := &url.URL{Path: path}
			return func() bool { return ogenFind("GET", u) }
		}, ogenSrv},
	)

	// The other routers get handlers that answer 204 and take the
	// parameters as the router hands them over.
	static := func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) }
	muxParams := func(w http.ResponseWriter, r *http.Request) {
		sawParams(r.PathValue("id"), r.PathValue("itemId"))
		w.WriteHeader(http.StatusNoContent)
	}
	mux := http.NewServeMux()
	parent := http.NewServeMux()
	children := map[string]*http.ServeMux{}
	hr := httprouter.New()
	cr := chi.NewRouter()
	for _, rt := range table {
		h := static
		if rt.Params > 0 {
			h = muxParams
		}
		mux.HandleFunc(rt.Method+" "+rt.Path, h)

		name, _, _ := strings.Cut(rt.Path[1:], "/")
		child := children[name]
		if child == nil {
			child = http.NewServeMux()
			children[name] = child
			parent.Handle("/"+name, child)
			parent.Handle("/"+name+"/", child)
		}
		child.HandleFunc(rt.Method+" "+rt.Path, h)

		hrPath := strings.NewReplacer("{id}", ":id", "{itemId}", ":itemId").Replace(rt.Path)
		hr.Handle(rt.Method, hrPath, func(w http.ResponseWriter, r *http.Request, ps httprouter.Params) {
			if rt.Params > 0 {
				sawParams(ps.ByName("id"), ps.ByName("itemId"))
			}
			w.WriteHeader(http.StatusNoContent)
		})

		cr.MethodFunc(rt.Method, rt.Path, func(w http.ResponseWriter, r *http.Request) {
			if rt.Params > 0 {
				sawParams(chi.URLParam(r, "id"), chi.URLParam(r, "itemId"))
			}
			w.WriteHeader(http.StatusNoContent)
		})
	}
	muxLookup := func(path string) func() bool {
		req := httptest.NewRequest("GET", path, nil)
		return func() bool { _, pattern := mux.Handler(req); return pattern != "" }
	}
	nestedLookup := func(path string) func() bool {
		req := httptest.NewRequest("GET", path, nil)
		return func() bool {
			h, pattern := parent.Handler(req)
			if child, ok := h.(*http.ServeMux); ok {
				_, pattern = child.Handler(req)
			}
			return pattern != ""
		}
	}
	out = append(out,
		routerUnderTest{"servemux", muxLookup, mux},
		routerUnderTest{"servemux-nested", nestedLookup, parent},
		routerUnderTest{"httprouter", func(path string) func() bool {
			return func() bool { h, _, _ := hr.Lookup("GET", path); return h != nil }
		}, hr},
		routerUnderTest{"chi", func(path string) func() bool {
			rctx := chi.NewRouteContext()
			return func() bool { rctx.Reset(); return cr.Find(rctx, "GET", path) != "" }
		}, cr},
	)
	return out
}

func check(err error) {
	if err != nil {
		panic(err)
	}
}

// The empty handlers of the generated servers: 204 for the two operations
// the benchmarks call, Unimplemented (501) for the others.
type (
	oasgenR10   struct{ r10.Unimplemented }
	oasgenR100  struct{ r100.Unimplemented }
	oasgenR1000 struct{ r1000.Unimplemented }
	ogenR10     struct{ ogenr10.UnimplementedHandler }
	ogenR100    struct{ ogenr100.UnimplementedHandler }
	ogenR1000   struct{ ogenr1000.UnimplementedHandler }
)

// seenInts records int64 parameters for TestRoutesAgree; it formats them
// only when asked, so that the benchmarks pay two stores.
var seenInts struct{ id, itemID int64 }

func (oasgenR10) ListOrders(context.Context) (r10.ListOrdersResponse, error) {
	return r10.ListOrdersResponse204{}, nil
}
func (oasgenR10) GetOrdersItem(_ context.Context, p r10.GetOrdersItemParams) (r10.GetOrdersItemResponse, error) {
	seenInts.id, seenInts.itemID = p.ID, p.ItemID
	return r10.GetOrdersItemResponse204{}, nil
}
func (oasgenR100) ListOrders(context.Context) (r100.ListOrdersResponse, error) {
	return r100.ListOrdersResponse204{}, nil
}
func (oasgenR100) GetOrdersItem(_ context.Context, p r100.GetOrdersItemParams) (r100.GetOrdersItemResponse, error) {
	seenInts.id, seenInts.itemID = p.ID, p.ItemID
	return r100.GetOrdersItemResponse204{}, nil
}
func (oasgenR1000) ListOrders(context.Context) (r1000.ListOrdersResponse, error) {
	return r1000.ListOrdersResponse204{}, nil
}
func (oasgenR1000) GetOrdersItem(_ context.Context, p r1000.GetOrdersItemParams) (r1000.GetOrdersItemResponse, error) {
	seenInts.id, seenInts.itemID = p.ID, p.ItemID
	return r1000.GetOrdersItemResponse204{}, nil
}
func (ogenR10) ListOrders(context.Context) error { return nil }
func (ogenR10) GetOrdersItem(_ context.Context, p ogenr10.GetOrdersItemParams) error {
	seenInts.id, seenInts.itemID = p.ID, p.ItemId
	return nil
}
func (ogenR100) ListOrders(context.Context) error { return nil }
func (ogenR100) GetOrdersItem(_ context.Context, p ogenr100.GetOrdersItemParams) error {
	seenInts.id, seenInts.itemID = p.ID, p.ItemId
	return nil
}
func (ogenR1000) ListOrders(context.Context) error { return nil }
func (ogenR1000) GetOrdersItem(_ context.Context, p ogenr1000.GetOrdersItemParams) error {
	seenInts.id, seenInts.itemID = p.ID, p.ItemId
	return nil
}

// nopWriter is a ResponseWriter that keeps nothing but the status, so that
// the benchmarks see the routers' own costs; its header map is reused.
type nopWriter struct {
	h      http.Header
	status int
}

func (w *nopWriter) Header() http.Header         { return w.h }
func (w *nopWriter) Write(b []byte) (int, error) { return len(b), nil }
func (w *nopWriter) WriteHeader(status int)      { w.status = status }

// TestRoutesAgree checks, before anything is timed, that every router
// finds the routes of every table, hands the parameters to the handler
// and answers 404 where nothing matches.
func TestRoutesAgree(t *testing.T) {
	for _, n := range routes.Sizes {
		for _, rt := range routers(n) {
			for _, c := range routeCases {
				name := fmt.Sprintf("%d/%s/%s", n, c.name, rt.lib)
				if rt.lookup != nil {
					if got := rt.lookup(c.path)(); got != c.found {
						t.Errorf("%s: lookup of %s found %v, want %v", name, c.path, got, c.found)
					}
				}
				seen.id, seen.itemID, seenInts.id, seenInts.itemID = "", "", 0, 0
				w := &nopWriter{h: http.Header{}}
				rt.handler.ServeHTTP(w, httptest.NewRequest("GET", c.path, nil))
				want := http.StatusNotFound
				if c.found {
					want = http.StatusNoContent
				}
				if w.status != want {
					t.Errorf("%s: GET %s answered %d, want %d", name, c.path, w.status, want)
				}
				if c.name == "TwoParams" {
					id, itemID := seen.id, seen.itemID
					if seenInts.id != 0 {
						id, itemID = strconv.FormatInt(seenInts.id, 10), strconv.FormatInt(seenInts.itemID, 10)
					}
					if id != "12345" || itemID != "678" {
						t.Errorf("%s: the handler got id %q, itemId %q; want 12345, 678", name, id, itemID)
					}
				}
			}
		}
	}
}

func benchRoute(b *testing.B, n int) {
	for _, c := range routeCases {
		b.Run(c.name, func(b *testing.B) {
			for _, rt := range routers(n) {
				if rt.lookup == nil {
					continue
				}
				b.Run("lib="+rt.lib, func(b *testing.B) {
					f := rt.lookup(c.path)
					b.ReportAllocs()
					for b.Loop() {
						f()
					}
				})
			}
		})
	}
}

func benchServe(b *testing.B, n int) {
	for _, c := range routeCases {
		b.Run(c.name, func(b *testing.B) {
			for _, rt := range routers(n) {
				b.Run("lib="+rt.lib, func(b *testing.B) {
					req := httptest.NewRequest("GET", c.path, nil)
					w := &nopWriter{h: http.Header{}}
					b.ReportAllocs()
					for b.Loop() {
						rt.handler.ServeHTTP(w, req)
					}
				})
			}
		})
	}
}

func BenchmarkRoute10(b *testing.B)   { benchRoute(b, 10) }
func BenchmarkRoute100(b *testing.B)  { benchRoute(b, 100) }
func BenchmarkRoute1000(b *testing.B) { benchRoute(b, 1000) }
func BenchmarkServe10(b *testing.B)   { benchServe(b, 10) }
func BenchmarkServe100(b *testing.B)  { benchServe(b, 100) }
func BenchmarkServe1000(b *testing.B) { benchServe(b, 1000) }
