// This file holds the emitters' file: a printer with the state every
// emitter prints by (the package's shared checks, the layout of models
// split into packages), and the runtime's import paths and names.

package gen

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

// oasrt, oasimpl, oashttp and oashttpimpl name an exported identifier of
// that runtime package where it is printed: oasrt for the values of
// models, oasimpl for the JSON engine and the helpers only generated
// codecs call, oashttp for what servers and clients are configured with,
// oashttpimpl for their engine and the HTTP helpers only generated code
// calls. TestRuntimeNames checks that each name printed so is declared by
// its package.
func oasrt(name string) Ident       { return Ident{rtPath, name} }
func oasimpl(name string) Ident     { return Ident{implPath, name} }
func oashttp(name string) Ident     { return Ident{httpPath, name} }
func oashttpimpl(name string) Ident { return Ident{httpImplPath, name} }

// file is a generated Go file as the emitters see it: a printer, and what
// they print by. The printer reads none of it.
type file struct {
	*printer
	// checks holds the package-level values that checks share (patterns,
	// fractions) and which types need validating. Every file of a package
	// has the same one, so a printer built on a file is complete.
	checks *checks
	// layout is set when the models are split into packages (split.go),
	// and part when the file is in one of them or in the server's package
	// (set by in).
	layout *layout
	part   *modelPkg
	// types are the exported types the file declares with declType, in
	// order: a moved server's, which its package's aliases name.
	types []string
}

// newFile returns an empty file of the name in package pkg, printed with
// the package's shared checks k.
func newFile(name, pkg string, k *checks) *file {
	f := &file{printer: newPrinter(name, pkg), checks: k}
	if k != nil {
		f.layout = k.layout
	}
	return f
}

// in makes f a file of mp, one of the packages the models are split into
// or the server's (nil: the package generated): the printer then names
// mp's identifiers without importing it.
func (f *file) in(mp *modelPkg) {
	f.part = mp
	f.self = ""
	if mp != nil {
		f.self = mp.path
	}
}

// scratch returns an empty file whose code goes inside f: it shares f's
// imports, so what it qualifies is imported in f.
func (f *file) scratch() *file {
	s := newFile("", f.pkg, f.checks)
	s.imports, s.used = f.imports, f.used
	s.in(f.part)
	return s
}

// detached returns an empty file of f's package that imports nothing into
// f: for code rendered to be compared, never printed. (With the models
// split, what f would name only to compare, such as a Params type's
// fields, may be declared in another package and imported nowhere else.)
func (f *file) detached() *file {
	d := newFile("", f.pkg, f.checks)
	d.in(f.part)
	return d
}
