// Command streams runs the event stream and JSON Lines benchmarks of
// package streams (bench/streams) and writes their table: rates through
// the generated server and client against encoding/json + bufio, and the
// live heap along streams of 10^4 and 10^6 items. go run ./cmd/report runs
// it last; alone:
//
//	cd bench && go run ./cmd/streams -doc results/benchmarks.md
package main

import (
	"bytes"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/bench/internal/benchenv"
)

const (
	beginMarker = "<!-- streams:begin -->"
	endMarker   = "<!-- streams:end -->"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("streams: ")
	quick := flag.Bool("quick", false, "one short round, streams of up to 10^5 items")
	doc := flag.String("doc", "", "markdown file whose streams section is rewritten (default: print it)")
	flag.Parse()
	dir := benchenv.ModuleDir("./cmd/streams")
	count, benchtime, largest := "3", "300ms", "1000000"
	if *quick {
		count, benchtime, largest = "1", "100ms", "100000"
	}
	var raw bytes.Buffer
	run := func(args ...string) {
		cmd := exec.Command("go", append([]string{"test", "./streams", "-run", "^$"}, args...)...)
		cmd.Dir, cmd.Stdout, cmd.Stderr = dir, &raw, os.Stderr
		log.Print("go " + strings.Join(cmd.Args[1:], " "))
		if err := cmd.Run(); err != nil {
			log.Fatalf("%v\n%s", err, raw.String())
		}
	}
	run("-bench", "^(BenchmarkSSE|BenchmarkJSONLines)$", "-benchtime", benchtime, "-count", count)
	run("-bench", "^BenchmarkStreamMemory$", "-benchtime", "1x", "-count", "1", "-args", "-streams.largest", largest)
	md := table(parse(raw.String()), count, benchtime, largest)
	if *doc == "" {
		fmt.Print(md)
		return
	}
	text, err := os.ReadFile(*doc)
	if err != nil {
		log.Fatal(err)
	}
	s := string(text)
	i, j := strings.Index(s, beginMarker), strings.Index(s, endMarker)
	if i < 0 || j < i {
		log.Fatalf("%s has no %s ... %s section", *doc, beginMarker, endMarker)
	}
	s = s[:i+len(beginMarker)] + "\n" + md + s[j:]
	if err := os.WriteFile(*doc, []byte(s), 0o644); err != nil {
		log.Fatal(err)
	}
}

// parse returns every metric of every benchmark line, by benchmark name
// (without the -GOMAXPROCS suffix) and unit.
func parse(out string) map[string]map[string][]float64 {
	res := map[string]map[string][]float64{}
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		name := f[0]
		if i := strings.LastIndexByte(name, '-'); i > 0 {
			name = name[:i]
		}
		if res[name] == nil {
			res[name] = map[string][]float64{}
		}
		for k := 2; k+1 < len(f); k += 2 {
			v, err := strconv.ParseFloat(f[k], 64)
			if err == nil {
				res[name][f[k+1]] = append(res[name][f[k+1]], v)
			}
		}
	}
	return res
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	v = slices.Clone(v)
	slices.Sort(v)
	return v[len(v)/2]
}

func table(r map[string]map[string][]float64, count, benchtime, largest string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Measured by `cd bench && go run ./cmd/streams` (`go test ./streams -bench '^(BenchmarkSSE|BenchmarkJSONLines)$' -benchtime %s -count %s`, then `-bench BenchmarkStreamMemory -benchtime 1x`); medians of the rounds.\n\n", benchtime, count)
	b.WriteString("| stream | lib | time per item | rate | B/item | allocs/item |\n| --- | --- | ---: | ---: | ---: | ---: |\n")
	for _, s := range []struct{ bench, what, unit string }{
		{"BenchmarkSSE", "SSE, `Progress` events", "events/s"},
		{"BenchmarkJSONLines", "JSON Lines, `LogEntry` items", "items/s"},
	} {
		for _, lib := range []string{"oasgen", "encoding-json+bufio"} {
			m := r[s.bench+"/lib="+lib]
			if m == nil {
				continue
			}
			name := lib
			if lib == "oasgen" {
				name = "**oasgen**"
			}
			fmt.Fprintf(&b, "| %s | %s | %.0f ns | %.0fk %s | %.0f | %.0f |\n", s.what, name, median(m["ns/op"]), median(m[s.unit])/1000, s.unit, median(m["B/op"]), median(m["allocs/op"]))
		}
	}
	b.WriteString("\n| stream | items | live heap (median along the stream) |\n| --- | ---: | ---: |\n")
	for _, kind := range []string{"sse", "jsonl"} {
		for _, n := range []string{"10000", largest} {
			if m := r["BenchmarkStreamMemory/"+kind+"/n="+n]; m != nil {
				fmt.Fprintf(&b, "| %s | %s | %.0f kB |\n", kind, n, median(m["live-heap-B"])/1000)
			}
		}
	}
	return b.String()
}
