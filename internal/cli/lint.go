package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/pb33f/go-yaml"

	"github.com/oasgen/oasgen/internal/build"
	"github.com/oasgen/oasgen/internal/lint"
	"github.com/oasgen/oasgen/internal/spec"
)

// lintFile is the shape of a lint config file:
//
//	fail-on: warning
//	rules:
//	  deep-nesting: {severity: error, max-depth: 5}
//	  unused-component: off
type lintFile struct {
	FailOn string               `yaml:"fail-on"`
	Rules  map[string]yaml.Node `yaml:"rules"`
}

type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }
func (l *listFlag) Set(s string) error {
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			*l = append(*l, v)
		}
	}
	return nil
}

func runLint(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("lint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	in := fs.String("i", "", "the OpenAPI spec, YAML or JSON (or give it as the one argument)")
	format := fs.String("format", "text", "output format: text, json or sarif")
	failOn := fs.String("fail-on", "", "exit 1 when a finding is at or above this severity: info, warning or error (default error)")
	configPath := fs.String("config", "", "a YAML file that enables, disables and tunes rules")
	maxDepth := fs.Int("max-depth", 0, fmt.Sprintf("deep-nesting's limit (default %d)", lint.DefaultMaxDepth))
	var disable, enable, severity listFlag
	fs.Var(&disable, "disable", "rules to turn off, comma-separated")
	fs.Var(&enable, "enable", "rules to turn back on, comma-separated")
	fs.Var(&severity, "severity", "rule=severity pairs that change a rule's severity")
	list := fs.Bool("rules", false, "list the rules and exit")
	beQuiet := fs.Bool("q", false, "text output: only the findings that are errors")
	beVerbose := fs.Bool("v", false, "text output: every finding with its fix, then the count of each rule, not a summary by rule")
	var limits spec.Options
	limitFlags(fs, &limits)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), "Usage: oasgen lint [flags] [-i SPEC | SPEC]\n\nReports what in a spec will cost speed, memory or correctness: by rule,\nwith the count, the first finding and a suggested fix (-v: every\nfinding, as file:line:col: severity rule-id: message, and its fix).\nRules are described in docs/lint.md.\n\n")
		fs.PrintDefaults()
	}
	rest, err := parseArgs(fs, args)
	if err != nil {
		return badFlags(fs, err, stderr)
	}
	if *list {
		for _, r := range lint.Rules() {
			fmt.Fprintf(stdout, "%-24s %-8s %s\n", r.ID, r.Severity, r.Summary)
		}
		return exitOK
	}
	specPath, err := specArg(*in, rest)
	if err == nil && specPath == "" {
		err = errors.New("want one spec")
	}
	if err != nil {
		return usageLine(stderr, "lint", err)
	}
	cfg := lint.Config{Rules: map[string]lint.RuleConfig{}}
	threshold := lint.Error
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "oasgen lint: "+format+"\n", a...)
		return exitUsage
	}
	if *configPath != "" {
		fo, err := loadLintConfig(*configPath, cfg)
		if err != nil {
			return usageErr("%v", err)
		}
		if fo != 0 {
			threshold = fo
		}
	}
	for _, id := range disable {
		if !lint.KnownRule(id) {
			return usageErr("unknown rule %q%s (see oasgen lint -rules)", id, ruleSuggestion(id))
		}
		rc := cfg.Rules[id]
		rc.Off = true
		cfg.Rules[id] = rc
	}
	for _, id := range enable {
		if !lint.KnownRule(id) {
			return usageErr("unknown rule %q%s (see oasgen lint -rules)", id, ruleSuggestion(id))
		}
		rc := cfg.Rules[id]
		rc.Off = false
		cfg.Rules[id] = rc
	}
	for _, pair := range severity {
		id, level, ok := strings.Cut(pair, "=")
		if !ok || !lint.KnownRule(id) {
			return usageErr("-severity wants rule=severity with a known rule, not %q%s", pair, ruleSuggestion(id))
		}
		sev, err := lint.ParseSeverity(level)
		if err != nil {
			return usageErr("%v", err)
		}
		rc := cfg.Rules[id]
		rc.Severity = sev
		cfg.Rules[id] = rc
	}
	if *maxDepth < 0 {
		return usageErr("-max-depth must be positive")
	}
	if *maxDepth > 0 {
		rc := cfg.Rules["deep-nesting"]
		rc.MaxDepth = *maxDepth
		cfg.Rules["deep-nesting"] = rc
	}
	if *failOn != "" {
		sev, err := lint.ParseSeverity(*failOn)
		if err != nil {
			return usageErr("%v", err)
		}
		threshold = sev
	}
	if *format != "text" && *format != "json" && *format != "sarif" {
		return usageErr("unknown format %q (want text, json or sarif)%s", *format, spec.DidYouMean(*format, []string{"text", "json", "sarif"}))
	}
	verb, err := verbosityOf(*beQuiet, *beVerbose)
	if err != nil {
		return usageLine(stderr, "lint", err)
	}

	status := startStatus(stderr, "oasgen lint", verb)
	status.set("reading the spec and building its types")
	findings, err := lintWith(specPath, limits, cfg, status)
	status.end()
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitSpec
	}
	switch *format {
	case "json":
		err = lint.WriteJSON(stdout, findings)
	case "sarif":
		err = lint.WriteSARIF(stdout, findings, Version())
	default:
		writeFindings(stdout, findings, verb)
	}
	if err != nil {
		fmt.Fprintln(stderr, "oasgen lint:", err)
		return exitSpec
	}
	for _, f := range findings {
		if f.Severity >= threshold {
			return exitSpec
		}
	}
	return exitOK
}

// ruleSuggestion is "; did you mean RULE?" with the lint rule nearest to
// id, or "".
func ruleSuggestion(id string) string {
	var ids []string
	for _, r := range lint.Rules() {
		ids = append(ids, r.ID)
	}
	return spec.DidYouMean(id, ids)
}

// Lint loads the spec at path and runs the rules on it.
func Lint(path string, cfg lint.Config) ([]lint.Finding, error) {
	return lintWith(path, spec.Options{}, cfg, nil)
}

// lintWith is Lint with the loader's limits, showing its stages on status.
func lintWith(path string, limits spec.Options, cfg lint.Config, status *statusLine) ([]lint.Finding, error) {
	s, err := spec.LoadWith(path, limits)
	if err != nil {
		return nil, err
	}
	// The pattern-re2 rule reports the patterns that have no RE2 form.
	p, err := build.Package(s, build.Options{UncheckedPatterns: true, KeepCopies: true})
	if err != nil {
		return nil, err
	}
	status.set("running the rules")
	return lint.Run(s, p, cfg), nil
}

// writeFindings writes lint's text output: a summary by rule, or with
// verbose every finding and its fix and then the count of each rule; with
// quiet the errors only.
func writeFindings(w io.Writer, findings []lint.Finding, v verbosity) {
	var fs []finding
	for _, f := range findings {
		if v == quiet && f.Severity < lint.Error {
			continue
		}
		fs = append(fs, finding{severity: f.Severity.String(), kind: f.Rule, pos: f.Pos.String(), msg: f.Msg, fix: f.Fix})
	}
	width := lineWidth(w)
	if v == verbose {
		writeEach(w, fs, width, true)
		if len(fs) > 0 {
			fmt.Fprintln(w)
			writeCounts(w, fs)
		}
		writeTotals(w, fs, "rule", "")
		return
	}
	writeSummary(w, fs, width, "rule", "-v lists each one")
}

// loadLintConfig reads a config file into cfg and returns its fail-on.
func loadLintConfig(path string, cfg lint.Config) (lint.Severity, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	var lf lintFile
	if err := yaml.Unmarshal(data, &lf); err != nil {
		return 0, fmt.Errorf("%s: %v", path, err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err == nil && len(doc.Content) > 0 && doc.Content[0].Kind == yaml.MappingNode {
		top := doc.Content[0].Content
		for i := 0; i+1 < len(top); i += 2 {
			if k := top[i]; k.Value != "fail-on" && k.Value != "rules" {
				return 0, fmt.Errorf("%s:%d:%d: unknown setting %q%s (want fail-on or rules)", path, k.Line, k.Column, k.Value, spec.DidYouMean(k.Value, []string{"fail-on", "rules"}))
			}
		}
	}
	var failOn lint.Severity
	if lf.FailOn != "" {
		if failOn, err = lint.ParseSeverity(lf.FailOn); err != nil {
			return 0, fmt.Errorf("%s: fail-on: %v", path, err)
		}
	}
	for id, n := range lf.Rules {
		where := fmt.Sprintf("%s:%d:%d", path, n.Line, n.Column)
		if !lint.KnownRule(id) {
			return 0, fmt.Errorf("%s: unknown rule %q%s", where, id, ruleSuggestion(id))
		}
		rc := cfg.Rules[id]
		switch n.Kind {
		case yaml.ScalarNode:
			switch n.Value {
			case "off", "false":
				rc.Off = true
			case "on", "true":
				rc.Off = false
			default:
				sev, err := lint.ParseSeverity(n.Value)
				if err != nil {
					return 0, fmt.Errorf("%s: %s: want off, on or a severity", where, id)
				}
				rc.Severity = sev
			}
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				k, v := n.Content[i].Value, n.Content[i+1].Value
				switch k {
				case "severity":
					sev, err := lint.ParseSeverity(v)
					if err != nil {
						return 0, fmt.Errorf("%s: %s: %v", where, id, err)
					}
					rc.Severity = sev
				case "enabled":
					rc.Off = v == "false" || v == "off"
				case "max-depth":
					d, err := strconv.Atoi(v)
					if err != nil || d <= 0 || id != "deep-nesting" {
						return 0, fmt.Errorf("%s: max-depth is a positive number, for deep-nesting only", where)
					}
					rc.MaxDepth = d
				default:
					return 0, fmt.Errorf("%s: %s: unknown setting %q%s", where, id, k, spec.DidYouMean(k, []string{"severity", "enabled", "max-depth"}))
				}
			}
		default:
			return 0, fmt.Errorf("%s: %s: want off, on, a severity or a mapping", where, id)
		}
		cfg.Rules[id] = rc
	}
	return failOn, nil
}
