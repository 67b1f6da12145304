// Package apilist lists the exported API of oasgen's user packages, one
// declaration a line, as Go's api/*.txt files list the standard library's:
// the committed listing (api/public.txt) is what users may rely on, and
// TestAPI fails when the code and the listing disagree. The names the
// generator gives are listed the same way, from golden cases
// (api/generated.txt).
package apilist

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/build/constraint"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Packages are the packages users import, by their path below the module
// root. The packages only generated code imports (oasimpl, oashttpimpl)
// promise nothing beyond the contract version and are not listed.
var Packages = []string{"oasrt", "oasrt/oashttp", "oasrt/oasidn", "oasrt/oasstream"}

// Generated are golden cases (directories below testdata) whose exported
// names, as the generator gives them, are listed in api/generated.txt: the
// names a generator gives are an API too (docs/generated-code.md, "Names"),
// and these cases hold every kind of name it gives (models, inline and
// shared types, enums, unions, operations, parameters and results shared
// or not, security, pages, streams, events, webhooks).
var Generated = []string{
	"testdata/petstore", "testdata/names", "testdata/inlinenames", "testdata/sharedtypes",
	"testdata/sharedparams", "testdata/sharedresults", "testdata/routes", "testdata/discriminator",
	"testdata/oneofkinds", "testdata/streamlist", "testdata/webhooks", "testdata/enumstring",
	"testdata/secure", "testdata/pages", "testdata/events",
}

// List returns the sorted lines of the exported API of the package in dir,
// named pkg in each line. A declaration in a file with a build constraint
// carries it at the end of its line.
func List(dir, pkg string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	var lines []string
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		l := lister{fset: fset, prefix: "pkg " + pkg + ", ", suffix: buildSuffix(f)}
		for _, d := range f.Decls {
			l.decl(d)
		}
		lines = append(lines, l.lines...)
	}
	slices.Sort(lines)
	return slices.Compact(lines), nil
}

// buildSuffix returns the file's build constraint as a line suffix, or "".
func buildSuffix(f *ast.File) string {
	for _, cg := range f.Comments {
		if cg.Pos() > f.Package {
			break
		}
		for _, c := range cg.List {
			if constraint.IsGoBuild(c.Text) {
				return " // " + strings.TrimSpace(strings.TrimPrefix(c.Text, "//"))
			}
		}
	}
	return ""
}

type lister struct {
	fset           *token.FileSet
	prefix, suffix string
	lines          []string
}

func (l *lister) add(format string, args ...any) {
	l.lines = append(l.lines, l.prefix+fmt.Sprintf(format, args...)+l.suffix)
}

// text prints a node as gofmt would, on one line.
func (l *lister) text(n ast.Node) string {
	var b bytes.Buffer
	printer.Fprint(&b, l.fset, n)
	return strings.Join(strings.Fields(b.String()), " ")
}

func (l *lister) decl(d ast.Decl) {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if !d.Name.IsExported() {
			return
		}
		sig := strings.TrimPrefix(l.text(d.Type), "func")
		if d.Recv == nil {
			l.add("func %s%s", d.Name.Name, sig)
			return
		}
		recv := l.text(d.Recv.List[0].Type)
		if base := strings.TrimPrefix(recv, "*"); !ast.IsExported(strings.SplitN(base, "[", 2)[0]) {
			return
		}
		l.add("method (%s) %s%s", recv, d.Name.Name, sig)
	case *ast.GenDecl:
		var typ ast.Expr // a const group's type, which iota's lines repeat
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				l.typeSpec(s)
			case *ast.ValueSpec:
				if s.Type != nil || len(s.Values) > 0 {
					typ = s.Type
				}
				l.valueSpec(d.Tok, s, typ)
			}
		}
	}
}

func (l *lister) typeSpec(s *ast.TypeSpec) {
	if !s.Name.IsExported() {
		return
	}
	name := s.Name.Name
	if s.TypeParams != nil {
		name += l.text(s.TypeParams)
	}
	if s.Assign != 0 {
		l.add("type %s = %s", name, l.text(s.Type))
		return
	}
	switch t := s.Type.(type) {
	case *ast.StructType:
		l.add("type %s struct", name)
		for _, f := range t.Fields.List {
			typ := l.text(f.Type)
			if len(f.Names) == 0 {
				if ast.IsExported(strings.TrimPrefix(strings.SplitN(typ, ".", 2)[len(strings.SplitN(typ, ".", 2))-1], "*")) {
					l.add("type %s struct, embedded %s", s.Name.Name, typ)
				}
				continue
			}
			for _, n := range f.Names {
				if n.IsExported() {
					l.add("type %s struct, %s %s", s.Name.Name, n.Name, typ)
				}
			}
		}
	case *ast.InterfaceType:
		l.add("type %s interface", name)
		for _, m := range t.Methods.List {
			if len(m.Names) == 0 {
				l.add("type %s interface, %s", s.Name.Name, l.text(m.Type))
				continue
			}
			for _, n := range m.Names {
				if n.IsExported() {
					l.add("type %s interface, %s%s", s.Name.Name, n.Name, strings.TrimPrefix(l.text(m.Type), "func"))
				}
			}
		}
	default:
		l.add("type %s %s", name, l.text(s.Type))
	}
}

func (l *lister) valueSpec(tok token.Token, s *ast.ValueSpec, typ ast.Expr) {
	for i, n := range s.Names {
		if !n.IsExported() {
			continue
		}
		switch {
		case typ != nil:
			l.add("%s %s %s", tok, n.Name, l.text(typ))
		case tok == token.CONST && i < len(s.Values):
			l.add("const %s = %s", n.Name, l.text(s.Values[i]))
		case tok == token.CONST:
			l.add("const %s", n.Name) // iota's following lines
		default:
			l.add("var %s", n.Name)
		}
	}
}
