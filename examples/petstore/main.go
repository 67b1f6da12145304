// Command petstore shows the code oasgen generates from its embedded
// petstore spec at work. Without flags it runs a short demo and exits: it
// decodes a Pet, checking what the spec requires, encodes it back, shows the
// errors bad input gets, then starts the generated server over an in-memory
// store and calls it with the generated client. With -addr it serves the
// store under the spec's base path, /api/v3:
//
//	go run ./examples/petstore -addr 127.0.0.1:8080
//	curl -s 127.0.0.1:8080/api/v3/pet/findByStatus?status=available
//
// Regenerate the package with:
//
//	go run ./cmd/oasgen generate -o examples/petstore/api
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oasimpl"

	"github.com/oasgen/oasgen/examples/petstore/api"
	"github.com/oasgen/oasgen/oasrt/oashttp"
)

// basePath is the path of the spec's server URL.
const basePath = "/api/v3"

// newHandler returns the generated server over a new store, mounted under
// basePath.
func newHandler(opts ...oashttp.ServerOption) http.Handler {
	mux := http.NewServeMux()
	mux.Handle(basePath+"/", http.StripPrefix(basePath, api.NewServer(newStore(), opts...)))
	return mux
}

func main() {
	addr := flag.String("addr", "", "serve the petstore at this address instead of running the demo")
	flag.Parse()
	if *addr != "" {
		// Listen first, so that port 0 picks a free port and the log
		// names it (.ci/schemathesis.sh reads it from there).
		l, err := net.Listen("tcp", *addr)
		if err != nil {
			log.Fatal(err)
		}
		if err := serve(l, newHandler()); err != nil {
			log.Fatal(err)
		}
		return
	}
	codecDemo()
	if err := serverDemo(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// serve runs h on l with the timeouts and limits of oashttp.NewHTTPServer
// until SIGINT or SIGTERM, then shuts down gracefully: no new connections,
// requests in flight get up to 10 seconds to finish.
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
	log.Printf("petstore: serving http://%s%s", l.Addr(), basePath)
	if err := srv.Serve(l); err != http.ErrServerClosed {
		return err
	}
	log.Printf("petstore: shutting down")
	return <-done
}

// serverDemo starts the generated server on a loopback port and calls it
// with the generated client.
func serverDemo(out io.Writer) error {
	ts := httptest.NewServer(newHandler())
	defer ts.Close()
	c, err := api.NewClient(ts.URL + basePath)
	if err != nil {
		return err
	}
	ctx := context.Background()
	added, err := c.AddPet(ctx, &api.Pet{Name: "doggie", PhotoURLs: []string{}, Status: oasrt.NewOpt(api.PetStatusAvailable)})
	if err != nil {
		return err
	}
	pet := added.(api.AddPetResponse200).Body
	fmt.Fprintf(out, "server:   added pet %d %q\n", pet.ID.Value, pet.Name)
	got, err := c.GetPetByID(ctx, api.GetPetByIDParams{PetID: pet.ID.Value})
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "server:   GET /pet/%d -> %T\n", pet.ID.Value, got)
	missing, err := c.GetPetByID(ctx, api.GetPetByIDParams{PetID: 999})
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "server:   GET /pet/999 -> %T\n", missing)
	// A status the operation does not declare is an *oashttp.StatusError
	// carrying the problem: the inventory declares only 200, and a client
	// that accepts only HTML gets a 406.
	html, err := api.NewClient(ts.URL+basePath, oashttp.WithRequestEditor(func(_ context.Context, r *http.Request) error {
		r.Header.Set("Accept", "text/html")
		return nil
	}))
	if err != nil {
		return err
	}
	_, err = html.GetInventory(ctx)
	var se *oashttp.StatusError
	if !errors.As(err, &se) {
		return fmt.Errorf("GET /store/inventory as HTML: want a status error, got %v", err)
	}
	fmt.Fprintf(out, "server:   GET /store/inventory, Accept: text/html -> %v\n", err)
	resp, err := http.Get(ts.URL + basePath + "/pet/abc")
	if err != nil {
		return err
	}
	var p oashttp.Problem
	err = json.NewDecoder(resp.Body).Decode(&p)
	resp.Body.Close()
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "server:   GET /pet/abc -> %d %s\n", resp.StatusCode, p.Detail)
	return nil
}

// codecDemo decodes and encodes a Pet with the generated codecs.
func codecDemo() {
	input := []byte(`{"id":111,"name":"Test name 111","photoUrls":["https://example.com/p.png"],
		"category":{"id":1,"name":"Dogs"},"tags":[{"name":"kawaii"}],"status":"available"}`)

	var pet api.Pet
	if err := json.Unmarshal(input, &pet); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("decoded:  id=%d name=%q category=%q status=%s tags=%d\n",
		pet.ID.Value, pet.Name, pet.Category.Value.Name.Value, pet.Status.Value, len(pet.Tags))

	// The fast path: encode into a reused buffer, no allocation.
	var w oasimpl.Writer
	pet.EncodeJSON(&w)
	fmt.Printf("encoded:  %s\n", w.Bytes())

	// Bad input is rejected in the same single pass, with its JSON path
	// and byte offset.
	for _, bad := range []string{
		`{"name":"x"}`,
		`{"name":"x","photoUrls":["a",3]}`,
		`{"name":"x","photoUrls":[],"status":"lost"}`,
		`{"name":"x","photoUrls":[],"category":{"id":"one"}}`,
	} {
		var p api.Pet
		fmt.Printf("rejected: %-52s %v\n", bad, json.Unmarshal([]byte(bad), &p))
	}
}
