package cli

import (
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/oasgen/oasgen/internal/build"
	"github.com/oasgen/oasgen/internal/gen"
	"github.com/oasgen/oasgen/internal/spec"
)

// The spec fuzzer (docs/testing.md): random specs from randspec_test.go
// go through internal/spec, internal/build and internal/gen in process.
// Generation must not panic and must name the place of every error;
// what it generates must compile and vet.
var (
	specFuzzN       = flag.Int("specfuzz.n", 300, "how many random specs TestSpecFuzz generates in process")
	specFuzzCompile = flag.Int("specfuzz.compile", 40, "how many random specs TestSpecFuzzCompile generates, builds and vets")
	specFuzzSeed    = flag.Uint64("specfuzz.seed", 1, "the first seed of TestSpecFuzz and TestSpecFuzzCompile")
	specFuzzVerbose = flag.Bool("specfuzz.v", false, "print each seed of TestSpecFuzz as it runs, with its time and outcome")
	specFuzzBatch   = flag.Int("specfuzz.batch", 150, "how many packages TestSpecFuzzCompile vets in one go command")
)

// positioned matches an error that names the place in the spec.
var positioned = regexp.MustCompile(`(?m)^\S+:\d+:\d+: \S`)

// fuzzCase is a random spec and the options it is generated with.
type fuzzCase struct {
	src   []byte
	parts gen.Parts
	opts  build.Options
	// split puts the models into three packages (gen.Options.ModelPackages)
	// below fuzzModule/<package>.
	split bool
}

// fuzzModule is the module path TestSpecFuzzCompile builds the packages in.
const fuzzModule = "example.com/random"

// fuzzCase draws a spec and its options: every third spec without the
// server, every fifth without the client (each part must build without
// the other), now and then models only, unchecked patterns, formats as
// annotations or the models split into packages.
func (g *specGen) fuzzCase() fuzzCase {
	c := fuzzCase{src: g.document()}
	switch g.intn(8) {
	case 0, 1:
		c.parts = gen.Models | gen.Client
	case 2:
		c.parts = gen.Models | gen.Server
	case 3:
		c.parts = gen.Models
	}
	c.opts.UncheckedPatterns = g.chance(6)
	c.opts.FormatAnnotations = g.chance(8)
	c.split = g.chance(4)
	return c
}

// fuzzOutcome is what generating a fuzzCase gave.
type fuzzOutcome struct {
	files []gen.File
	err   error
	panic string // the value and stack of a panic, "" without one
	hung  bool   // generation did not end in caseTimeout (panic says so)
}

// failure says what is wrong with the outcome, "" when nothing is: a
// panic, or an error that does not name its place.
func (o fuzzOutcome) failure() string {
	switch {
	case o.panic != "":
		return "the generator panicked: " + o.panic
	case o.err != nil && !positioned.MatchString(o.err.Error()):
		return "an error without a position: " + o.err.Error()
	}
	return ""
}

// caseTimeout bounds the generation of one random spec: the biggest take
// a few hundred milliseconds, so one that runs this long loops.
const caseTimeout = 20 * time.Second

// generateCase generates c as package pkg, in process, recovering a
// panic; a generation that does not end in caseTimeout is a failure,
// its goroutine left running (so the tests stop there, and a hang is not
// minimized).
func generateCase(c fuzzCase, pkg string) fuzzOutcome {
	done := make(chan fuzzOutcome, 1)
	go func() { done <- generateNow(c, pkg) }()
	select {
	case out := <-done:
		return out
	case <-time.After(caseTimeout):
		return fuzzOutcome{panic: fmt.Sprintf("generation did not end in %v", caseTimeout), hung: true}
	}
}

// generateNow is generateCase on the caller's goroutine.
func generateNow(c fuzzCase, pkg string) (out fuzzOutcome) {
	defer func() {
		if r := recover(); r != nil {
			out.panic = fmt.Sprintf("%v\n%s", r, debug.Stack())
		}
	}()
	s, err := spec.Parse("spec.json", c.src)
	if err != nil {
		return fuzzOutcome{err: err}
	}
	p, err := build.Package(s, c.opts)
	if err != nil {
		return fuzzOutcome{err: err}
	}
	opts := gen.Options{Package: pkg, Version: Version(), Parts: c.parts}
	if c.split {
		opts.ModelPackages, opts.ImportPath = 3, fuzzModule+"/"+pkg
	}
	files, err := gen.Generate(p, opts)
	return fuzzOutcome{files: files, err: err}
}

// panicSite is the first line of a panic's value, what a minimized spec
// must still cause.
func panicSite(p string) string {
	first, _, _ := strings.Cut(p, "\n")
	return first
}

// TestSpecFuzz generates -specfuzz.n random specs from -specfuzz.seed
// on, in process: no panics, every error positioned. A failure prints the
// seed and the spec minimized to what still fails the same way.
func TestSpecFuzz(t *testing.T) {
	n := *specFuzzN
	if testing.Short() {
		n = min(n, 50)
	}
	generated := 0
	for seed := *specFuzzSeed; seed < *specFuzzSeed+uint64(n); seed++ {
		c := newSpecGen(seed).fuzzCase()
		start := time.Now()
		out := generateCase(c, "r")
		if *specFuzzVerbose {
			fmt.Fprintf(os.Stderr, "seed %d: %v %d bytes err=%v panic=%.200q\n", seed, time.Since(start), len(c.src), out.err, out.panic)
		}
		if out.hung {
			t.Fatalf("seed %d: %s\nspec:\n%s", seed, out.panic, c.src)
		}
		if msg := out.failure(); msg != "" {
			t.Errorf("seed %d: %s\nminimized spec:\n%s", seed, msg, minimizeCase(c, sameFailure(out)))
			continue
		}
		if out.err == nil {
			generated++
		}
	}
	// Most random specs must generate: otherwise the test checks little.
	if generated < n*3/4 {
		t.Errorf("only %d of %d random specs generated", generated, n)
	}
	t.Logf("%d of %d random specs generated (seeds %d to %d)", generated, n, *specFuzzSeed, *specFuzzSeed+uint64(n)-1)
}

// sameFailure returns the test a minimized spec must still fail: a panic
// with the same first line, or an unpositioned error.
func sameFailure(out fuzzOutcome) func(fuzzOutcome) bool {
	if out.panic != "" {
		site := panicSite(out.panic)
		return func(o fuzzOutcome) bool { return o.panic != "" && panicSite(o.panic) == site }
	}
	return func(o fuzzOutcome) bool { return o.panic == "" && o.failure() != "" }
}

// TestSpecFuzzCompile generates -specfuzz.compile random specs (seeds
// from -specfuzz.seed on, drawn apart from TestSpecFuzz's by a constant),
// each a package of one scratch module, and vets the module -specfuzz.batch
// packages per go command: what the generator writes must build and vet.
// A package that does not is printed with its seed and spec; it becomes a
// golden case when fixed.
func TestSpecFuzzCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	dir := scratchModule(t, fuzzModule)
	cases := map[string]fuzzCase{}
	var batch []string
	vet := func() {
		if len(batch) == 0 {
			return
		}
		args := []string{"vet"}
		for _, pkg := range batch {
			args = append(args, "./"+pkg+"/...")
		}
		if out, err := goIn(dir, args...); err != nil {
			reportBuild(t, cases, out)
		}
		batch = batch[:0]
	}
	generated := 0
	for i := range uint64(*specFuzzCompile) {
		seed := compileSeed(*specFuzzSeed + i)
		c := newSpecGen(seed).fuzzCase()
		pkg := fmt.Sprintf("r%d", seed)
		out := generateCase(c, pkg)
		if out.hung {
			t.Fatalf("seed %d: %s\nspec:\n%s", seed, out.panic, c.src)
		}
		if msg := out.failure(); msg != "" {
			t.Errorf("seed %d: %s\nminimized spec:\n%s", seed, msg, minimizeCase(c, sameFailure(out)))
			continue
		}
		if out.err != nil {
			continue
		}
		generated++
		if err := WriteFiles(filepath.Join(dir, pkg), out.files); err != nil {
			t.Fatal(err)
		}
		cases[pkg] = c
		batch = append(batch, pkg)
		if len(batch) == *specFuzzBatch {
			vet()
		}
	}
	vet()
	if generated < *specFuzzCompile*3/4 {
		t.Errorf("only %d of %d random specs generated", generated, *specFuzzCompile)
	}
	t.Logf("%d of %d random specs generated, built and vetted", generated, *specFuzzCompile)
}

// compileSeed is the seed of TestSpecFuzzCompile's i-th spec: apart from
// TestSpecFuzz's, so the two tests together try more specs.
func compileSeed(i uint64) uint64 { return 1<<32 + i }

// vetPackage matches the lines of go vet's output that name a package
// directory of the scratch module: "# example.com/random/r12" or
// "r12/oas_json_gen.go:3:4: ...".
var vetPackage = regexp.MustCompile(`(?m)(?:^# example\.com/random/|^(?:\./)?)(r\d+)\b`)

// reportBuild fails t for each package go vet's output names, with its
// seed and spec.
func reportBuild(t *testing.T, cases map[string]fuzzCase, out string) {
	t.Helper()
	var pkgs []string
	for _, m := range vetPackage.FindAllStringSubmatch(out, -1) {
		if !slices.Contains(pkgs, m[1]) {
			pkgs = append(pkgs, m[1])
		}
	}
	if len(pkgs) == 0 {
		t.Errorf("go vet failed:\n%s", out)
		return
	}
	for _, pkg := range pkgs {
		var lines []string
		for _, l := range strings.Split(out, "\n") {
			if strings.Contains(l, pkg+"/") || strings.HasSuffix(l, "/"+pkg) {
				lines = append(lines, l)
			}
		}
		c := cases[pkg]
		t.Errorf("seed %s (parts %d, split %v, options %+v): generated code does not build or vet:\n%s\nspec:\n%s", strings.TrimPrefix(pkg, "r"), c.parts, c.split, c.opts, strings.Join(lines, "\n"), c.src)
	}
}

// FuzzSpec is the spec fuzzer under Go's fuzzing: the fuzzer's bytes are
// the generator's choices (8 bytes are a seed of the deterministic loop),
// so coverage guidance steers the specs. It generates in process without
// compiling: no panics, every error positioned.
//
//	go test ./internal/cli -run '^$' -fuzz FuzzSpec -fuzztime 5m
func FuzzSpec(f *testing.F) {
	for seed := range uint64(16) {
		f.Add(binary.LittleEndian.AppendUint64(nil, seed))
	}
	f.Add([]byte{})
	f.Add([]byte("\x01\x02\x03\x04\x05\x06\x07\x08\x09"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c := newBytesSpecGen(data).fuzzCase()
		out := generateCase(c, "r")
		if out.hung {
			t.Fatalf("%s\nspec:\n%s", out.panic, c.src)
		}
		if msg := out.failure(); msg != "" {
			t.Fatalf("%s\nminimized spec:\n%s", msg, minimizeCase(c, sameFailure(out)))
		}
	})
}

// minimizeCase shrinks c's spec while fails holds for what it generates,
// and returns it as indented JSON: members of objects and items of arrays
// are dropped one at a time, and subtrees replaced by {} or their own
// children, until no step keeps the failure (or a budget of attempts runs
// out).
func minimizeCase(c fuzzCase, fails func(fuzzOutcome) bool) string {
	var doc any
	if err := json.Unmarshal(c.src, &doc); err != nil {
		return string(c.src)
	}
	budget := 3000
	try := func(candidate any) bool {
		if budget <= 0 {
			return false
		}
		budget--
		src, err := json.Marshal(candidate)
		if err != nil {
			return false
		}
		d := c
		d.src = src
		out := generateCase(d, "r")
		return !out.hung && fails(out)
	}
	// After each step the paths are taken again from the smaller
	// document, going on from about where the step was.
	for i := 0; budget > 0; {
		ps := paths(doc, nil)
		if i >= len(ps) {
			break
		}
		shrunk := false
		for ; i < len(ps) && !shrunk; i++ {
			for _, next := range shrinks(doc, ps[i]) {
				if try(next) {
					doc, shrunk = next, true
					break
				}
			}
		}
		if !shrunk {
			break
		}
		i = max(0, i-2)
	}
	out, _ := json.MarshalIndent(doc, "", "  ")
	return fmt.Sprintf("%s\n(parts %d, options %+v)", out, c.parts, c.opts)
}

// paths returns the paths to every value in v, deepest first, so that
// shrinking removes leaves before it tries their parents.
func paths(v any, at []any) [][]any {
	var out [][]any
	switch v := v.(type) {
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(v)) {
			out = append(out, paths(v[k], append(slices.Clip(at), k))...)
		}
	case []any:
		for i := range v {
			out = append(out, paths(v[i], append(slices.Clip(at), i))...)
		}
	}
	if len(at) > 0 {
		out = append(out, at)
	}
	return out
}

// shrinks returns copies of doc with the value at path dropped, replaced
// by {}, or replaced by one of its own children.
func shrinks(doc any, path []any) []any {
	var out []any
	if d, ok := edit(doc, path, nil, true); ok {
		out = append(out, d)
	}
	v := get(doc, path)
	if m, ok := v.(map[string]any); ok && len(m) > 0 {
		if d, ok := edit(doc, path, map[string]any{}, false); ok {
			out = append(out, d)
		}
	}
	switch v := v.(type) {
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(v)) {
			if child, ok := v[k].(map[string]any); ok {
				if d, ok := edit(doc, path, child, false); ok {
					out = append(out, d)
				}
			}
		}
	case []any:
		for _, child := range v {
			if d, ok := edit(doc, path, child, false); ok {
				out = append(out, d)
			}
		}
	}
	return out
}

// get returns the value at path in v.
func get(v any, path []any) any {
	for _, step := range path {
		switch s := step.(type) {
		case string:
			v = v.(map[string]any)[s]
		case int:
			v = v.([]any)[s]
		}
	}
	return v
}

// edit returns a copy of v with the value at path replaced by with, or
// dropped; the copy shares what it does not change.
func edit(v any, path []any, with any, drop bool) (any, bool) {
	if len(path) == 0 {
		return with, !drop
	}
	switch s := path[0].(type) {
	case string:
		m := v.(map[string]any)
		c := make(map[string]any, len(m))
		for k, x := range m {
			c[k] = x
		}
		if len(path) == 1 && drop {
			delete(c, s)
			return c, true
		}
		x, ok := edit(m[s], path[1:], with, drop)
		c[s] = x
		return c, ok
	case int:
		a := v.([]any)
		if len(path) == 1 && drop {
			return append(slices.Clip(a[:s]), a[s+1:]...), true
		}
		c := slices.Clone(a)
		x, ok := edit(a[s], path[1:], with, drop)
		c[s] = x
		return c, ok
	}
	return v, false
}

// specFuzzWrite names a seed whose spec TestSpecFuzzWrite writes to a
// file, for a look at one seed:
//
//	go test ./internal/cli -run TestSpecFuzzWrite -specfuzz.write 12 -v
var specFuzzWrite = flag.Uint64("specfuzz.write", 0, "TestSpecFuzzWrite writes the spec of this seed to specfuzz-SEED.json in the temporary directory")

func TestSpecFuzzWrite(t *testing.T) {
	if *specFuzzWrite == 0 {
		t.Skip("-specfuzz.write names no seed")
	}
	c := newSpecGen(*specFuzzWrite).fuzzCase()
	name := filepath.Join(os.TempDir(), fmt.Sprintf("specfuzz-%d.json", *specFuzzWrite))
	if err := os.WriteFile(name, c.src, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s (parts %d, options %+v)", name, c.parts, c.opts)
}

// TestFloatBoundPastFloat32 is a finding of the spec fuzzer that the
// golden cases cannot hold (the differential tests draw numbers near a
// bound, past float32's range): a bound of 1e300 on a float was printed
// as +Inf, which does not compile. A minimum past the largest float32
// rules out every value; a maximum there rules out none.
func TestFloatBoundPastFloat32(t *testing.T) {
	src := `{"openapi": "3.1.1", "info": {"title": "t", "version": "1"}, "paths": {}, "components": {"schemas": {
		"Huge": {"type": "number", "format": "float", "minimum": 1e300},
		"Big": {"type": "number", "format": "float", "maximum": 1e300}}}}`
	out := generateNow(fuzzCase{src: []byte(src)}, "p")
	if out.err != nil || out.panic != "" {
		t.Fatalf("generation failed: %v%s", out.err, out.panic)
	}
	var all strings.Builder
	for _, f := range out.files {
		all.Write(f.Content)
	}
	code := all.String()
	if strings.Contains(code, "Inf") {
		t.Errorf("a bound is printed as Inf")
	}
	if n := strings.Count(code, "no value of the type is within the bound"); n != 2 {
		t.Errorf("Huge is checked as ruling out every value %d times, want 2 (decoder and Validate)", n)
	}
}
