package bench_test

// Request validation in front of a server (issue 45): the same petstore
// requests through three validating middlewares, each loaded from
// specs/petvalidator.yaml, in front of a handler that does nothing.
//
//	BenchmarkValidator/{GETPath,GETQuery,POST}/lib=NAME
//	    one ServeHTTP of the middleware into a ResponseWriter that keeps
//	    nothing: GET /pet/10, GET /pet/findByStatus?status=available, and
//	    POST /pet of the 214-byte Pet (the body read from a reused reader,
//	    SetBytes of its length).
//
// The contenders:
//
//	oasgen                the generated middleware (internal/oasgen/petv,
//	                      -parts models,validator), default options (body
//	                      limit oashttp.DefaultMaxBodyBytes).
//	oapi-codegen          nethttp-middleware's OapiRequestValidatorWithOptions
//	                      (kin-openapi's openapi3filter) with
//	                      DiscardValidatedValue, so that it drops the decoded
//	                      body as the others do.
//	libopenapi-validator  pb33f's Validator.ValidateHttpRequest in the
//	                      middleware a user writes around it: a request it
//	                      finds invalid gets 400, any other reaches the handler.
//
// TestValidatorsAgree checks first that all three pass every valid request,
// body intact, and refuse the same invalid ones without calling the handler.

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	nethttpmiddleware "github.com/oapi-codegen/nethttp-middleware"
	"github.com/pb33f/libopenapi"
	libvalidator "github.com/pb33f/libopenapi-validator"

	"github.com/oasgen/oasgen/bench/internal/oasgen/petv"
)

// validatorSpec is the spec every validator loads.
const validatorSpec = "specs/petvalidator.yaml"

// validatorCase is one request the validators see.
type validatorCase struct {
	op, method, target, body string
}

// validRequests are the requests measured; each must reach the handler.
var validRequests = []validatorCase{
	{"GETPath", "GET", "/pet/10", ""},
	{"GETQuery", "GET", "/pet/findByStatus?status=available", ""},
	{"POST", "POST", "/pet", petJSON},
}

// invalidRequests must be refused by every validator.
var invalidRequests = []validatorCase{
	{"bad query enum", "GET", "/pet/findByStatus?status=lost", ""},
	{"bad path parameter", "GET", "/pet/ten", ""},
	{"body missing a required property", "POST", "/pet", strings.Replace(petJSON, `"name":"doggie",`, "", 1)},
}

// requestValidator is one contender: a middleware built from the spec.
type requestValidator struct {
	lib        string
	middleware func(http.Handler) http.Handler
}

func requestValidators(tb testing.TB) []requestValidator {
	spec, err := os.ReadFile(validatorSpec)
	if err != nil {
		tb.Fatal(err)
	}

	loader := openapi3.NewLoader()
	kinDoc, err := loader.LoadFromData(spec)
	if err != nil {
		tb.Fatalf("kin-openapi: %v", err)
	}
	if err := kinDoc.Validate(loader.Context); err != nil {
		tb.Fatalf("kin-openapi: %v", err)
	}
	// Its error answer is http.Error's, with the status openapi3filter
	// chose.
	oapi := nethttpmiddleware.OapiRequestValidatorWithOptions(kinDoc, &nethttpmiddleware.Options{DiscardValidatedValue: true})

	libDoc, err := libopenapi.NewDocument(spec)
	if err != nil {
		tb.Fatalf("libopenapi: %v", err)
	}
	lv, errs := libvalidator.NewValidator(libDoc)
	if len(errs) > 0 {
		tb.Fatalf("libopenapi-validator: %v", errs)
	}
	lib := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if ok, errs := lv.ValidateHttpRequest(r); !ok {
				msg := "invalid request"
				if len(errs) > 0 {
					msg = errs[0].Error()
				}
				http.Error(w, msg, http.StatusBadRequest)
				return
			}
			next.ServeHTTP(w, r)
		})
	}

	return []requestValidator{
		{"oasgen", petv.NewValidator()},
		{"oapi-codegen", oapi},
		{"libopenapi-validator", lib},
	}
}

// validatorRequest returns c's request; its body, if any, is body, which
// the caller resets before each use.
func validatorRequest(c validatorCase) (*http.Request, *rereader) {
	req := httptest.NewRequest(c.method, c.target, nil)
	if c.body == "" {
		return req, nil
	}
	body := &rereader{}
	body.Reset([]byte(c.body))
	req.Header.Set("Content-Type", "application/json")
	req.ContentLength = int64(len(c.body))
	req.Body = body
	return req, body
}

// TestValidatorsAgree checks, before anything is timed, that every
// validator passes the valid requests to the handler with the body as it
// was sent, and refuses the invalid ones with a 4xx without calling it.
func TestValidatorsAgree(t *testing.T) {
	for _, v := range requestValidators(t) {
		var reached bool
		var got []byte
		h := v.middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			reached = true
			var err error
			if got, err = io.ReadAll(r.Body); err != nil {
				t.Errorf("%s: reading the body in the handler: %v", v.lib, err)
			}
		}))
		// Twice, so that a middleware that spoils the reused request
		// (as the benchmark reuses it) shows.
		for round := range 2 {
			for _, c := range validRequests {
				req, _ := validatorRequest(c)
				w := httptest.NewRecorder()
				reached, got = false, nil
				h.ServeHTTP(w, req)
				if !reached || w.Code != http.StatusOK {
					t.Errorf("%s, round %d: %s %s: status %d, handler reached %v: %s", v.lib, round, c.method, c.target, w.Code, reached, w.Body)
					continue
				}
				if string(got) != c.body {
					t.Errorf("%s: %s %s: the handler read %q, want %q", v.lib, c.method, c.target, got, c.body)
				}
			}
			for _, c := range invalidRequests {
				req, _ := validatorRequest(c)
				w := httptest.NewRecorder()
				reached = false
				h.ServeHTTP(w, req)
				if reached || w.Code < 400 || w.Code > 499 {
					t.Errorf("%s: %s (%s %s): status %d, handler reached %v; want a 4xx before the handler", v.lib, c.op, c.method, c.target, w.Code, reached)
				}
			}
		}
	}
}

// noopHandler is the handler behind every validator in the benchmark.
var noopHandler = http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})

func BenchmarkValidator(b *testing.B) {
	validators := requestValidators(b)
	for _, c := range validRequests {
		b.Run(c.op, func(b *testing.B) {
			for _, v := range validators {
				b.Run("lib="+v.lib, func(b *testing.B) {
					h := v.middleware(noopHandler)
					req, body := validatorRequest(c)
					w := &nopWriter{h: http.Header{}}
					b.ReportAllocs()
					b.SetBytes(int64(len(c.body)))
					for b.Loop() {
						if body != nil {
							// The middlewares replace the request's body
							// with their replay of it: give it back.
							body.Reset([]byte(c.body))
							req.Body, req.ContentLength = body, int64(len(c.body))
						}
						h.ServeHTTP(w, req)
					}
					if w.status != 0 && w.status != http.StatusOK {
						b.Fatalf("status %d", w.status)
					}
				})
			}
		})
	}
}
