// Package fastfmt formats generated Go declarations as gofmt would,
// without parsing them, for the declarations whose shape it can be sure
// about. It is oasgen's printer's fast path: Decl reports false for any
// other declaration, which the caller then gives to go/format.
package fastfmt

import (
	"bytes"
	"go/doc/comment"
	"strings"
	"unicode/utf8"
)

// Decl appends to dst src, one top-level declaration, formatted as gofmt
// would format it, and reports true, when the declaration is of the kind
// it can be sure about; it reports false for the others, which go to
// go/format. With again set, doc comments at the top level are rewritten
// to a fixed point, as a caller formatting spec text with go/format
// repeats it until gofmt finds nothing to change.
//
// Emitters print code without indentation and with gofmt's spacing inside
// each line (one blank after a comma, around assignments and comparisons).
// What is left to do is gofmt's indentation, which follows the brackets
// that lines leave open; collapsing blank lines; aligning struct fields and
// const specs in columns, as text/tabwriter does for gofmt; and rewriting
// doc comments with go/doc/comment. Anything that could need more (keys of
// composite literals or trailing comments to align, expressions whose
// spacing depends on where they are, lines that continue an expression,
// comments gofmt may or may not rewrite) makes the whole declaration go to
// go/format, so the output is gofmt's in every case; TestShapes and
// internal/gen's TestFastFormat hold it to that.
func Decl(src []byte, dst []byte, again bool) ([]byte, bool) {
	var (
		stack       []opener // brackets open at the start of the line
		prevCell    bool     // the previous line may have a column gofmt aligns
		prevOpen    bool     // the previous line ended with an open bracket
		blanks      int      // blank lines pending
		comment     []byte   // the comment group being read, one line each
		done        bool     // the declaration is complete
		prevComment bool
		section     []row // the lines of the struct or group being read
		// The comment group being read is written when it ends: gofmt
		// rewrites one that abuts the next line as a doc comment.
		group struct {
			depth    int
			top      bool // outside any bracket
			inside   bool // in a struct or group: a row of section
			indented bool // a line of it was indented in src
		}
	)
	// endComment writes the comment group; doc is set when it abuts a line
	// of code that starts its line in src, so gofmt formats it as a doc
	// comment.
	endComment := func(doc bool) bool {
		if len(comment) == 0 {
			return true
		}
		text := comment
		if !plainComment(text) {
			if !doc {
				return false // gofmt may or may not reformat it
			}
			times := 1
			if again && group.top {
				// Reformatting is not always idempotent: repeat it.
				times = 4
			}
			if text = docComment(text, times); text == nil {
				return false
			}
		}
		for len(text) > 0 {
			nl := bytes.IndexByte(text, '\n')
			l := text[:nl]
			text = text[nl+1:]
			if group.inside {
				section = append(section, row{depth: group.depth, text: l, comment: true})
				continue
			}
			for range group.depth {
				dst = append(dst, '\t')
			}
			dst = append(dst, l...)
			dst = append(dst, '\n')
		}
		comment = nil // section's rows may hold its lines
		return true
	}
	lines := src
	for len(lines) > 0 {
		nl := bytes.IndexByte(lines, '\n')
		if nl < 0 {
			return nil, false
		}
		raw := lines[:nl]
		line := trimSpace(raw)
		lines = lines[nl+1:]
		indented := len(raw) > 0 && (raw[0] == ' ' || raw[0] == '\t')
		if len(line) == 0 {
			blanks++
			continue
		}
		ln, ok := scanLine(line)
		if !ok {
			return nil, false
		}
		if ln.closers > len(stack) {
			return nil, false
		}
		if blanks > 0 {
			// A blank line after an open bracket or before a closing one
			// follows rules of its own.
			if prevOpen || ln.closers > 0 || ln.isCase || !endComment(false) {
				return nil, false
			}
			if len(stack) > 0 && aligned(stack[len(stack)-1].kind) {
				section = append(section, row{})
			} else {
				dst = append(dst, '\n')
			}
			blanks = 0
			prevCell = false
		}
		if prevOpen && ln.closers > 0 {
			return nil, false // gofmt joins empty brackets: const ()
		}
		if done {
			// More after the declaration: gofmt decides the blank lines
			// between declarations.
			return nil, false
		}
		if ln.closers > 0 && aligned(stack[len(stack)-1].kind) {
			var ok bool
			if dst, ok = writeSection(dst, stack[len(stack)-1].kind, section); !ok {
				return nil, false
			}
			section = section[:0]
		}
		stack = stack[:len(stack)-ln.closers]
		depth := 0
		var inner byte
		for _, o := range stack {
			if o.indents {
				depth++
			}
		}
		if len(stack) > 0 {
			inner = stack[len(stack)-1].kind
		}
		if ln.isComment {
			if len(comment) == 0 {
				group.depth, group.top, group.inside, group.indented = depth, len(stack) == 0, aligned(inner), false
			}
			group.indented = group.indented || indented
			comment = append(comment, line...)
			comment = append(comment, '\n')
			if ln.isCase {
				return nil, false
			}
			prevOpen, prevComment, prevCell = false, true, false
			continue
		}
		if !endComment(!group.indented && !indented) {
			return nil, false
		}
		// Which lines can hold a column that gofmt aligns with the next
		// line's: trailing comments, struct fields, specs in a group,
		// keys in a composite literal.
		cell := ln.trailing
		if inner == kindLit && !ln.isComment && ln.closers == 0 {
			cell = cell || ln.key
		}
		if cell && prevCell {
			return nil, false
		}
		if aligned(inner) {
			// Struct fields and specs wait for the closing bracket, to
			// be aligned in columns.
			if ln.trailing || len(ln.opens) > 0 || ln.pops > 0 {
				return nil, false
			}
			section = append(section, row{depth: depth, text: line})
			prevOpen, prevComment, prevCell = false, false, false
			continue
		}
		if !ln.isComment && (ln.opEnd || ln.lastComma && (inner == kindBlock || inner == kindFunc || inner == 0)) {
			return nil, false // an expression or a list continues on the next line
		}
		if ln.arith > 0 && ln.cmp == 0 && inner != kindBlock && inner != kindFunc && inner != 0 {
			return nil, false // spaced by the list the expression is in
		}
		if ln.isCase && prevComment {
			return nil, false // gofmt indents the comment by the case or by the code above
		}
		if ln.isCase {
			if inner != kindBlock && inner != kindFunc || depth == 0 {
				return nil, false
			}
			depth--
		}
		for range depth {
			dst = append(dst, '\t')
		}
		dst = append(dst, line...)
		dst = append(dst, '\n')
		prevCell = cell
		for i, k := range ln.opens {
			stack = append(stack, opener{kind: k, indents: i == len(ln.opens)-1})
		}
		if ln.pops > len(stack) {
			return nil, false
		}
		stack = stack[:len(stack)-ln.pops]
		prevOpen = len(ln.opens) > 0
		prevComment = false
		done = len(stack) == 0
	}
	if len(stack) > 0 || len(comment) > 0 {
		return nil, false
	}
	return dst, true
}

type opener struct {
	kind    byte
	indents bool // the lines inside are indented one more
}

// Kinds of open brackets.
const (
	kindBlock  = 'b' // { of statements
	kindFunc   = 'f' // { of a function body
	kindStruct = 's' // { of struct fields
	kindIface  = 'i' // { of interface methods
	kindLit    = 'l' // { of a composite literal
	kindGroup  = 'g' // ( of a const or var group
	kindTypes  = 't' // ( of a type or import group
	kindParen  = 'p' // other ( and [
)

// line is what Decl needs to know about one line.
type line struct {
	closers   int    // brackets the line closes before anything else
	pops      int    // brackets it closes after its first token, of those open before it
	opens     []byte // kinds of the brackets it leaves open
	isComment bool   // the line is a // comment
	trailing  bool   // code followed by a // comment
	isCase    bool   // starts with case or default
	key       bool   // holds "key: " outside brackets
	lastComma bool   // ends with a comma
	opEnd     bool   // ends with an operator: the expression continues
	arith     int    // binary arithmetic operators, all outside brackets
	spaced    int    // of which spaced
	mul       int    // of which of the precedence of *
	cmp       int    // comparisons and && and || outside brackets
	comma     bool   // holds a comma outside brackets
	semicolon bool   // holds a semicolon outside brackets
}

// scanLine reads one trimmed line of code, or reports false for a line
// whose formatting Decl cannot be sure of.
func scanLine(s []byte) (line, bool) {
	var ln line
	if s[0] == '/' && len(s) > 1 && s[1] == '/' {
		ln.isComment = true
		return ln, true
	}
	if hasWord(s, "case ") || bytes.Equal(s, []byte("default:")) {
		ln.isCase = true
	}
	// Leading closers.
	i := 0
	for i < len(s) && (s[i] == '}' || s[i] == ')' || s[i] == ']') {
		ln.closers++
		i++
		if i < len(s) && s[i] == ' ' {
			// "} else {"
			break
		}
	}
	var opens []byte   // open brackets of this line, kinds
	last := byte(0)    // last byte of code before the current one, not a space
	afterFunc := false // the next { after a space opens a function body
	funcAt := -1       // where the func keyword of afterFunc is
	// The function bodies opened on this line: where their func keyword
	// and their { are.
	type body struct{ start, brace int }
	var bodies []body
	assigned := false // an assignment operator was seen outside brackets
	code := s
	for ; i < len(s); i++ {
		c := s[i]
		if c == '/' && i+1 < len(s) && s[i+1] == '/' {
			if i == 0 || s[i-1] != ' ' || i < 2 || s[i-2] == ' ' {
				return ln, false
			}
			ln.trailing = true
			code = s[:i-1]
			break
		}
		if c == '/' && i+1 < len(s) && s[i+1] == '*' {
			return ln, false
		}
		// Otherwise '/' is division, an operator like the others below.
		switch c {
		case '"', '\'':
			j := i + 1
			for j < len(s) && s[j] != c {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(s) {
				return ln, false
			}
			i, last = j, 'a'
			continue
		case '`':
			j := bytes.IndexByte(s[i+1:], '`')
			if j < 0 {
				return ln, false // a raw string over several lines
			}
			i, last = i+1+j, 'a'
			continue
		case '(', '[':
			k := byte(kindParen)
			if c == '(' && (bytes.Equal(s[:i], []byte("const ")) || bytes.Equal(s[:i], []byte("var "))) {
				k = kindGroup
			}
			if c == '(' && (bytes.Equal(s[:i], []byte("type ")) || bytes.Equal(s[:i], []byte("import "))) {
				k = kindTypes
			}
			if c == '(' && i >= 1 && s[i-1] == ' ' && endsWord(s[:i-1], "range", "if", "for", "switch", "return") && !operandParen(s[i:]) {
				return ln, false // gofmt may drop the parentheses
			}
			opens = append(opens, k)
		case '{':
			k := byte(kindLit)
			if i > 0 && s[i-1] == ' ' {
				k = kindBlock
				if endsWord(s[:i-1], "struct") {
					k = kindStruct
				} else if endsWord(s[:i-1], "interface") {
					k = kindIface
				} else if afterFunc {
					k = kindFunc
					bodies = append(bodies, body{funcAt, i})
				}
			}
			afterFunc = false
			opens = append(opens, k)
		case ')', ']', '}':
			if len(opens) > 0 {
				// gofmt keeps a block on one line only for a short
				// function body.
				switch opens[len(opens)-1] {
				case kindBlock, kindStruct, kindIface:
					return ln, false
				case kindFunc:
					b := bodies[len(bodies)-1]
					bodies = bodies[:len(bodies)-1]
					if !oneLineBody(s, b.start, b.brace, i) {
						return ln, false
					}
				}
				opens = opens[:len(opens)-1]
			} else {
				ln.pops++
			}
		case '\t':
			return ln, false
		case ' ':
			if i+1 < len(s) && s[i+1] == ' ' {
				return ln, false
			}
		case '+', '-', '%', '^', '|', '*', '&', '<', '>', '=', '!', '/':
			// Operators: unary ones and those gofmt always spaces are
			// safe; binary arithmetic is spaced by context.
			n := opLen(s[i:])
			op := string(s[i : i+n])
			before := i > 0 && s[i-1] == ' '
			after := i+n < len(s) && s[i+n] == ' '
			binary := isOperandEnd(last) && before == after &&
				!(op == "*" && last == ']' && typeBracket(s[:i]))
			switch op {
			case "...":
			case "++", "--":
				if i+n != len(s) && s[i+n] != ';' && s[i+n] != ' ' {
					return ln, false
				}
			case "==", "!=", "<=", ">=", "<", ">", "&&", "||", "<-":
				if op == "<-" && !before {
					break // a receive, or chan<-
				}
				if !before || !after {
					return ln, false
				}
				if op != "<-" && len(opens) == 0 {
					ln.cmp++
				}
			case "=", ":=", "+=", "-=", "*=", "/=", "%=", "|=", "&=", "^=", "<<=", ">>=", "&^=":
				if !before || !after {
					return ln, false
				}
				if len(opens) == 0 {
					assigned = true
				}
			case "*", "&", "-", "+", "^", "|", "%", "<<", ">>", "&^", "/":
				if !binary {
					// Unary, or a pointer type after a name ("r
					// *Request"): spaced before and not after.
					if after || op == "|" || op == "%" || op == "<<" || op == ">>" || op == "&^" || op == "/" {
						return ln, false
					}
					break
				}
				// Binary arithmetic is spaced by where it is; Decl
				// takes the cases checked at the end of the line.
				ln.arith++
				if after {
					ln.spaced++
				}
				if op != "-" && op != "+" && op != "|" && op != "^" {
					ln.mul++
				}
				next := i + n
				if after {
					next++
				}
				if len(opens) > 0 || next >= len(s) || !isIdent(s[next]) && s[next] != '"' ||
					after && !(assigned || bytes.HasPrefix(s, []byte("return ")) || bytes.HasPrefix(s, []byte("switch "))) {
					return ln, false
				}
			case "!":
				if after {
					return ln, false
				}
			default:
				return ln, false
			}
			i += n - 1
			last = '+'
			continue
		case ',':
			if len(opens) == 0 {
				ln.comma = true
			}
		case ';':
			if len(opens) == 0 {
				ln.semicolon = true
			}
		case ':':
			if i+1 < len(s) && s[i+1] == ' ' && len(opens) == 0 {
				ln.key = true
			}
			if i+1 < len(s) && s[i+1] == '=' {
				if i == 0 || s[i-1] != ' ' || i+2 >= len(s) || s[i+2] != ' ' {
					return ln, false
				}
				i++
				last = '+'
				continue
			}
		case '.':
			if i == 0 {
				return ln, false
			}
		case 'f':
			if bytes.HasPrefix(s[i:], []byte("func")) && (i == 0 || !isIdent(s[i-1])) && (i+4 == len(s) || !isIdent(s[i+4])) {
				if !afterFunc {
					funcAt = i // a func type in the signature is part of the header
				}
				afterFunc = true
			}
		default:
			if c >= '0' && c <= '9' && !isIdent(last) {
				j := i
				for j < len(s) && (isIdent(s[j]) || s[j] == '.') {
					if s[j] >= 'A' && s[j] <= 'Z' {
						return ln, false // gofmt lowercases 0X, 1E5
					}
					j++
				}
				i, last = j-1, 'a'
				continue
			}
		}
		if c != ' ' {
			last = c
		}
	}
	ln.opens = opens
	code = bytes.TrimRight(code, " ")
	if len(code) == 0 {
		return ln, false
	}
	e := code[len(code)-1]
	if ln.pops > 0 && len(opens) > 0 {
		return ln, false
	}
	ln.lastComma = e == ',' && len(opens) == 0
	// gofmt spaces binary operators by the expression's depth and
	// precedences. Arithmetic under a comparison, && or || is never
	// spaced; operators of one precedence alone on the right of an
	// assignment, in a return statement or a switch's tag are, when the
	// statement is not in a list.
	if ln.arith > 0 {
		switch {
		case ln.semicolon:
			return ln, false
		case ln.cmp > 0:
			if ln.spaced > 0 {
				return ln, false
			}
		case ln.spaced != ln.arith || ln.mul != 0 && ln.mul != ln.arith || ln.comma:
			return ln, false
		}
	}
	switch e {
	case '=', '+', '-', '*', '&', '|', '^', '<', '>', '!', '.', '%', '/':
		if !bytes.HasSuffix(code, []byte("++")) && !bytes.HasSuffix(code, []byte("--")) {
			ln.opEnd = true
		}
	case ':':
		if !ln.isCase {
			return ln, false // a label
		}
	}
	return ln, true
}

// oneLineBody reports whether gofmt keeps the function body that s opens
// at brace and closes at end on the line: when it holds one statement and
// the function's header, from its func keyword at start, and the
// statement are at most 100 columns together (go/printer's funcBody, which
// counts a declaration's header one column longer). The
// statement is printed as it is; nothing in it is a block.
func oneLineBody(s []byte, start, brace, end int) bool {
	if start < 0 || brace < start || brace+1 > end {
		return false
	}
	stmt := s[brace+1 : end]
	if len(stmt) > 0 {
		if len(stmt) < 3 || stmt[0] != ' ' || stmt[len(stmt)-1] != ' ' {
			return false
		}
		stmt = stmt[1 : len(stmt)-1]
	}
	for _, c := range s[start:end] {
		if c >= utf8.RuneSelf {
			return false // columns are not bytes
		}
	}
	if bytes.ContainsAny(stmt, "{;\"") || bytes.Contains(stmt, []byte("//")) {
		return false
	}
	header := brace - 1 - start
	if s[brace-1] != ' ' {
		return false
	}
	if bytes.HasPrefix(s[start:], []byte("func ")) {
		// A declaration's header is measured from before the blank
		// after func, which the printer has not written yet.
		header++
	}
	return header+len(stmt) <= 100
}

// operandParen reports whether the parenthesized expression s starts with,
// after a keyword, is an operand of a larger expression (as in
// "if (*x).Null {"), which gofmt leaves as it is, rather than the whole
// expression, whose parentheses gofmt may drop.
func operandParen(s []byte) bool {
	depth := 0
	for i, c := range s {
		switch c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				return i+1 < len(s) && (s[i+1] == '.' || s[i+1] == '[' || s[i+1] == '(' || s[i+1] == ',')
			}
		case '"', '\'', '`':
			return false
		}
	}
	return false
}

// typeBracket reports whether s ends with the ] of a slice or map type.
func typeBracket(s []byte) bool {
	if bytes.HasSuffix(s, []byte("[]")) {
		return true
	}
	open := bytes.LastIndexByte(s, '[')
	return open >= 0 && !bytes.ContainsAny(s[open+1:], "[]()") && endsWord(s[:open], "map")
}

func opLen(s []byte) int {
	for _, op := range [...]string{"<<=", ">>=", "&^=", "...", "%=", "^=", "&&", "||", "==", "!=", "<=", ">=", ":=", "+=", "-=", "*=", "/=", "|=", "&=", "<-", "++", "--", "<<", ">>", "&^"} {
		if bytes.HasPrefix(s, []byte(op)) {
			return len(op)
		}
	}
	return 1
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

func isOperandEnd(c byte) bool {
	return isIdent(c) || c == ')' || c == ']' || c == '}'
}

// hasWord reports whether s starts with w.
func hasWord(s []byte, w string) bool { return bytes.HasPrefix(s, []byte(w)) }

// endsWord reports whether s ends with one of the words.
func endsWord(s []byte, words ...string) bool {
	for _, w := range words {
		if bytes.HasSuffix(s, []byte(w)) && (len(s) == len(w) || !isIdent(s[len(s)-len(w)-1])) {
			return true
		}
	}
	return false
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t') {
		b = b[1:]
	}
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}

// docComment formats a group of // lines as gofmt formats a doc comment,
// times times or until it is stable, or returns nil for a group gofmt
// treats differently (directives, no text).
func docComment(group []byte, times int) []byte {
	var text strings.Builder
	empty := true
	for l := range bytes.Lines(group) {
		l = bytes.TrimSuffix(l, []byte("\n"))
		after := l[2:]
		if len(after) > 0 && after[0] != ' ' {
			return nil // a directive, or //text
		}
		after = bytes.TrimPrefix(after, []byte(" "))
		empty = empty && len(after) == 0
		text.Write(after)
		text.WriteByte('\n')
	}
	if empty {
		return nil
	}
	var out []byte
	for range times {
		var p comment.Parser
		var pr comment.Printer
		printed := pr.Comment(p.Parse(text.String()))
		next := out[:0:0]
		for l := range bytes.Lines(printed) {
			l = bytes.TrimSuffix(l, []byte("\n"))
			switch {
			case len(l) == 0:
				next = append(next, "//"...)
			case l[0] == '\t':
				next = append(next, "//"...)
				next = append(next, l...)
			default:
				next = append(next, "// "...)
				next = append(next, l...)
			}
			next = append(next, '\n')
		}
		if len(next) == 0 {
			return nil
		}
		if bytes.Equal(next, out) {
			break
		}
		out = next
		text.Reset()
		for l := range bytes.Lines(out) {
			l = bytes.TrimSuffix(l, []byte("\n"))
			text.Write(bytes.TrimPrefix(l[2:], []byte(" ")))
			text.WriteByte('\n')
		}
	}
	return out
}

// plainComment reports whether gofmt leaves a group of // lines as it is
// when it reformats doc comments: paragraphs of plain text, no lists,
// code blocks, headings, link definitions or quotes gofmt rewrites.
func plainComment(group []byte) bool {
	paraLines, paras := 0, 0
	prevBlank := true
	first := true
	for len(group) > 0 {
		nl := bytes.IndexByte(group, '\n')
		l := group[:nl]
		group = group[nl+1:]
		if len(l) == 2 { // "//"
			if prevBlank {
				return false
			}
			if paras > 0 && paraLines == 1 {
				// A one-line paragraph between two others may be a heading.
				return false
			}
			paras++
			paraLines = 0
			prevBlank = true
			continue
		}
		if len(l) < 4 || l[2] != ' ' {
			return false
		}
		switch c := l[3]; {
		case c == ' ' || c == '\t' || c == '-' || c == '*' || c == '+' || c == '#' || c == '[' || c >= '0' && c <= '9':
			return false
		}
		if first && bytes.HasPrefix(l, []byte("//go:")) {
			return false
		}
		if bytes.Contains(l, []byte("``")) || bytes.Contains(l, []byte("''")) {
			return false // gofmt makes them typographic quotes
		}
		first = false
		prevBlank = false
		paraLines++
	}
	return !prevBlank
}

// aligned reports whether gofmt aligns the lines inside a bracket of kind k
// in columns.
func aligned(k byte) bool { return k == kindStruct || k == kindGroup || k == kindTypes }

// row is one line of a struct or a group: a field, a spec, a comment, or
// a blank line (text is nil).
type row struct {
	depth   int
	text    []byte
	comment bool
	cells   [][]byte // the columns gofmt aligns; the last one is not aligned
}

// writeSection writes the lines of a struct's fields or a group's specs
// as gofmt aligns them, or reports false for a kind of line it does not
// know. gofmt's printer separates the columns of a field with tabwriter
// cells (name, type, an empty cell, tag) and those of a spec (names, type,
// "= value"), and text/tabwriter aligns each run of lines that have a cell
// in a column.
func writeSection(dst []byte, kind byte, rows []row) ([]byte, bool) {
	n := 0
	for _, r := range rows {
		if r.text != nil && !r.comment {
			n++
		}
	}
	if n < 2 {
		// One field or spec is printed with blanks.
		for _, r := range rows {
			dst = writeRow(dst, r, nil)
		}
		return dst, true
	}
	typed := -1 // in a group: 1 if every spec has a type, 0 if none has
	for i := range rows {
		r := &rows[i]
		if r.text == nil || r.comment {
			continue
		}
		switch kind {
		case kindStruct:
			r.cells = fieldCells(r.text)
		case kindGroup:
			var t int
			r.cells, t = specCells(r.text)
			if t < 0 {
				break // a name alone
			}
			if typed >= 0 && t != typed {
				return nil, false // gofmt keeps a type column for some
			}
			typed = t
		}
		if r.cells == nil {
			return nil, false
		}
	}
	widths := make([][]int, len(rows))
	for i, r := range rows {
		if len(r.cells) > 1 {
			widths[i] = make([]int, len(r.cells)-1)
		}
	}
	alignColumns(rows, widths, 0, len(rows), 0)
	for i, r := range rows {
		dst = writeRow(dst, r, widths[i])
	}
	return dst, true
}

// alignColumns sets the width of column col in every run of rows in
// [lo, hi) that has a cell in it, and then of the next columns inside the
// run, as text/tabwriter does with gofmt's settings (padding 1, empty
// columns discarded).
func alignColumns(rows []row, widths [][]int, lo, hi, col int) {
	for i := lo; i < hi; {
		if col >= len(rows[i].cells)-1 {
			i++
			continue
		}
		start, w, empty := i, 0, true
		for ; i < hi && col < len(rows[i].cells)-1; i++ {
			n := utf8.RuneCount(rows[i].cells[col])
			w = max(w, n+1)
			empty = empty && n == 0
		}
		if empty {
			w = 0
		}
		for j := start; j < i; j++ {
			widths[j][col] = w
		}
		alignColumns(rows, widths, start, i, col+1)
	}
}

func writeRow(dst []byte, r row, widths []int) []byte {
	if r.text == nil {
		return append(dst, '\n')
	}
	for range r.depth {
		dst = append(dst, '\t')
	}
	if r.cells == nil {
		dst = append(dst, r.text...)
		return append(dst, '\n')
	}
	for j, c := range r.cells {
		dst = append(dst, c...)
		if j < len(widths) {
			for range widths[j] - utf8.RuneCount(c) {
				dst = append(dst, ' ')
			}
		}
	}
	return append(dst, '\n')
}

// fieldCells splits a struct field into gofmt's cells: name, type, an
// empty cell and the tag; an embedded field is its type and the tag.
func fieldCells(s []byte) [][]byte {
	var tag []byte
	if s[len(s)-1] == '`' {
		open := bytes.LastIndexByte(s[:len(s)-1], '`')
		if open < 1 || s[open-1] != ' ' {
			return nil
		}
		s, tag = s[:open-1], s[open:]
	} else if s[len(s)-1] == '"' {
		return nil
	}
	name := 0
	for name < len(s) && isIdent(s[name]) {
		name++
	}
	if name == 0 || name == len(s) || s[name] != ' ' {
		// Embedded: one word, a qualified name or a pointer.
		if bytes.IndexByte(s, ' ') >= 0 {
			return nil
		}
		if tag == nil {
			return [][]byte{s}
		}
		return [][]byte{s, tag}
	}
	if bytes.Contains(s[name+1:], []byte("{ ")) {
		return nil // struct{ A int }: gofmt aligns inside it
	}
	if tag == nil {
		return [][]byte{s[:name], s[name+1:]}
	}
	return [][]byte{s[:name], s[name+1:], nil, tag}
}

// specCells splits a spec of a const or var group into gofmt's cells:
// name, type (when it has one) and "= value"; typed is 1 for a spec with a
// type. Specs without a value, or with several names, are not handled.
func specCells(s []byte) (cells [][]byte, typed int) {
	eq := bytes.Index(s, []byte(" = "))
	if eq < 0 {
		// A name alone (after an iota spec): no cell to align.
		for _, c := range s {
			if !isIdent(c) {
				return nil, 0
			}
		}
		return [][]byte{s}, -1
	}
	left, value := s[:eq], s[eq+1:]
	sp := bytes.IndexByte(left, ' ')
	if bytes.IndexByte(left, ',') >= 0 {
		return nil, 0
	}
	if sp < 0 {
		return [][]byte{left, value}, 0
	}
	return [][]byte{left[:sp], left[sp+1:], value}, 1
}
