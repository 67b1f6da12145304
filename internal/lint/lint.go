// Package lint finds the problems in a spec that cost speed, memory or
// correctness later: deep nesting, repeated nested arrays, unbounded request
// bodies, unions that cannot be told apart, and plain mistakes. Rules read
// the loaded spec and its IR; docs/lint.md says why each one matters.
package lint

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
	"github.com/oasgen/oasgen/internal/spec"
)

// Severity orders findings.
type Severity int

// Severities, least to most severe.
const (
	Info Severity = iota + 1
	Warning
	Error
)

var severityNames = map[Severity]string{Info: "info", Warning: "warning", Error: "error"}

func (s Severity) String() string { return severityNames[s] }

// ParseSeverity reads "info", "warning" or "error".
func ParseSeverity(s string) (Severity, error) {
	for k, v := range severityNames {
		if v == strings.ToLower(s) {
			return k, nil
		}
	}
	return 0, fmt.Errorf("unknown severity %q (want info, warning or error)", s)
}

// Finding is one problem at one place.
type Finding struct {
	Rule     string
	Severity Severity
	Pos      ir.Pos
	Msg      string
	Fix      string
}

func (f Finding) String() string {
	return fmt.Sprintf("%s: %s %s: %s", f.Pos, f.Severity, f.Rule, f.Msg)
}

// Rule is one check.
type Rule struct {
	ID       string
	Severity Severity // the default
	Summary  string
	run      func(c *checker)
}

// Rules returns every rule, in report order.
func Rules() []*Rule { return rules }

// RuleConfig tunes one rule.
type RuleConfig struct {
	Off      bool
	Severity Severity // 0 keeps the default
	MaxDepth int      // deep-nesting only; 0 keeps the default
}

// Config selects and tunes rules.
type Config struct {
	Rules map[string]RuleConfig
}

func (c Config) rule(id string) RuleConfig { return c.Rules[id] }

// DefaultMaxDepth is deep-nesting's default limit.
const DefaultMaxDepth = 4

// checker carries one run.
type checker struct {
	s        *spec.Spec
	p        *ir.Package
	cfg      Config
	rule     *Rule
	findings []Finding
	seen     map[string]bool
}

func (c *checker) report(pos ir.Pos, msg, fix string) {
	c.reportAs(c.rule.Severity, pos, msg, fix)
}

// reportAs is report with the severity sev instead of the rule's, unless
// the config sets the rule's.
func (c *checker) reportAs(sev Severity, pos ir.Pos, msg, fix string) {
	key := c.rule.ID + "\x00" + pos.String() + "\x00" + msg
	if c.seen[key] {
		return
	}
	c.seen[key] = true
	if rc := c.cfg.rule(c.rule.ID); rc.Severity != 0 {
		sev = rc.Severity
	}
	c.findings = append(c.findings, Finding{Rule: c.rule.ID, Severity: sev, Pos: pos, Msg: msg, Fix: fix})
}

// Run checks s, whose IR is p, and returns the findings sorted by position.
func Run(s *spec.Spec, p *ir.Package, cfg Config) []Finding {
	c := &checker{s: s, p: p, cfg: cfg, seen: map[string]bool{}}
	for _, r := range rules {
		if cfg.rule(r.ID).Off {
			continue
		}
		c.rule = r
		r.run(c)
	}
	slices.SortStableFunc(c.findings, func(a, b Finding) int {
		return cmp.Or(
			cmp.Compare(a.Pos.File, b.Pos.File),
			cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Col, b.Pos.Col),
			cmp.Compare(a.Rule, b.Rule),
			cmp.Compare(a.Msg, b.Msg),
		)
	})
	return c.findings
}

// KnownRule reports whether id names a rule.
func KnownRule(id string) bool {
	for _, r := range rules {
		if r.ID == id {
			return true
		}
	}
	return false
}
