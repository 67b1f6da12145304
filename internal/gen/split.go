package gen

import (
	"fmt"
	"path"

	"github.com/oasgen/oasgen/internal/ir"
)

// Models split into packages (Options.ModelPackages): the compiler holds a
// whole package in memory, about 11 KB per line, so a spec with a million
// lines of models cannot be built as one package on a common machine
// (docs/sizes.md). The models, their codecs, Validate methods and streams
// go into packages under internal/oasmodels/ (ir.Package.Split: a
// reference cycle stays in one package, and no package imports a later
// one), and the package itself declares an alias of every type, its
// constants and streaming functions, so its users and its server and
// client name them as before.

// ModelsDir is where the models' packages go, below the package's
// directory (slash-separated).
const ModelsDir = "internal/oasmodels"

// layout says which package declares each model type.
type layout struct {
	pkgs []*modelPkg
	of   map[ir.Decl]*modelPkg
}

// modelPkg is one package of models.
type modelPkg struct {
	name  string // package name, and directory under ModelsDir
	path  string // import path
	decls []ir.Decl
}

// newLayout splits pkg's declarations into at most n packages, below the
// package whose import path is importPath.
func newLayout(pkg *ir.Package, n int, importPath string) *layout {
	groups := pkg.Split(n)
	l := &layout{of: map[ir.Decl]*modelPkg{}}
	for _, g := range groups {
		if len(g) == 0 {
			continue // a package without types
		}
		name := fmt.Sprintf("m%02d", len(l.pkgs)+1)
		mp := &modelPkg{name: name, path: path.Join(importPath, ModelsDir, name), decls: g}
		l.pkgs = append(l.pkgs, mp)
		for _, d := range g {
			l.of[d] = mp
		}
	}
	return l
}

// file returns a new file of mp's package.
func (mp *modelPkg) file(name string, k *checks) *file {
	f := newFile(path.Join(ModelsDir, mp.name, name), mp.name, k)
	f.part = mp
	return f
}

// declName returns how code in f names the type d declares: qualified
// when d is in another package of models. The package the models are
// split from names them by their aliases.
func (f *file) declName(d ir.Decl) string { return f.declMember(d, d.Name()) }

// declMember returns how code in f names a constant declared with d (an
// enum's value, a union's tag): qualified as declName qualifies d.
func (f *file) declMember(d ir.Decl, name string) string {
	if f.part != nil {
		if mp := f.layout.of[d]; mp != nil && mp != f.part {
			return f.qual(Ident{mp.path, name})
		}
	}
	return name
}

// validateMethod is the name of the method that validates a value into a
// Validator, which a type's Validate calls and so do the types holding
// it: exported when they may be in other packages.
func (f *file) validateMethod() string {
	if f.layout != nil {
		return "ValidateWith"
	}
	return "validate"
}

// genForwards prints, in the package the models are split from, an alias
// of every type of theirs and the constants and functions that go with
// them.
func genForwards(f *file, l *layout) {
	for _, mp := range l.pkgs {
		for _, d := range mp.decls {
			q := func(name string) string { return f.qual(Ident{mp.path, name}) }
			f.declDoc(d, common(d), "the schema")
			f.P("//")
			f.P("// Its methods are declared in package ", mp.name, ", one of the packages the")
			f.P("// models are split into.")
			f.P("type ", d.Name(), " = ", q(d.Name()))
			f.P()
			consts := func(doc string, names []string) {
				f.P("// ", doc)
				f.P("const (")
				for _, name := range names {
					f.P(name, " = ", q(name))
				}
				f.P(")")
				f.P()
			}
			switch d := d.(type) {
			case *ir.Enum:
				var names []string
				for _, v := range d.Values {
					names = append(names, v.GoName)
				}
				consts("The values of "+d.GoName+".", names)
			case *ir.Union:
				f.P("// ", d.TagType, " names a variant of ", d.GoName, ".")
				f.P("type ", d.TagType, " = ", q(d.TagType))
				f.P()
				var names []string
				for _, v := range d.Variants {
					names = append(names, v.Const)
				}
				consts("The variants of "+d.GoName+".", names)
			case *ir.Alias:
				a, ok := d.Type.(*ir.Array)
				if !ok || d.Items == nil {
					continue
				}
				elem := f.goType(a.Elem)
				seq := f.qual(Ident{"iter", "Seq2"}) + "[" + elem + ", error]"
				f.P("// ", d.Items.Decode, " is ", q(d.Items.Decode), ".")
				f.P("func ", d.Items.Decode, "(r *", rt("Reader"), ") ", seq, " {")
				f.P("return ", q(d.Items.Decode), "(r)")
				f.P("}")
				f.P()
				f.P("// ", d.Items.Encode, " is ", q(d.Items.Encode), ".")
				f.P("func ", d.Items.Encode, "(w *", rt("Writer"), ", out ", Ident{"io", "Writer"}, ", seq ", seq, ") error {")
				f.P("return ", q(d.Items.Encode), "(w, out, seq)")
				f.P("}")
				f.P()
			}
		}
	}
}

// common returns the parts every declaration has.
func common(d ir.Decl) *ir.Common {
	switch d := d.(type) {
	case *ir.Struct:
		return &d.Common
	case *ir.Enum:
		return &d.Common
	case *ir.Union:
		return &d.Common
	case *ir.Tuple:
		return &d.Common
	case *ir.Alias:
		return &d.Common
	}
	panic(fmt.Sprintf("gen: unknown declaration %T", d))
}
