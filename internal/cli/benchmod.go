package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"text/template"

	"github.com/oasgen/oasgen/internal/gen"
	"github.com/oasgen/oasgen/internal/ir"
)

// The temporary module of oasgen bench:
//
//	go.mod             module oasgenbench, requiring github.com/oasgen/oasgen
//	api/               the generated package, cut down to the schema's types
//	api/plain/         the plain encoding/json mirror (gen.GeneratePlain)
//	payload.json       a copy of the user's payload
//	bench_test.go      TestPayload and the four benchmarks (benchTemplate)
//
// It is a module a user can run by hand: go test -bench . -benchmem.
const benchModule = "oasgenbench"

// oasgenModule is this module's path, which the temporary module requires
// for the runtime, github.com/oasgen/oasgen/oasrt.
const oasgenModule = "github.com/oasgen/oasgen"

// runtimeSource is where the temporary module gets oasgenModule from: a
// directory holding its source (a replace directive) or, when Dir is empty,
// the released Version the running binary was built from.
type runtimeSource struct {
	Dir     string
	Version string
}

func (s runtimeSource) String() string {
	if s.Dir != "" {
		return oasgenModule + " => " + s.Dir
	}
	return oasgenModule + " " + s.Version
}

// goEnv is what oasgen bench asks of `go env`.
type goEnv struct {
	GOMOD      string
	GOMODCACHE string
	GOVERSION  string
}

// readGoEnv runs `go env` in the current directory: it both finds the go
// command's settings and proves the go command runs.
func readGoEnv(goCmd string) (goEnv, error) {
	var env goEnv
	out, err := exec.Command(goCmd, "env", "-json", "GOMOD", "GOMODCACHE", "GOVERSION").Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return env, fmt.Errorf("%s env: %v\n%s", goCmd, err, bytes.TrimSpace(ee.Stderr))
		}
		return env, fmt.Errorf("%s env: %v", goCmd, err)
	}
	if err := json.Unmarshal(out, &env); err != nil {
		return env, fmt.Errorf("%s env: %v", goCmd, err)
	}
	return env, nil
}

// thisFile is the path this source file was compiled from: absolute unless
// the binary was built with -trimpath.
func thisFile() string {
	_, file, _, _ := runtime.Caller(0)
	return file
}

// findRuntime decides where the temporary module gets the oasgen runtime.
// The generated code must be compiled against the runtime of the same
// oasgen (oasimpl.EnforceVersion makes any other fail to compile), so the
// choices are, in order:
//
//  1. the source this binary was compiled from, when it is still on disk
//     and is not a module cache copy (go run or go build in a checkout);
//  2. the module of the current directory, when it is oasgen (a binary
//     built with -trimpath, run in a checkout);
//  3. the exact version the binary was built from, when it is a release
//     (go install github.com/oasgen/oasgen/cmd/oasgen@vX): the module
//     cache or the proxy supplies it;
//  4. a cache copy found in step 1, when the version is not a release.
//
// A binary that matches none (a development build whose source is gone)
// cannot be matched with a runtime, and the error says so.
func findRuntime(callerFile string, env goEnv, bi *debug.BuildInfo) (runtimeSource, error) {
	var cached string
	if filepath.IsAbs(callerFile) {
		if root, ok := oasgenRoot(filepath.Dir(callerFile)); ok {
			if env.GOMODCACHE == "" || !within(env.GOMODCACHE, root) {
				return runtimeSource{Dir: root}, nil
			}
			cached = root
		}
	}
	if env.GOMOD != "" && env.GOMOD != os.DevNull {
		if root, ok := oasgenRoot(filepath.Dir(env.GOMOD)); ok {
			return runtimeSource{Dir: root}, nil
		}
	}
	if bi != nil && bi.Main.Path == oasgenModule && releaseVersion.MatchString(bi.Main.Version) {
		return runtimeSource{Version: bi.Main.Version}, nil
	}
	if cached != "" {
		return runtimeSource{Dir: cached}, nil
	}
	version := "unknown"
	if bi != nil && bi.Main.Version != "" {
		version = bi.Main.Version
	}
	return runtimeSource{}, fmt.Errorf("cannot find the %s/oasrt this binary was built with (its version is %s, not a release, and its source is not on disk): run oasgen bench inside the oasgen checkout (go run ./cmd/oasgen bench ...) or install a release", oasgenModule, version)
}

// releaseVersion matches a tagged semantic version, not a pseudo-version
// (v0.0.0-20260102150405-abcdef123456, whose two hyphens the pre-release
// part does not admit) nor a build of modified source (+dirty): only a tag
// is sure to be fetchable.
var releaseVersion = regexp.MustCompile(`^v\d+\.\d+\.\d+(-[0-9A-Za-z.]+)?$`)

// within reports whether path is dir or inside it.
func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

var moduleLine = regexp.MustCompile(`(?m)^module\s+"?` + regexp.QuoteMeta(oasgenModule) + `"?\s*(//.*)?$`)

// oasgenRoot looks for the root of the oasgen module at dir or above: a
// go.mod declaring it, beside the runtime's source.
func oasgenRoot(dir string) (string, bool) {
	for {
		if mod, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil {
			if !moduleLine.Match(mod) {
				return "", false
			}
			if _, err := os.Stat(filepath.Join(dir, "oasrt", "doc.go")); err != nil {
				return "", false
			}
			return dir, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// reachable returns the declarations d needs, d first, then in the
// package's order: the generated package is cut down to them so that a
// large spec compiles in the time its one schema needs.
func reachable(pkg *ir.Package, d ir.Decl) []ir.Decl {
	seen := map[ir.Decl]bool{}
	var visitDecl func(ir.Decl)
	var visitType func(ir.Type)
	visitType = func(t ir.Type) {
		switch t := t.(type) {
		case *ir.Ref:
			visitDecl(t.Decl)
		case *ir.Array:
			visitType(t.Elem)
		case *ir.Map:
			visitType(t.Elem)
		case *ir.Nullable:
			visitType(t.Elem)
		}
	}
	visitDecl = func(d ir.Decl) {
		if seen[d] {
			return
		}
		seen[d] = true
		switch d := d.(type) {
		case *ir.Struct:
			for _, f := range d.Fields {
				visitType(f.Type)
			}
			if d.Additional != nil {
				visitType(d.Additional)
			}
			for _, p := range d.Patterns {
				visitType(p.Type)
			}
		case *ir.Tuple:
			for _, f := range d.Items {
				visitType(f.Type)
			}
			if d.Rest != nil {
				visitType(d.Rest)
			}
		case *ir.Alias:
			visitType(d.Type)
		case *ir.Union:
			for _, v := range d.Variants {
				visitType(v.Type)
			}
		}
	}
	visitDecl(d)
	var out []ir.Decl
	for _, x := range pkg.Decls {
		if seen[x] {
			out = append(out, x)
		}
	}
	return out
}

// benchModuleFiles returns the files of the temporary module, by path
// relative to its root; modPath is its module path.
func benchModuleFiles(pkg *ir.Package, d ir.Decl, payload []byte, src runtimeSource, modPath string) (map[string][]byte, error) {
	cut := &ir.Package{Decls: reachable(pkg, d)} // no operations: no server or client
	files, err := gen.Generate(cut, gen.Options{Package: "api", Version: Version()})
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	for _, f := range files {
		out["api/"+f.Name] = f.Content
	}
	mirrored := gen.Mirrored(d)
	if mirrored {
		plain, err := gen.GeneratePlain(cut, gen.Options{Package: "plain", Version: Version()}, modPath+"/api")
		if err != nil {
			return nil, err
		}
		out["api/plain/"+plain.Name] = plain.Content
	}
	var mod strings.Builder
	fmt.Fprintf(&mod, "module %s\n\ngo 1.26\n\n", modPath)
	if src.Dir != "" {
		fmt.Fprintf(&mod, "require %s v0.0.0\n\nreplace %s => %s\n", oasgenModule, oasgenModule, quoteModPath(src.Dir))
	} else {
		fmt.Fprintf(&mod, "require %s %s\n", oasgenModule, src.Version)
	}
	out["go.mod"] = []byte(mod.String())
	var test bytes.Buffer
	if err := benchTemplate.Execute(&test, struct {
		Type   string
		Plain  bool
		Module string
	}{d.Name(), mirrored, modPath}); err != nil {
		return nil, err
	}
	src2, err := format.Source(test.Bytes())
	if err != nil {
		return nil, fmt.Errorf("bench_test.go: %v\n%s", err, test.Bytes())
	}
	out["bench_test.go"] = src2
	out["payload.json"] = payload
	return out, nil
}

// quoteModPath quotes a directory for go.mod when it needs it.
func quoteModPath(dir string) string {
	if strings.ContainsAny(dir, " \t\"'`\\") {
		return fmt.Sprintf("%q", dir)
	}
	return dir
}

// writeTree writes files under dir.
func writeTree(dir string, files map[string][]byte) error {
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, content, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// checkPrefix starts the line TestPayload prints: a JSON payloadCheck.
const checkPrefix = "oasgen-bench-check "

// payloadCheck is what TestPayload found decoding the payload once.
type payloadCheck struct {
	// Err is the oasgen decoder's error, and Offset its byte offset (-1
	// when it has none).
	Err    string `json:"err,omitempty"`
	Offset int64  `json:"offset"`
	// EncodeErr is the oasgen encoder's error on the decoded value.
	EncodeErr string `json:"encodeErr,omitempty"`
	// PlainErr is encoding/json's error on the plain mirror.
	PlainErr string `json:"plainErr,omitempty"`
	// Encoded and PlainEncoded are the lengths of the two encodings of the
	// decoded value, and Differ the offset of their first difference (-1
	// when they are equal).
	Encoded      int `json:"encoded"`
	PlainEncoded int `json:"plainEncoded"`
	Differ       int `json:"differ"`
}

// benchName is a benchmark of bench_test.go: its function, the operation
// and the library it measures.
type benchName struct{ fn, op, lib string }

// benchNames are the benchmarks, in the order a round runs them.
var benchNames = []benchName{
	{"BenchmarkDecodeOasgen", "decode", "oasgen"},
	{"BenchmarkDecodeEncodingJSON", "decode", "encoding/json"},
	{"BenchmarkEncodeOasgen", "encode", "oasgen"},
	{"BenchmarkEncodeEncodingJSON", "encode", "encoding/json"},
}

// benchTemplate is bench_test.go of the temporary module. Each decode fills
// a fresh value that escapes to the heap, with both libraries, as a decoded
// request would; oasgen reuses its Reader and Writer, as the README says to.
var benchTemplate = template.Must(template.New("bench").Parse(`// Code generated by oasgen bench. DO NOT EDIT.

// Run by hand with: go test -run '^$' -bench . -benchmem
package bench

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"testing"

	"github.com/oasgen/oasgen/oasrt"
	"github.com/oasgen/oasgen/oasrt/oasimpl"

	"{{.Module}}/api"
{{- if .Plain}}
	"{{.Module}}/api/plain"
{{- end}}
)

var payload = func() []byte {
	b, err := os.ReadFile("payload.json")
	if err != nil {
		panic(err)
	}
	return b
}()

// sink keeps decoded values alive, so both libraries allocate them.
var sink any

func decode() (*api.{{.Type}}, error) {
	v := new(api.{{.Type}})
	var r oasimpl.Reader
	r.Reset(payload)
	if err := v.DecodeJSON(&r); err != nil {
		return nil, err
	}
	return v, r.End()
}

// TestPayload decodes the payload once with each library and prints what
// it found on one line, for oasgen bench to read before benchmarking.
func TestPayload(t *testing.T) {
	c := struct {
		Err          string ` + "`json:\"err,omitempty\"`" + `
		Offset       int64  ` + "`json:\"offset\"`" + `
		EncodeErr    string ` + "`json:\"encodeErr,omitempty\"`" + `
		PlainErr     string ` + "`json:\"plainErr,omitempty\"`" + `
		Encoded      int    ` + "`json:\"encoded\"`" + `
		PlainEncoded int    ` + "`json:\"plainEncoded\"`" + `
		Differ       int    ` + "`json:\"differ\"`" + `
	}{Offset: -1, Differ: -1}
	defer func() {
		line, _ := json.Marshal(c)
		fmt.Printf("` + checkPrefix + `%s\n", line)
	}()
	v, err := decode()
	if err != nil {
		c.Err = err.Error()
		var e *oasrt.Error
		if errors.As(err, &e) {
			c.Offset = e.Offset
		}
		return
	}
	var w oasimpl.Writer
	v.EncodeJSON(&w)
	if err := w.Err(); err != nil {
		c.EncodeErr = err.Error()
		return
	}
	c.Encoded = len(w.Bytes())
{{- if .Plain}}
	p := new(plain.{{.Type}})
	if err := json.Unmarshal(payload, p); err != nil {
		c.PlainErr = err.Error()
		return
	}
	out, err := json.Marshal(p)
	if err != nil {
		c.PlainErr = err.Error()
		return
	}
	c.PlainEncoded = len(out)
	if string(out) != string(w.Bytes()) {
		c.Differ = 0
		for c.Differ < len(out) && c.Differ < len(w.Bytes()) && out[c.Differ] == w.Bytes()[c.Differ] {
			c.Differ++
		}
	}
{{- end}}
}

func BenchmarkDecodeOasgen(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(payload)))
	var r oasimpl.Reader
	for b.Loop() {
		v := new(api.{{.Type}})
		r.Reset(payload)
		if err := v.DecodeJSON(&r); err != nil {
			b.Fatal(err)
		}
		if err := r.End(); err != nil {
			b.Fatal(err)
		}
		sink = v
	}
}

func BenchmarkEncodeOasgen(b *testing.B) {
	v, err := decode()
	if err != nil {
		b.Fatal(err)
	}
	var w oasimpl.Writer
	v.EncodeJSON(&w)
	b.ReportAllocs()
	b.SetBytes(int64(len(w.Bytes())))
	for b.Loop() {
		w.Reset()
		v.EncodeJSON(&w)
	}
	if err := w.Err(); err != nil {
		b.Fatal(err)
	}
}
{{- if .Plain}}

func BenchmarkDecodeEncodingJSON(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(payload)))
	for b.Loop() {
		p := new(plain.{{.Type}})
		if err := json.Unmarshal(payload, p); err != nil {
			b.Fatal(err)
		}
		sink = p
	}
}

func BenchmarkEncodeEncodingJSON(b *testing.B) {
	p := new(plain.{{.Type}})
	if err := json.Unmarshal(payload, p); err != nil {
		b.Fatal(err)
	}
	out, err := json.Marshal(p)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(out)))
	for b.Loop() {
		if out, err = json.Marshal(p); err != nil {
			b.Fatal(err)
		}
	}
	sink = out
}
{{- end}}
`))
