package gen

import (
	"bytes"
	"errors"
	"fmt"
	"go/format"
	"path"
	"sort"
	"strconv"
	"strings"
)

// Ident is a Go identifier in a package. Printing one through a file imports
// the package and qualifies the name, so imports are correct by construction.
type Ident struct {
	Path string // import path; "" for the package being generated
	Name string
}

// Import paths generated code uses.
const (
	rtPath   = "github.com/oasgen/oasgen/oasrt"
	implPath = "github.com/oasgen/oasgen/oasrt/oasimpl"
	httpPath = "github.com/oasgen/oasgen/oasrt/oashttp"
	// httpImplPath is oashttp's oasimpl: what only generated HTTP code
	// calls.
	httpImplPath = "github.com/oasgen/oasgen/oasrt/oashttp/oashttpimpl"
	timePath     = "time"
	ipPath       = "net/netip"
	jsonPath     = "encoding/json"
)

// rt names an exported identifier of the runtime, in the package that
// declares it: oasrt for the values of models and the JSON Reader and
// Writer, oasimpl for the helpers only generated codecs call, oashttp for
// what servers and clients are made of and configured with, oashttpimpl
// for the HTTP helpers only generated code calls (rtnames.go lists all but
// oasrt's).
func rt(name string) Ident {
	if p, ok := rtPaths[name]; ok {
		return Ident{p, name}
	}
	return Ident{rtPath, name}
}

// file accumulates one generated Go file.
type file struct {
	name    string
	pkg     string
	buf     bytes.Buffer
	imports map[string]string // path -> local name
	used    map[string]bool   // local names in use
	// specText is set for files with comments made from the spec's text,
	// which gofmt may reformat again on a second pass.
	specText bool
	// checks holds the package-level values that checks share (patterns,
	// fractions) and which types need validating. Every file of a package
	// has the same one, so a printer built on a file is complete.
	checks *checks
	// build is the file's build constraint (a //go:build expression), or "".
	build string
	// layout is set when the models are split into packages (split.go),
	// and part when the file is in one of them or in the server's package.
	layout *layout
	part   *modelPkg
	// types are the exported types the file declares with declType, in
	// order: a moved server's, which its package's aliases name.
	types []string
	// chunks is the text printed before buf, cut from it between
	// declarations (cut) and formatted while the rest is printed.
	chunks []*chunk
}

// cutSize is how much printed text cut lets gather before handing it to the
// formatter: a big file is then formatted while the rest of it is printed,
// and is never held in one buffer that grows by doubling (Graph beta's
// server is 196 MB).
var cutSize = 4 << 20 // a variable for tests

// maxPending is how many cut chunks may wait for their formatting while
// the file is printed on.
const maxPending = 2

// chunk is printed text cut from a file, and its formatted declarations,
// joined, once done is closed. The printed text is dropped once formatted
// (kept for the message when it cannot be): a big file would otherwise
// be held twice until its end.
type chunk struct {
	raw  []byte
	text []byte
	err  error
	done chan struct{}
}

// cut starts formatting what f holds, if it is cutSize or more, and gives
// f an empty buffer. The emitters call it between two top-level
// declarations, where none of them holds an offset into the buffer.
func (f *file) cut() {
	if f.buf.Len() < cutSize {
		return
	}
	if n := len(f.chunks); n >= maxPending {
		// Printing is faster than formatting: let formatting catch up,
		// so no more than maxPending chunks' printed text is held.
		<-f.chunks[n-maxPending].done
	}
	c := &chunk{raw: f.buf.Bytes(), done: make(chan struct{})}
	f.chunks = append(f.chunks, c)
	go func(again bool) {
		defer close(c.done)
		var decls [][]byte
		if decls, c.err = formatDecls(c.raw, again); c.err == nil {
			c.text, c.raw = join(decls), nil
		}
	}(f.specText)
	f.buf = bytes.Buffer{}
	f.buf.Grow(cutSize + cutSize/4)
}

func newFile(name, pkg string, k *checks) *file {
	f := &file{name: name, pkg: pkg, imports: map[string]string{}, used: map[string]bool{}, checks: k}
	if k != nil {
		f.layout = k.layout
	}
	return f
}

// scratch returns an empty file whose code goes inside f: it shares f's
// imports, so what it qualifies is imported in f.
func (f *file) scratch() *file {
	s := newFile("", f.pkg, f.checks)
	s.imports, s.used = f.imports, f.used
	s.part = f.part
	return s
}

// detached returns an empty file of f's package that imports nothing into
// f: for code rendered to be compared, never printed. (With the models
// split, what f would name only to compare, such as a Params type's
// fields, may be declared in another package and imported nowhere else.)
func (f *file) detached() *file {
	d := newFile("", f.pkg, f.checks)
	d.part = f.part
	return d
}

// qual returns the qualified name of id, importing its package.
func (f *file) qual(id Ident) string {
	if id.Path == "" || f.part != nil && id.Path == f.part.path {
		return id.Name // f's own package
	}
	n := f.importName(id.Path)
	if n == "." {
		return id.Name
	}
	return n + "." + id.Name
}

// dotImport imports the package at path p with a dot, so f names its
// identifiers as its own (split.go says where).
func (f *file) dotImport(p string) {
	f.imports[p] = "."
}

// importName returns the local name for an import path, choosing a unique
// one the first time.
func (f *file) importName(p string) string {
	if n, ok := f.imports[p]; ok {
		return n
	}
	base := path.Base(p)
	n := base
	for i := 2; f.used[n]; i++ {
		n = base + strconv.Itoa(i)
	}
	f.imports[p], f.used[n] = n, true
	return n
}

// P prints its arguments and a newline. Arguments are strings, Idents, or
// anything fmt can print.
func (f *file) P(args ...any) {
	for _, a := range args {
		switch a := a.(type) {
		case Ident:
			f.buf.WriteString(f.qual(a))
		case string:
			f.buf.WriteString(a)
		default:
			fmt.Fprint(&f.buf, a)
		}
	}
	f.buf.WriteByte('\n')
}

// content returns the formatted file, with header and imports. A file that
// does not parse is returned in an error with line numbers, so a generator
// bug shows the code it broke.
func (f *file) content(version string) ([]byte, error) {
	var out bytes.Buffer
	fmt.Fprintf(&out, "// Code generated by oasgen %s. DO NOT EDIT.\n\n", version)
	if f.build != "" {
		fmt.Fprintf(&out, "//go:build %s\n\n", f.build)
	}
	fmt.Fprintf(&out, "package %s\n\n", f.pkg)
	if len(f.imports) > 0 {
		paths := make([]string, 0, len(f.imports))
		for p := range f.imports {
			paths = append(paths, p)
		}
		// The standard library first, then the rest, as goimports groups them.
		sort.Slice(paths, func(i, j int) bool {
			si, sj := isStd(paths[i]), isStd(paths[j])
			if si != sj {
				return si
			}
			return paths[i] < paths[j]
		})
		out.WriteString("import (\n")
		for i, p := range paths {
			if i > 0 && isStd(p) != isStd(paths[i-1]) {
				out.WriteString("\n")
			}
			if n := f.imports[p]; n != path.Base(p) {
				fmt.Fprintf(&out, "\t%s %q\n", n, p)
			} else {
				fmt.Fprintf(&out, "\t%q\n", p)
			}
		}
		out.WriteString(")\n\n")
	}
	texts := make([][]byte, 0, len(f.chunks)+1)
	var err error
	for _, c := range f.chunks {
		<-c.done
		if err == nil {
			texts, err = append(texts, c.text), c.err
		}
	}
	if err == nil {
		var last [][]byte
		// After a cut at the end, nothing is left to format (a body
		// with no declarations at all goes to go/format, below).
		if len(f.chunks) == 0 || len(bytes.TrimSpace(f.buf.Bytes())) > 0 {
			last, err = formatDecls(f.buf.Bytes(), f.specText)
		}
		if err == nil {
			return concat(out.Bytes(), append(texts, join(last))...), nil
		}
	}
	var fast *fastFormatError
	if errors.As(err, &fast) {
		return nil, err
	}
	// The file cannot be cut into declarations, or one of them does not
	// parse: format it whole, for the error's line numbers.
	for _, c := range f.chunks {
		if c.raw == nil {
			out.Write(c.text) // formatted: its text is dropped
			out.WriteByte('\n')
		}
		out.Write(c.raw)
	}
	out.Write(f.buf.Bytes())
	src, err := format.Source(out.Bytes())
	if err != nil {
		return out.Bytes(), &BrokenError{File: f.name, Err: err, Source: numbered(out.Bytes())}
	}
	for range 3 {
		if !f.specText {
			break
		}
		again, err := format.Source(src)
		if err != nil || bytes.Equal(again, src) {
			break
		}
		src = again
	}
	return src, nil
}

func isStd(p string) bool {
	first, _, _ := strings.Cut(p, "/")
	return !strings.Contains(first, ".")
}

// BrokenError reports generated code that does not parse: a generator bug.
type BrokenError struct {
	File   string
	Err    error
	Source string // the code with line numbers
}

func (e *BrokenError) Error() string {
	return fmt.Sprintf("oasgen bug: generated %s does not parse: %v", e.File, e.Err)
}

func numbered(src []byte) string {
	var b strings.Builder
	for i, line := range strings.Split(string(src), "\n") {
		fmt.Fprintf(&b, "%5d  %s\n", i+1, line)
	}
	return b.String()
}
