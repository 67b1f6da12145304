// Command stream runs the streaming benchmark of issue 5 on the master-data
// workload (products, stores and prices in one document) and writes its
// section of bench/results/benchmarks.md. Run it from the bench module:
//
//	go run ./cmd/stream -doc results/benchmarks.md   # 86 MB and 860 MB, 6 rounds
//	go run ./cmd/stream -quick                       # 4 MB, one round (CI)
//
// It writes the documents once into .work/stream (deterministic, see
// internal/payload/masterdata.go): md-86.json, its gzip form, the same data
// as binary protobuf (plain and gzip), and md-860.json for iteration. Then,
// in rounds that interleave the contenders, it runs each decode in a process
// of its own (cmd/stream/child) and records its time, bytes allocated,
// allocations, retained heap and peak RSS. The tables are medians over the
// rounds.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/oasgen/oasgen/bench/internal/benchenv"
)

const (
	beginMarker = "<!-- stream:begin -->"
	endMarker   = "<!-- stream:end -->"
)

// run is one contender on one file, by one of the two child binaries.
type runSpec struct {
	label, contender, file string
	v2                     bool
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("stream: ")
	quick := flag.Bool("quick", false, "a 4 MB document, one round, no large file (CI)")
	mb := flag.Int("mb", 86, "size of the document every contender decodes, in MB")
	big := flag.Int("big", 860, "size of the document only iteration decodes, in MB (0: none)")
	rounds := flag.Int("rounds", 6, "rounds")
	doc := flag.String("doc", "", "rewrite the part of this markdown file between the stream markers")
	flag.Parse()
	if *quick {
		*mb, *big, *rounds = 4, 0, 1
	}
	dir := benchenv.ModuleDir("./cmd/stream")
	work := filepath.Join(dir, ".work")
	protoGen(dir, work)

	tmp, err := os.MkdirTemp("", "oasgen-stream-")
	check(err)
	defer os.RemoveAll(tmp)
	child, childV2 := filepath.Join(tmp, "child"), filepath.Join(tmp, "child-v2")
	log.Print("building the child binaries (one with GOEXPERIMENT=jsonv2)")
	runCmd(dir, nil, nil, "go", "build", "-o", child, "./cmd/stream/child")
	runCmd(dir, []string{"GOEXPERIMENT=jsonv2"}, nil, "go", "build", "-o", childV2, "./cmd/stream/child")

	data := filepath.Join(work, "stream")
	base := filepath.Join(data, "md-"+strconv.Itoa(*mb))
	ensure(dir, child, data, *mb, false)
	if *big > 0 {
		ensure(dir, child, data, *big, true)
	}
	log.Print("checking that every contender decodes the same value")
	runCmd(dir, nil, nil, child, "-check", "-file", base+".json")
	runCmd(dir, []string{"GOEXPERIMENT=jsonv2"}, nil, childV2, "-check", "-file", base+".json")

	var specs []runSpec
	for _, gz := range []string{"", ".gz"} {
		tag := map[string]string{"": "", ".gz": " gzip"}[gz]
		specs = append(specs,
			runSpec{"encoding/json v1 Decoder" + tag, "json-v1", base + ".json" + gz, false},
			runSpec{"encoding/json/v2 UnmarshalRead" + tag, "json-v2", base + ".json" + gz, true},
			runSpec{"protobuf ReadFile+Unmarshal" + tag, "protobuf", base + ".pb" + gz, false},
			runSpec{"oasgen DecodeJSON from io.Reader" + tag, "oasgen", base + ".json" + gz, false},
			runSpec{"oasgen iterate (DecodeEach)" + tag, "oasgen-iterate", base + ".json" + gz, false},
		)
	}
	if *big > 0 {
		specs = append(specs, runSpec{"oasgen iterate (DecodeEach)", "oasgen-iterate", filepath.Join(data, "md-"+strconv.Itoa(*big)+".json"), false})
	}

	results := map[int][]benchenv.StreamResult{}
	start := time.Now()
	for round := 1; round <= *rounds; round++ {
		log.Printf("round %d/%d (%s elapsed)", round, *rounds, time.Since(start).Round(time.Second))
		for i, s := range specs {
			bin, env := child, []string(nil)
			if s.v2 {
				bin, env = childV2, []string{"GOEXPERIMENT=jsonv2"}
			}
			var out bytes.Buffer
			runCmd(dir, env, &out, bin, "-run", s.contender, "-file", s.file)
			var r benchenv.StreamResult
			check(json.Unmarshal(out.Bytes(), &r))
			results[i] = append(results[i], r)
		}
	}
	md := summary(specs, results, *rounds, *quick, *mb, *big, benchenv.Describe(dir))
	fmt.Print(md)
	name := map[bool]string{false: "stream-latest.md", true: "stream-quick.md"}[*quick]
	check(os.MkdirAll(filepath.Join(dir, "results"), 0o755))
	check(os.WriteFile(filepath.Join(dir, "results", name), []byte(md), 0o644))
	if *doc != "" {
		rewrite(*doc, md)
	}
}

// ensure writes the documents of mb megabytes unless they are there.
func ensure(dir, child, data string, mb int, jsonOnly bool) {
	stamp := filepath.Join(data, "md-"+strconv.Itoa(mb)+".stamp")
	key := "v1 " + strconv.FormatBool(jsonOnly)
	if b, err := os.ReadFile(stamp); err == nil && string(b) == key {
		return
	}
	log.Printf("writing the %d MB master-data documents into %s", mb, data)
	args := []string{"-gen", "-mb", strconv.Itoa(mb), "-dir", data}
	if jsonOnly {
		args = append(args, "-json-only")
	}
	runCmd(dir, nil, nil, child, args...)
	check(os.WriteFile(stamp, []byte(key), 0o644))
}

// protoGen generates .work/gen/mdpb from proto/masterdata.proto with protoc
// and the protoc-gen-go that `go run ./cmd/report -peers` builds.
func protoGen(dir, work string) {
	plugin := filepath.Join(work, "bin", "protoc-gen-go")
	if _, err := os.Stat(plugin); err != nil {
		log.Print("protoc-gen-go is missing: installing the peers (go run ./cmd/report -peers)")
		runCmd(dir, nil, nil, "go", "run", "./cmd/report", "-peers")
	}
	protoc, err := exec.LookPath("protoc")
	if err != nil {
		log.Fatal("protoc is missing: `go run ./cmd/report -peers` installs Debian's protobuf-compiler")
	}
	out := filepath.Join(work, "gen", "mdpb")
	src, err := os.ReadFile(filepath.Join(dir, "proto", "masterdata.proto"))
	check(err)
	stamp := filepath.Join(out, ".stamp")
	if b, err := os.ReadFile(stamp); err == nil && bytes.Equal(b, src) {
		return
	}
	check(os.MkdirAll(out, 0o755))
	runCmd(dir, nil, nil, protoc, "-I", "proto", "--plugin=protoc-gen-go="+plugin,
		"--go_out="+out, "--go_opt=paths=source_relative", "proto/masterdata.proto")
	check(os.WriteFile(stamp, src, 0o644))
}

func mib(b float64) string { return strconv.FormatFloat(b/(1<<20), 'f', 1, 64) + " MiB" }

func summary(specs []runSpec, results map[int][]benchenv.StreamResult, rounds int, quick bool, mb, big int, m benchenv.Machine) string {
	var b strings.Builder
	mode := map[bool]string{false: "", true: " -quick"}[quick]
	fmt.Fprintf(&b, "Measured with `cd bench && go run ./cmd/stream%s` on %s, %d cores, %s, oasgen %s: medians of %d round(s), each decode in a process of its own (time, bytes and allocations from runtime.MemStats around the decode; retained heap after a GC with the result alive; peak RSS is the process's VmHWM, Go runtime included).\n\n",
		mode, m.CPU, runtime.NumCPU(), m.GoVersion, m.Commit, rounds)
	fmt.Fprintf(&b, "| decoder | input | time | allocated | allocations | retained | peak RSS |\n|---|---|---:|---:|---:|---:|---:|\n")
	med := map[string]map[string]float64{}
	for i, s := range specs {
		rs := results[i]
		col := func(f func(benchenv.StreamResult) float64) float64 {
			xs := make([]float64, len(rs))
			for j, r := range rs {
				xs[j] = f(r)
			}
			return benchenv.Median(xs)
		}
		secs := col(func(r benchenv.StreamResult) float64 { return r.Seconds })
		alloc := col(func(r benchenv.StreamResult) float64 { return float64(r.AllocBytes) })
		allocs := col(func(r benchenv.StreamResult) float64 { return float64(r.Allocs) })
		ret := col(func(r benchenv.StreamResult) float64 { return float64(r.Retained) })
		rss := col(func(r benchenv.StreamResult) float64 { return float64(r.PeakRSS) })
		key := s.label + " " + rs[0].File
		med[key] = map[string]float64{"secs": secs, "alloc": alloc, "ret": ret, "rss": rss}
		fmt.Fprintf(&b, "| %s | %s (%s) | %.3f s | %s | %s | %s | %s |\n", s.label, rs[0].File, mib(float64(rs[0].FileBytes)),
			secs, mib(alloc), strconv.FormatFloat(allocs, 'f', 0, 64), mib(ret), mib(rss))
	}
	b.WriteString("\n")
	get := func(label, file, k string) float64 { return med[label+" "+file][k] }
	js := "md-" + strconv.Itoa(mb) + ".json"
	pbf := "md-" + strconv.Itoa(mb) + ".pb"
	oas, pb := get("oasgen DecodeJSON from io.Reader", js, "secs"), get("protobuf ReadFile+Unmarshal", pbf, "secs")
	ret := get("oasgen DecodeJSON from io.Reader", js, "ret")
	alloc := get("oasgen DecodeJSON from io.Reader", js, "alloc")
	rss := get("oasgen DecodeJSON from io.Reader", js, "rss")
	v1 := get("encoding/json v1 Decoder", js, "secs")
	fmt.Fprintf(&b, "Targets (issue 5), from the medians above:\n\n")
	fmt.Fprintf(&b, "- full decode from an io.Reader within 1.5x protobuf's time: %.2fx (%s); %.1fx faster than encoding/json v1.\n", oas/pb, met(oas <= 1.5*pb), v1/oas)
	fmt.Fprintf(&b, "- bytes allocated at most 1.2x the retained size: %.2fx (%s).\n", alloc/ret, met(alloc <= 1.2*ret))
	fmt.Fprintf(&b, "- peak RSS at most the retained size + 32 MiB: %s vs %s (%s).\n", mib(rss), mib(ret+32<<20), met(rss <= ret+32<<20))
	if each := get("oasgen iterate (DecodeEach)", js, "secs"); each > 0 {
		fmt.Fprintf(&b, "- streamed decoding (DecodeEach) at most 0.8x protobuf's full decode (issue 44): %.2fx (%s).\n", each/pb, met(each <= 0.8*pb))
	}
	for _, f := range []string{js, "md-" + strconv.Itoa(big) + ".json"} {
		if r := get("oasgen iterate (DecodeEach)", f, "rss"); r > 0 {
			fmt.Fprintf(&b, "- iteration peak RSS at most 16 MiB on %s: %s (%s).\n", f, mib(r), met(r <= 16<<20))
		}
	}
	return b.String()
}

func met(ok bool) string {
	if ok {
		return "met"
	}
	return "missed"
}

func rewrite(doc, md string) {
	b, err := os.ReadFile(doc)
	check(err)
	s := string(b)
	i, j := strings.Index(s, beginMarker), strings.Index(s, endMarker)
	if i < 0 || j < i {
		log.Fatalf("%s has no %s ... %s section", doc, beginMarker, endMarker)
	}
	s = s[:i+len(beginMarker)] + "\n" + md + s[j:]
	check(os.WriteFile(doc, []byte(s), 0o644))
	log.Printf("rewrote the streaming section of %s", doc)
}

func runCmd(dir string, env []string, stdout *bytes.Buffer, name string, args ...string) {
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Stderr = dir, os.Stderr
	cmd.Env = append(os.Environ(), env...)
	if stdout != nil {
		cmd.Stdout = stdout
	} else {
		cmd.Stdout = os.Stderr
	}
	if err := cmd.Run(); err != nil {
		log.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
	}
}

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
