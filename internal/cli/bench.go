package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/oasgen/oasgen/internal/build"
	"github.com/oasgen/oasgen/internal/gen"
	"github.com/oasgen/oasgen/internal/ir"
	"github.com/oasgen/oasgen/internal/spec"
)

const benchUsage = `Usage: oasgen bench [-i SPEC | SPEC] --schema NAME --data FILE.json [flags]

Benchmarks decoding and encoding FILE.json as schema NAME with the code
oasgen generates, against encoding/json on equivalent plain structs. The
schema is generated into a temporary Go module, built with the go command
and run with go test's benchmarks; the table shows the median of each
column over --count rounds.

`

// benchConfig is what oasgen bench was asked to do.
type benchConfig struct {
	spec, schema, data string
	count              int
	benchtime          string
	keep               bool
}

func runBench(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c benchConfig
	fs.StringVar(&c.spec, "i", "", "the OpenAPI spec, YAML or JSON")
	fs.StringVar(&c.schema, "schema", "", "the schema: its name under components/schemas, or its Go type name")
	fs.StringVar(&c.data, "data", "", "a file holding one JSON value of the schema")
	fs.IntVar(&c.count, "count", 6, "rounds; each column shows its median over them")
	fs.StringVar(&c.benchtime, "benchtime", "1s", "run time of each benchmark in each round, as go test's -benchtime (500ms, 10000x)")
	fs.BoolVar(&c.keep, "keep", false, "keep the temporary module and print where it is")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), benchUsage)
		fs.PrintDefaults()
	}
	rest, err := parseArgs(fs, args)
	if err != nil {
		return badFlags(fs, err, stderr)
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "oasgen bench: "+format+"\n", a...)
		return exitUsage
	}
	if c.spec, err = specArg(c.spec, rest); err != nil {
		return usageErr("%v", err)
	}
	switch {
	case c.spec == "":
		return usageErr("a spec is required: -i SPEC or SPEC")
	case c.schema == "":
		return usageErr("--schema NAME is required")
	case c.data == "":
		return usageErr("--data FILE.json is required")
	case c.count < 1:
		return usageErr("--count must be at least 1, not %d", c.count)
	case !validBenchtime(c.benchtime):
		return usageErr("--benchtime %q is neither a duration (1s, 500ms) nor a count (1000x)", c.benchtime)
	}

	goCmd, err := exec.LookPath("go")
	if err != nil {
		fmt.Fprintln(stderr, "oasgen bench: the go command is not on PATH; bench builds and runs the generated code with it, so install Go 1.26 or later (https://go.dev/dl/) or add its bin directory to PATH")
		return exitSpec
	}
	p, err := load(c.spec, build.Options{})
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitSpec
	}
	d, err := findSchema(p, c.schema)
	if err != nil {
		fmt.Fprintf(stderr, "oasgen bench: %v\n", err)
		return exitUsage
	}
	for _, w := range p.Diagnostics {
		fmt.Fprintln(stderr, "warning:", w)
	}
	payload, err := os.ReadFile(c.data)
	if err != nil {
		fmt.Fprintln(stderr, "oasgen bench:", err)
		return exitSpec
	}
	env, err := readGoEnv(goCmd)
	if err != nil {
		fmt.Fprintln(stderr, "oasgen bench:", err)
		return exitSpec
	}
	bi, _ := debug.ReadBuildInfo()
	src, err := findRuntime(thisFile(), env, bi)
	if err != nil {
		fmt.Fprintln(stderr, "oasgen bench:", err)
		return exitSpec
	}
	files, err := benchModuleFiles(p, d, payload, src, benchModule)
	if err != nil {
		fmt.Fprintln(stderr, "oasgen bench:", err)
		return exitSpec
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	b := &benchRun{
		cfg: c, goCmd: goCmd, goVersion: env.GOVERSION, decl: d, src: src, payloadLen: len(payload),
		mirrored: files["api/plain/plain_gen.go"] != nil,
		progress: newProgress(stderr), stdout: stdout, stderr: stderr,
	}
	dir, err := os.MkdirTemp("", "oasgen-bench-")
	if err != nil {
		fmt.Fprintln(stderr, "oasgen bench:", err)
		return exitSpec
	}
	b.dir = dir
	code := b.run(ctx, files)
	b.progress.done()
	switch {
	case c.keep || b.keepDir:
		fmt.Fprintf(stderr, "oasgen bench: the module is in %s (cd there and run: go test -run '^$' -bench . -benchmem)\n", dir)
	default:
		if err := os.RemoveAll(dir); err != nil {
			fmt.Fprintln(stderr, "oasgen bench:", err)
		}
	}
	return code
}

// validBenchtime reports whether go test accepts s as -benchtime.
func validBenchtime(s string) bool {
	if n, ok := strings.CutSuffix(s, "x"); ok {
		v, err := strconv.Atoi(n)
		return err == nil && v > 0
	}
	d, err := time.ParseDuration(s)
	return err == nil && d > 0
}

// benchRun is one run of oasgen bench, from the files of the temporary
// module to the table.
type benchRun struct {
	cfg        benchConfig
	goCmd      string
	dir        string
	decl       ir.Decl
	src        runtimeSource
	payloadLen int
	mirrored   bool
	progress   *progress
	stdout     io.Writer
	stderr     io.Writer
	// keepDir is set when the module shows a failure worth reading: a
	// build that failed.
	keepDir bool
	// goVersion is the go command's.
	goVersion string
	// platform and cpu come from go test's header lines.
	goos, goarch, cpu string
}

// goCommand prepares a command in the temporary module: the user's
// workspace is not ours (GOWORK=off), go.sum is filled in as needed, and
// the test binary is built for this machine (the one oasgen runs on), not
// for a GOOS or GOARCH set for cross-compiling.
func (b *benchRun) goCommand(ctx context.Context, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = b.dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"),
		"GOOS="+runtime.GOOS, "GOARCH="+runtime.GOARCH)
	return cmd
}

func (b *benchRun) fail(format string, a ...any) int {
	b.progress.done()
	fmt.Fprintf(b.stderr, "oasgen bench: "+format+"\n", a...)
	return exitSpec
}

func (b *benchRun) run(ctx context.Context, files map[string][]byte) int {
	if err := writeTree(b.dir, files); err != nil {
		return b.fail("%v", err)
	}
	b.progress.show("building the benchmark (go test -c) with %s", b.src)
	build := b.goCommand(ctx, b.goCmd, "test", "-c", "-o", "bench.test", ".")
	if out, err := build.CombinedOutput(); err != nil {
		if ctx.Err() != nil {
			return b.fail("interrupted")
		}
		// Keep the module: the generated code or the go.mod that failed
		// is what the user needs to see.
		b.keepDir = true
		hint := ""
		if b.src.Dir == "" {
			hint = fmt.Sprintf("\nthe module needs %s %s: offline, the module cache must hold it (run once online: go mod download %s@%s)", oasgenModule, b.src.Version, oasgenModule, b.src.Version)
		}
		return b.fail("go test -c failed: %v\n%s%s", err, bytes.TrimSpace(out), hint)
	}

	b.progress.show("checking that %s decodes as %s", b.cfg.data, b.decl.Name())
	out, err := b.goCommand(ctx, filepath.Join(b.dir, "bench.test"), "-test.run=^TestPayload$").CombinedOutput()
	check, ok := parseCheck(out)
	if !ok {
		if ctx.Err() != nil {
			return b.fail("interrupted")
		}
		return b.fail("checking the payload: %v\n%s", err, bytes.TrimSpace(out))
	}
	if check.Err != "" {
		b.progress.done()
		fmt.Fprintf(b.stderr, "%s: %s\n", b.position(check.Offset), check.Err)
		fmt.Fprintf(b.stderr, "oasgen bench: %s does not decode as schema %s, so nothing was benchmarked\n", b.cfg.data, b.decl.Name())
		return exitSpec
	}
	if check.EncodeErr != "" {
		return b.fail("%s decodes as %s but does not encode again: %s", b.cfg.data, b.decl.Name(), check.EncodeErr)
	}
	var notes []string
	if !b.mirrored {
		notes = append(notes, fmt.Sprintf("%s has no plain encoding/json mirror (it is or holds a oneOf/anyOf, a property with a default, or a property name a struct tag cannot spell): only oasgen is measured.", b.decl.Name()))
	} else if check.PlainErr != "" {
		notes = append(notes, fmt.Sprintf("encoding/json rejects the payload for the plain structs (%s): only oasgen is measured.", check.PlainErr))
		b.mirrored = false
	} else if check.Differ >= 0 {
		notes = append(notes, fmt.Sprintf("the two libraries encode the decoded value differently (%d and %d bytes, first difference at byte %d), so the encode rows do not do the same work; properties beyond the declared ones are the usual cause, as the plain structs drop them.", check.Encoded, check.PlainEncoded, check.Differ))
	}

	results := map[string][]benchResult{}
	benches := b.benches()
	for round := 1; round <= b.cfg.count; round++ {
		for i, bn := range benches {
			b.progress.show("round %d/%d: %s %s (%d/%d)", round, b.cfg.count, bn.op, bn.lib, (round-1)*len(benches)+i+1, b.cfg.count*len(benches))
			res, err := b.bench(ctx, bn.fn)
			if err != nil {
				return b.fail("%s: %v", bn.fn, err)
			}
			results[bn.fn] = append(results[bn.fn], res)
		}
	}
	b.progress.done()
	b.table(results, benches, notes)
	return exitOK
}

// benches returns the benchmarks to run: encoding/json's only when the
// schema has a plain mirror that accepts the payload.
func (b *benchRun) benches() []benchName {
	var out []benchName
	for _, bn := range benchNames {
		if bn.lib == "oasgen" || b.mirrored {
			out = append(out, bn)
		}
	}
	return out
}

// bench runs one benchmark once. Each is a process of its own, so the
// rounds interleave the libraries and a slow phase of the machine is shared
// by both rather than falling on one.
func (b *benchRun) bench(ctx context.Context, fn string) (benchResult, error) {
	cmd := b.goCommand(ctx, filepath.Join(b.dir, "bench.test"),
		"-test.run=^$", "-test.bench=^"+fn+"$", "-test.benchmem",
		"-test.benchtime="+b.cfg.benchtime, "-test.count=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		if ctx.Err() != nil {
			return benchResult{}, errors.New("interrupted")
		}
		return benchResult{}, fmt.Errorf("%v\n%s", err, bytes.TrimSpace(out))
	}
	var res benchResult
	found := false
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		if k, v, ok := strings.Cut(line, ": "); ok {
			switch k {
			case "goos":
				b.goos = v
			case "goarch":
				b.goarch = v
			case "cpu":
				b.cpu = v
			}
		}
		if name, r, ok := parseBenchLine(line); ok && name == fn {
			res, found = r, true
		}
	}
	if !found {
		return res, fmt.Errorf("no result in the output:\n%s", bytes.TrimSpace(out))
	}
	return res, nil
}

// position turns a byte offset of the payload into file:line:col (columns
// count bytes from 1).
func (b *benchRun) position(offset int64) string {
	if offset < 0 {
		return b.cfg.data
	}
	data, err := os.ReadFile(filepath.Join(b.dir, "payload.json"))
	if err != nil || offset > int64(len(data)) {
		return b.cfg.data
	}
	before := data[:offset]
	line := bytes.Count(before, []byte("\n")) + 1
	col := int(offset) - bytes.LastIndexByte(before, '\n')
	return fmt.Sprintf("%s:%d:%d", b.cfg.data, line, col)
}

// parseCheck finds the line TestPayload prints.
func parseCheck(out []byte) (payloadCheck, bool) {
	var c payloadCheck
	for _, line := range strings.Split(string(out), "\n") {
		if rest, ok := strings.CutPrefix(line, checkPrefix); ok {
			return c, json.Unmarshal([]byte(rest), &c) == nil
		}
	}
	return c, false
}

// findSchema finds the declaration the user named, by its name under
// components/schemas or by its Go name. A schema that only refers to
// another is that other.
func findSchema(p *ir.Package, name string) (ir.Decl, error) {
	var found ir.Decl
	var names []string
	for _, d := range p.Decls {
		ptr, _ := d.Origin()
		comp, isComp := componentName(ptr)
		if isComp {
			names = append(names, comp)
		}
		if d.Name() != comp {
			names = append(names, d.Name())
		}
		if found == nil && isComp && comp == name {
			found = d
		}
	}
	if found == nil {
		for _, d := range p.Decls {
			if d.Name() == name {
				found = d
				break
			}
		}
	}
	if found == nil {
		if len(p.Decls) == 0 {
			return nil, fmt.Errorf("no schema %q: the spec has no schemas", name)
		}
		close := closeNames(name, names, 5)
		if len(close) == 0 {
			sort.Strings(names)
			if len(names) > 10 {
				return nil, fmt.Errorf("no schema %q, nor one with a close name; the spec has %d, among them %s", name, len(names), strings.Join(names[:10], ", "))
			}
			return nil, fmt.Errorf("no schema %q; the spec has %s", name, strings.Join(names, ", "))
		}
		return nil, fmt.Errorf("no schema %q; close names: %s", name, strings.Join(close, ", "))
	}
	for {
		a, ok := found.(*ir.Alias)
		if !ok {
			break
		}
		if r, ok := a.Type.(*ir.Ref); ok {
			found = r.Decl
			continue
		}
		if gen.DefinesType(a) {
			break
		}
		ptr, _ := a.Origin()
		return nil, fmt.Errorf("schema %s (%s) is a Go type with JSON methods of its own (a format such as date-time, or x-go-type), not generated code: there is nothing of oasgen's to measure", name, ptr)
	}
	return found, nil
}

// componentName returns NAME for the pointer #/components/schemas/NAME.
func componentName(ptr string) (string, bool) {
	rest, ok := strings.CutPrefix(ptr, "#/components/schemas/")
	if !ok || strings.Contains(rest, "/") {
		return "", false
	}
	return strings.NewReplacer("~1", "/", "~0", "~").Replace(rest), true
}

// closeNames returns up to n of names that are close to name: within an
// edit distance of a third of its length (at least 2), ignoring case, or
// holding it or held by it; closest first.
func closeNames(name string, names []string, n int) []string {
	type cand struct {
		name string
		dist int
	}
	low := strings.ToLower(name)
	limit := max(2, len([]rune(name))/3)
	seen := map[string]bool{}
	var cands []cand
	for _, n := range names {
		if seen[n] {
			continue
		}
		seen[n] = true
		ln := strings.ToLower(n)
		d := spec.EditDistance(low, ln)
		if d > limit && !strings.Contains(ln, low) && !strings.Contains(low, ln) {
			continue
		}
		cands = append(cands, cand{n, d})
	}
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].dist != cands[j].dist {
			return cands[i].dist < cands[j].dist
		}
		return cands[i].name < cands[j].name
	})
	var out []string
	for i := 0; i < len(cands) && i < n; i++ {
		out = append(out, cands[i].name)
	}
	return out
}

// progress shows what oasgen bench is doing on one line of a terminal,
// rewritten in place, or as one line per step elsewhere.
type progress struct {
	w     io.Writer
	tty   bool
	start time.Time
	shown bool
}

func newProgress(w io.Writer) *progress {
	p := &progress{w: w, start: time.Now()}
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			p.tty = true
		}
	}
	return p
}

func (p *progress) show(format string, a ...any) {
	msg := fmt.Sprintf("oasgen bench: "+format, a...)
	if p.tty {
		fmt.Fprintf(p.w, "\r\033[K%s [%s]", msg, time.Since(p.start).Round(time.Second))
		p.shown = true
		return
	}
	fmt.Fprintln(p.w, msg)
}

// done clears the line on a terminal.
func (p *progress) done() {
	if p.tty && p.shown {
		fmt.Fprint(p.w, "\r\033[K")
		p.shown = false
	}
}
