// Package streams benchmarks typed event streams and JSON Lines through
// the server and client oasgen generates for testdata/events, over
// loopback HTTP, against the same streams written and read with
// encoding/json and bufio (the code a user writes without them).
//
//	BenchmarkSSE/lib=NAME
//	    one event stream of b.N events, each a Progress object, written
//	    and flushed one at a time by the server and decoded by the client
//	    as it arrives: ns/op is the time per event, events/s the rate.
//	BenchmarkJSONLines/lib=NAME
//	    one application/x-ndjson response of b.N LogEntry items: ns/op
//	    per item, items/s the rate.
//	BenchmarkStreamMemory/{sse,jsonl}/n=N
//	    one stream of N items read through the generated client (run with
//	    -benchtime 1x): live-heap-B is the median of the live heap
//	    measured (after a GC) at nine points along the stream, with the
//	    server, which runs in the same process, held before its next item
//	    meanwhile (otherwise what it encodes during the GC counts as
//	    live). It stays flat as N grows. The client asks for no gzip, whose
//	    compressor holds about 1 MB of its own, the same at any length.
//
// These run in this package, not in bench/, so they need none of the
// peers' generated packages (bench/.work).
package streams

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"iter"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/testdata/events"
)

var largest = flag.Int("streams.largest", 1e6, "the longest stream BenchmarkStreamMemory reads, after 10^4 items")

// handler streams n items of each kind.
type handler struct {
	events.Unimplemented
	n int
	// gate, when set, holds the stream before every tenth of it until the
	// client has measured its heap, so no encoding runs meanwhile.
	gate chan struct{}
}

// wait blocks before item i at each tenth of the stream, when gated.
func (h *handler) wait(i int) {
	if h.gate != nil && i > 0 && i%(h.n/10) == 0 {
		<-h.gate
	}
}

func (h *handler) WatchJob(ctx context.Context, p events.WatchJobParams) (events.WatchJobResponse, error) {
	return events.WatchJobResponse200{Body: func(yield func(oashttp.Event[events.Progress], error) bool) {
		for i := range h.n {
			h.wait(i)
			if !yield(oashttp.Event[events.Progress]{Data: progress(i), ID: strconv.Itoa(i)}, nil) {
				return
			}
		}
	}}, nil
}

func (h *handler) ExportLogs(ctx context.Context) (events.ExportLogsResponse, error) {
	return events.ExportLogsResponse200{Body: func(yield func(events.LogEntry, error) bool) {
		for i := range h.n {
			h.wait(i)
			if !yield(entry(i), nil) {
				return
			}
		}
	}}, nil
}

func progress(i int) events.Progress {
	return events.Progress{Percent: int32(i % 101), Note: oasrt.NewOpt("step " + strconv.Itoa(i))}
}

func entry(i int) events.LogEntry {
	return events.LogEntry{Seq: int64(i), Msg: "request served in 12ms by worker " + strconv.Itoa(i%16)}
}

// The same types for encoding/json, as a user without generated codecs
// would declare them.
type plainProgress struct {
	Percent int32  `json:"percent"`
	Note    string `json:"note,omitempty"`
}

type plainEntry struct {
	Seq int64  `json:"seq"`
	Msg string `json:"msg"`
}

// plainServer writes both streams with encoding/json and bufio: events
// flushed one at a time, lines through a 32 KiB buffer.
func plainServer(n int) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		bw := bufio.NewWriterSize(w, 32<<10)
		enc := json.NewEncoder(bw)
		fl := w.(http.Flusher)
		if strings.HasSuffix(r.URL.Path, "/progress") {
			w.Header().Set("Content-Type", "text/event-stream")
			for i := range n {
				p := progress(i)
				fmt.Fprintf(bw, "id: %d\ndata: ", i)
				enc.Encode(plainProgress{Percent: p.Percent, Note: p.Note.Value}) // ends with \n
				bw.WriteByte('\n')
				bw.Flush()
				fl.Flush()
			}
			return
		}
		w.Header().Set("Content-Type", "application/x-ndjson")
		for i := range n {
			e := entry(i)
			enc.Encode(plainEntry{Seq: e.Seq, Msg: e.Msg})
		}
		bw.Flush()
	})
}

// plainEvents reads an event stream with bufio and encoding/json: data
// lines only, which is all plainServer writes.
func plainEvents(body io.Reader) iter.Seq2[plainProgress, error] {
	return func(yield func(plainProgress, error) bool) {
		sc := bufio.NewScanner(body)
		for sc.Scan() {
			data, ok := strings.CutPrefix(sc.Text(), "data: ")
			if !ok {
				continue
			}
			var p plainProgress
			if err := json.Unmarshal([]byte(data), &p); err != nil {
				yield(p, err)
				return
			}
			if !yield(p, nil) {
				return
			}
		}
		if err := sc.Err(); err != nil {
			yield(plainProgress{}, err)
		}
	}
}

func plainLines(body io.Reader) iter.Seq2[plainEntry, error] {
	return func(yield func(plainEntry, error) bool) {
		dec := json.NewDecoder(bufio.NewReaderSize(body, 32<<10))
		for {
			var e plainEntry
			err := dec.Decode(&e)
			if err == io.EOF {
				return
			}
			if !yield(e, err) || err != nil {
				return
			}
		}
	}
}

// client is the generated client, asking for no gzip: the encoding/json
// baseline's server does not compress either.
func client(b *testing.B, url string) *events.Client {
	c, err := events.NewClient(url, oashttp.WithHTTPClient(&http.Client{Transport: &http.Transport{DisableCompression: true}}), oashttp.WithoutEventReconnect())
	if err != nil {
		b.Fatal(err)
	}
	return c
}

func get(b *testing.B, url string) *http.Response {
	resp, err := http.Get(url)
	if err != nil {
		b.Fatal(err)
	}
	return resp
}

// count ranges over seq, failing on an error, and returns the items.
func count[T any](b *testing.B, seq iter.Seq2[T, error]) int {
	n := 0
	for _, err := range seq {
		if err != nil {
			b.Fatal(err)
		}
		n++
	}
	return n
}

func BenchmarkSSE(b *testing.B) {
	b.Run("lib=oasgen", func(b *testing.B) {
		h := &handler{}
		srv := httptest.NewServer(events.NewServer(h, oashttp.WithHeartbeat(-1)))
		defer srv.Close()
		c := client(b, srv.URL)
		b.ReportAllocs()
		h.n = b.N
		b.ResetTimer()
		res, err := c.WatchJob(context.Background(), events.WatchJobParams{ID: "j"})
		if err != nil {
			b.Fatal(err)
		}
		if n := count(b, res.(events.WatchJobResponse200).Body); n != b.N {
			b.Fatalf("%d events, want %d", n, b.N)
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
	})
	b.Run("lib=encoding-json+bufio", func(b *testing.B) {
		srv := httptest.NewServer(plainServer(b.N))
		defer srv.Close()
		b.ReportAllocs()
		b.ResetTimer()
		resp := get(b, srv.URL+"/jobs/j/progress")
		defer resp.Body.Close()
		if n := count(b, plainEvents(resp.Body)); n != b.N {
			b.Fatalf("%d events, want %d", n, b.N)
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
	})
}

func BenchmarkJSONLines(b *testing.B) {
	b.Run("lib=oasgen", func(b *testing.B) {
		h := &handler{}
		srv := httptest.NewServer(events.NewServer(h))
		defer srv.Close()
		c := client(b, srv.URL)
		b.ReportAllocs()
		h.n = b.N
		b.ResetTimer()
		res, err := c.ExportLogs(context.Background())
		if err != nil {
			b.Fatal(err)
		}
		if n := count(b, res.(events.ExportLogsResponse200).Body); n != b.N {
			b.Fatalf("%d items, want %d", n, b.N)
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "items/s")
	})
	b.Run("lib=encoding-json+bufio", func(b *testing.B) {
		srv := httptest.NewServer(plainServer(b.N))
		defer srv.Close()
		b.ReportAllocs()
		b.ResetTimer()
		resp := get(b, srv.URL+"/logs")
		defer resp.Body.Close()
		if n := count(b, plainLines(resp.Body)); n != b.N {
			b.Fatalf("%d items, want %d", n, b.N)
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "items/s")
	})
}

// BenchmarkStreamMemory reads streams of 10^4 and 10^6 items through the
// generated server and client and reports the largest live heap seen.
func BenchmarkStreamMemory(b *testing.B) {
	for _, kind := range []string{"sse", "jsonl"} {
		for _, n := range []int{1e4, *largest} {
			b.Run(fmt.Sprintf("%s/n=%d", kind, n), func(b *testing.B) {
				h := &handler{n: n, gate: make(chan struct{})}
				srv := httptest.NewServer(events.NewServer(h, oashttp.WithHeartbeat(-1)))
				defer srv.Close()
				c := client(b, srv.URL)
				var samples []uint64
				for range b.N {
					var seq iter.Seq2[struct{}, error]
					if kind == "sse" {
						res, err := c.WatchJob(context.Background(), events.WatchJobParams{ID: "j"})
						if err != nil {
							b.Fatal(err)
						}
						seq = drop(res.(events.WatchJobResponse200).Body)
					} else {
						res, err := c.ExportLogs(context.Background())
						if err != nil {
							b.Fatal(err)
						}
						seq = drop(res.(events.ExportLogsResponse200).Body)
					}
					i := 0
					for _, err := range seq {
						if err != nil {
							b.Fatal(err)
						}
						i++
						if i%(n/10) == 0 && i < n {
							// The server waits before item i, and every item
							// before it has arrived.
							samples = append(samples, liveHeap())
							h.gate <- struct{}{}
						}
					}
					if i != n {
						b.Fatalf("%d items, want %d", i, n)
					}
				}
				slices.Sort(samples)
				b.ReportMetric(float64(samples[len(samples)/2]), "live-heap-B")
			})
		}
	}
}

func drop[T any](seq iter.Seq2[T, error]) iter.Seq2[struct{}, error] {
	return func(yield func(struct{}, error) bool) {
		for _, err := range seq {
			if !yield(struct{}{}, err) {
				return
			}
		}
	}
}

func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
