package servertest

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	petstore "github.com/oasgen/oasgen/examples/petstore/api"
	"github.com/oasgen/oasgen/examples/validate/api"
	"github.com/oasgen/oasgen/oasrt/oashttp"
)

// Reliability of the validator part: the generated middleware in front of
// a handler, against the generated server of the same spec (the embedded
// petstore: examples/petstore/api and examples/validate/api), over
// loopback. Oversized, gzip, cut and malformed bodies must get the status
// the server gives them, and cost what they cost the server.

// bodyReader reads a request's body whole and answers 204: the handler behind
// the validator.
var bodyReader = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	io.Copy(io.Discard, r.Body)
	w.WriteHeader(http.StatusNoContent)
})

// TestValidatorBoundsAsServer sends the same hostile requests to the
// petstore's generated server and to the validator in front of bodyReader,
// both with a 1 MiB body limit, and wants the same status from each.
func TestValidatorBoundsAsServer(t *testing.T) {
	const limit = 1 << 20
	quiet := oashttp.WithLogger(slog.New(slog.DiscardHandler))
	server := loopback(t, petstore.NewServer(petstore.Unimplemented{}, oashttp.WithMaxBodyBytes(limit), quiet))
	validator := loopback(t, api.NewValidator(oashttp.WithServerOptions(oashttp.WithMaxBodyBytes(limit), quiet))(bodyReader))

	bomb := func() []byte {
		var b bytes.Buffer
		z, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		z.Write([]byte(`{"name":"`))
		z.Write(bytes.Repeat([]byte("a"), 16<<20))
		z.Write([]byte(`","photoUrls":[]}`))
		z.Close()
		return b.Bytes()
	}()
	pet := `{"name":"rex","photoUrls":["a"]}`
	corrupt := append(gzipped(t, pet)[:10:10], bytes.Repeat([]byte{0xff}, 50)...)
	cut := gzipped(t, `{"name":"`+strings.Repeat("a", 5000)+`","photoUrls":[]}`)
	cut = cut[:len(cut)/2]
	big := `{"name":"` + strings.Repeat("a", limit) + `","photoUrls":[]}`
	deep := strings.Repeat("[", 20000) + strings.Repeat("]", 20000)
	tests := []struct {
		name, head string
		body       []byte
		declared   int // Content-Length when not 0; -1 for chunked
		want       int
	}{
		{"declared past the limit", "POST /pet HTTP/1.1\r\nContent-Type: application/json\r\n", []byte(pet), 2 * limit, 413},
		{"chunked past the limit", "POST /pet HTTP/1.1\r\nContent-Type: application/json\r\n", []byte(big), -1, 413},
		{"gzip bomb", "POST /pet HTTP/1.1\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\n", bomb, 0, 413},
		{"corrupt gzip", "POST /pet HTTP/1.1\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\n", corrupt, 0, 400},
		{"gzip cut short", "POST /pet HTTP/1.1\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\n", cut, 0, 400},
		{"unknown encoding", "POST /pet HTTP/1.1\r\nContent-Type: application/json\r\nContent-Encoding: br\r\n", []byte(pet), 0, 415},
		{"shorter than declared", "POST /pet HTTP/1.1\r\nContent-Type: application/json\r\n", []byte(pet), 100, 400},
		{"malformed", "POST /pet HTTP/1.1\r\nContent-Type: application/json\r\n", []byte(`{"name":"rex",}`), 0, 400},
		{"trailing data", "POST /pet HTTP/1.1\r\nContent-Type: application/json\r\n", []byte(pet + `{}`), 0, 400},
		{"nested past the depth limit", "POST /pet HTTP/1.1\r\nContent-Type: application/json\r\n", []byte(deep), 0, 400},
		{"breaks the schema", "POST /pet HTTP/1.1\r\nContent-Type: application/json\r\n", []byte(`{"name":"rex"}`), 0, 422},
		{"charset", "POST /pet HTTP/1.1\r\nContent-Type: application/json; charset=latin1\r\n", []byte(pet), 0, 415},
		{"empty required body", "POST /pet HTTP/1.1\r\nContent-Type: application/json\r\n", nil, 0, 400},
		{"too many query pairs", "GET /pet/findByStatus?" + strings.Repeat("a=1&", 1000) + "a=1 HTTP/1.1\r\n", nil, 0, 400},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := tt.head + "Host: x\r\nConnection: close\r\n"
			switch {
			case tt.declared < 0:
				text += "Transfer-Encoding: chunked\r\n\r\n" + strconv.FormatInt(int64(len(tt.body)), 16) + "\r\n" + string(tt.body) + "\r\n0\r\n\r\n"
			default:
				n := tt.declared
				if n == 0 {
					n = len(tt.body)
				}
				text += "Content-Length: " + strconv.Itoa(n) + "\r\n\r\n" + string(tt.body)
			}
			got, want := rawExchange(t, validator, text), rawExchange(t, server, text)
			if got != want || got != tt.want {
				t.Errorf("validator %d, server %d, want %d from both", got, want, tt.want)
			}
		})
	}
}

// TestValidatorGzipBombCost: 20 gzip bombs of 16 MiB decoded through the
// validator with a 1 MiB limit allocate what the server's limit allows,
// not what the bombs decode to (TestGzipBomb's bound for the server).
func TestValidatorGzipBombCost(t *testing.T) {
	srv := loopback(t, api.NewValidator(oashttp.WithServerOptions(oashttp.WithMaxBodyBytes(1<<20)))(bodyReader))
	var b bytes.Buffer
	z, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	z.Write([]byte(`{"name":"`))
	z.Write(bytes.Repeat([]byte("a"), 16<<20))
	z.Write([]byte(`"}`))
	z.Close()
	before := allocated()
	var wg sync.WaitGroup
	statuses := make(chan int, 20)
	for range 20 {
		wg.Go(func() {
			req, _ := http.NewRequest("POST", srv.URL+"/pet", bytes.NewReader(b.Bytes()))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Content-Encoding", "gzip")
			resp, err := rawClient(srv).Do(req)
			if err != nil {
				statuses <- -1
				return
			}
			resp.Body.Close()
			statuses <- resp.StatusCode
		})
	}
	wg.Wait()
	close(statuses)
	for s := range statuses {
		if s != http.StatusRequestEntityTooLarge {
			t.Errorf("status %d, want 413", s)
		}
	}
	after := allocated()
	t.Logf("%d KiB allocated for 20 bombs of %d KiB", (after-before)>>10, b.Len()>>10)
	if after-before > 20*4<<20 {
		t.Errorf("%d MiB allocated for 20 bombs of %d KiB, want at most 4 MiB each", (after-before)>>20, b.Len()>>10)
	}
}

// TestValidatorSlowBodiesCostLittle is TestDeclaredLengthCostsNothing
// through the validator: 200 connections declare an 8 MiB JSON body and
// send a few bytes of it; the heap follows the bytes that came (the
// server's BodyChunk per request), not the lengths declared (1.6 GiB).
func TestValidatorSlowBodiesCostLittle(t *testing.T) {
	const conns, declared, bound = 200, 8 << 20, 64 << 20
	reached := make(chan struct{}, conns)
	srv := loopback(t, firstRead(reached)(api.NewValidator()(bodyReader)))
	before := heapInUse()
	head := fmt.Sprintf("POST /pet HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n{\"name\":\"a", declared)
	dialAll(t, srv, conns, head)
	await(t, reached, conns, 30*time.Second, "requests read their body")
	after := heapInUse()
	t.Logf("heap %d KiB before, %d KiB while %d requests are held", before>>10, after>>10, conns)
	if after > before && after-before > bound {
		t.Errorf("the heap grew by %d MiB for %d requests that sent a few bytes each, want under %d MiB", (after-before)>>20, conns, bound>>20)
	}
}
