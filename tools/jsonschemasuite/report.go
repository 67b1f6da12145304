package main

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"
)

// tally counts the outcomes of some tests.
type tally map[string]int

func (t tally) run() int {
	return t[outPass] + t[outRejectsValid] + t[outAcceptsWarned] + t[outAcceptsSilent] + t[outNoDecoder]
}

func (t tally) total() int { return t.run() + t[outUnexpressible] + t[outNotGenerated] }

func pct(n, of int) string {
	if of == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(of))
}

// Report is the markdown section of docs/conformance.md.
func (res *Results) Report(command string, took time.Duration) string {
	bySet := map[string]tally{}
	byFile := map[string]tally{}
	for _, r := range res.Results {
		if bySet[r.Unit.Set] == nil {
			bySet[r.Unit.Set] = tally{}
		}
		if byFile[r.Unit.Rel] == nil {
			byFile[r.Unit.Rel] = tally{}
		}
		bySet[r.Unit.Set][r.Outcome]++
		byFile[r.Unit.Rel][r.Outcome]++
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", beginMarker)
	fmt.Fprintf(&b, "Measured with `%s` on the JSON-Schema-Test-Suite from the sdist of PyPI `%s==%s` (the run took %.0f s here, build cache warm).\n\n", command, pipPackage, pipVersion, took.Seconds())
	b.WriteString("Pass rate: of the tests that ran (their group was expressible and generated). Silent: the decoder accepted data the suite marks invalid and generation gave no warning for that schema.\n\n")
	header := func(first string) string {
		return "| " + first + " | tests | ran | pass | pass rate | rejects valid | accepts invalid (warned) | accepts invalid silently | no decoder | not expressible | not generated |\n" +
			"| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n"
	}
	row := func(name string, t tally) string {
		return fmt.Sprintf("| %s | %d | %d | %d | %s | %d | %d | %d | %d | %d | %d |\n", name, t.total(), t.run(), t[outPass], pct(t[outPass], t.run()),
			t[outRejectsValid], t[outAcceptsWarned], t[outAcceptsSilent], t[outNoDecoder], t[outUnexpressible], t[outNotGenerated])
	}
	b.WriteString(header("set"))
	for _, s := range sets {
		if t := bySet[s]; t != nil {
			b.WriteString(row(s, t))
		}
	}
	b.WriteString("\nPer suite file (keyword):\n\n")
	b.WriteString(header("file"))
	for _, u := range res.Units {
		b.WriteString(row("`"+u.Rel+"`", byFile[u.Rel]))
	}
	// Groups left out, by reason.
	for _, kind := range []struct{ outcome, title string }{
		{outUnexpressible, "Groups one OpenAPI document cannot express, by reason"},
		{outNotGenerated, "Groups that did not generate or build, by reason"},
	} {
		reasons := map[string][]string{}
		tests := map[string]int{}
		seen := map[*group]bool{}
		for _, r := range res.Results {
			if r.Outcome != kind.outcome {
				continue
			}
			reason := reasonKey(r.Err)
			tests[reason]++
			if !seen[r.Group] {
				seen[r.Group] = true
				reasons[reason] = append(reasons[reason], fmt.Sprintf("`%s#%d`", r.Unit.Rel, r.Group.Index))
			}
		}
		if len(reasons) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n%s (groups, tests, which):\n\n", kind.title)
		for _, k := range sortedKeys(reasons, func(k string) int { return len(reasons[k]) }) {
			fmt.Fprintf(&b, "- %s: %d groups, %d tests: %s\n", k, len(reasons[k]), tests[k], strings.Join(reasons[k], ", "))
		}
	}
	fmt.Fprintf(&b, "%s\n", endMarker)
	return b.String()
}

// reasonKey groups reasons: a build error without its pointer.
func reasonKey(s string) string {
	if i := strings.Index(s, "#/components/schemas/G"); i >= 0 {
		j := strings.Index(s[i:], ": ")
		if j > 0 {
			s = s[:i] + s[i+j+2:]
		}
	}
	s = strings.ReplaceAll(s, "|", "\\|")
	if len(s) > 160 {
		s = s[:160] + "..."
	}
	return s
}

func sortedKeys[V any](m map[string]V, weight func(string) int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int { return cmp.Or(cmp.Compare(weight(b), weight(a)), cmp.Compare(a, b)) })
	return keys
}

// Passing lists the IDs of the tests that pass, one a line: the baseline.
func (res *Results) Passing() string {
	var b strings.Builder
	for _, r := range res.Results {
		if r.Outcome == outPass {
			b.WriteString(r.ID() + "\n")
		}
	}
	return b.String()
}

// Regressions returns the tests of the baseline (restricted to the files
// whose path contains only) that no longer pass, with what happened.
func (res *Results) Regressions(baseline, only string) []string {
	byID := map[string]*Result{}
	for _, r := range res.Results {
		byID[r.ID()] = r
	}
	var lost []string
	for _, id := range strings.Fields(baseline) {
		file, _, _ := strings.Cut(id, "#")
		if !strings.Contains(file, only) {
			continue
		}
		r := byID[id]
		switch {
		case r == nil:
			lost = append(lost, id+": not in this run")
		case r.Outcome != outPass:
			lost = append(lost, fmt.Sprintf("%s: %s: %s / %s: %s", id, r.Outcome, r.Group.Description, r.Test.Description, r.Err))
		}
	}
	return lost
}
