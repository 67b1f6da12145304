package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/oasgen/oasgen/internal/build"
	"github.com/oasgen/oasgen/internal/gen"
	"github.com/oasgen/oasgen/internal/ir"
	"github.com/oasgen/oasgen/internal/spec"
)

// A set is what the report gives a pass rate of.
const (
	set2020   = "2020-12"
	setDraft4 = "draft4"
	setFormat = "formats"
)

var sets = []string{set2020, setDraft4, setFormat}

// unit is one suite file: one OpenAPI document, one generated package.
type unit struct {
	Rel        string // path under the tests directory, as draft4/type.json
	Set        string
	openapi30  bool
	metaschema string // what the root's $schema names for this draft
	Groups     []*group
	pkg        string // Go package (directory) in the scratch module
	written    bool   // the package exists: some group generated
}

type group struct {
	Index       int
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema"`
	Tests       []*test         `json:"tests"`
	component   string
	doc         []byte   // the schema as written into the document
	why         string   // not expressible in one OpenAPI document
	genErr      string   // not generated, or its package did not build
	warnings    []string // generation warnings positioned in this component
	goName      string
}

type test struct {
	Description string          `json:"description"`
	Data        json.RawMessage `json:"data"`
	Valid       bool            `json:"valid"`
}

// Outcomes of one test.
const (
	outPass          = "pass"
	outRejectsValid  = "rejects valid"
	outAcceptsWarned = "accepts invalid (warned)"
	outAcceptsSilent = "accepts invalid silently"
	outNoDecoder     = "no generated decoder"
	outUnexpressible = "not expressible"
	outNotGenerated  = "not generated"
)

// Result is the outcome of one test.
type Result struct {
	Unit    *unit
	Group   *group
	TestIdx int
	Test    *test
	Outcome string
	Err     string // the decoder's error, or why the test did not run
}

// ID names the test in the baseline: file, group and test index.
func (r *Result) ID() string { return fmt.Sprintf("%s#%d.%d", r.Unit.Rel, r.Group.Index, r.TestIdx) }

// Results is a whole run.
type Results struct {
	Units   []*unit
	Results []*Result
}

// units lists the suite files of every set.
func units(tests string) ([]*unit, error) {
	var us []*unit
	add := func(pattern, set string, openapi30 bool, meta string) error {
		files, err := filepath.Glob(filepath.Join(tests, pattern))
		if err != nil {
			return err
		}
		if len(files) == 0 {
			return fmt.Errorf("no suite files %s under %s", pattern, tests)
		}
		slices.Sort(files)
		for _, f := range files {
			rel, _ := filepath.Rel(tests, f)
			us = append(us, &unit{Rel: filepath.ToSlash(rel), Set: set, openapi30: openapi30, metaschema: meta})
		}
		return nil
	}
	for _, a := range []struct {
		pattern, set string
		oas30        bool
		meta         string
	}{
		{"draft2020-12/*.json", set2020, false, "draft/2020-12/schema"},
		{"draft4/*.json", setDraft4, true, "draft-04/schema"},
		{"draft2020-12/optional/format/*.json", setFormat, false, "draft/2020-12/schema"},
		{"draft4/optional/format/*.json", setFormat, true, "draft-04/schema"},
	} {
		if err := add(a.pattern, a.set, a.oas30, a.meta); err != nil {
			return nil, err
		}
	}
	return us, nil
}

// Run runs the suite files under tests whose path contains only (all when
// empty), writing the scratch module under dir.
func Run(tests, dir, only string, log io.Writer) (*Results, error) {
	us, err := units(tests)
	if err != nil {
		return nil, err
	}
	us = slices.DeleteFunc(us, func(u *unit) bool { return !strings.Contains(u.Rel, only) })
	for _, u := range us {
		data, err := os.ReadFile(filepath.Join(tests, filepath.FromSlash(u.Rel)))
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(data, &u.Groups); err != nil {
			return nil, fmt.Errorf("%s: %w", u.Rel, err)
		}
	}
	return runUnits(us, dir, log)
}

// runUnits generates, builds and runs units whose groups are read, in a
// scratch module under dir: the suite's files, or the differential
// fuzzer's (fuzz_test.go).
func runUnits(us []*unit, dir string, log io.Writer) (*Results, error) {
	root, err := moduleRoot()
	if err != nil {
		return nil, err
	}
	mod, err := filepath.Abs(filepath.Join(dir, "build"))
	if err != nil {
		return nil, err
	}
	_ = os.RemoveAll(mod)
	if err := os.MkdirAll(mod, 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module suite.example\n\ngo 1.26\n\nrequire github.com/oasgen/oasgen v0.0.0\n\nreplace github.com/oasgen/oasgen => "+root+"\n"), 0o644); err != nil {
		return nil, err
	}
	sum, _ := os.ReadFile(filepath.Join(root, "go.sum"))
	if err := os.WriteFile(filepath.Join(mod, "go.sum"), sum, 0o644); err != nil {
		return nil, err
	}
	for i, u := range us {
		u.pkg = fmt.Sprintf("p%03d", i)
		for gi, g := range u.Groups {
			g.Index = gi
			g.component = fmt.Sprintf("G%03d", gi)
			g.doc, g.why = prepare(g.Schema, u, g.component)
		}
		if err := generateUnit(u, mod); err != nil {
			return nil, err
		}
	}
	fmt.Fprintf(log, "generated %d suite files; building\n", len(us))
	if err := buildAll(us, mod); err != nil {
		return nil, err
	}
	res := &Results{Units: us}
	outs, err := runAll(us, mod)
	if err != nil {
		return nil, err
	}
	k := 0
	for _, u := range us {
		for _, g := range u.Groups {
			warned := len(g.warnings) > 0
			for ti, t := range g.Tests {
				r := &Result{Unit: u, Group: g, TestIdx: ti, Test: t}
				res.Results = append(res.Results, r)
				switch {
				case g.why != "":
					r.Outcome, r.Err = outUnexpressible, g.why
					continue
				case g.genErr != "":
					r.Outcome, r.Err = outNotGenerated, g.genErr
					continue
				}
				o := outs[k]
				k++
				r.Err = o.Err
				switch {
				case o.NoDecoder:
					r.Outcome = outNoDecoder
				case o.OK == t.Valid:
					r.Outcome = outPass
				case t.Valid:
					r.Outcome = outRejectsValid
				case warned:
					r.Outcome = outAcceptsWarned
					r.Err = strings.Join(g.warnings, "; ")
				default:
					r.Outcome = outAcceptsSilent
				}
			}
		}
	}
	return res, nil
}

// moduleRoot finds the oasgen checkout from the working directory.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/oasgen/oasgen").Output()
	if err != nil {
		return "", fmt.Errorf("go list -m: %w (run in the oasgen checkout)", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// document renders the OpenAPI document of the unit's live groups, one
// component a line, and returns which group each line holds.
func document(u *unit, live []*group) ([]byte, map[int]*group) {
	var b bytes.Buffer
	version := "3.1.0"
	if u.openapi30 {
		version = "3.0.3"
	}
	fmt.Fprintf(&b, "{\"openapi\": %q, \"info\": {\"title\": %q, \"version\": \"1\"}, \"paths\": {}, \"components\": {\"schemas\": {\n", version, u.Rel)
	lines := map[int]*group{}
	for i, g := range live {
		sep := ","
		if i == len(live)-1 {
			sep = ""
		}
		// The wrapper, an array of the group's schema, decodes it when
		// its own Go type has no decoder (an alias of oasrt.UUID).
		fmt.Fprintf(&b, "%q: %s,\n%q: {\"type\": \"array\", \"items\": {\"$ref\": \"#/components/schemas/%s\"}}%s\n", g.component, g.doc, wrapper(g), g.component, sep)
		lines[2*i+2] = g
		lines[2*i+3] = g
	}
	b.WriteString("}}}\n")
	return b.Bytes(), lines
}

// generated is what generating a document gave.
type generated struct {
	pkg   *ir.Package
	files []gen.File
	err   error
	crash string
}

func generateDoc(name string, doc []byte, opts build.Options) (g generated) {
	defer func() {
		if p := recover(); p != nil {
			g.crash = fmt.Sprintf("panic: %v", p)
			if debug.Stack() == nil {
				g.crash += " (no stack)"
			}
		}
	}()
	s, err := spec.Parse(name, doc)
	if err != nil {
		g.err = err
		return g
	}
	p, err := build.Package(s, opts)
	if err != nil {
		g.err = err
		return g
	}
	g.pkg = p
	files, err := gen.Generate(p, gen.Options{Package: "suite"})
	if err != nil {
		g.crash = "generated Go that does not parse: " + firstLine(err.Error())
		return g
	}
	g.files = files
	return g
}

// generateUnit generates the unit's live groups into its package
// directory, leaving out groups that fail (a spec error, a panic) with the
// reason.
func generateUnit(u *unit, mod string) error {
	name := filepath.Join(mod, u.pkg+".json")
	// Draft 2020-12's format.json expects formats to be annotations, as
	// that draft says by default: generated with the option a user has
	// for it (-format-annotations).
	opts := build.Options{FormatAnnotations: u.Rel == "draft2020-12/format.json"}
	for {
		var live []*group
		for _, g := range u.Groups {
			if g.why == "" && g.genErr == "" {
				live = append(live, g)
			}
		}
		if len(live) == 0 {
			u.written = false
			_ = os.RemoveAll(filepath.Join(mod, u.pkg))
			return nil
		}
		doc, lines := document(u, live)
		res := generateDoc(name, doc, opts)
		if res.err == nil && res.crash == "" {
			return writeUnit(u, mod, live, res, lines)
		}
		// Leave out the groups the errors are positioned in; when none
		// is, generate each group alone to find the ones that fail.
		blamed := false
		for _, e := range spreadErrs(res.err) {
			var se *spec.Error
			if errors.As(e, &se) {
				if g := lines[se.Line]; g != nil && g.genErr == "" {
					g.genErr = "build error: " + se.Msg
					blamed = true
				}
			}
		}
		if blamed {
			continue
		}
		for _, g := range live {
			doc, _ := document(u, []*group{g})
			r := generateDoc(name, doc, opts)
			switch {
			case r.crash != "":
				g.genErr = r.crash
			case r.err != nil:
				g.genErr = "error: " + firstLine(r.err.Error())
			default:
				continue
			}
			blamed = true
		}
		if !blamed {
			for _, g := range live {
				g.genErr = "the document fails only with all its groups: " + firstLine(cmpOr(res.crash, fmt.Sprint(res.err)))
			}
		}
	}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func spreadErrs(err error) []error {
	if err == nil {
		return nil
	}
	if l, ok := err.(interface{ Unwrap() []error }); ok {
		var out []error
		for _, e := range l.Unwrap() {
			out = append(out, spreadErrs(e)...)
		}
		return out
	}
	return []error{err}
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}

// writeUnit writes the generated package and its entry point, SuiteDecode,
// which decodes data as the type of a component and validates it.
func writeUnit(u *unit, mod string, live []*group, res generated, lines map[int]*group) error {
	byPointer := map[string]string{}
	for _, d := range res.pkg.Decls {
		p, _ := d.Origin()
		byPointer[p] = d.Name()
	}
	byComponent := map[string]*group{}
	for _, g := range live {
		g.goName = byPointer["#/components/schemas/"+g.component]
		g.warnings = nil
		byComponent[g.component] = g
	}
	for _, d := range res.pkg.Diagnostics {
		g := lines[d.Pos.Line]
		if g == nil {
			// Positioned elsewhere (a $ref'd schema's own place): the
			// message names the component's pointer.
			for _, c := range componentRef.FindAllStringSubmatch(d.Msg, -1) {
				g = byComponent[c[1]]
			}
		}
		if g != nil {
			g.warnings = append(g.warnings, d.Msg)
		}
	}
	aliases := map[string]bool{} // components whose Go type is an alias (type G000 = time.Time)
	for _, f := range res.files {
		for _, m := range aliasDecl.FindAllSubmatch(f.Content, -1) {
			aliases[string(m[1])] = true
		}
	}
	dir := filepath.Join(mod, u.pkg)
	_ = os.RemoveAll(dir)
	u.written = true
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, f := range res.files {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Content, 0o644); err != nil {
			return err
		}
	}
	var b bytes.Buffer
	b.WriteString("package suite\n\nimport (\n\t\"fmt\"\n\t\"strings\"\n)\n\n// SuiteDecode decodes data as the type of component typ and validates it.\nfunc SuiteDecode(typ string, data []byte) (err error, noDecoder bool) {\n")
	b.WriteString("\tdefer func() {\n\t\tif p := recover(); p != nil {\n\t\t\terr = fmt.Errorf(\"panic: %v\", p)\n\t\t}\n\t}()\n\tswitch typ {\n")
	for _, g := range live {
		if g.goName == "" {
			continue
		}
		w := byPointer["#/components/schemas/"+wrapper(g)]
		if w != "" && aliases[g.goName] {
			// An alias of a Go type (time.Time) has that type's own
			// decoder, not oasgen's: decode it as an item of the wrapper.
			fmt.Fprintf(&b, "\tcase %q:\n\t\tvar w %s\n\t\treturn suiteCheck(&w, append(append([]byte{'['}, data...), ']'))\n", g.component, w)
			continue
		}
		fmt.Fprintf(&b, "\tcase %q:\n", g.component)
		if w != "" {
			// null is decoded where the schema is used: a nullable
			// union, say, is oasrt.Nullable of the union there, while
			// the union's own decoder takes only its variants.
			fmt.Fprintf(&b, "\t\tif strings.TrimSpace(string(data)) == \"null\" {\n\t\t\tvar w %s\n\t\t\treturn suiteCheck(&w, []byte(\"[null]\"))\n\t\t}\n", w)
		}
		fmt.Fprintf(&b, "\t\tvar v %s\n\t\terr, noDecoder := suiteCheck(&v, data)\n", g.goName)
		if w != "" {
			fmt.Fprintf(&b, "\t\tif noDecoder {\n\t\t\tvar w %s\n\t\t\treturn suiteCheck(&w, append(append([]byte{'['}, data...), ']'))\n\t\t}\n", w)
		}
		b.WriteString("\t\treturn err, noDecoder\n")
	}
	b.WriteString("\t}\n\treturn fmt.Errorf(\"no type for %s\", typ), true\n}\n\n")
	b.WriteString(`func suiteCheck(v any, data []byte) (error, bool) {
	u, ok := v.(interface{ UnmarshalJSON([]byte) error })
	if !ok {
		return fmt.Errorf("%T has no UnmarshalJSON", v), true
	}
	if err := u.UnmarshalJSON(data); err != nil {
		return err, false
	}
	if val, ok := v.(interface{ Validate() error }); ok {
		return val.Validate(), false
	}
	return nil, false
}
`)
	return os.WriteFile(filepath.Join(dir, "zz_suite.go"), b.Bytes(), 0o644)
}

var (
	componentRef = regexp.MustCompile(`#/components/schemas/(G\d{3})`)
	aliasDecl    = regexp.MustCompile(`(?m)^type (G\d{3}) = `)
)

// wrapper names the component that is an array of the group's schema.
func wrapper(g *group) string { return "Z" + g.component[1:] }

// buildAll builds every package, leaving out the groups a compile error
// is in (found by the declaration the error line belongs to) until every
// package builds.
func buildAll(us []*unit, mod string) error {
	byPkg := map[string]*unit{}
	for _, u := range us {
		byPkg[u.pkg] = u
	}
	for round := 0; round < 10; round++ {
		cmd := exec.Command("go", "build", "./...")
		cmd.Dir = mod
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
		out, err := cmd.CombinedOutput()
		if err == nil {
			return nil
		}
		blamed := map[*unit]bool{}
		for _, line := range strings.Split(string(out), "\n") {
			m := compileErr.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			u := byPkg[m[1]]
			if u == nil {
				continue
			}
			n, _ := strconv.Atoi(m[3])
			g := blameLine(u, filepath.Join(mod, u.pkg, m[2]), n)
			if g == nil {
				// Not in one group's code: the whole file.
				for _, g := range u.Groups {
					if g.why == "" && g.genErr == "" {
						g.genErr = "package does not compile: " + m[4]
					}
				}
			} else if g.genErr == "" {
				g.genErr = "generated code does not compile: " + m[4]
			}
			blamed[u] = true
		}
		if len(blamed) == 0 {
			return fmt.Errorf("go build in %s:\n%s", mod, out)
		}
		for u := range blamed {
			if err := generateUnit(u, mod); err != nil {
				return err
			}
		}
	}
	return fmt.Errorf("the scratch module in %s still does not build", mod)
}

var (
	compileErr = regexp.MustCompile(`^(?:\./)?(p\d{3})/([^:]+\.go):(\d+):\d+: (.*)$`)
	declLine   = regexp.MustCompile(`^(?:func (?:\(\w+ \*?(\w+)\) )?(\w+)|type (\w+)|var (\w+)|const (\w+)|\t(\w+)(?: \w+)? = )`)
)

// blameLine finds the group whose declaration holds line n of file.
func blameLine(u *unit, file string, n int) *group {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	lines := strings.Split(string(data), "\n")
	for i := min(n-1, len(lines)-1); i >= 0; i-- {
		m := declLine.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		for _, name := range m[1:] {
			if len(name) >= 4 && (name[0] == 'G' || name[0] == 'Z') {
				for _, g := range u.Groups {
					if strings.HasPrefix(name[1:], g.component[1:]) && g.why == "" && g.genErr == "" {
						return g
					}
				}
			}
		}
		if strings.HasPrefix(lines[i], "func ") || strings.HasPrefix(lines[i], "type ") {
			return nil
		}
	}
	return nil
}

type outcome struct {
	OK        bool   `json:"ok"`
	Err       string `json:"err"`
	NoDecoder bool   `json:"noDecoder"`
}

// runAll writes the program that imports every package, runs it on every
// test of a generated group, and returns the outcomes in order.
func runAll(us []*unit, mod string) ([]outcome, error) {
	type input struct {
		Pkg  int             `json:"pkg"`
		Type string          `json:"type"`
		Data json.RawMessage `json:"data"`
	}
	var ins []input
	var b bytes.Buffer
	b.WriteString("package main\n\nimport (\n\t\"bufio\"\n\t\"encoding/json\"\n\t\"os\"\n\n")
	var funcs []string
	for _, u := range us {
		if !u.written {
			continue
		}
		fmt.Fprintf(&b, "\t%s \"suite.example/%s\"\n", u.pkg, u.pkg)
		funcs = append(funcs, u.pkg+".SuiteDecode")
		i := len(funcs) - 1
		for _, g := range u.Groups {
			if g.why != "" || g.genErr != "" {
				continue
			}
			for _, t := range g.Tests {
				ins = append(ins, input{Pkg: i, Type: g.component, Data: t.Data})
			}
		}
	}
	b.WriteString(")\n\nvar decoders = []func(string, []byte) (error, bool){\n")
	for _, f := range funcs {
		fmt.Fprintf(&b, "\t%s,\n", f)
	}
	b.WriteString(`}

func main() {
	var ins []struct {
		Pkg  int             ` + "`json:\"pkg\"`" + `
		Type string          ` + "`json:\"type\"`" + `
		Data json.RawMessage ` + "`json:\"data\"`" + `
	}
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		panic(err)
	}
	if err := json.Unmarshal(data, &ins); err != nil {
		panic(err)
	}
	w := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(w)
	for _, in := range ins {
		err, noDecoder := decoders[in.Pkg](in.Type, in.Data)
		out := struct {
			OK        bool   ` + "`json:\"ok\"`" + `
			Err       string ` + "`json:\"err\"`" + `
			NoDecoder bool   ` + "`json:\"noDecoder\"`" + `
		}{OK: err == nil, NoDecoder: noDecoder}
		if err != nil {
			out.Err = err.Error()
		}
		enc.Encode(out)
	}
	w.Flush()
}
`)
	dir := filepath.Join(mod, "cmd", "runner")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), b.Bytes(), 0o644); err != nil {
		return nil, err
	}
	data, err := json.Marshal(ins)
	if err != nil {
		return nil, err
	}
	inFile := filepath.Join(mod, "inputs.json")
	if err := os.WriteFile(inFile, data, 0o644); err != nil {
		return nil, err
	}
	bin := filepath.Join(mod, "runner")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/runner")
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building the runner: %v\n%s", err, out)
	}
	// A decoder that never ends (a $ref loop) stops the run with the
	// tests it answered so far missing, not forever.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	run := exec.CommandContext(ctx, bin, inFile)
	var stderr bytes.Buffer
	run.Stderr = &stderr
	out, err := run.Output()
	if err != nil {
		return nil, fmt.Errorf("the runner failed: %v\n%s", err, stderr.String())
	}
	var outs []outcome
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var o outcome
		if err := json.Unmarshal(sc.Bytes(), &o); err != nil {
			return nil, err
		}
		outs = append(outs, o)
	}
	if len(outs) != len(ins) {
		return nil, fmt.Errorf("the runner answered %d of %d tests", len(outs), len(ins))
	}
	return outs, nil
}
