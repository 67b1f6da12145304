package gen

import (
	"bytes"
	"errors"
	"fmt"
	"go/format"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/oasgen/oasgen/internal/fastfmt"
)

// Formatting a generated file one top-level declaration at a time gives
// gofmt's output for the whole file: gofmt formats each declaration on its
// own, and puts one blank line between declarations that the source
// separates by blank lines. Declarations are formatted on every CPU, and no
// syntax tree larger than one declaration is ever held; a file of millions
// of lines formatted whole took most of generation's time and gigabytes of
// memory (bench/results/sizes.md).

// declPrefix makes a declaration a Go file.
const declPrefix = "package p\n\n"

// errSplit reports a body the splitter could not cut: the caller formats
// the file whole instead.
var errSplit = errors.New("gen: the file cannot be formatted declaration by declaration")

// formatDecls formats code after a file's imports, whose top-level
// declarations are separated by blank lines, and returns the formatted
// declarations, each ending in a newline (join puts them together). Spec
// text in comments is formatted to a fixed point when again is set (see
// content).
func formatDecls(body []byte, again bool) ([][]byte, error) {
	decls := splitDecls(body)
	if decls == nil {
		return nil, errSplit
	}
	out := make([][]byte, len(decls))
	errs := make([]error, len(decls))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(decls)) {
		wg.Go(func() {
			src := []byte(declPrefix)
			for {
				i := int(next.Add(1)) - 1
				if i >= len(decls) {
					return
				}
				fast, ok := fastfmt.Decl(decls[i], nil, again)
				if ok && !checkFast {
					out[i] = fast
					continue
				}
				src = append(src[:len(declPrefix)], decls[i]...)
				out[i], errs[i] = formatDecl(src, again)
				if ok && errs[i] == nil && !bytes.Equal(fast, out[i]) {
					errs[i] = &fastFormatError{Source: string(decls[i]), Fast: string(fast), Gofmt: string(out[i])}
				}
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// join returns the declarations of decls, a blank line between two (each
// ends in a newline), in one allocation of their size.
func join(decls [][]byte) []byte {
	n := 0
	for _, d := range decls {
		n += len(d) + 1
	}
	b := make([]byte, 0, n)
	for i, d := range decls {
		if i > 0 {
			b = append(b, '\n')
		}
		b = append(b, d...)
	}
	return b
}

// concat returns head and then each text (the declarations of a chunk,
// joined), a blank line between two, in one allocation of the file's size.
func concat(head []byte, texts ...[]byte) []byte {
	n := len(head)
	for _, t := range texts {
		n += len(t) + 1
	}
	b := make([]byte, 0, n)
	b = append(b, head...)
	first := true
	for _, t := range texts {
		if len(t) == 0 {
			continue
		}
		if !first {
			b = append(b, '\n')
		}
		first = false
		b = append(b, t...)
	}
	return b
}

// checkFast makes formatDecls check fastfmt.Decl's output against gofmt's,
// for tests.
var checkFast bool

// fastFormatError reports a declaration that fastfmt.Decl formatted
// differently from gofmt: a bug in fastfmt.
type fastFormatError struct {
	Source, Fast, Gofmt string
}

func (e *fastFormatError) Error() string {
	return fmt.Sprintf("oasgen bug: the fast formatter differs from gofmt on\n%s\nfast:\n%s\ngofmt:\n%s", e.Source, e.Fast, e.Gofmt)
}

// formatDecl formats src, a file of one declaration, and returns the
// declaration.
func formatDecl(src []byte, again bool) ([]byte, error) {
	got, err := format.Source(src)
	if err != nil {
		return nil, err
	}
	// Reformatting doc comments is not always idempotent (a list item
	// can gain a blank line on the second pass): format declarations
	// holding the spec's own text to a fixed point, so that gofmt finds
	// nothing to change.
	for range 3 {
		if !again || !bytes.Contains(got, []byte("//")) {
			break
		}
		more, err := format.Source(got)
		if err != nil || bytes.Equal(more, got) {
			break
		}
		got = more
	}
	decl, ok := bytes.CutPrefix(got, []byte(declPrefix))
	if !ok || len(decl) == 0 {
		return nil, errSplit
	}
	return decl, nil
}

// splitDecls cuts src at the blank lines outside any bracket, string or
// comment, and returns the pieces without their surrounding blank lines,
// each ending in a newline. It returns nil if src ends inside a bracket, a
// string or a comment: code that does not parse, which the caller then
// reports with the whole file.
func splitDecls(src []byte) [][]byte {
	const (
		code = iota
		lineComment
		blockComment
		str
		rawStr
		char
	)
	var decls [][]byte
	state, depth := code, 0
	start := -1 // start of the current piece, -1 between pieces
	lineStart := 0
	blank := true // the current line holds only spaces so far
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c == '\n' {
			if blank && state == code && depth == 0 && start >= 0 {
				decls = append(decls, src[start:lineStart])
				start = -1
			}
			if state == lineComment || state == str || state == char {
				if state != lineComment {
					return nil // a newline in a string: does not parse
				}
				state = code
			}
			lineStart, blank = i+1, true
			continue
		}
		if c != ' ' && c != '\t' && c != '\r' {
			if blank && start < 0 {
				start = lineStart
			}
			blank = false
		}
		switch state {
		case code:
			switch c {
			case '(', '[', '{':
				depth++
			case ')', ']', '}':
				depth--
			case '"':
				state = str
			case '`':
				state = rawStr
			case '\'':
				state = char
			case '/':
				if i+1 < len(src) {
					switch src[i+1] {
					case '/':
						state, i = lineComment, i+1
					case '*':
						state, i = blockComment, i+1
					}
				}
			}
		case blockComment:
			if c == '*' && i+1 < len(src) && src[i+1] == '/' {
				state, i = code, i+1
			}
		case str, char:
			switch c {
			case '\\':
				i++
			case '"':
				if state == str {
					state = code
				}
			case '\'':
				if state == char {
					state = code
				}
			}
		case rawStr:
			if c == '`' {
				state = code
			}
		}
	}
	if state != code && state != lineComment || depth != 0 {
		return nil
	}
	if start >= 0 {
		piece := src[start:]
		if piece[len(piece)-1] != '\n' {
			return nil
		}
		decls = append(decls, piece)
	}
	return decls
}
