package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/oasgen/oasgen/examples/validate/api"
	"github.com/oasgen/oasgen/oasrt/oashttp"
)

// counted counts the requests that reach h.
func counted(h http.Handler, n *atomic.Int64) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		h.ServeHTTP(w, r)
	})
}

func send(t *testing.T, ts *httptest.Server, method, path, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, ts.URL+basePath+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestValidateOverLoopback: a valid create reaches the store; an invalid
// body and a bad path parameter are refused without reaching it; the
// deliberately invalid pet of GET /pet/666 is caught with response checks
// on, and goes out without them.
func TestValidateOverLoopback(t *testing.T) {
	quiet := oashttp.WithServerOptions(oashttp.WithLogger(slog.New(slog.DiscardHandler)))
	for _, check := range []bool{false, true} {
		var reached atomic.Int64
		ts := httptest.NewServer(newHandler(counted(newStore().routes(), &reached), check, quiet))
		defer ts.Close()

		if status, body := send(t, ts, "POST", "/pet", `{"name":"rex","photoUrls":["a.png"]}`); status != 200 || !strings.Contains(body, `"id":1`) {
			t.Fatalf("valid create: %d %s", status, body)
		}
		if reached.Load() != 1 {
			t.Fatalf("valid create: %d requests reached the store, want 1", reached.Load())
		}
		refused := []struct {
			method, path, body string
			status             int
			member             string
		}{
			{"POST", "/pet", `{"name":"rex","photoUrls":"a.png"}`, 422, `"path":"$.photoUrls"`},
			{"POST", "/pet", `{"name":`, 400, `"offset":`},
			{"GET", "/pet/rex", "", 400, `"parameter":"petId"`},
		}
		for _, c := range refused {
			status, body := send(t, ts, c.method, c.path, c.body)
			if status != c.status || !strings.Contains(body, c.member) {
				t.Errorf("%s %s %s: %d %s, want %d naming %s", c.method, c.path, c.body, status, body, c.status, c.member)
			}
		}
		if reached.Load() != 1 {
			t.Errorf("%d requests reached the store, want only the valid one", reached.Load())
		}
		status, body := send(t, ts, "GET", "/pet/666", "")
		switch {
		case check && status != 500:
			t.Errorf("GET /pet/666 with response checks: %d %s, want 500", status, body)
		case !check && (status != 200 || !strings.Contains(body, "possessed")):
			t.Errorf("GET /pet/666 without response checks: %d %s, want the invalid pet", status, body)
		}
	}
}

// TestContractCatchesBadPet: the contract transport, in front of the
// store without the middleware, fails the round trip of the invalid pet
// naming the operation and the JSON path, and passes a valid one.
func TestContractCatchesBadPet(t *testing.T) {
	mux := http.NewServeMux()
	mux.Handle(basePath+"/", http.StripPrefix(basePath, newStore().routes()))
	ts := httptest.NewServer(mux)
	defer ts.Close()
	c := &http.Client{Transport: api.NewContractTransport(ts.Client().Transport, oashttp.WithBasePath(basePath))}
	resp, err := c.Post(ts.URL+basePath+"/pet", "application/json", bytes.NewReader([]byte(`{"name":"rex","photoUrls":[]}`)))
	if err != nil {
		t.Fatal(err)
	}
	var p pet
	json.NewDecoder(resp.Body).Decode(&p)
	resp.Body.Close()
	if p.Name != "rex" {
		t.Errorf("created %+v", p)
	}
	_, err = c.Get(ts.URL + basePath + "/pet/666")
	var ce *oashttp.ContractError
	if !errors.As(err, &ce) || ce.Operation != "getPetById" || !ce.Response || ce.Status != 200 {
		t.Fatalf("GET /pet/666: %v, want a *ContractError on getPetById's 200", err)
	}
	if !strings.Contains(err.Error(), "$") || !strings.Contains(err.Error(), "offset") {
		t.Errorf("error %q names no JSON path and offset", err)
	}
	_, err = c.Get(ts.URL + basePath + "/pet/x")
	if !errors.As(err, &ce) || ce.Response {
		t.Errorf("GET /pet/x: %v, want the request refused before it is sent", err)
	}
}

// TestDemo runs the demo.
func TestDemo(t *testing.T) {
	var out bytes.Buffer
	if err := demo(&out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "422") || !strings.Contains(out.String(), "500") {
		t.Errorf("demo output:\n%s", out.String())
	}
}
