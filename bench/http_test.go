package bench_test

// The petstore servers (issues 4 and 6): addPet and getPetById of
// specs/petstore.yaml served by oasgen's, ogen's and oapi-codegen's
// generated servers, whose handlers echo the posted Pet and return a fixed
// one.
//
//	BenchmarkServePet/{GET,POST}/lib=NAME
//	    a whole ServeHTTP in process, into a ResponseWriter that keeps
//	    nothing: GET /pet/10, and POST /pet of a 214-byte JSON Pet (the
//	    body read from a reused reader), decoded, validated as each tool
//	    does and encoded back.
//	BenchmarkHTTP/{GET,POST}/lib=NAME
//	    the same requests over loopback TCP under concurrent load: the
//	    server (net/http's, in this process) against wrk in another
//	    (-http.conns connections, -http.threads threads, for
//	    -http.duration). Run once per round (-benchtime 1x): ns/op is the
//	    time per request of the whole run (1/throughput), req/s the
//	    throughput, p50/p90/p99-µs wrk's latency percentiles, and B/op and
//	    allocs/op what the server process allocated per request.
//
// ogen is generated without its OpenTelemetry feature (no tracing), as in
// route_test.go; oapi-codegen with its strict server on net/http's
// ServeMux (encoding/json for the bodies).

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	oapipet "github.com/oasgen/oasgen/bench/.work/gen/oapiserver/pet"
	ogenpet "github.com/oasgen/oasgen/bench/.work/gen/ogenserver/pet"
	"github.com/oasgen/oasgen/bench/internal/jsoneq"
	"github.com/oasgen/oasgen/bench/internal/oasgen/pet"
	"github.com/oasgen/oasgen/bench/internal/payload"
)

var (
	httpDuration = flag.Duration("http.duration", 3*time.Second, "how long wrk loads each server in BenchmarkHTTP (whole seconds)")
	httpConns    = flag.Int("http.conns", 32, "wrk's concurrent connections in BenchmarkHTTP")
	httpThreads  = flag.Int("http.threads", 1, "wrk's threads in BenchmarkHTTP")
)

// petJSON is the Pet every server returns for GET /pet/10 and the body
// POST /pet sends (and gets back).
const petJSON = payload.PetstorePet

const (
	petGetPath  = "/pet/10"
	petPostPath = "/pet"
)

// petServer is one contender's petstore server.
type petServer struct {
	lib     string
	handler http.Handler
}

func petServers(tb testing.TB) []petServer {
	var oasPet pet.Pet
	var ogenPet ogenpet.Pet
	var oapiPet oapipet.Pet
	for _, v := range []any{&oasPet, &ogenPet, &oapiPet} {
		if err := json.Unmarshal([]byte(petJSON), v); err != nil {
			tb.Fatalf("%T: %v", v, err)
		}
	}
	ogenSrv, err := ogenpet.NewServer(ogenPetHandler{pet: &ogenPet})
	if err != nil {
		tb.Fatal(err)
	}
	return []petServer{
		{"oasgen", pet.NewServer(oasgenPetHandler{pet: oasPet})},
		{"ogen", ogenSrv},
		{"oapi-codegen", oapipet.Handler(oapipet.NewStrictHandler(oapiPetHandler{pet: oapiPet}, nil))},
	}
}

type oasgenPetHandler struct {
	pet.Unimplemented
	pet pet.Pet
}

func (h oasgenPetHandler) AddPet(_ context.Context, body *pet.Pet) (pet.AddPetResponse, error) {
	return pet.AddPetResponse200{Body: *body}, nil
}

func (h oasgenPetHandler) GetPetByID(_ context.Context, p pet.GetPetByIDParams) (pet.GetPetByIDResponse, error) {
	seenInts.id = p.PetID
	return pet.GetPetByIDResponse200{Body: h.pet}, nil
}

type ogenPetHandler struct {
	ogenpet.UnimplementedHandler
	pet *ogenpet.Pet
}

func (h ogenPetHandler) AddPet(_ context.Context, req *ogenpet.Pet) (ogenpet.AddPetRes, error) {
	return req, nil
}

func (h ogenPetHandler) GetPetById(_ context.Context, p ogenpet.GetPetByIdParams) (ogenpet.GetPetByIdRes, error) {
	seenInts.id = p.PetId
	return h.pet, nil
}

type oapiPetHandler struct{ pet oapipet.Pet }

func (h oapiPetHandler) AddPet(_ context.Context, req oapipet.AddPetRequestObject) (oapipet.AddPetResponseObject, error) {
	return oapipet.AddPet200JSONResponse(*req.Body), nil
}

func (h oapiPetHandler) GetPetById(_ context.Context, req oapipet.GetPetByIdRequestObject) (oapipet.GetPetByIdResponseObject, error) {
	seenInts.id = req.PetId
	return oapipet.GetPetById200JSONResponse(h.pet), nil
}

// rereader is a request body that Reset makes readable again.
type rereader struct{ bytes.Reader }

func (*rereader) Close() error { return nil }

func petRequest(method string) (*http.Request, *rereader) {
	if method == "GET" {
		return httptest.NewRequest("GET", petGetPath, nil), nil
	}
	body := &rereader{}
	body.Reset([]byte(petJSON))
	req := httptest.NewRequest("POST", petPostPath, nil)
	req.Header.Set("Content-Type", "application/json")
	req.ContentLength = int64(len(petJSON))
	req.Body = body
	return req, body
}

// TestPetServersAgree checks, before anything is timed, that every
// server answers both requests with 200 and the Pet, in process and over
// HTTP.
func TestPetServersAgree(t *testing.T) {
	for _, s := range petServers(t) {
		for _, method := range []string{"GET", "POST"} {
			req, _ := petRequest(method)
			w := httptest.NewRecorder()
			seenInts.id = 0
			s.handler.ServeHTTP(w, req)
			checkPetResponse(t, s.lib+" "+method, w.Code, w.Header().Get("Content-Type"), w.Body.Bytes())
			if method == "GET" && seenInts.id != 10 {
				t.Errorf("%s GET: the handler got petId %d, want 10", s.lib, seenInts.id)
			}
		}
		srv := httptest.NewServer(s.handler)
		for _, method := range []string{"GET", "POST"} {
			var res *http.Response
			var err error
			if method == "GET" {
				res, err = http.Get(srv.URL + petGetPath)
			} else {
				res, err = http.Post(srv.URL+petPostPath, "application/json", strings.NewReader(petJSON))
			}
			if err != nil {
				t.Fatal(err)
			}
			body, err := io.ReadAll(res.Body)
			res.Body.Close()
			if err != nil {
				t.Fatal(err)
			}
			checkPetResponse(t, s.lib+" "+method+" over HTTP", res.StatusCode, res.Header.Get("Content-Type"), body)
		}
		srv.Close()
	}
}

func checkPetResponse(t *testing.T, name string, status int, contentType string, body []byte) {
	t.Helper()
	if status != http.StatusOK {
		t.Errorf("%s: status %d, want 200: %s", name, status, body)
		return
	}
	if !strings.HasPrefix(contentType, "application/json") {
		t.Errorf("%s: Content-Type %q", name, contentType)
	}
	if err := jsoneq.Equal([]byte(petJSON), body); err != nil {
		t.Errorf("%s: %v: answered\n%s\nwant the Pet\n%s", name, err, body, petJSON)
	}
}

func BenchmarkServePet(b *testing.B) {
	servers := petServers(b)
	for _, method := range []string{"GET", "POST"} {
		b.Run(method, func(b *testing.B) {
			for _, s := range servers {
				b.Run("lib="+s.lib, func(b *testing.B) {
					req, body := petRequest(method)
					w := &nopWriter{h: http.Header{}}
					b.ReportAllocs()
					for b.Loop() {
						if body != nil {
							body.Reset([]byte(petJSON))
						}
						s.handler.ServeHTTP(w, req)
					}
					if w.status != http.StatusOK {
						b.Fatalf("status %d", w.status)
					}
				})
			}
		})
	}
}

func BenchmarkHTTP(b *testing.B) {
	wrk, err := exec.LookPath("wrk")
	if err != nil {
		b.Skip("wrk is not installed (go run ./cmd/report -peers installs it)")
	}
	script := filepath.Join(b.TempDir(), "post.lua")
	lua := fmt.Sprintf("wrk.method = \"POST\"\nwrk.body = %q\nwrk.headers[\"Content-Type\"] = \"application/json\"\n", petJSON)
	if err := os.WriteFile(script, []byte(lua), 0o644); err != nil {
		b.Fatal(err)
	}
	servers := petServers(b)
	for _, method := range []string{"GET", "POST"} {
		b.Run(method, func(b *testing.B) {
			for _, s := range servers {
				b.Run("lib="+s.lib, func(b *testing.B) {
					srv := httptest.NewServer(s.handler)
					defer srv.Close()
					args := []string{"-t", strconv.Itoa(*httpThreads), "-c", strconv.Itoa(*httpConns),
						"-d", fmt.Sprintf("%ds", max(1, int(httpDuration.Seconds()))), "--latency"}
					url := srv.URL + petGetPath
					if method == "POST" {
						args = append(args, "-s", script)
						url = srv.URL + petPostPath
					}
					b.ReportAllocs() // so that B/op and allocs/op, reported below, are printed
					var before, after runtime.MemStats
					runtime.GC()
					runtime.ReadMemStats(&before)
					out, err := exec.Command(wrk, append(args, url)...).CombinedOutput()
					runtime.ReadMemStats(&after)
					if err != nil {
						b.Fatalf("wrk: %v\n%s", err, out)
					}
					r, err := parseWrk(string(out))
					if err != nil {
						b.Fatalf("%v\n%s", err, out)
					}
					b.ReportMetric(1e9/r.rps, "ns/op")
					b.ReportMetric(r.rps, "req/s")
					b.ReportMetric(r.p50, "p50-µs")
					b.ReportMetric(r.p90, "p90-µs")
					b.ReportMetric(r.p99, "p99-µs")
					b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/r.requests, "B/op")
					b.ReportMetric(float64(after.Mallocs-before.Mallocs)/r.requests, "allocs/op")
				})
			}
		})
	}
}

// wrkResult is what BenchmarkHTTP reads from wrk's output.
type wrkResult struct {
	rps, requests, p50, p90, p99 float64 // latencies in µs
}

var (
	wrkRPS      = regexp.MustCompile(`(?m)^Requests/sec:\s+([0-9.]+)`)
	wrkRequests = regexp.MustCompile(`(?m)^\s+(\d+) requests in `)
	wrkLatency  = regexp.MustCompile(`(?m)^\s+(50|90|99)%\s+([0-9.]+)(us|ms|s)\s*$`)
)

// parseWrk reads wrk --latency's report; any non-2xx answer or socket
// error fails the run, since a server that errs is not measured.
func parseWrk(out string) (wrkResult, error) {
	var r wrkResult
	if strings.Contains(out, "Non-2xx or 3xx responses") || strings.Contains(out, "Socket errors") {
		return r, fmt.Errorf("wrk saw failed requests")
	}
	m := wrkRPS.FindStringSubmatch(out)
	n := wrkRequests.FindStringSubmatch(out)
	if m == nil || n == nil {
		return r, fmt.Errorf("no throughput in wrk's output")
	}
	r.rps, _ = strconv.ParseFloat(m[1], 64)
	r.requests, _ = strconv.ParseFloat(n[1], 64)
	found := 0
	for _, l := range wrkLatency.FindAllStringSubmatch(out, -1) {
		v, _ := strconv.ParseFloat(l[2], 64)
		v *= map[string]float64{"us": 1, "ms": 1e3, "s": 1e6}[l[3]]
		switch l[1] {
		case "50":
			r.p50 = v
		case "90":
			r.p90 = v
		case "99":
			r.p99 = v
		}
		found++
	}
	if found != 3 || r.rps <= 0 || r.requests <= 0 {
		return r, fmt.Errorf("incomplete wrk output")
	}
	return r, nil
}

func TestParseWrk(t *testing.T) {
	out := `Running 3s test @ http://127.0.0.1:40000/pet/10
  1 threads and 32 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   412.34us  200.12us   5.00ms   90.00%
    Req/Sec    40.00k     2.00k   45.00k    80.00%
  Latency Distribution
     50%  380.00us
     75%  450.00us
     90%  600.00us
     99%    1.20ms
  120000 requests in 3.00s, 20.00MB read
Requests/sec:  40000.00
Transfer/sec:      6.67MB
`
	r, err := parseWrk(out)
	if err != nil {
		t.Fatal(err)
	}
	if want := (wrkResult{rps: 40000, requests: 120000, p50: 380, p90: 600, p99: 1200}); r != want {
		t.Errorf("parseWrk = %+v, want %+v", r, want)
	}
	if _, err := parseWrk(strings.Replace(out, "Requests/sec", "  Non-2xx or 3xx responses: 5\nRequests/sec", 1)); err == nil {
		t.Error("failed requests were not reported")
	}
}
