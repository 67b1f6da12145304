package cli

import (
	"cmp"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
)

// verbosity is how much generate and lint say about what they found.
type verbosity int

const (
	quiet   verbosity = -1 // -q: errors only
	summary verbosity = 0  // a summary by kind
	verbose verbosity = 1  // -v: every one
)

// verbosityOf reads the -q and -v flags.
func verbosityOf(q, v bool) (verbosity, error) {
	switch {
	case q && v:
		return 0, fmt.Errorf("-q and -v: want one of them")
	case q:
		return quiet, nil
	case v:
		return verbose, nil
	}
	return summary, nil
}

// A finding is one thing a command reports: a warning of generate or a
// finding of lint.
type finding struct {
	severity string // error, warning or info
	kind     string // the class of warning, or the lint rule
	pos      string // file:line:col
	msg      string
	fix      string // what to do
}

// severityRank orders severities, the most severe first.
func severityRank(s string) int {
	switch s {
	case "error":
		return 0
	case "warning":
		return 1
	}
	return 2
}

// group is the findings of one severity and kind.
type group struct {
	first finding
	count int
}

// groups returns the findings by severity and kind: the most severe first,
// then the most frequent, then by kind; each with its first finding.
func groups(fs []finding) []group {
	var out []group
	at := map[[2]string]int{}
	for _, f := range fs {
		k := [2]string{f.severity, f.kind}
		if i, ok := at[k]; ok {
			out[i].count++
			continue
		}
		at[k] = len(out)
		out = append(out, group{first: f, count: 1})
	}
	slices.SortStableFunc(out, func(a, b group) int {
		return cmp.Or(
			cmp.Compare(severityRank(a.first.severity), severityRank(b.first.severity)),
			cmp.Compare(b.count, a.count),
			cmp.Compare(a.first.kind, b.first.kind))
	})
	return out
}

// writeSummary writes the findings as one entry per kind: a line with the
// severity, the kind, the count and the first position, a line with its
// message and one with what to do; then a line of totals, with more after
// it (kind as for writeTotals). The message and what to do are cut to
// width, a tab counted as 8; the first line is not, so that the position
// is whole.
func writeSummary(w io.Writer, fs []finding, width int, kind, more string) {
	for _, g := range groups(fs) {
		f := g.first
		at := "first at"
		if g.count == 1 {
			at = "at"
		}
		fmt.Fprintf(w, "%s: %s, %s, %s %s\n", f.severity, f.kind, times(g.count), at, f.pos)
		fmt.Fprintln(w, cut("\t"+f.msg, width))
		if f.fix != "" {
			fmt.Fprintln(w, cut("\tfix: "+f.fix, width))
		}
	}
	writeTotals(w, fs, kind, more)
}

// writeEach writes every finding: a line with its position, severity and
// kind (file:line:col: severity kind), one with its message, and one with
// its fix when withFix. The message and the fix are cut to width, a tab
// counted as 8.
func writeEach(w io.Writer, fs []finding, width int, withFix bool) {
	for _, f := range fs {
		fmt.Fprintf(w, "%s: %s %s\n", f.pos, f.severity, f.kind)
		fmt.Fprintln(w, cut("\t"+f.msg, width))
		if withFix && f.fix != "" {
			fmt.Fprintln(w, cut("\tfix: "+f.fix, width))
		}
	}
}

// writeCounts writes the number of findings of each severity and kind, a
// line each, most first.
func writeCounts(w io.Writer, fs []finding) {
	for _, g := range groups(fs) {
		fmt.Fprintf(w, "%7s  %-7s  %s\n", thousands(float64(g.count)), g.first.severity, g.first.kind)
	}
}

// writeTotals writes one line counting the findings by severity and the
// kinds of them, kind naming what a kind is (kind, rule), and more after
// it (a hint at a flag) when there are any.
func writeTotals(w io.Writer, fs []finding, kind, more string) {
	if len(fs) == 0 {
		return
	}
	n := map[string]int{}
	for _, f := range fs {
		n[f.severity]++
	}
	var parts []string
	for _, s := range []string{"error", "warning", "info"} {
		if n[s] > 0 {
			parts = append(parts, plural(n[s], s))
		}
	}
	line := strings.Join(parts, ", ") + " of " + plural(len(groups(fs)), kind)
	if more != "" {
		line += "; " + more
	}
	fmt.Fprintln(w, line)
}

// times is "1 time", "2 times"... as "×N" would not be plain ASCII.
func times(n int) string {
	if n == 1 {
		return "once"
	}
	return thousands(float64(n)) + " times"
}

// plural is "1 warning", "2 warnings".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return thousands(float64(n)) + " " + what + "s"
}

// cut shortens s to width columns, a leading tab counted as 8, ending it
// with "..." when it is cut.
func cut(s string, width int) string {
	if strings.HasPrefix(s, "\t") {
		return "\t" + cut(s[1:], width-8)
	}
	if width <= 3 || len(s) <= width {
		return s
	}
	r := []rune(s)
	if len(r) <= width {
		return s
	}
	return string(r[:width-3]) + "..."
}

// defaultWidth is the width of the lines generate and lint print when
// neither $COLUMNS nor a terminal says: as wide as a position, a kind and
// a short message need.
const defaultWidth = 100

// lineWidth is the width of the lines to print on w: $COLUMNS, as a shell
// sets it, or the width of the terminal w is, or defaultWidth.
func lineWidth(w io.Writer) int {
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n >= 40 {
		return n
	}
	if f, ok := w.(*os.File); ok && isTerminal(w) {
		if n := terminalWidth(f); n >= 40 {
			return n
		}
	}
	return defaultWidth
}
