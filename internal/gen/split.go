package gen

import (
	"fmt"
	"path"
	"slices"

	"github.com/oasgen/oasgen/internal/ir"
)

// Models split into packages (Options.ModelPackages): the compiler holds a
// whole package in memory, about 11 KB per line, so a spec with a million
// lines of models cannot be built as one package on a common machine
// (bench/results/sizes.md). The models, their codecs, Validate methods and streams
// go into packages under internal/oasmodels/ (ir.Package.Split: a
// reference cycle stays in one package, and no package imports a later
// one), and the package itself declares an alias of every type, its
// constants and streaming functions, so its users and its server and
// client name them as before.
//
// With the server, the operations go into packages of their own too:
// their parameter, body and result types into OpsDir, the server (Handler
// and Server) into ServerDir, its router into RouteDir and the client into
// ClientDir. The server and the client import only the types' package, so
// Go compiles them side by side, after it, and the router, which imports
// none of the API's packages, beside the models; as one package with the
// types, the server was the build's longest step and the client waited
// for it (bench/results/sizes.md). A client without the server stays in the
// package, with the types: it has nothing to compile beside.
//
// The package declares an alias of each of their types and wraps
// NewServer and NewClient. The server and the client import the types'
// package with a dot, so their code names the types as the package's own
// code does; the naming pass gives every exported name of the API one
// namespace, so none is hidden. The results' writers are exported methods
// then (WriteXResponse, not writeXResponse), which the server calls from
// its package; they take a last parameter of an unexported type
// (sealsWriters), so the result interfaces stay sealed: no type of another
// package is a result.
//
// When the operations are many, their types, server and client are split
// into parts too (opsplit.go), and a router past Options.RouteLines lines
// puts its route functions into packages under RouteDir (routepkgs.go).
// The webhooks go into WebhooksDir (genSplitWebhooks); the callbacks stay
// in the package, as they name the operations' body types.

// ModelsDir is where the models' packages go, below the package's
// directory (slash-separated).
const ModelsDir = "internal/oasmodels"

// OpsDir, RouteDir, ServerDir and ClientDir are where the operations'
// types, the router, the server and the client go when the models are
// split, below the package's directory (slash-separated).
const (
	OpsDir    = "internal/oasops"
	RouteDir  = "internal/oasroute"
	ServerDir = "internal/oasserver"
	ClientDir = "internal/oasclient"
)

// UnimplementedDir is where the server's Unimplemented goes when the
// operations are split into parts (opsplit.go).
const UnimplementedDir = "internal/oasunimplemented"

// WebhooksDir is where the webhooks go, receiving and sending side, when
// the models are split and the server is generated (genSplitWebhooks).
const WebhooksDir = "internal/oaswebhooks"

// APIDirs are those six directories, which a package whose models are
// split may have.
var APIDirs = []string{OpsDir, RouteDir, ServerDir, ClientDir, UnimplementedDir, WebhooksDir}

// layout says which package declares each model type.
type layout struct {
	pkgs []*modelPkg
	of   map[ir.Decl]*modelPkg
	// ops, route, server and client are the packages of the operations'
	// types, the router, the server and the client, which declare no
	// model.
	ops, route, server, client *modelPkg
	// unimplemented is the package of the server's Unimplemented when the
	// operations are split into parts.
	unimplemented *modelPkg
	// webhooks is the package of the webhooks (genSplitWebhooks).
	webhooks *modelPkg
	// opParts are the parts the operations are split into (opsplit.go);
	// none when their types, server and client are a package each.
	opParts []*opPart
	// routeLines bounds the router's packages (Options.RouteLines).
	routeLines int
}

// modelPkg is one package the models are split into, or one of the API's.
type modelPkg struct {
	name  string // package name
	dir   string // directory, below the package's (slash-separated)
	path  string // import path
	decls []ir.Decl
}

// newLayout splits pkg's declarations into at most n packages (a band
// that would be one package may get a second with pairs, Options.ModelPairs),
// below the package whose import path is importPath.
func newLayout(pkg *ir.Package, n int, pairs bool, importPath string) *layout {
	groups := pkg.Split(n, pairs)
	l := &layout{of: map[ir.Decl]*modelPkg{}}
	api := func(dir string) *modelPkg {
		return &modelPkg{name: path.Base(dir), dir: dir, path: path.Join(importPath, dir)}
	}
	l.ops, l.route, l.server, l.client = api(OpsDir), api(RouteDir), api(ServerDir), api(ClientDir)
	l.unimplemented = api(UnimplementedDir)
	l.webhooks = api(WebhooksDir)
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
	f.in(mp)
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
				if !ok || f.checks.aliasItems(d) == nil {
					continue
				}
				elem := f.goType(a.Elem)
				seq := f.qual(Ident{"iter", "Seq2"}) + "[" + elem + ", error]"
				f.P("// ", d.Items.Decode, " is ", q(d.Items.Decode), ".")
				f.P("func ", d.Items.Decode, "(r *", oasimpl("Reader"), ") ", seq, " {")
				f.P("return ", q(d.Items.Decode), "(r)")
				f.P("}")
				f.P()
				f.P("// ", d.Items.Encode, " is ", q(d.Items.Encode), ".")
				f.P("func ", d.Items.Encode, "(w *", oasimpl("Writer"), ", out ", Ident{"io", "Writer"}, ", seq ", seq, ") error {")
				f.P("return ", q(d.Items.Encode), "(w, out, seq)")
				f.P("}")
				f.P()
			}
		}
	}
}

// declType returns name, the exported type f is about to declare, and
// records it for the aliases of the operations' types (genAPIAliases).
func (f *file) declType(name string) string {
	f.types = append(f.types, name)
	return name
}

// genSplitAPI prints the operations of a package whose models are split,
// with their server: their types, the router, the server and the client
// (when client) in packages of their own (the layout's ops, route, server
// and client), handing each file to emit, then the package's aliases of
// their types.
func genSplitAPI(a *api, pkgName string, k *checks, client bool, emit func(...*file) error) error {
	l := k.layout
	emitPkg := func(mp *modelPkg, km *checks, fs ...*file) error { return emitPackage(emit, mp, km, fs...) }
	// The server calls the results' writers from its own package.
	for _, op := range a.ops {
		op.write = op.ExportedWriteName
	}
	var types []typesOf
	if len(l.opParts) == 0 {
		kt := k.forPackage()
		f := l.ops.file("oas_ops_gen.go", kt)
		genTypes(f, a, true)
		if err := emitPkg(l.ops, kt, f); err != nil {
			return err
		}
		types = append(types, typesOf{l.ops, f.types})
	}
	for _, p := range l.opParts {
		a.parts = append(a.parts, p)
		pa := a.partAPI(p)
		kt := k.forPackage()
		f := p.types.file("oas_ops_gen.go", kt)
		genTypes(f, pa, true)
		if err := emitPkg(p.types, kt, f); err != nil {
			return err
		}
		types = append(types, typesOf{p.types, f.types})
		ks := k.forPackage()
		srv := p.server.file("oas_server_gen.go", ks)
		srv.dotImport(p.types.path)
		genServerPart(srv, pa)
		if err := emitPkg(p.server, ks, srv); err != nil {
			return err
		}
		if client {
			kc := k.forPackage()
			f := p.client.file("oas_client_gen.go", kc)
			f.dotImport(p.types.path)
			genClientPart(f, pa)
			if err := emitPkg(p.client, kc, f); err != nil {
				return err
			}
		}
	}
	if err := genSplitRouter(a, k, emitPkg); err != nil {
		return err
	}
	ks := k.forPackage()
	srv := l.server.file("oas_server_gen.go", ks)
	if a.parts == nil {
		srv.dotImport(l.ops.path)
	}
	genServer(srv, a)
	if err := emitPkg(l.server, ks, srv); err != nil {
		return err
	}
	if a.parts != nil {
		// A type with a method per operation costs the compiler a
		// wrapper function for each promoted method, twice (for the
		// value and the pointer): it compiles beside the server, not
		// in it.
		ku := k.forPackage()
		f := l.unimplemented.file("oas_unimplemented_gen.go", ku)
		genUnimplementedType(f, a)
		if err := emitPkg(l.unimplemented, ku, f); err != nil {
			return err
		}
	}
	if client {
		kc := k.forPackage()
		f := l.client.file("oas_client_gen.go", kc)
		if a.parts == nil {
			f.dotImport(l.ops.path)
			genClient(f, a)
		} else {
			genClientRoot(f, a)
		}
		if err := emitPkg(l.client, kc, f); err != nil {
			return err
		}
	}
	aliases := newFile("oas_api_gen.go", pkgName, k)
	genAPIAliases(aliases, a, types, client)
	return emit(aliases)
}

// emitPackage emits the files of mp's package, and its Validate file when
// they registered package-level values in km.
func emitPackage(emit func(...*file) error, mp *modelPkg, km *checks, fs ...*file) error {
	if err := emit(fs...); err != nil {
		return err
	}
	if len(km.vars) == 0 {
		return nil
	}
	validate := mp.file("oas_validate_gen.go", km)
	validate.specText = true // patterns in doc comments
	genValidate(validate, &ir.Package{})
	return emit(validate)
}

// typesOf is the exported types a package of the operations' types
// declares.
type typesOf struct {
	pkg   *modelPkg
	names []string
}

// genAPIAliases prints, in the package the models are split from, an alias
// of every type of the operations (types lists them by package), and of
// the server's and the client's with their constructors.
//
// The operations' types are one block of aliases under one comment: a
// comment each, saying the same, cost GitHub's and Kubernetes' packages
// two lines per type. The server's and the client's types keep a comment
// each.
func genAPIAliases(f *file, a *api, types []typesOf, client bool) {
	l := f.layout
	for _, t := range types {
		f.P("// The operations' parameter, body and result types, declared in package")
		f.P("// ", t.pkg.name, ", which the server and the client import.")
		f.P("type (")
		for _, name := range t.names {
			f.P(name, " = ", f.qual(Ident{t.pkg.path, name}))
		}
		f.P(")")
		f.P()
	}
	alias := func(mp *modelPkg, name string) {
		f.P("// ", name, " is declared in package ", mp.name, ".")
		f.P("type ", name, " = ", f.qual(Ident{mp.path, name}))
		f.P()
	}
	q := func(name string) string { return f.qual(Ident{l.server.path, name}) }
	alias(l.server, a.handler)
	if a.parts != nil {
		alias(l.unimplemented, a.unimplemented)
	} else {
		alias(l.server, a.unimplemented)
	}
	alias(l.server, a.server)
	f.P("// ", a.newServer, " returns a server for h: see ", q(a.newServer), ".")
	f.P("func ", a.newServer, "(h ", a.handler, ", opts ...", oashttp("ServerOption"), ") *", a.server, " {")
	f.P("return ", q(a.newServer), "(h, opts...)")
	f.P("}")
	f.P()
	if client {
		q := func(name string) string { return f.qual(Ident{l.client.path, name}) }
		alias(l.client, a.client)
		f.P("// ", a.newClient, " returns a client of the server at baseURL: see ", q(a.newClient), ".")
		f.P("func ", a.newClient, "(baseURL string, opts ...", oashttp("ClientOption"), ") (*", a.client, ", error) {")
		f.P("return ", q(a.newClient), "(baseURL, opts...)")
		f.P("}")
	}
}

// genSplitWebhooks prints the webhooks of a package whose models are split,
// with the server, into WebhooksDir: their router, types, server and
// client, which import the models' packages only, so the go command
// compiles them beside the operations' packages rather than after all of
// them, in the package (GitHub's 270 webhooks, 17,500 lines, took 1.3 s of
// the 2.4 s its package took to compile, the build's last step). The
// package declares an alias of each of their types and wraps their
// constructors, as for the operations (genAPIAliases).
func genSplitWebhooks(pkg *ir.Package, st sent, pkgName string, k *checks, client bool, emit func(...*file) error) error {
	mp := k.layout.webhooks
	kw := k.forPackage()
	a, files := genSent(pkg, st, func(name string) *file { return mp.file(name, kw) }, true, client, nil)
	if err := emitPackage(emit, mp, kw, files...); err != nil {
		return err
	}
	var names []string
	for _, f := range files {
		names = append(names, f.types...)
	}
	if !slices.Contains(names, a.client) {
		names = append(names, a.client)
	}
	f := newFile("oas_"+st.base+"_gen.go", pkgName, k)
	q := func(name string) string { return f.qual(Ident{mp.path, name}) }
	f.P("// The webhooks' types, declared in package ", mp.name, ".")
	f.P("type (")
	for _, name := range names {
		f.P(name, " = ", q(name))
	}
	f.P(")")
	f.P()
	// The receiving side comes with the client part, the sending side
	// with the server (genSent).
	if client {
		f.P("// ", a.newServer, " returns a server for h: see ", q(a.newServer), ".")
		f.P("func ", a.newServer, "(h ", a.handler, ", opts ...", oashttp("ServerOption"), ") *", a.server, " {")
		f.P("return ", q(a.newServer), "(h, opts...)")
		f.P("}")
		f.P()
	}
	f.P("// ", a.newClient, " returns a client of the webhooks: see ", q(a.newClient), ".")
	f.P("func ", a.newClient, "(opts ...", oashttp("ClientOption"), ") *", a.client, " {")
	f.P("return ", q(a.newClient), "(opts...)")
	f.P("}")
	return emit(f)
}
