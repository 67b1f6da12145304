// Command validate shows the generated validating middleware in front of a
// petstore written by hand: plain structs, encoding/json and net/http's
// ServeMux, no generated handler. The middleware (api.NewValidator, from
// the validator part) refuses the requests that break the spec before the
// store sees them; with -check-responses it also checks what the store
// answers, and GET /pet/666 answers a pet that breaks the spec on purpose
// (photoUrls null, a status outside the enum).
//
// Without -addr it runs a short demo on a loopback port and exits. With
// -addr it serves the store under /api/v3:
//
//	go run ./examples/validate -addr 127.0.0.1:8080 -check-responses
//	curl -s 127.0.0.1:8080/api/v3/pet/666
//
// Regenerate the package with:
//
//	go run ./cmd/oasgen generate -parts models,validator -o examples/validate/api
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/oasgen/oasgen/examples/validate/api"
	"github.com/oasgen/oasgen/oasrt/oashttp"
)

// basePath is the path of the spec's server URL.
const basePath = "/api/v3"

// pet is the store's own type: what encoding/json reads and writes.
type pet struct {
	ID        int64    `json:"id"`
	Name      string   `json:"name"`
	PhotoURLs []string `json:"photoUrls"`
	Status    string   `json:"status,omitempty"`
}

// store is a hand-written petstore: two operations of the spec.
type store struct {
	mu   sync.Mutex
	pets map[int64]pet
	next int64
}

func newStore() *store { return &store{pets: map[int64]pet{}, next: 1} }

// routes returns the store's handlers on a ServeMux.
func (s *store) routes() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /pet", s.addPet)
	mux.HandleFunc("GET /pet/{petId}", s.getPet)
	return mux
}

func (s *store) addPet(w http.ResponseWriter, r *http.Request) {
	var p pet
	if err := json.NewDecoder(r.Body).Decode(&p); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest) // the validator passed it: never here
		return
	}
	s.mu.Lock()
	p.ID, s.next = s.next, s.next+1
	s.pets[p.ID] = p
	s.mu.Unlock()
	writeJSON(w, p)
}

func (s *store) getPet(w http.ResponseWriter, r *http.Request) {
	id, _ := strconv.ParseInt(r.PathValue("petId"), 10, 64) // the validator checked it
	if id == 666 {
		// Breaks the spec on purpose: photoUrls is null, not an array,
		// and the status is not one of the enum's.
		writeJSON(w, pet{ID: 666, Name: "imp", Status: "possessed"})
		return
	}
	s.mu.Lock()
	p, ok := s.pets[id]
	s.mu.Unlock()
	if !ok {
		w.WriteHeader(http.StatusNotFound)
		return
	}
	writeJSON(w, p)
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

// newHandler returns h, the store's routes, behind the validator, mounted
// under basePath.
func newHandler(h http.Handler, checkResponses bool, opts ...oashttp.ValidatorOption) http.Handler {
	if checkResponses {
		opts = append(opts, oashttp.WithResponseValidation())
	}
	mux := http.NewServeMux()
	mux.Handle(basePath+"/", http.StripPrefix(basePath, api.NewValidator(opts...)(h)))
	return mux
}

func main() {
	addr := flag.String("addr", "", "serve the store at this address instead of running the demo")
	check := flag.Bool("check-responses", false, "check the store's responses against the spec too")
	flag.Parse()
	if *addr != "" {
		l, err := net.Listen("tcp", *addr)
		if err != nil {
			log.Fatal(err)
		}
		if err := serve(l, newHandler(newStore().routes(), *check)); err != nil {
			log.Fatal(err)
		}
		return
	}
	if err := demo(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// serve runs h on l until SIGINT or SIGTERM, then shuts down gracefully.
func serve(l net.Listener, h http.Handler) error {
	srv := oashttp.NewHTTPServer(l.Addr().String(), h)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	done := make(chan error, 1)
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		done <- srv.Shutdown(shutdown)
	}()
	log.Printf("validate: serving http://%s%s", l.Addr(), basePath)
	if err := srv.Serve(l); err != http.ErrServerClosed {
		return err
	}
	log.Printf("validate: shutting down")
	return <-done
}

// demo serves the store on a loopback port, responses checked, and sends
// it a valid request and three that break the spec.
func demo(out io.Writer) error {
	ts := httptest.NewServer(newHandler(newStore().routes(), true, oashttp.WithServerOptions(oashttp.WithLogger(discard))))
	defer ts.Close()
	for _, c := range []struct{ method, path, body string }{
		{"POST", "/pet", `{"name":"rex","photoUrls":["a.png"]}`},
		{"POST", "/pet", `{"name":"rex"}`},
		{"GET", "/pet/rex", ""},
		{"GET", "/pet/666", ""},
	} {
		req, err := http.NewRequest(c.method, ts.URL+basePath+c.path, strings.NewReader(c.body))
		if err != nil {
			return err
		}
		if c.body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		resp, err := ts.Client().Do(req)
		if err != nil {
			return err
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		fmt.Fprintf(out, "%s %s %s\n  %d %s\n", c.method, c.path, c.body, resp.StatusCode, strings.TrimSpace(string(b)))
	}
	return nil
}

// discard drops the validator's log records in the demo.
var discard = slog.New(slog.DiscardHandler)
