package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/oasgen/oasgen/internal/build"
	"github.com/oasgen/oasgen/internal/ir"
)

const tinySpec = `openapi: 3.0.3
info: {title: tiny, version: "1"}
paths: {}
components:
  schemas:
    Point:
      type: object
      required: [x, y]
      properties:
        x: {type: integer, minimum: 0}
        y: {type: integer}
        label: {type: string, maxLength: 10}
    Shape:
      oneOf:
        - $ref: '#/components/schemas/Point'
        - type: string
    Spot:
      $ref: '#/components/schemas/Point'
    Stamp:
      type: string
      format: date-time
`

// writeTiny writes the tiny spec and the given files into a temporary
// directory and returns its path.
func writeTiny(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files["tiny.yaml"] = tinySpec
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func runCLI(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = Run(args, nil, &out, &errOut)
	return code, out.String(), errOut.String()
}

// TestBenchArgs covers what oasgen bench refuses before it runs the go
// command: flags, the spec, the schema's name and the payload file.
func TestBenchArgs(t *testing.T) {
	dir := writeTiny(t, map[string]string{"p.json": `{"x":1,"y":2}`})
	spec := filepath.Join(dir, "tiny.yaml")
	data := filepath.Join(dir, "p.json")
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"help", []string{"-h"}, exitOK, "Usage: oasgen bench [-i SPEC | SPEC] --schema NAME --data FILE.json"},
		{"no spec", []string{"--schema", "Point", "--data", data}, exitUsage, "oasgen bench: a spec is required: -i SPEC or SPEC\n"},
		{"no schema", []string{"-i", spec, "--data", data}, exitUsage, "oasgen bench: --schema NAME is required\n"},
		{"no data", []string{"-i", spec, "--schema", "Point"}, exitUsage, "oasgen bench: --data FILE.json is required\n"},
		{"count", []string{"-i", spec, "--schema", "Point", "--data", data, "--count", "0"}, exitUsage, "--count must be at least 1, not 0"},
		{"benchtime", []string{"-i", spec, "--schema", "Point", "--data", data, "--benchtime", "1parsec"}, exitUsage, `--benchtime "1parsec" is neither a duration`},
		{"zero iterations", []string{"-i", spec, "--schema", "Point", "--data", data, "--benchtime", "0x"}, exitUsage, `--benchtime "0x"`},
		{"argument", []string{"-i", spec, "--schema", "Point", "--data", data, "extra"}, exitUsage, `the spec is given twice`},
		{"unknown flag", []string{"--nope"}, exitUsage, "oasgen: unknown flag -nope for bench (oasgen help bench)"},
		{"missing spec", []string{"-i", filepath.Join(dir, "none.yaml"), "--schema", "Point", "--data", data}, exitSpec, "none.yaml"},
		{"close names", []string{"-i", spec, "--schema", "point", "--data", data}, exitUsage, "oasgen bench: no schema \"point\"; close names: Point\n"},
		{"one letter off", []string{"-i", spec, "--schema", "ShapeX", "--data", data}, exitUsage, `no schema "ShapeX"; close names: Shape`},
		{"no close name", []string{"-i", spec, "--schema", "Zebra", "--data", data}, exitUsage, `no schema "Zebra"; the spec has Point, Shape, Spot, Stamp`},
		{"not generated", []string{"-i", spec, "--schema", "Stamp", "--data", data}, exitUsage, "schema Stamp (#/components/schemas/Stamp) is a Go type with JSON methods of its own"},
		{"missing data", []string{"-i", spec, "--schema", "Point", "--data", filepath.Join(dir, "none.json")}, exitSpec, "oasgen bench: open " + filepath.Join(dir, "none.json") + ": no such file or directory"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(append([]string{"bench"}, tc.args...)...)
			if code != tc.code || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stderr:\n%s\nwant exit %d and %q", code, stderr, tc.code, tc.want)
			}
			if stdout != "" {
				t.Errorf("stdout: %q", stdout)
			}
		})
	}
}

func TestBenchNoGo(t *testing.T) {
	dir := writeTiny(t, map[string]string{"p.json": `{"x":1,"y":2}`})
	t.Setenv("PATH", t.TempDir())
	code, _, stderr := runCLI("bench", "-i", filepath.Join(dir, "tiny.yaml"), "--schema", "Point", "--data", filepath.Join(dir, "p.json"))
	if code != exitSpec || !strings.Contains(stderr, "oasgen bench: the go command is not on PATH") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
}

func TestFindSchemaFollowsRefs(t *testing.T) {
	dir := writeTiny(t, map[string]string{})
	p, err := load(filepath.Join(dir, "tiny.yaml"), build.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d, err := findSchema(p, "Spot")
	if err != nil {
		t.Fatal(err)
	}
	if d.Name() != "Point" {
		t.Errorf("Spot resolved to %s, want Point", d.Name())
	}
	if got := reachable(p, mustFind(t, p, "Shape")); len(got) != 2 || got[0].Name() != "Point" || got[1].Name() != "Shape" {
		t.Errorf("reachable from Shape: %v", names(got))
	}
	if got := reachable(p, d); len(got) != 1 {
		t.Errorf("reachable from Point: %v", names(got))
	}
}

func mustFind(t *testing.T, p *ir.Package, name string) ir.Decl {
	t.Helper()
	d, err := findSchema(p, name)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func names(ds []ir.Decl) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Name())
	}
	return out
}

func TestCloseNames(t *testing.T) {
	names := []string{"Pet", "PetStatus", "Order", "OrderStatus", "User", "Category", "Tag"}
	for _, tc := range []struct {
		name string
		want string
	}{
		{"pet", "Pet,PetStatus"},
		{"Ordr", "Order"},
		{"Categroy", "Category"},
		{"Status", "PetStatus,OrderStatus"},
		{"Zebra", ""},
	} {
		if got := strings.Join(closeNames(tc.name, names, 5), ","); got != tc.want {
			t.Errorf("closeNames(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestParseBenchLine(t *testing.T) {
	for _, tc := range []struct {
		line string
		name string
		want benchResult
		ok   bool
	}{
		{"BenchmarkDecodeOasgen-2   \t    2951\t       406.2 ns/op\t 167.41 MB/s\t     208 B/op\t       3 allocs/op", "BenchmarkDecodeOasgen", benchResult{406.2, 167.41, 208, 3}, true},
		{"BenchmarkEncodeOasgen \t 100 \t 12.5 ns/op \t 0 B/op \t 0 allocs/op", "BenchmarkEncodeOasgen", benchResult{NsPerOp: 12.5}, true},
		{"BenchmarkX-v2-16 10 1 ns/op", "BenchmarkX-v2", benchResult{NsPerOp: 1}, true},
		{"BenchmarkDecodeOasgen-2   \t--- FAIL: BenchmarkDecodeOasgen-2", "", benchResult{}, false},
		{"goos: linux", "", benchResult{}, false},
		{"PASS", "", benchResult{}, false},
	} {
		name, got, ok := parseBenchLine(tc.line)
		if name != tc.name || got != tc.want || ok != tc.ok {
			t.Errorf("parseBenchLine(%q) = %q, %+v, %v; want %q, %+v, %v", tc.line, name, got, ok, tc.name, tc.want, tc.ok)
		}
	}
}

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		xs          []float64
		med, spread float64
	}{
		{[]float64{5}, 5, 0},
		{[]float64{3, 1, 2}, 2, 0.5},
		{[]float64{10, 40, 20, 30}, 25, 0.6},
		{[]float64{0, 0}, 0, 0},
	} {
		med, spread := median(tc.xs)
		if med != tc.med || spread != tc.spread {
			t.Errorf("median(%v) = %v, %v; want %v, %v", tc.xs, med, spread, tc.med, tc.spread)
		}
	}
	if got := thousands(1234567.6); got != "1,234,568" {
		t.Errorf("thousands = %q", got)
	}
	if got := nsString(12.34); got != "12.3" {
		t.Errorf("nsString = %q", got)
	}
}

// fakeModule writes a go.mod declaring module path and an oasrt/doc.go.
func fakeModule(t *testing.T, dir, path string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(dir, "oasrt"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "internal", "cli"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module "+path+"\n\ngo 1.26.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "oasrt", "doc.go"), []byte("package oasrt\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestFindRuntime(t *testing.T) {
	tmp := t.TempDir()
	checkout := fakeModule(t, filepath.Join(tmp, "src", "oasgen"), oasgenModule)
	cache := filepath.Join(tmp, "mod")
	cached := fakeModule(t, filepath.Join(cache, "github.com", "oasgen", "oasgen@v1.2.3"), oasgenModule)
	other := fakeModule(t, filepath.Join(tmp, "other"), "example.com/other")
	build := func(v string) *debug.BuildInfo {
		return &debug.BuildInfo{Main: debug.Module{Path: oasgenModule, Version: v}}
	}
	in := func(root string) string { return filepath.Join(root, "internal", "cli", "benchmod.go") }
	for _, tc := range []struct {
		name   string
		caller string
		env    goEnv
		bi     *debug.BuildInfo
		want   runtimeSource
	}{
		{"checkout", in(checkout), goEnv{GOMODCACHE: cache}, build("(devel)"), runtimeSource{Dir: checkout}},
		{"checkout, stamped", in(checkout), goEnv{GOMODCACHE: cache}, build("v0.0.0-20261123133920-a09f38e12345+dirty"), runtimeSource{Dir: checkout}},
		{"trimpath, in a checkout", "github.com/oasgen/oasgen/internal/cli/benchmod.go", goEnv{GOMOD: filepath.Join(checkout, "go.mod"), GOMODCACHE: cache}, build("(devel)"), runtimeSource{Dir: checkout}},
		{"installed release", in(cached), goEnv{GOMODCACHE: cache}, build("v1.2.3"), runtimeSource{Version: "v1.2.3"}},
		{"trimpath release", "github.com/oasgen/oasgen/internal/cli/benchmod.go", goEnv{GOMOD: os.DevNull, GOMODCACHE: cache}, build("v1.2.3-rc.1"), runtimeSource{Version: "v1.2.3-rc.1"}},
		{"cache copy, not a release", in(cached), goEnv{GOMODCACHE: cache}, build("v0.0.0-20261123133920-a09f38e12345"), runtimeSource{Dir: cached}},
		{"another module", in(other), goEnv{GOMOD: filepath.Join(other, "go.mod"), GOMODCACHE: cache}, build("v1.0.0"), runtimeSource{Version: "v1.0.0"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := findRuntime(tc.caller, tc.env, tc.bi)
			if err != nil || got != tc.want {
				t.Errorf("got %+v, %v; want %+v", got, err, tc.want)
			}
		})
	}
	for _, v := range []string{"(devel)", "v0.0.0-20261123133920-a09f38e12345", "v1.2.3+dirty", ""} {
		_, err := findRuntime("github.com/oasgen/oasgen/internal/cli/benchmod.go", goEnv{GOMOD: filepath.Join(other, "go.mod")}, build(v))
		if err == nil || !strings.Contains(err.Error(), "run oasgen bench inside the oasgen checkout") {
			t.Errorf("version %q: err %v", v, err)
		}
	}
	// This test binary was compiled from this checkout.
	root, _ := filepath.Abs("../..")
	if got, err := findRuntime(thisFile(), goEnv{}, nil); err != nil || got.Dir != root {
		t.Errorf("from the test binary: %+v, %v; want %s", got, err, root)
	}
}

// TestBenchBadPayload runs the go command: the payload is checked by the
// generated decoder, in the temporary module. Like TestBenchRun it takes
// about a second once the build cache holds the runtime, so -short does not
// skip it.
func TestBenchBadPayload(t *testing.T) {
	dir := writeTiny(t, map[string]string{"bad.json": "{\n  \"y\": 2,\n  \"x\": -1\n}\n"})
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	code, stdout, stderr := runCLI("bench", "-i", filepath.Join(dir, "tiny.yaml"), "--schema", "Point", "--data", filepath.Join(dir, "bad.json"))
	want := filepath.Join(dir, "bad.json") + `:3:8: $.x: -1 is less than minimum 0 (offset 19)
oasgen bench: ` + filepath.Join(dir, "bad.json") + ` does not decode as schema Point, so nothing was benchmarked
`
	if code != exitSpec || !strings.HasSuffix(stderr, want) {
		t.Errorf("exit %d, stderr:\n%s\nwant it to end with:\n%s", code, stderr, want)
	}
	if stdout != "" {
		t.Errorf("stdout: %q", stdout)
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// rowPattern matches a row of the table: operation, library, ns/op, MB/s,
// B/op, allocs/op and the speed-up.
var rowPattern = regexp.MustCompile(`(?m)^(decode|encode)  (oasgen|encoding/json) +([0-9,.]+) +([0-9,.]+) +([0-9,]+) +([0-9,]+)(?: +([0-9.]+)x)?$`)

// TestBenchRun benchmarks a tiny schema for real, with one round of 20
// iterations each: under a second per run once the build cache holds the
// runtime, most of it building the test binary. It runs offline: the
// runtime comes from this checkout and needs nothing else.
func TestBenchRun(t *testing.T) {
	t.Setenv("GOPROXY", "off")
	dir := writeTiny(t, map[string]string{
		"point.json": `{"x": 1, "y": 2, "label": "here"}`,
		"shape.json": `"circle"`,
	})
	spec := filepath.Join(dir, "tiny.yaml")
	t.Run("Point", func(t *testing.T) {
		start := time.Now()
		code, stdout, stderr := runCLI("bench", "-i", spec, "--schema", "Point", "--data", filepath.Join(dir, "point.json"), "--count", "1", "--benchtime", "20x", "--keep")
		t.Logf("%s\n%s(%v)", stderr, stdout, time.Since(start))
		if code != exitOK {
			t.Fatalf("exit %d", code)
		}
		rows := rowPattern.FindAllStringSubmatch(stdout, -1)
		if len(rows) != 4 {
			t.Fatalf("%d rows in the table, want 4", len(rows))
		}
		for i, want := range []string{"decode oasgen", "decode encoding/json", "encode oasgen", "encode encoding/json"} {
			if got := rows[i][1] + " " + rows[i][2]; got != want {
				t.Errorf("row %d is %s, want %s", i, got, want)
			}
			if ns, _ := strconv.ParseFloat(strings.ReplaceAll(rows[i][3], ",", ""), 64); ns <= 0 {
				t.Errorf("row %d: ns/op %s", i, rows[i][3])
			}
		}
		if rows[2][6] != "0" {
			t.Errorf("oasgen encodes with %s allocs/op, want 0", rows[2][6])
		}
		if rows[1][7] != "1.00" || rows[3][7] != "1.00" {
			t.Errorf("encoding/json's rows are not the base: %q, %q", rows[1][7], rows[3][7])
		}
		if !strings.Contains(stdout, "payload "+filepath.Join(dir, "point.json")+", 33 bytes") {
			t.Errorf("header does not give the payload's size:\n%s", stdout)
		}
		for _, want := range []string{"round 1/1: decode oasgen (1/4)", "round 1/1: encode encoding/json (4/4)"} {
			if !strings.Contains(stderr, want) {
				t.Errorf("no progress line %q", want)
			}
		}
		m := regexp.MustCompile(`the module is in (\S+) `).FindStringSubmatch(stderr)
		if m == nil {
			t.Fatal("--keep did not say where the module is")
		}
		defer os.RemoveAll(m[1])
		for _, name := range []string{"go.mod", "bench_test.go", "payload.json", "api/oas_json_gen.go", "api/plain/plain_gen.go"} {
			if _, err := os.Stat(filepath.Join(m[1], name)); err != nil {
				t.Errorf("kept module: %v", err)
			}
		}
	})
	t.Run("union without mirror", func(t *testing.T) {
		code, stdout, stderr := runCLI("bench", "-i", spec, "--schema", "Shape", "--data", filepath.Join(dir, "shape.json"), "--count", "1", "--benchtime", "20x")
		if code != exitOK {
			t.Fatalf("exit %d:\n%s", code, stderr)
		}
		rows := rowPattern.FindAllStringSubmatch(stdout, -1)
		if len(rows) != 2 || rows[0][2] != "oasgen" || rows[1][2] != "oasgen" {
			t.Errorf("want two oasgen rows:\n%s", stdout)
		}
		if strings.Contains(stdout, "vs encoding/json") {
			t.Errorf("a comparison column with nothing to compare:\n%s", stdout)
		}
		if !strings.Contains(stdout, "note: Shape has no plain encoding/json mirror") {
			t.Errorf("no note on the missing mirror:\n%s", stdout)
		}
	})
}

// TestBenchModulesCompile cuts every schema of every golden case out into
// the temporary module oasgen bench would build, and vets them all: the cut
// keeps every type a schema needs, and the benchmark file compiles against
// every kind of type, mirrored or not.
func TestBenchModulesCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	root := checkoutRoot(t)
	dir := scratchModule(t, "oasgenbench")
	n := 0
	for _, c := range goldenCases(t) {
		name := filepath.Base(c)
		p, err := load(specOf(c), build.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range p.Decls {
			d, err := findSchema(p, d.Name())
			if err != nil {
				continue // a Go type of its own: nothing to cut
			}
			sub := name + "/" + strings.ToLower(d.Name())
			files, err := benchModuleFiles(p, d, []byte("null"), runtimeSource{Dir: root}, "oasgenbench/"+sub)
			if err != nil {
				t.Fatalf("%s %s: %v", name, d.Name(), err)
			}
			delete(files, "go.mod")
			if err := writeTree(filepath.Join(dir, filepath.FromSlash(sub)), files); err != nil {
				t.Fatal(err)
			}
			n++
		}
	}
	if out, err := goIn(dir, "vet", "./..."); err != nil {
		t.Fatalf("go vet of %d cut packages: %v\n%s", n, err, out)
	}
	t.Logf("%d cut packages vetted", n)
}
