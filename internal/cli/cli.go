// Package cli implements the oasgen command: flags, commands and their
// output. Commands return files in memory first, so tests drive them without
// touching the disk.
package cli

import (
	"bytes"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"

	"github.com/oasgen/oasgen/internal/build"
	"github.com/oasgen/oasgen/internal/gen"
	"github.com/oasgen/oasgen/internal/ir"
	"github.com/oasgen/oasgen/internal/spec"
)

//go:embed petstore/openapi.yaml
var petstoreSpec []byte

// PetstoreSpec returns the embedded example spec.
func PetstoreSpec() []byte { return petstoreSpec }

const usage = `oasgen generates fast Go code from OpenAPI 3.0, 3.1 and 3.2 specs.

Usage:
  oasgen generate [-i SPEC | SPEC] [-o DIR] [-p PACKAGE] [flags]
  oasgen lint [flags] [-i SPEC | SPEC]
  oasgen bench [-i SPEC | SPEC] --schema NAME --data FILE.json [flags]
  oasgen version
  oasgen help [COMMAND]

Every command takes the spec as -i SPEC or as its one argument.
Run "oasgen help COMMAND" for a command's flags.
`

// command is one of oasgen's commands.
type command struct {
	name    string
	aliases []string
	run     func(args []string, stdout, stderr io.Writer) int
}

var commands = []command{
	{name: "generate", aliases: []string{"gen"}, run: runGenerate},
	{name: "lint", run: runLint},
	{name: "bench", run: runBench},
	{name: "version", aliases: []string{"--version", "-version"}, run: runVersion},
}

func lookup(name string) *command {
	for i, c := range commands {
		if c.name == name {
			return &commands[i]
		}
		for _, a := range c.aliases {
			if a == name {
				return &commands[i]
			}
		}
	}
	return nil
}

// Exit codes.
const (
	exitOK    = 0
	exitSpec  = 1 // the spec, the data or the environment (files, the go command) is at fault
	exitUsage = 2 // the command line is at fault
)

// Run runs the oasgen command line and returns the exit code.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	switch args[0] {
	case "help", "-h", "--help", "-help":
		if len(args) == 1 {
			fmt.Fprint(stdout, usage)
			return exitOK
		}
		c := lookup(args[1])
		if c == nil || len(args) > 2 {
			fmt.Fprintf(stderr, "oasgen help: unknown command %q%s (oasgen help)\n", strings.Join(args[1:], " "), commandSuggestion(strings.Join(args[1:], " ")))
			return exitUsage
		}
		// A command's -h prints its usage to stderr, as the flag package
		// does; asked for by name, the help goes to stdout.
		return c.run([]string{"-h"}, stdout, stdout)
	}
	if c := lookup(args[0]); c != nil {
		return c.run(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "oasgen: unknown command %q%s (oasgen help)\n", args[0], commandSuggestion(args[0]))
	return exitUsage
}

// commandSuggestion is "; did you mean NAME?" with the command nearest to
// name, or "".
func commandSuggestion(name string) string {
	var names []string
	for _, c := range commands {
		names = append(names, c.name)
	}
	return spec.DidYouMean(name, names)
}

func runVersion(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		if args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
			fmt.Fprint(stderr, "Usage: oasgen version\n\nPrints the version of the oasgen module this program was built from:\na release or pseudo-version when installed from the module proxy,\n(devel) when built from source on disk.\n")
			return exitOK
		}
		fmt.Fprintf(stderr, "oasgen version: unexpected argument %q\n", args[0])
		return exitUsage
	}
	fmt.Fprintln(stdout, "oasgen", Version())
	return exitOK
}

// specArg returns the spec a command was given, as -i SPEC (flagged) or as
// its one positional argument.
func specArg(flagged string, rest []string) (string, error) {
	switch {
	case len(rest) > 1:
		return "", fmt.Errorf("want one spec, got %q", rest)
	case len(rest) == 1 && flagged != "":
		return "", fmt.Errorf("the spec is given twice: -i %s and %s", flagged, rest[0])
	case len(rest) == 1:
		return rest[0], nil
	}
	return flagged, nil
}

const generateUsage = `Usage: oasgen generate [-i SPEC | SPEC] [-o DIR] [-p PACKAGE] [flags]

Writes one Go package into DIR, generated from SPEC (YAML or JSON; $refs to
other files are resolved relative to it). Without a spec, it reads the
config file ./oasgen.yaml when there is one (docs/config.md), and else
generates the embedded petstore example into ./petstore, saying so first.
The files, each rewritten whole:

  oas_models_gen.go    a Go type per schema
  oas_json_gen.go      their JSON codecs: EncodeJSON, DecodeJSON,
                       MarshalJSON, UnmarshalJSON
  oas_jsonv2_gen.go    MarshalJSONTo and UnmarshalJSONFrom, so encoding/json
                       and encoding/json/v2 reach those codecs (Go 1.27),
                       and with -json-tokens the objects' EncodeTokens,
                       which MarshalJSONTo calls for large values
  oas_validate_gen.go  Validate methods and the values checks share
  oas_stream_gen.go    iterators over the models' arrays (the streams part)
  oas_router_gen.go    the router (specs with paths)
  oas_server_gen.go    the Handler interface, Server and responses
  oas_client_gen.go    the Client
  oas_validator_gen.go the validating middleware and the contract
                       transport (the validator part)
  oas_api_gen.go       aliases of the operations' types, Server and Client,
                       declared in packages of their own (-model-packages)
  oas_webhooks_gen.go  the WebhookHandler interface and WebhookServer (specs with webhooks)
  oas_webhooks_client_gen.go  the WebhookClient that sends them
  oas_callbacks_gen.go the CallbackHandler and callback server, for the
                       API's clients (specs with callbacks)
  oas_callbacks_client_gen.go  the CallbackClient the API's server
                       calls them with

With -model-packages N (or model-packages: N in the config file), the
models, codecs, encoding/json/v2 methods, Validate methods and streams go
into up to N packages, DIR/internal/oasmodels/m01 and on, each with its
own oas_models_gen.go, oas_json_gen.go, oas_jsonv2_gen.go,
oas_validate_gen.go and oas_stream_gen.go, and DIR's oas_models_gen.go
declares an alias of every type: for specs too big to compile as one
package. With the server, the operations go into packages of their own
too: their parameter, body and result types into DIR/internal/oasops
(its oas_ops_gen.go), the server into DIR/internal/oasserver (its
oas_server_gen.go), its router into DIR/internal/oasroute (its
oas_router_gen.go) and the client into DIR/internal/oasclient (its
oas_client_gen.go), each with an oas_validate_gen.go when its checks
share values, and Unimplemented into DIR/internal/oasunimplemented (its
oas_unimplemented_gen.go); DIR's oas_api_gen.go declares an alias of
each of their types, NewServer and NewClient (a client without the
server stays in DIR). The webhooks go into DIR/internal/oaswebhooks (its
oas_webhooks_gen.go and oas_webhooks_client_gen.go), and DIR's
oas_webhooks_gen.go declares their aliases. When those are large (or with -op-packages N),
the types, the server and the client are split again into parts,
DIR/internal/oasops/o01, oasserver/s01 and oasclient/c01 and on. DIR
must be in a Go module (the packages import each other by its path).

Files named oas_*_gen.go in DIR, in DIR/internal/oasmodels/* or in
DIR/internal/oasops, oasroute, oasserver, oasclient, oasunimplemented
or oaswebhooks (and their parts), that a new
generation does not write are removed. Warnings (what is not generated
or not checked) go to stderr as a summary by kind: the count, the first
file:line:col and its message, and what to do; -v lists each one (and
each file written), -q prints errors only. On a terminal, a status line
shows what a long run is doing.

`

func runGenerate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("generate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	configPath := fs.String("config", "", "a config file (docs/config.md); flags override what it says (default: ./oasgen.yaml when there is one and no spec is given)")
	beQuiet := fs.Bool("q", false, "print errors only")
	beVerbose := fs.Bool("v", false, "list every warning and every file written, not a summary by kind")
	in := fs.String("i", "", "the OpenAPI spec, YAML or JSON (default: ./oasgen.yaml's input when there is one, else the embedded petstore example)")
	out := fs.String("o", "", "the directory to write the Go package to (default: ./petstore for the example)")
	pkg := fs.String("p", "", "the Go package name (default: from the directory's name)")
	parts := fs.String("parts", "", "what to generate, comma-separated: models, server, client, streams, validator (default all: all but validator; models always)")
	var include, exclude opFilter
	fs.Var((*listFlag)(&include.tags), "tags", "generate only the operations with one of these tags (comma-separated), and the schemas they reach")
	fs.Var((*listFlag)(&include.ids), "operations", "generate only these operations (operationIds, comma-separated), and the schemas they reach")
	fs.Var((*listFlag)(&include.paths), "paths", "generate only the operations under these path prefixes (comma-separated), and the schemas they reach")
	fs.Var((*listFlag)(&exclude.tags), "exclude-tags", "leave out the operations with one of these tags")
	fs.Var((*listFlag)(&exclude.ids), "exclude-operations", "leave out these operations (operationIds)")
	fs.Var((*listFlag)(&exclude.paths), "exclude-paths", "leave out the operations under these path prefixes")
	jsonTokens := fs.Bool("json-tokens", false, "give the objects EncodeTokens methods, which json.Marshal on Go 1.27 takes for large values (docs/doors.md); about 8% more code")
	modelPackages := fs.Int("model-packages", 0, "split the models into up to `N` packages under DIR/internal/oasmodels/, for specs too big to compile as one (DIR must be in a Go module; docs/config.md)")
	opPackages := fs.Int("op-packages", 0, "with the models split, split the operations' types, server and client into up to `N` parts each (by default by size; docs/config.md)")
	unchecked := fs.Bool(strings.TrimPrefix(build.UncheckedPatternsFlag, "-"), false,
		"kept for old scripts: a pattern whose lookaround or backreferences have no RE2 form is now always left unchecked, with a warning")
	formatAnnotations := fs.Bool(strings.TrimPrefix(build.FormatAnnotationsFlag, "-"), false,
		"take string formats as annotations (JSON Schema 2020-12's default): no format check, no Go type of their own")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the generation to `FILE`, for go tool pprof (docs/sizes.md)")
	memProfile := fs.String("memprofile", "", "write a memory profile of the generation to `FILE`, for go tool pprof")
	var limits spec.Options
	limitFlags(fs, &limits)
	peakProfile := fs.String("peakprofile", "", "write a heap profile to `FILE` when the IR is built, while the spec's model is still live: what generation's peak memory holds")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), generateUsage)
		fs.PrintDefaults()
	}
	rest, err := parseArgs(fs, args)
	if err != nil {
		return badFlags(fs, err, stderr)
	}
	usageErr := func(err error) int {
		fmt.Fprintln(stderr, "oasgen generate:", err)
		return exitUsage
	}
	if *in, err = specArg(*in, rest); err != nil {
		return usageLine(stderr, "generate", err)
	}
	verb, err := verbosityOf(*beQuiet, *beVerbose)
	if err != nil {
		return usageLine(stderr, "generate", err)
	}
	if *configPath == "" && *in == "" {
		*configPath = foundConfig()
	}
	cfg := &genConfig{}
	if *configPath != "" {
		if cfg, err = loadConfig(*configPath); err != nil {
			return usageErr(err)
		}
	}
	cfg.verbosity = verb
	cfg.peakProfile = *peakProfile
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if *in != "" {
		cfg.input = *in
	}
	if *out != "" {
		cfg.output = *out
	}
	if *pkg != "" {
		cfg.pkg = *pkg
	}
	if set["parts"] {
		if cfg.parts, err = parseParts(*parts); err != nil {
			return usageErr(err)
		}
	}
	if set["json-tokens"] {
		cfg.jsonTokens = *jsonTokens
	}
	if set["model-packages"] {
		if *modelPackages < 1 || *modelPackages > maxModelPackages {
			return usageErr(fmt.Errorf("-model-packages: want a number from 1 to %d", maxModelPackages))
		}
		cfg.modelPackages = *modelPackages
	}
	if set["op-packages"] {
		if *opPackages < 1 || *opPackages > maxOpPackages {
			return usageErr(fmt.Errorf("-op-packages: want a number from 1 to %d", maxOpPackages))
		}
		cfg.opPackages = *opPackages
	}
	// Neither the flag nor the config chose: split by size.
	cfg.autoSplit = cfg.modelPackages == 0
	if set[strings.TrimPrefix(spec.AliasNodesFlag, "-")] {
		cfg.limits.MaxAliasNodes = limits.MaxAliasNodes
	}
	if set[strings.TrimPrefix(spec.AliasBytesFlag, "-")] {
		cfg.limits.MaxAliasBytes = limits.MaxAliasBytes
	}
	if set[strings.TrimPrefix(build.UncheckedPatternsFlag, "-")] {
		cfg.uncheckedPatterns = *unchecked
	}
	cfg.formatAnnotations = *formatAnnotations
	if !include.empty() {
		cfg.include = include
	}
	if !exclude.empty() {
		cfg.exclude = exclude
	}
	if cfg.output == "" {
		if cfg.input != "" {
			return usageErr(errors.New("-o DIR is required with a spec"))
		}
		cfg.output = "petstore"
	}
	if cfg.input == "" && verb != quiet {
		fmt.Fprintf(stderr, "oasgen generate: no spec (-i) and no %s here: generating the embedded petstore example into %s\n", configFile, shownDir(cfg.output))
	}
	if cfg.pkg == "" {
		cfg.pkg = PackageName(cfg.output)
	}
	if !goIdent.MatchString(cfg.pkg) {
		return usageErr(fmt.Errorf("%q is not a valid Go package name; use -p", cfg.pkg))
	}
	prof, err := startProfiles(*cpuProfile, *memProfile)
	if err != nil {
		return usageErr(err)
	}
	restore := paceGC(cfg.input)
	cfg.status = startStatus(stderr, "oasgen generate", verb)
	code := generateFiles(cfg, stdout, stderr)
	restore()
	if err := prof.stop(); err != nil {
		fmt.Fprintln(stderr, "oasgen generate:", err)
		code = max(code, exitSpec)
	}
	return code
}

// generateFiles generates what cfg asks for and writes the files.
func generateFiles(cfg *genConfig, stdout, stderr io.Writer) int {
	res, err := generate(cfg)
	if err != nil {
		cfg.status.end()
		var broken *gen.BrokenError
		if errors.As(err, &broken) {
			dump := filepath.Join(cfg.output, filepath.FromSlash(broken.File)+".dump")
			_ = os.MkdirAll(filepath.Dir(dump), 0o755)
			_ = os.WriteFile(dump, []byte(broken.Source), 0o644)
			fmt.Fprintf(stderr, "oasgen: %v\n  the code is in %s\n", err, dump)
			return exitSpec
		}
		fmt.Fprintln(stderr, err)
		return exitSpec
	}
	cfg.status.set("writing the files")
	err = WriteFiles(cfg.output, res.Files)
	cfg.status.end()
	reportWarnings(stderr, res.Diagnostics, cfg.verbosity)
	if err != nil {
		fmt.Fprintln(stderr, "oasgen:", err)
		return exitSpec
	}
	lines, size := res.Lines, 0
	for _, f := range res.Files {
		if cfg.verbosity == verbose {
			fmt.Fprintf(stdout, "wrote %s (%d bytes)\n", filepath.Join(cfg.output, filepath.FromSlash(f.Name)), len(f.Content))
		}
		size += len(f.Content)
	}
	switch {
	case cfg.verbosity == quiet:
	case res.Split > 0:
		fmt.Fprintf(stderr, "note: %s lines as one package; the models are split into %d packages%s (-model-packages 1 keeps one; docs/config.md)\n", thousands(float64(res.WholeLines)), res.Split, opsNote(res.OpSplit))
	case res.OpSplit > 0:
		fmt.Fprintf(stderr, "note: the operations are split into %d parts (-op-packages 1 keeps them whole; docs/config.md)\n", res.OpSplit)
	case res.NoSplit != "":
		fmt.Fprintf(stderr, "note: %s lines in one package (about %.1f GB to compile), not split: %s\n", thousands(float64(lines)), float64(lines)*11e3/1e9, res.NoSplit)
	case cfg.modelPackages <= 1 && lines > bigPackage:
		fmt.Fprintf(stderr, "note: %s lines in one package (about %.1f GB to compile); -model-packages N splits the models into N packages (docs/config.md)\n", thousands(float64(lines)), float64(lines)*11e3/1e9)
	}
	if cfg.verbosity != quiet {
		fmt.Fprintf(stdout, "package %s: %d types, %d operations; %s (%s bytes) in %s\n", cfg.pkg, res.Types, res.Operations, plural(len(res.Files), "file"), thousands(float64(size)), shownDir(cfg.output))
	}
	return exitOK
}

// reportWarnings prints generation's warnings on w: a summary by kind, or
// each one (verbose), or none (quiet).
func reportWarnings(w io.Writer, diags []ir.Diagnostic, v verbosity) {
	if v == quiet || len(diags) == 0 {
		return
	}
	fs := make([]finding, len(diags))
	for i, d := range diags {
		fs[i] = finding{severity: "warning", kind: d.Class, pos: d.Pos.String(), msg: d.Msg, fix: d.Advice}
	}
	width := lineWidth(w)
	if v == verbose {
		writeEach(w, fs, width, false)
		writeTotals(w, fs, "kind", "")
		return
	}
	writeSummary(w, fs, width, "kind", "-v lists each one")
}

// shownDir is dir as a message shows it: ./petstore rather than petstore,
// so that it reads as a directory.
func shownDir(dir string) string {
	if filepath.IsAbs(dir) || strings.HasPrefix(dir, ".") {
		return dir
	}
	return "." + string(filepath.Separator) + dir
}

// bigPackage is the size, in lines, past which generate splits the
// models when neither -model-packages nor the config says how many
// packages: about 2 GB for the compiler (bench/results/sizes.md). A
// variable for the tests.
var bigPackage = 100_000

// splitLines is the share of the output's lines each models package is
// given when generate splits them by size: GitHub's 648,567 lines make 9.
var splitLines = 50_000

var goIdent = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

// PackageName derives a package name from a directory: its base name in
// lower case with anything not a letter or digit dropped.
func PackageName(dir string) string {
	base := filepath.Base(filepath.Clean(dir))
	if base == "." || base == "/" {
		if wd, err := os.Getwd(); err == nil {
			base = filepath.Base(wd)
		}
	}
	var b strings.Builder
	for _, r := range strings.ToLower(base) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' {
			b.WriteRune(r)
		}
	}
	name := b.String()
	if name == "" || name[0] >= '0' && name[0] <= '9' {
		name = "api" + name
	}
	return name
}

// Result is what generation produced.
type Result struct {
	Files []gen.File
	// Lines is the number of lines of Files.
	Lines       int
	Diagnostics []ir.Diagnostic
	Types       int
	Operations  int
	// Split is the number of packages generate split the models into by
	// size (splitModels), and WholeLines the lines they made as one; 0
	// when it did not. NoSplit says why a package past the bound stayed
	// whole.
	Split, WholeLines int
	NoSplit           string
	// OpSplit is the number of parts the operations were split into by
	// size (splitOps); 0 when they were not.
	OpSplit int
}

// opsNote says into how many parts the operations are split, after the
// models' note.
func opsNote(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(", the operations into %d parts", n)
}

// load loads the spec at path, or the embedded petstore when path is "",
// and builds its IR.
func load(path string, opts build.Options) (*ir.Package, error) {
	return loadPeak(path, spec.Options{}, opts, "")
}

// limitFlags defines the flags of the spec loader's limits, into o.
func limitFlags(fs *flag.FlagSet, o *spec.Options) {
	fs.Int64Var(&o.MaxAliasNodes, strings.TrimPrefix(spec.AliasNodesFlag, "-"), spec.DefaultMaxAliasNodes,
		"how many nodes the YAML aliases of a spec file may stand for, each counted as a copy of what it names (docs/config.md)")
	fs.Int64Var(&o.MaxAliasBytes, strings.TrimPrefix(spec.AliasBytesFlag, "-"), spec.DefaultMaxAliasBytes,
		"how many bytes of text the YAML aliases of a spec file may stand for, counted the same way")
}

// loadPeak is load, and writes a heap profile to peak (if not "") when the
// IR is built and the spec's model not yet garbage: the peak of a
// generation's memory.
func loadPeak(path string, limits spec.Options, opts build.Options, peak string) (*ir.Package, error) {
	var (
		s   *spec.Spec
		err error
	)
	if path == "" {
		s, err = spec.ParseWith("petstore/openapi.yaml", petstoreSpec, limits)
	} else {
		s, err = spec.LoadWith(path, limits)
	}
	if err != nil {
		return nil, err
	}
	p, err := build.Package(s, opts)
	if peak != "" {
		if perr := writeHeapProfile(peak); perr != nil {
			return nil, fmt.Errorf("-peakprofile: %w", perr)
		}
		runtime.KeepAlive(s)
	}
	return p, err
}

// GeneratePlain generates the plain encoding/json mirror of the spec's
// types as package pkg; realPath is the import path of the oasgen package
// generated from the same spec.
func GeneratePlain(path, pkg, realPath string) (gen.File, error) {
	p, err := load(path, build.Options{})
	if err != nil {
		return gen.File{}, err
	}
	return gen.GeneratePlain(p, gen.Options{Package: pkg, Version: Version()}, realPath)
}

// Generate loads the spec at path (the embedded petstore when path is "")
// and generates package pkg from it, in memory.
func Generate(path, pkg string, opts build.Options) (*Result, error) {
	return generate(&genConfig{input: path, pkg: pkg, uncheckedPatterns: opts.UncheckedPatterns, formatAnnotations: opts.FormatAnnotations})
}

// generate generates what cfg asks for, in memory.
func generate(cfg *genConfig) (*Result, error) {
	cfg.status.set("reading the spec and building its types")
	p, err := loadPeak(cfg.input, cfg.limits, build.Options{UncheckedPatterns: cfg.uncheckedPatterns, FormatAnnotations: cfg.formatAnnotations, Pages: cfg.pages}, cfg.peakProfile)
	if err != nil {
		return nil, err
	}
	// The spec's model is garbage now, and most of the heap (2.5 GB of
	// Microsoft Graph's): collect it, so that the heap printing grows
	// from what is live (bench/results/sizes.md).
	runtime.GC()
	if cfg.selects() {
		if err := cfg.unmatched(p); err != nil {
			return nil, err
		}
		p.Select(cfg.keep)
		if len(p.Operations) == 0 {
			return nil, errors.New("oasgen generate: the selection keeps no operation")
		}
	}
	opts := gen.Options{Package: cfg.pkg, Version: Version(), Parts: cfg.parts, ModelPackages: cfg.modelPackages, OpPackages: cfg.opPackages, RouteLines: routeLines, JSONTokens: cfg.jsonTokens}
	if opts.ModelPackages > 1 {
		if opts.ImportPath, err = importPath(cfg.output); err != nil {
			return nil, fmt.Errorf("oasgen generate: -model-packages: %w", err)
		}
	}
	cfg.status.set(fmt.Sprintf("generating Go: %d types, %d operations", len(p.Decls), len(p.Operations)))
	files, err := gen.Generate(p, opts)
	if err != nil {
		return nil, err
	}
	res := &Result{Files: files, Lines: lineCount(files), Diagnostics: p.Diagnostics, Types: len(p.Decls), Operations: len(p.Operations)}
	if cfg.autoSplit && opts.ModelPackages <= 1 {
		if err := splitModels(cfg, p, opts, res); err != nil {
			return nil, err
		}
	} else if opts.ModelPackages > 1 && cfg.opPackages == 0 && opts.Parts.Has(gen.Server) {
		if err := splitOps(cfg, p, opts, res); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// opParts returns the number of parts to split operations of the given
// lines into, so that each part stays below opSplitLines: an operation's
// part is a hash of its name (gen.Options.OpPackages), so the parts are
// given a fifth to spare; 0 when one package holds them.
func opParts(lines int) int {
	if lines <= opSplitLines {
		return 0
	}
	return min(maxOpPackages, (lines*5/4+opSplitLines-1)/opSplitLines)
}

// opSplitLines is the size, in lines, of the operations' types, server or
// client past which they are split into parts of about that size.
var opSplitLines = 75_000

// routeLines is the size, in lines, of the router of an API split into
// packages past which its route functions go into packages of about that
// size (gen.Options.RouteLines): the models' share, splitLines.
var routeLines = 50_000

// packageLines returns the lines of files by their package's directory
// (slash-separated, "." for the package's own).
func packageLines(files []gen.File) map[string]int {
	lines := map[string]int{}
	for _, f := range files {
		lines[path.Dir(f.Name)] += bytes.Count(f.Content, []byte("\n"))
	}
	return lines
}

// splitOps generates p again, its models split as opts says, with the
// operations split into parts when their types', server's or client's
// package in res is past splitLines lines.
func splitOps(cfg *genConfig, p *ir.Package, opts gen.Options, res *Result) error {
	lines := packageLines(res.Files)
	n := opParts(max(lines[gen.OpsDir], lines[gen.ServerDir], lines[gen.ClientDir]))
	if n == 0 {
		return nil
	}
	opts.OpPackages = n
	cfg.status.set(fmt.Sprintf("generating Go again, the operations in %d parts", n))
	files, err := gen.Generate(p, opts)
	if err != nil {
		return err
	}
	res.Files, res.Lines, res.OpSplit = files, lineCount(files), n
	return nil
}

// splitModels generates p again with its models split into packages when
// the one package res holds is past bigPackage lines, which few machines
// compile: a package for every splitLines lines of the whole, under the
// output directory, whose module gives their import path. Outside a
// module the package stays whole, and res says why.
func splitModels(cfg *genConfig, p *ir.Package, opts gen.Options, res *Result) error {
	if res.Lines <= bigPackage {
		return nil
	}
	res.WholeLines = res.Lines
	if opts.Parts.Has(gen.Validator) && opts.Parts.Has(gen.Server) && len(p.Operations) > 0 {
		res.NoSplit = "the validator part is not generated beside a server split into packages yet (generate the validator without the server, or split the server with -model-packages and leave out the validator)"
		return nil
	}
	ip, err := importPath(cfg.output)
	if err != nil {
		res.NoSplit = "to split it, generate into a directory of a Go module: " + err.Error()
		return nil
	}
	opts.ImportPath = ip
	opts.ModelPackages = min(maxModelPackages, (res.WholeLines+splitLines-1)/splitLines)
	opts.ModelPairs = true
	if opts.OpPackages == 0 && opts.Parts.Has(gen.Server) {
		// As one package, the operations' types and server are
		// oas_server_gen.go, the client oas_client_gen.go.
		var server, client int
		for _, f := range res.Files {
			switch f.Name {
			case "oas_server_gen.go":
				server = bytes.Count(f.Content, []byte("\n"))
			case "oas_client_gen.go":
				client = bytes.Count(f.Content, []byte("\n"))
			}
		}
		opts.OpPackages = opParts(max(server, client))
		res.OpSplit = opts.OpPackages
	}
	cfg.status.set(fmt.Sprintf("generating Go again, the models in %d packages", opts.ModelPackages))
	files, err := gen.Generate(p, opts)
	if err != nil {
		return err
	}
	res.Files, res.Lines, res.Split = files, lineCount(files), modelPackages(files)
	return nil
}

// modelPackages returns the number of models' packages among files.
func modelPackages(files []gen.File) int {
	dirs := map[string]bool{}
	for _, f := range files {
		if dir, ok := strings.CutPrefix(path.Dir(f.Name), gen.ModelsDir+"/"); ok {
			dirs[dir] = true
		}
	}
	return len(dirs)
}

// lineCount returns the number of lines of files.
func lineCount(files []gen.File) int {
	n := 0
	for _, f := range files {
		n += bytes.Count(f.Content, []byte("\n"))
	}
	return n
}

// WriteFiles writes files into dir, creating it, and removes generated
// files of ours that the new generation no longer has: in dir, and in the
// packages of split models and the server's package below it (and those
// packages' directories when that leaves them empty).
func WriteFiles(dir string, files []gen.File) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	keep := map[string]bool{}
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		keep[p] = true
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, f.Content, 0o644); err != nil {
			return err
		}
	}
	for _, p := range generatedFiles(dir) {
		if !keep[p] {
			if err := os.Remove(p); err != nil {
				return err
			}
		}
	}
	// Directories go only when empty: os.Remove fails on the others.
	models := filepath.Join(dir, filepath.FromSlash(gen.ModelsDir))
	parts, _ := filepath.Glob(filepath.Join(models, "*"))
	parts = append(parts, models)
	for _, d := range gen.APIDirs {
		d = filepath.Join(dir, filepath.FromSlash(d))
		// The operations' parts and the router's packages: directories,
		// not the files beside them.
		opParts, _ := filepath.Glob(filepath.Join(d, "[ocsr][0-9]*"))
		parts = append(append(parts, opParts...), d)
	}
	for _, p := range parts {
		_ = os.Remove(p)
	}
	_ = os.Remove(filepath.Dir(models)) // internal/, when all are gone
	return nil
}

// generatedFiles returns the files named oas_*_gen.go that generation
// writes in dir: the package's, its split models' and its operations'.
func generatedFiles(dir string) []string {
	files, _ := filepath.Glob(filepath.Join(dir, "oas_*_gen.go"))
	split, _ := filepath.Glob(filepath.Join(dir, filepath.FromSlash(gen.ModelsDir), "*", "oas_*_gen.go"))
	files = append(files, split...)
	for _, d := range gen.APIDirs {
		moved, _ := filepath.Glob(filepath.Join(dir, filepath.FromSlash(d), "oas_*_gen.go"))
		opParts, _ := filepath.Glob(filepath.Join(dir, filepath.FromSlash(d), "*", "oas_*_gen.go"))
		files = append(append(files, moved...), opParts...)
	}
	return files
}
