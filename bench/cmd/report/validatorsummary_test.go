package main

import (
	"strings"
	"testing"
)

// validatorRaw is one made-up round of the request-validation benchmark:
// the GET with a path parameter meets the 10x target, the one with a query
// misses it and allocates, and the POST's memory is within the limit.
const validatorRaw = `# oasgen benchmarks, test mode
# routing and HTTP: Validator -test.benchtime 10ms
# round 1 (routing and HTTP)
BenchmarkValidator/GETPath/lib=oasgen-2                 100  25 ns/op  0 B/op  0 allocs/op
BenchmarkValidator/GETPath/lib=oapi-codegen-2           100  3000 ns/op  4000 B/op  40 allocs/op
BenchmarkValidator/GETPath/lib=libopenapi-validator-2   100  2000 ns/op  3000 B/op  30 allocs/op
BenchmarkValidator/GETQuery/lib=oasgen-2                100  300 ns/op  16 B/op  1 allocs/op
BenchmarkValidator/GETQuery/lib=oapi-codegen-2          100  2500 ns/op  4000 B/op  40 allocs/op
BenchmarkValidator/GETQuery/lib=libopenapi-validator-2  100  4000 ns/op  3000 B/op  30 allocs/op
BenchmarkValidator/POST/lib=oasgen-2                    100  1000 ns/op  214.00 MB/s  512 B/op  2 allocs/op
BenchmarkValidator/POST/lib=oapi-codegen-2              100  20000 ns/op  10.70 MB/s  9000 B/op  120 allocs/op
BenchmarkValidator/POST/lib=libopenapi-validator-2      100  15000 ns/op  14.27 MB/s  8000 B/op  100 allocs/op
`

func TestValidatorSummary(t *testing.T) {
	samples := parse([]byte(validatorRaw))
	md := summary(samples, header([]byte(validatorRaw)), func(w string) string { return "bench-" + w + ".svg" })
	for _, want := range []string{
		"### Request validation in front of a server (issue 45)",
		"| target | GET /pet/10 | GET /pet/findByStatus?status=available | POST /pet |",
		"| at least 10× faster than the faster peer | 80.0× faster (25 ns vs 2000 ns, libopenapi-validator) met | 8.3× faster (300 ns vs 2500 ns, oapi-codegen) **missed** | 15.0× faster (1000 ns vs 15.0 µs, libopenapi-validator) met |",
		"| no allocation on a GET | 0 allocs, 0 B met | 1 allocs, 16 B **missed** | - |",
		"| memory per request within the body limit (8 MiB) on a POST | - | - | 512 B/op for a 214-byte body met |",
		"- GET /pet/findByStatus?status=available: oasgen 300 ns (1 allocs) against oapi-codegen 2500 ns (40 allocs), 8.3× faster.",
		"- GET /pet/findByStatus?status=available allocates: 1 allocs, 16 B per request.",
		"![Request validation: time per request](bench-Validator.svg)",
		"| POST /pet | **oasgen** | 1000 ns | 1000 ns | 512 B | 2 | 0.067× | 1 |",
		"| POST /pet | libopenapi-validator | 15.0 µs | 15.0 µs | 8000 B | 100 | 1.00× | 1 |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("summary lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, "### Issue 4's targets\n\n| target | 10 operations | 100 operations | 1000 operations |\n|---|---|---|---|\n| route lookup, GET /orders: no slower than ogen's | 0") {
		t.Error("issue 4's targets were computed from the validator's samples")
	}
	if svg := serverChart(newResults(samples), validatorWorkload); svg == nil || !strings.Contains(string(svg), "libopenapi-validator") {
		t.Errorf("no chart of the validators:\n%s", svg)
	}
}

// TestValidatorSummaryAbsent: a run without the benchmark has no section.
func TestValidatorSummaryAbsent(t *testing.T) {
	md := summary(parse([]byte(serverRaw)), header([]byte(serverRaw)), nil)
	if strings.Contains(md, "issue 45") {
		t.Errorf("a request-validation section without its samples:\n%s", md)
	}
}
