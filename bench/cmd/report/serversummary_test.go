package main

import (
	"encoding/xml"
	"strings"
	"testing"
)

// serverRaw is one made-up round of the routing and HTTP benchmarks.
const serverRaw = `# oasgen benchmarks, test mode
# routing and HTTP: Benchmark(Route|Serve)(10|100|1000) -test.benchtime 10ms
# peer: wrk debian/4.1.0-3+b2
# round 1 (routing and HTTP)
BenchmarkRoute10/Static/lib=oasgen-2        100  15 ns/op  0 B/op  0 allocs/op
BenchmarkRoute10/Static/lib=ogen-2          100  17 ns/op  0 B/op  0 allocs/op
BenchmarkRoute10/Static/lib=servemux-2      100  62 ns/op  0 B/op  0 allocs/op
BenchmarkRoute10/NotFound/lib=oasgen-2      100  29 ns/op  0 B/op  0 allocs/op
BenchmarkRoute10/NotFound/lib=ogen-2        100  17 ns/op  0 B/op  0 allocs/op
BenchmarkRoute10/TwoParams/lib=oasgen-2     100  30 ns/op  0 B/op  0 allocs/op
BenchmarkRoute10/TwoParams/lib=ogen-2       100  31 ns/op  0 B/op  0 allocs/op
BenchmarkServe10/Static/lib=oasgen-2        100  30 ns/op  0 B/op  0 allocs/op
BenchmarkServe10/Static/lib=ogen-2          100  45 ns/op  24 B/op  1 allocs/op
BenchmarkServe10/TwoParams/lib=oasgen-2     100  70 ns/op  0 B/op  0 allocs/op
BenchmarkServe10/TwoParams/lib=ogen-2       100  100 ns/op  24 B/op  1 allocs/op
BenchmarkServe10/NotFound/lib=oasgen-2      100  120 ns/op  0 B/op  0 allocs/op
BenchmarkServe10/NotFound/lib=ogen-2        100  250 ns/op  48 B/op  3 allocs/op
BenchmarkServePet/POST/lib=oasgen-2         100  1500 ns/op  872 B/op  5 allocs/op
BenchmarkServePet/POST/lib=ogen-2           100  5000 ns/op  2112 B/op  26 allocs/op
BenchmarkHTTP/GET/lib=oasgen-2   1  20000 ns/op  300 p50-µs  2000 p90-µs  6000 p99-µs  50000 req/s  2300 B/op  18 allocs/op
BenchmarkHTTP/GET/lib=ogen-2     1  25000 ns/op  400 p50-µs  3000 p90-µs  7000 p99-µs  40000 req/s  2900 B/op  30 allocs/op
`

func TestServerSummary(t *testing.T) {
	samples := parse([]byte(serverRaw))
	md := summary(samples, header([]byte(serverRaw)), func(w string) string { return "bench-" + w + ".svg" })
	for _, want := range []string{
		"## Routing and HTTP servers",
		"| route lookup, GET /orders: no slower than ogen's | 0.88× (15 ns vs 17 ns) met |",
		"| route lookup, GET /orders/12345/nothing: no slower than ogen's | 1.71× (29 ns vs 17 ns) **missed** |",
		"| ServeHTTP, GET /orders/12345/items/678: ≤ 0.8× ogen's time, 0 allocs | 0.70×, 0 allocs met |",
		"| ServeHTTP, 404 (GET /orders/12345/nothing): < 100 ns, 0 allocs | 120 ns, 0 allocs **missed** |",
		"| ServeHTTP, POST of a small JSON Pet: ≤ 0.5× ogen's time | 0.30× (1500 ns vs 5000 ns) met |",
		"- Route lookup of `GET /orders/12345/nothing` (10 operations, 29 ns vs 17 ns): ",
		"- 404 at 10 operations: 120 ns (0 allocs)",
		"![Route lookup at 10 operations: time per request of every router](bench-Route10.svg)",
		"| GET /pet/10 | **oasgen** | 50000 | 20.0 µs | 300.0 µs |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("summary lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, "discriminated union") {
		t.Error("the routing workloads were taken for oasgen's union benchmarks")
	}
	r := newResults(samples)
	for _, w := range []string{"Route10", "Serve10", "ServePet", "HTTP"} {
		svg := serverChart(r, w)
		if svg == nil {
			t.Fatalf("no chart of %s", w)
		}
		d := xml.NewDecoder(strings.NewReader(string(svg)))
		for {
			if _, err := d.Token(); err != nil {
				if err.Error() != "EOF" {
					t.Fatalf("%s: not XML: %v\n%s", w, err, svg)
				}
				break
			}
		}
	}
	if serverChart(r, "A") != nil {
		t.Error("a routing chart of a JSON workload")
	}
}
