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
	var limits spec.Options
	limitFlags(fs, &limits)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), "Usage: oasgen lint [flags] [-i SPEC | SPEC]\n\nReports what in a spec will cost speed, memory or correctness, as\nfile:line:col: severity rule-id: message, each with a suggested fix.\nRules are described in docs/lint.md.\n\n")
		fs.PrintDefaults()
	}
	rest, err := parseArgs(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
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
		fmt.Fprintln(stderr, "oasgen lint:", err)
		fs.Usage()
		return exitUsage
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
			return usageErr("unknown rule %q (see oasgen lint -rules)", id)
		}
		rc := cfg.Rules[id]
		rc.Off = true
		cfg.Rules[id] = rc
	}
	for _, id := range enable {
		if !lint.KnownRule(id) {
			return usageErr("unknown rule %q (see oasgen lint -rules)", id)
		}
		rc := cfg.Rules[id]
		rc.Off = false
		cfg.Rules[id] = rc
	}
	for _, pair := range severity {
		id, level, ok := strings.Cut(pair, "=")
		if !ok || !lint.KnownRule(id) {
			return usageErr("-severity wants rule=severity with a known rule, not %q", pair)
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
		return usageErr("unknown format %q (want text, json or sarif)", *format)
	}

	findings, err := lintSpec(specPath, limits, cfg)
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
		err = lint.WriteText(stdout, findings)
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

// Lint loads the spec at path and runs the rules on it.
func Lint(path string, cfg lint.Config) ([]lint.Finding, error) {
	return lintSpec(path, spec.Options{}, cfg)
}

// lintSpec is Lint with the loader's limits.
func lintSpec(path string, limits spec.Options, cfg lint.Config) ([]lint.Finding, error) {
	s, err := spec.LoadWith(path, limits)
	if err != nil {
		return nil, err
	}
	// The pattern-re2 rule reports the patterns that have no RE2 form.
	p, err := build.Package(s, build.Options{UncheckedPatterns: true, KeepCopies: true})
	if err != nil {
		return nil, err
	}
	return lint.Run(s, p, cfg), nil
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
	var failOn lint.Severity
	if lf.FailOn != "" {
		if failOn, err = lint.ParseSeverity(lf.FailOn); err != nil {
			return 0, fmt.Errorf("%s: fail-on: %v", path, err)
		}
	}
	for id, n := range lf.Rules {
		where := fmt.Sprintf("%s:%d:%d", path, n.Line, n.Column)
		if !lint.KnownRule(id) {
			return 0, fmt.Errorf("%s: unknown rule %q", where, id)
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
					return 0, fmt.Errorf("%s: %s: unknown setting %q", where, id, k)
				}
			}
		default:
			return 0, fmt.Errorf("%s: %s: want off, on, a severity or a mapping", where, id)
		}
		cfg.Rules[id] = rc
	}
	return failOn, nil
}
