// Command report runs the oasgen benchmarks against encoding/json and
// summarises them.
//
// Run it from the bench module (the directory holding bench/go.mod):
//
//	go run ./cmd/report          # full: 6 rounds, results/latest.txt
//	go run ./cmd/report -quick   # one short round, results/quick.txt (CI)
//	go run ./cmd/report -from results/latest.txt   # summarise again, run nothing
//
// It builds the test binary once, checks that both libraries agree on every
// workload (TestWorkloadsAgree, TestEncodeZeroAllocs), then runs the
// benchmarks in rounds, one after another, appending every round to one
// file: `go test -count N` would run the N samples of one contender back to
// back, while rounds interleave the contenders, so that a slow minute of a
// shared machine lands on all of them. Workloads A and C run for -small
// (a duration), workload B for -large (an iteration count: one iteration
// of B is 20 to 150 ms).
//
// The raw output is benchstat's input format; the file is followed by
// benchstat's comparison (`benchstat -col /lib`, encoding-json first, so
// the others are compared with it) in results/*-benchstat.txt, and by a
// markdown summary with medians and ratios, printed to stdout and written
// to results/*.md.
package main

import (
	"bytes"
	"cmp"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/oasgen/oasgen/bench/internal/benchenv"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("report: ")
	quick := flag.Bool("quick", false, "one short round (for CI: well under 2 minutes)")
	rounds := flag.Int("rounds", 6, "rounds of all benchmarks (full mode)")
	small := flag.String("small", "1s", "-benchtime of workloads A and C (full mode)")
	large := flag.String("large", "30x", "-benchtime of workload B (full mode)")
	out := flag.String("o", "", "raw output file (default results/latest.txt, results/quick.txt with -quick)")
	from := flag.String("from", "", "summarise this raw output file again, without running anything")
	doc := flag.String("doc", "", "also rewrite the part of this markdown file between the bench markers with the summary")
	peersOnly := flag.Bool("peers", false, "install and generate the peers into .work, then stop (needed before `go test ./...`)")
	only := flag.String("only", "", "`servers`: run only the routing and HTTP benchmarks and merge them into the raw output of the last run (-o), replacing that run's")
	flag.Parse()
	if *only != "" && *only != "servers" {
		log.Fatalf("-only %s: the one section that runs alone is servers", *only)
	}
	mode := "full"
	if *quick {
		mode, *rounds, *small, *large = "quick", 1, "100ms", "3x"
	}
	if *out == "" {
		*out = filepath.Join("results", map[bool]string{false: "latest.txt", true: "quick.txt"}[*quick])
	}

	dir := benchenv.ModuleDir("./cmd/report")
	if *from != "" {
		*out = *from
	}
	if !filepath.IsAbs(*out) {
		*out = filepath.Join(dir, *out)
	}
	if *from != "" {
		report(dir, *out, *doc)
		return
	}
	peers := preparePeers(dir)
	peers.versions = append(peers.versions, prepareServerPeers(dir)...)
	if *peersOnly {
		return
	}
	m := benchenv.Describe(dir)
	log.Printf("%s mode: %d round(s), -benchtime %s (A, C, SomeValue, Oneof) and %s (B); %s", mode, *rounds, *small, *large, m.CPU)

	tmp, err := os.MkdirTemp("", "oasgen-bench-")
	check(err)
	defer os.RemoveAll(tmp)
	// Two test binaries: encoding/json/v2, and encoding/json built on it,
	// are Go 1.27's, so they have a package and a binary of their own, built
	// by that Go (GOTOOLCHAIN fetches it from the module proxy once).
	bin := filepath.Join(tmp, "bench.test")
	binV2 := filepath.Join(tmp, "jsonv2.test")
	log.Print("building the benchmark binaries")
	run(dir, os.Stderr, "go", "test", "-c", "-o", bin, ".")
	cmd := exec.Command("go", "test", "-c", "-o", binV2, "./jsonv2")
	cmd.Dir, cmd.Stdout, cmd.Stderr, cmd.Env = dir, os.Stderr, os.Stderr, append(os.Environ(), "GOTOOLCHAIN="+jsonv2Go)
	if err := cmd.Run(); err != nil {
		log.Fatalf("GOTOOLCHAIN=%s go test -c ./jsonv2: %v", jsonv2Go, err)
	}
	log.Print("checking that every contender decodes every payload and encodes it back before timing any")
	run(dir, os.Stderr, bin, "-test.run", "^(TestWorkloadsAgree|TestEncodeZeroAllocs|TestUnionWorkloads|TestPeersAgree|TestAllocFloor|"+serverAgreeTests+")$", "-test.count", "1")
	run(dir, os.Stderr, binV2, "-test.run", "^(TestPeersAgree|TestDoorsAgree)$", "-test.count", "1")

	check(os.MkdirAll(filepath.Dir(*out), 0o755))
	if *only == "servers" {
		runServersOnly(dir, *out, bin, *quick, *rounds, m, peers.versions)
		report(dir, *out, *doc)
		return
	}
	f, err := os.Create(*out)
	check(err)
	quickFlag := map[bool]string{true: " -quick"}[*quick]
	fmt.Fprintf(f, "# oasgen benchmarks, %s mode: %d round(s), -benchtime %s for A, C, SomeValue and Oneof, %s for B; medians over the rounds\n", mode, *rounds, *small, *large)
	fmt.Fprintf(f, "# command: cd bench && go run ./cmd/report%s\n", quickFlag)
	fmt.Fprintf(f, "# machine: %s, %d cores (GOMAXPROCS %d), %s\n# %s\n# oasgen commit: %s\n# started: %s\n",
		m.CPU, runtime.NumCPU(), runtime.GOMAXPROCS(0), m.OSArch, m.GoVersion, m.Commit, time.Now().UTC().Format(time.RFC3339))
	fmt.Fprintf(f, "# peers installed and generated in %s (cached in bench/.work)\n", peers.elapsed.Round(100*time.Millisecond))
	fmt.Fprintf(f, "# routing and HTTP: %s\n", serverSettings(*quick))
	for _, v := range peers.versions {
		fmt.Fprintf(f, "# peer: %s\n", v)
	}
	start := time.Now()
	for i := 1; i <= *rounds; i++ {
		log.Printf("round %d/%d (%s elapsed)", i, *rounds, time.Since(start).Round(time.Second))
		fmt.Fprintf(f, "# round %d\n", i)
		for _, b := range []struct{ bin, re, benchtime string }{
			{bin, "^Benchmark(A|C|SomeValue|Oneof|SomeValueUnion|EventTagLast|EventTagFirst)$", *small},
			{binV2, "^Benchmark(A|C|SomeValue|Oneof)$", *small},
			{bin, "^BenchmarkB$", *large},
			{binV2, "^BenchmarkB$", *large},
		} {
			run(dir, io.MultiWriter(f, &progress{w: os.Stderr}), b.bin, "-test.run", "^$", "-test.bench", b.re,
				"-test.benchtime", b.benchtime, "-test.count", "1", "-test.timeout", "60m")
		}
		runServerBenchmarks(dir, f, bin, *quick)
	}
	check(f.Close())
	log.Printf("done in %s; raw output in %s", time.Since(start).Round(time.Second), rel(dir, *out))
	report(dir, *out, *doc)

	// The streaming benchmark (issue 5) runs each decode in a process of
	// its own, so it is a command of its own with a section of its own.
	args := []string{"run", "./cmd/stream"}
	if *quick {
		args = append(args, "-quick")
	}
	if *doc != "" {
		args = append(args, "-doc", *doc)
	}
	log.Print("the streaming benchmark: go " + strings.Join(args, " "))
	run(dir, os.Stderr, "go", args...)

	// Event streams and JSON Lines through the generated server and
	// client (bench/streams): a section of their own too.
	args[1] = "./cmd/streams"
	log.Print("event streams and JSON Lines: go " + strings.Join(args, " "))
	run(dir, os.Stderr, "go", args...)
}

// jsonv2Go is the Go that builds package jsonv2's benchmarks.
const jsonv2Go = "go1.27.4"

// report runs benchstat on the raw output file out and writes its
// comparison and the markdown summary next to it.
const (
	beginMarker = "<!-- bench:begin -->"
	endMarker   = "<!-- bench:end -->"
)

func report(dir, out, doc string) {
	base := strings.TrimSuffix(out, ".txt")
	var stat bytes.Buffer
	run(dir, &stat, "go", "tool", "benchstat", "-ignore", "pkg", "-col", "/lib", out)
	check(os.WriteFile(base+"-benchstat.txt", stat.Bytes(), 0o644))
	log.Printf("benchstat comparison in %s", rel(dir, base+"-benchstat.txt"))

	raw, err := os.ReadFile(out)
	check(err)
	samples, h := parse(raw), header(raw)
	// charts writes one SVG per workload as prefix+W+".svg" and returns
	// the function that links them from a markdown file in the same folder.
	charts := func(prefix string) func(w string) string {
		r := newResults(samples)
		return func(w string) string {
			svg := svgChart(r, w)
			if svg == nil {
				svg = serverChart(r, w)
			}
			if svg == nil {
				return ""
			}
			check(os.WriteFile(prefix+w+".svg", svg, 0o644))
			return filepath.Base(prefix + w + ".svg")
		}
	}
	md := summary(samples, h, charts(base+"-"))
	check(os.WriteFile(base+".md", []byte(md), 0o644))
	log.Printf("summary in %s, charts in %s-*.svg", rel(dir, base+".md"), rel(dir, base))
	fmt.Print(md)
	if doc != "" {
		md := summary(samples, h, charts(filepath.Join(filepath.Dir(doc), "bench-")))
		text, err := os.ReadFile(doc)
		check(err)
		t := string(text)
		i, j := strings.Index(t, beginMarker), strings.Index(t, endMarker)
		if i < 0 || j < i {
			log.Fatalf("%s has no %s ... %s section", doc, beginMarker, endMarker)
		}
		t = t[:i] + beginMarker + "\n" + md + endMarker + t[j+len(endMarker):]
		check(os.WriteFile(doc, []byte(t), 0o644))
		log.Printf("rewrote the results in %s, charts beside it (bench-*.svg)", doc)
	}
}

// header returns the comment lines the run wrote before its first round.
func header(raw []byte) []string {
	var h []string
	for line := range strings.Lines(string(raw)) {
		if !strings.HasPrefix(line, "# ") || strings.HasPrefix(line, "# round") {
			break
		}
		h = append(h, strings.TrimSpace(strings.TrimPrefix(line, "# ")))
	}
	return h
}

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}

func rel(dir, p string) string {
	if r, err := filepath.Rel(dir, p); err == nil {
		return r
	}
	return p
}

// run runs a command in dir with stdout to w and stderr to os.Stderr, and
// exits if it fails.
func run(dir string, w io.Writer, name string, args ...string) {
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, w, os.Stderr
	if err := cmd.Run(); err != nil {
		log.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
	}
}

// progress copies the benchmark lines written to it to w, as they come.
type progress struct {
	w    io.Writer
	line []byte
}

func (p *progress) Write(b []byte) (int, error) {
	p.line = append(p.line, b...)
	for {
		i := bytes.IndexByte(p.line, '\n')
		if i < 0 {
			return len(b), nil
		}
		if bytes.HasPrefix(p.line, []byte("Benchmark")) {
			fmt.Fprintf(p.w, "  %s\n", p.line[:i])
		}
		p.line = p.line[i+1:]
	}
}

// sample is the medians of one benchmark across rounds.
type sample struct {
	workload, op, lib string
	n                 int
	ns, mbs, bytes    float64 // medians
	minNS             float64
	allocs            float64
	extra             map[string]float64 // medians of the other metrics (req/s, p50-µs...)
}

// parse reads `go test -bench` output and returns the median of every
// metric of every benchmark, in the order the benchmarks first appear.
func parse(raw []byte) []sample {
	type key struct{ workload, op, lib string }
	var order []key
	vals := map[key]map[string][]float64{}
	for line := range strings.Lines(string(raw)) {
		f := strings.Fields(line)
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		name := f[0]
		if i := strings.LastIndexByte(name, '-'); i > 0 {
			if _, err := strconv.Atoi(name[i+1:]); err == nil {
				name = name[:i] // the GOMAXPROCS suffix
			}
		}
		parts := strings.Split(strings.TrimPrefix(name, "Benchmark"), "/")
		if len(parts) != 3 || !strings.HasPrefix(parts[2], "lib=") {
			continue
		}
		k := key{parts[0], parts[1], strings.TrimPrefix(parts[2], "lib=")}
		if vals[k] == nil {
			vals[k] = map[string][]float64{}
			order = append(order, k)
		}
		for i := 2; i+1 < len(f); i += 2 {
			if v, err := strconv.ParseFloat(f[i], 64); err == nil {
				vals[k][f[i+1]] = append(vals[k][f[i+1]], v)
			}
		}
	}
	var out []sample
	for _, k := range order {
		v := vals[k]
		s := sample{
			workload: k.workload, op: k.op, lib: k.lib, n: len(v["ns/op"]),
			ns: benchenv.Median(v["ns/op"]), minNS: slices.Min(v["ns/op"]), mbs: benchenv.Median(v["MB/s"]), bytes: benchenv.Median(v["B/op"]), allocs: benchenv.Median(v["allocs/op"]),
		}
		for unit, vs := range v {
			switch unit {
			case "ns/op", "MB/s", "B/op", "allocs/op":
			default:
				if s.extra == nil {
					s.extra = map[string]float64{}
				}
				s.extra[unit] = benchenv.Median(vs)
			}
		}
		out = append(out, s)
	}
	// Group by workload and operation, keeping the order of libraries.
	slices.SortStableFunc(out, func(a, b sample) int {
		return cmp.Or(cmp.Compare(a.workload, b.workload), cmp.Compare(a.op, b.op))
	})
	return out
}

func fmtTime(ns float64) string {
	switch {
	case ns < 10_000:
		return fmt.Sprintf("%.0f ns", ns)
	case ns < 1_000_000:
		return fmt.Sprintf("%.1f µs", ns/1e3)
	default:
		return fmt.Sprintf("%.1f ms", ns/1e6)
	}
}

func fmtBytes(b float64) string {
	switch {
	case b < 10_000:
		return fmt.Sprintf("%.0f B", b)
	case b < 10_000_000:
		return fmt.Sprintf("%.1f KiB", b/1024)
	default:
		return fmt.Sprintf("%.1f MiB", b/(1<<20))
	}
}

func fmtCount(n float64) string {
	if n < 10_000 {
		return fmt.Sprintf("%.0f", n)
	}
	return fmt.Sprintf("%.1fk", n/1e3)
}

// fmtRatio says how much faster than base a time is.
func fmtRatio(base, ns float64) string {
	if base == 0 || ns == 0 {
		return "-"
	}
	if r := base / ns; r >= 1 {
		return fmt.Sprintf("%.2fx faster", r)
	} else {
		return fmt.Sprintf("%.2fx slower", 1/r)
	}
}
