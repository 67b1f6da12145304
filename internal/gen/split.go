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
//
// The server (its router, Handler, Server and the operations' parameter
// and result types) goes into a package of its own too, ServerDir, with
// aliases of its types in the package: a big API's server is as big as its
// largest model package, and with the client beside it in one package its
// compilation was the build's peak (docs/sizes.md). The client stays in
// the package and names the server's types by their aliases.

// ModelsDir is where the models' packages go, below the package's
// directory (slash-separated).
const ModelsDir = "internal/oasmodels"

// ServerDir is where the server's package goes when the models are split,
// below the package's directory (slash-separated).
const ServerDir = "internal/oasserver"

// layout says which package declares each model type.
type layout struct {
	pkgs []*modelPkg
	of   map[ir.Decl]*modelPkg
	// server is the server's package, which declares no model.
	server *modelPkg
}

// modelPkg is one package the models are split into, or the server's.
type modelPkg struct {
	name  string // package name
	dir   string // directory, below the package's (slash-separated)
	path  string // import path
	decls []ir.Decl
}

// newLayout splits pkg's declarations into at most n packages, below the
// package whose import path is importPath.
func newLayout(pkg *ir.Package, n int, importPath string) *layout {
	groups := pkg.Split(n)
	l := &layout{of: map[ir.Decl]*modelPkg{}}
	base := path.Base(ServerDir)
	l.server = &modelPkg{name: base, dir: ServerDir, path: path.Join(importPath, ServerDir)}
	for _, g := range groups {
		if len(g) == 0 {
			continue // a package without types
		}
		name := fmt.Sprintf("m%02d", len(l.pkgs)+1)
		dir := path.Join(ModelsDir, name)
		mp := &modelPkg{name: name, dir: dir, path: path.Join(importPath, dir), decls: g}
		l.pkgs = append(l.pkgs, mp)
		for _, d := range g {
			l.of[d] = mp
		}
	}
	return l
}

// file returns a new file of mp's package.
func (mp *modelPkg) file(name string, k *checks) *file {
	f := newFile(path.Join(mp.dir, name), mp.name, k)
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
	// One comment for all, not a sentence under each alias: the alias
	// names the package already.
	f.P("// The models are split into the packages under internal/oasmodels; each")
	f.P("// type below is an alias of one of theirs, whose methods are declared there.")
	f.P()
	for _, mp := range l.pkgs {
		for _, d := range mp.decls {
			q := func(name string) string { return f.qual(Ident{mp.path, name}) }
			f.declDoc(d, ir.CommonOf(d), "the schema")
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

// declType returns name, the exported type f is about to declare, and
// records it for the aliases of a server moved into a package of its own.
func (f *file) declType(name string) string {
	f.types = append(f.types, name)
	return name
}

// genServerAliases prints, in the package the models are split from, an
// alias of every type srv, the server's file in its own package, declares,
// and its constructor.
//
// The operations' types are one block of aliases under one comment: a
// comment each, saying the same, cost GitHub's and Kubernetes' packages
// two lines per type. The server's own types keep a comment each.
func genServerAliases(f *file, a *api, srv *file) {
	sp := f.layout.server
	q := func(name string) string { return f.qual(Ident{sp.path, name}) }
	var own, ops []string
	for _, name := range srv.types {
		switch name {
		case a.handler, a.unimplemented, a.server:
			own = append(own, name)
		default:
			ops = append(ops, name)
		}
	}
	if len(ops) > 0 {
		f.P("// The operations' parameter, body and result types, declared in package")
		f.P("// ", sp.name, " with the server.")
		f.P("type (")
		for _, name := range ops {
			f.P(name, " = ", q(name))
		}
		f.P(")")
		f.P()
	}
	for _, name := range own {
		f.P("// ", name, " is declared in package ", sp.name, ", with the server.")
		f.P("type ", name, " = ", q(name))
		f.P()
	}
	f.P("// ", a.newServer, " returns a server for h: see ", q(a.newServer), ".")
	f.P("func ", a.newServer, "(h ", a.handler, ", opts ...", rt("ServerOption"), ") *", a.server, " {")
	f.P("return ", q(a.newServer), "(h, opts...)")
	f.P("}")
}
