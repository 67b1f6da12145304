package build

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/oasgen/oasgen/internal/ir"
)

// TranslatePattern rewrites a JSON Schema pattern, an ECMA-262 regular
// expression (with the u flag), into RE2 expressions with the same meaning,
// or says why it cannot. A string matches the pattern when it matches every
// returned expression whose Match is set and none of the others.
//
// Most patterns become one expression. RE2 has no lookaround, but a
// lookaround whose position is fixed is a test of its own: lookaheads at
// the start of a pattern anchored there (^(?!\s*$).+) are evaluated at
// position 0, so (?=X) holds when ^(?:X) matches and (?!X) when it does
// not, and lookaheads after k one-character items at position k
// (^(?s:.){k}(?:X)); lookarounds just before or after the final $ are evaluated at the
// end, (?<=X) as (?:X)$ and (?=X) as $(?:X). A repeat past RE2's limit of
// 1000 at an end of the pattern that is not anchored is cut to its minimum
// (trimUnanchoredRepeats). Lookaround anywhere else, backreferences and
// other repeats past 1000 have no RE2 form (RE2 runs in time linear in the
// input, which is why a server should use it on client data).
func TranslatePattern(p string) ([]ir.Regexp, error) {
	re, err := translateRE2(p)
	if err == nil {
		return []ir.Regexp{{Expr: re, Match: true}}, nil
	}
	checks, split, splitErr := splitLookarounds(p)
	if split && splitErr == nil {
		return checks, nil
	}
	if q, ok := trimUnanchoredRepeats(p); ok {
		if res, err := TranslatePattern(q); err == nil {
			return res, nil
		}
	}
	if split {
		return nil, splitErr
	}
	var ce *constructError
	if errors.As(err, &ce) && ce.lookaround {
		return nil, fmt.Errorf("%w (only lookaheads at the start of a pattern anchored with ^, and lookarounds next to its final $, are translated)", err)
	}
	return nil, err
}

// constructError is the error for what RE2 lacks by design, lookaround
// and backreferences, as opposed to its limits (a repeat count past 1000)
// or a pattern that is not valid ECMA-262.
type constructError struct {
	msg        string
	lookaround bool
}

func (e *constructError) Error() string { return e.msg }

// IsConstructError reports whether err, from TranslatePattern, is about
// lookaround or backreferences.
func IsConstructError(err error) bool {
	var ce *constructError
	return errors.As(err, &ce)
}

// splitLookarounds translates p, a pattern with lookarounds at its
// anchored ends, into one expression per lookaround and one for the rest.
// ok is false when p is not of that form; err is set when it is, but a
// part has no RE2 form.
func splitLookarounds(p string) (checks []ir.Regexp, ok bool, err error) {
	alts, _, perr := parseAlts(p, 0, 0)
	if perr != nil || len(alts) != 1 {
		// A top-level alternative is tried at every position on its own.
		return nil, false, nil
	}
	items := flatten(alts[0])
	for _, n := range items {
		if n.quant && n.kind != reAtom && n.kind != reGroup {
			return nil, false, nil // a quantified assertion: a syntax error with the u flag
		}
	}
	// The leading assertions hold at the position the match starts at,
	// which is 0 when one of them is ^ (no m flag: start of input) or a
	// lookahead whose every alternative begins with ^. A lookahead after
	// k items that each match one character (^[a-z](?!.*--)) holds at
	// position k.
	type ahead struct {
		n *reNode
		k int
	}
	var aheads []ahead
	var lead []*reNode // the one-character items among the leading ones
	i, start := 0, false
prefix:
	for ; i < len(items); i++ {
		n := items[i]
		switch {
		case n.kind == reStart && len(lead) == 0:
			start = true
		case n.kind == reAhead || n.kind == reNotAhead:
			aheads = append(aheads, ahead{n, len(lead)})
			if n.kind == reAhead && len(lead) == 0 && anchoredAtStart(n.body) {
				start = true
			}
		case oneChar(n):
			lead = append(lead, n)
		default:
			break prefix
		}
	}
	lookStart := len(aheads) > 0
	// The trailing assertions hold at the position the match ends at,
	// which is the end when one of them is $.
	j, end, lookEnd := len(items), false, false
	for ; j > i; j-- {
		n := items[j-1]
		if n.kind == reEnd {
			end = true
		} else if n.kind == reAhead || n.kind == reNotAhead || n.kind == reBehind || n.kind == reNotBehind {
			lookEnd = true
		} else {
			break
		}
	}
	if !lookStart && !lookEnd || lookStart && !start || lookEnd && !end {
		return nil, false, nil
	}
	add := func(n *reNode, format string) error {
		re, err := translateRE2(n.body)
		if err != nil {
			return fmt.Errorf("%s: %w", n.text, err)
		}
		checks = append(checks, ir.Regexp{Expr: fmt.Sprintf(format, re), Match: n.kind == reAhead || n.kind == reBehind})
		return nil
	}
	for _, a := range aheads {
		format := "^(?:%s)"
		switch {
		case a.k == 1:
			format = "^(?s:.)(?:%s)"
		case a.k > 1:
			format = fmt.Sprintf("^(?s:.){%d}(?:%%s)", a.k)
		}
		if err := add(a.n, format); err != nil {
			return nil, true, err
		}
	}
	for _, n := range items[j:] {
		format := "(?:%s)$"
		if n.kind == reAhead || n.kind == reNotAhead {
			format = "$(?:%s)"
		}
		if n.kind != reEnd {
			if err := add(n, format); err != nil {
				return nil, true, err
			}
		}
	}
	var middle strings.Builder
	for _, n := range append(lead, items[i:j]...) {
		middle.WriteString(n.text)
	}
	if middle.Len() == 0 && !(start && end) {
		return checks, true, nil // ^ or $ alone matches every string
	}
	re, err := translateRE2(middle.String())
	if err != nil {
		return nil, true, err
	}
	re = "(?:" + re + ")"
	if start {
		re = "^" + re
	}
	if end {
		re += "$"
	}
	return append(checks, ir.Regexp{Expr: re, Match: true}), true, nil
}

// trimUnanchoredRepeats rewrites a repeat past RE2's limit of 1000 at an
// end of p that is not anchored: the pattern matches when some substring
// does, so X{n,m} last in p (no $ after it) matches when X{n} does (its
// first n copies are a match), and first in p (no ^ before it) when X{n}
// does (its last n copies are one); with n = 0 the item drops out. ok is
// false when there is nothing to rewrite.
func trimUnanchoredRepeats(p string) (string, bool) {
	alts, _, err := parseAlts(p, 0, 0)
	if err != nil || len(alts) != 1 {
		return "", false
	}
	items := flatten(alts[0])
	texts := make([]string, len(items))
	for i, n := range items {
		texts[i] = n.text
	}
	changed := false
	for _, i := range []int{0, len(items) - 1} {
		if i < 0 || items[i].kind != reAtom && items[i].kind != reGroup {
			continue
		}
		if atom, min, ok := bigRepeat(items[i]); ok {
			texts[i] = ""
			if min > 0 {
				texts[i] = fmt.Sprintf("%s{%d}", atom, min)
			}
			changed = true
		}
	}
	return strings.Join(texts, ""), changed
}

// bigRepeat splits an item repeated {n,m}, n <= 1000 < m, into the atom
// and n.
func bigRepeat(n *reNode) (atom string, min int, ok bool) {
	if !n.quant {
		return "", 0, false
	}
	open := strings.LastIndexByte(n.text, '{')
	q := strings.TrimSuffix(n.text[max(open, 0):], "?")
	if open < 0 || !strings.HasSuffix(q, "}") || quantifierLen(n.text[open:]) != len(n.text)-open {
		return "", 0, false
	}
	lo, hi, _ := strings.Cut(q[1:len(q)-1], ",")
	min, err := strconv.Atoi(lo)
	if err != nil {
		return "", 0, false
	}
	maxN, _ := strconv.Atoi(hi)
	if maxN <= 1000 || min > 1000 {
		return "", 0, false // within RE2's limit, or still past it
	}
	return n.text[:open], min, true
}

// oneChar reports whether n matches exactly one character: a class, a
// dot, a character or an escape of one (not \b, \B or a backreference).
// Under the u flag a character is a code point, as RE2's is.
func oneChar(n *reNode) bool {
	if n.kind != reAtom || n.quant {
		return false
	}
	t := n.text
	switch {
	case t[0] == '[' || t == ".":
		return true
	case t[0] != '\\':
		return utf8.RuneCountInString(t) == 1 && !strings.ContainsAny(t, "^$|(){}*+?")
	case len(t) == 2:
		return !strings.ContainsRune("bBk123456789u", rune(t[1]))
	case t[1] == 'u':
		// \uXXXX, not half of a surrogate pair, or \u{X...}.
		r, n, ok := unicodeEscape(t[2:])
		return ok && 2+n == len(t) && !(0xd800 <= r && r < 0xe000)
	case t[1] == 'p' || t[1] == 'P':
		return true // \p{...}
	case t[1] == 'x' || t[1] == 'c':
		return true // \xhh, \cX
	}
	return false
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) && !('a' <= s[i]|0x20 && s[i]|0x20 <= 'f') {
			return false
		}
	}
	return true
}

// anchoredAtStart reports whether every alternative of the pattern p
// begins with ^.
func anchoredAtStart(p string) bool {
	alts, _, err := parseAlts(p, 0, 0)
	if err != nil {
		return false
	}
	for _, alt := range alts {
		items := flatten(alt)
		if len(items) == 0 || items[0].kind != reStart || items[0].quant {
			return false
		}
	}
	return true
}

type reKind int

const (
	reAtom      reKind = iota // a character, class, escape or quantified group
	reStart                   // ^
	reEnd                     // $
	reAhead                   // (?=X)
	reNotAhead                // (?!X)
	reBehind                  // (?<=X)
	reNotBehind               // (?<!X)
	reGroup                   // (X), (?:X), (?<name>X)
)

// reNode is one item of a sequence in an ECMA-262 pattern: as much as
// splitLookarounds needs to find the lookarounds at a pattern's ends.
type reNode struct {
	kind  reKind
	text  string      // as written, quantifier included
	body  string      // a group or lookaround: the text inside the parentheses
	alts  [][]*reNode // a group: its alternatives
	quant bool        // followed by a quantifier
}

// parseAlts parses the alternatives of p from i up to the ')' closing
// the group at depth (the end of p at depth 0), and returns where it
// stopped.
func parseAlts(p string, i, depth int) ([][]*reNode, int, error) {
	alts := [][]*reNode{nil}
	for i < len(p) {
		start := i
		n := &reNode{kind: reAtom}
		switch p[i] {
		case '|':
			alts = append(alts, nil)
			i++
			continue
		case ')':
			if depth == 0 {
				return nil, i, fmt.Errorf("unmatched )")
			}
			return alts, i, nil
		case '\\':
			if i+1 >= len(p) {
				return nil, i, fmt.Errorf("lone backslash")
			}
			i += 2
			// \u{...}, \p{...}, \P{...}: the braces are not a quantifier;
			// \xhh, \uhhhh and \cX are one item.
			switch e := p[i-1]; {
			case (e == 'u' || e == 'p' || e == 'P') && i < len(p) && p[i] == '{':
				close := strings.IndexByte(p[i:], '}')
				if close < 0 {
					return nil, i, fmt.Errorf("unclosed escape")
				}
				i += close + 1
			case e == 'x' && i+2 <= len(p) && isHex(p[i:i+2]):
				i += 2
			case e == 'u' && i+4 <= len(p) && isHex(p[i:i+4]):
				i += 4
			case e == 'c' && i < len(p) && isLetter(p[i]):
				i++
			}
		case '[':
			// ECMA: the first ']' closes the class, even right after '['
			// ("[]" matches nothing, "[^]" anything).
			j := i + 1
			if j < len(p) && p[j] == '^' {
				j++
			}
			for j < len(p) && p[j] != ']' {
				if p[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(p) {
				return nil, i, fmt.Errorf("unclosed class")
			}
			i = j + 1
		case '(':
			open := 1
			n.kind = reGroup
			for _, g := range []struct {
				prefix string
				kind   reKind
			}{{"(?=", reAhead}, {"(?!", reNotAhead}, {"(?<=", reBehind}, {"(?<!", reNotBehind}, {"(?:", reGroup}} {
				if strings.HasPrefix(p[i:], g.prefix) {
					open, n.kind = len(g.prefix), g.kind
					break
				}
			}
			if open == 1 && strings.HasPrefix(p[i:], "(?<") {
				close := strings.IndexByte(p[i:], '>')
				if close < 0 {
					return nil, i, fmt.Errorf("unclosed group name")
				}
				open = close + 1
			}
			inner, close, err := parseAlts(p, i+open, depth+1)
			if err != nil {
				return nil, close, err
			}
			if close >= len(p) {
				return nil, close, fmt.Errorf("unclosed (")
			}
			n.body, n.alts = p[i+open:close], inner
			i = close + 1
		case '^':
			n.kind = reStart
			i++
		case '$':
			n.kind = reEnd
			i++
		default:
			_, size := utf8.DecodeRuneInString(p[i:])
			i += size
		}
		if q := quantifierLen(p[i:]); q > 0 {
			i += q
			n.quant = true
		}
		n.text = p[start:i]
		alts[len(alts)-1] = append(alts[len(alts)-1], n)
	}
	if depth > 0 {
		return nil, len(p), fmt.Errorf("unclosed (")
	}
	return alts, len(p), nil
}

// quantifierLen returns the length of the quantifier s begins with
// (*, +, ?, {n}, {n,}, {n,m}, each maybe followed by ? for lazy), or 0.
func quantifierLen(s string) int {
	n := 0
	switch {
	case s == "":
		return 0
	case s[0] == '*' || s[0] == '+' || s[0] == '?':
		n = 1
	case s[0] == '{':
		j := 1
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		if j == 1 {
			return 0
		}
		if j < len(s) && s[j] == ',' {
			j++
			for j < len(s) && isDigit(s[j]) {
				j++
			}
		}
		if j >= len(s) || s[j] != '}' {
			return 0
		}
		n = j + 1
	default:
		return 0
	}
	if n < len(s) && s[n] == '?' {
		n++
	}
	return n
}

// flatten splices the items of groups that are neither quantified nor
// alternatives into the sequence: a(bc)d matches what abcd matches.
// Capture numbers change, which matters only to backreferences, and those
// have no RE2 form anyway.
func flatten(seq []*reNode) []*reNode {
	var out []*reNode
	for _, n := range seq {
		if n.kind == reGroup && !n.quant && len(n.alts) == 1 {
			out = append(out, flatten(n.alts[0])...)
			continue
		}
		out = append(out, n)
	}
	return out
}
