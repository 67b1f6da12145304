package gen

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/oasgen/oasgen/internal/ir"
)

// GeneratePlain prints the plain mirror of pkg: the same types as ordinary Go
// structs with encoding/json tags and no methods of their own, so that
// encoding/json does all the work. It is the oracle of the differential tests
// and the baseline of benchmarks: "encoding/json on equivalent plain
// structs". realPath is the import path of the generated package; Pairs in
// the mirror lists, for each named type, constructors of both.
func GeneratePlain(pkg *ir.Package, opts Options, realPath string) (File, error) {
	if opts.Version == "" {
		opts.Version = "(devel)"
	}
	f := newFile("plain_gen.go", opts.Package, newChecks(pkg))
	f.specText = true
	p := &plainPrinter{file: f}
	f.P("// Pair holds constructors of a generated type and its plain mirror.")
	f.P("type Pair struct {")
	f.P("Name  string")
	f.P("Real  func() any")
	f.P("Plain func() any")
	f.P("// Exact is false when the type keeps properties beyond the declared")
	f.P("// ones, which the mirror drops.")
	f.P("Exact bool")
	f.P("}")
	f.P()
	var unmirrored []string
	f.P("// Pairs lists every named type the mirror can describe.")
	f.P("var Pairs = []Pair{")
	for _, d := range pkg.Decls {
		if a, ok := d.(*ir.Alias); ok && goAlias(a) {
			continue
		}
		if !mirrorable(d) {
			unmirrored = append(unmirrored, strconv.Quote(d.Name()))
			continue
		}
		s, isStruct := d.(*ir.Struct)
		exact := !isStruct || s.Additional == nil && len(s.Patterns) == 0
		f.P("{", strconv.Quote(d.Name()), ", func() any { return new(", Ident{realPath, d.Name()}, ") }, func() any { return new(", d.Name(), ") }, ", exact, "},")
	}
	f.P("}")
	f.P()
	f.P("// Unmirrored lists the types with property names that encoding/json")
	f.P("// struct tags cannot spell; they have no mirror.")
	f.P("var Unmirrored = []string{", strings.Join(unmirrored, ", "), "}")
	f.P()
	f.P("// optNull tells absent from null from a value, which a pointer cannot.")
	f.P("type optNull[T any] struct {")
	f.P("set, null bool")
	f.P("v         T")
	f.P("}")
	f.P()
	f.P("func (o optNull[T]) IsZero() bool { return !o.set }")
	f.P()
	f.P("func (o optNull[T]) MarshalJSON() ([]byte, error) {")
	f.P("if o.null {")
	f.P(`return []byte("null"), nil`)
	f.P("}")
	f.P("// Without HTML escaping, as the outer encoder is set: it keeps a")
	f.P("// MarshalJSON's escapes as they are. &o.v is addressable, for")
	f.P("// MarshalJSON methods on pointers.")
	f.P("var b ", Ident{"bytes", "Buffer"})
	f.P("enc := ", Ident{jsonPath, "NewEncoder"}, "(&b)")
	f.P("enc.SetEscapeHTML(false)")
	f.P("err := enc.Encode(&o.v)")
	f.P("return ", Ident{"bytes", "TrimSuffix"}, `(b.Bytes(), []byte("\n")), err`)
	f.P("}")
	f.P()
	f.P("func (o *optNull[T]) UnmarshalJSON(b []byte) error {")
	f.P("o.set = true")
	f.P(`if string(b) == "null" {`)
	f.P("o.null = true")
	f.P("return nil")
	f.P("}")
	f.P("return ", Ident{jsonPath, "Unmarshal"}, "(b, &o.v)")
	f.P("}")
	f.P()
	for _, d := range pkg.Decls {
		switch d := d.(type) {
		case *ir.Struct:
			if !mirrorable(d) {
				continue
			}
			f.P("type ", d.GoName, " struct {")
			for _, fd := range d.Fields {
				typ, opt := p.fieldType(fd)
				f.P(fd.GoName, " ", typ, " `json:", strconv.Quote(fd.JSONName+opt), "`")
			}
			f.P("}")
		case *ir.Enum:
			f.P("type ", d.GoName, " ", f.primType(d.Base.Kind))
		case *ir.Union, *ir.Tuple:
			continue
		case *ir.Alias:
			if !mirrorable(d) {
				continue
			}
			if _, raw := d.Type.(*ir.Any); raw || goAlias(d) {
				// An alias keeps json.RawMessage's methods.
				f.P("type ", d.GoName, " = ", p.typ(d.Type))
			} else {
				f.P("type ", d.GoName, " ", p.typ(d.Type))
			}
		}
		f.P()
	}
	src, err := f.content(opts.Version)
	if err != nil {
		return File{}, err
	}
	return File{Name: f.name, Content: src}, nil
}

// Mirrored reports whether GeneratePlain gives d a plain type that
// encoding/json decodes as the generated code does: false for unions, types
// with defaults or with property names a struct tag cannot spell, and types
// holding one of those.
func Mirrored(d ir.Decl) bool { return mirrorable(d) }

// DefinesType reports whether the generated code defines d's Go type, with
// EncodeJSON and DecodeJSON methods, rather than making it an alias of
// another type (a named schema's or a Go type with JSON methods of its own,
// such as time.Time or an x-go-type).
func DefinesType(d ir.Decl) bool {
	a, ok := d.(*ir.Alias)
	return !ok || !goAlias(a)
}

// mirrorable reports whether encoding/json tags can name every property of
// a struct, and so of every struct it holds by value or in containers, and
// whether encoding/json decodes it the same (no defaults).
func mirrorable(d ir.Decl) bool {
	return mirrorableSeen(d, map[ir.Decl]bool{})
}

func mirrorableSeen(d ir.Decl, seen map[ir.Decl]bool) bool {
	if seen[d] {
		return true
	}
	seen[d] = true
	var typeOK func(t ir.Type) bool
	typeOK = func(t ir.Type) bool {
		switch t := t.(type) {
		case *ir.Ref:
			return mirrorableSeen(t.Decl, seen)
		case *ir.Array:
			return typeOK(t.Elem) && !quotedPrim(t.Elem)
		case *ir.Map:
			return typeOK(t.Elem) && !quotedPrim(t.Elem)
		case *ir.Nullable:
			return typeOK(t.Elem)
		case *ir.Prim:
			return t.Not == nil // encoding/json would accept what not rules out
		case *ir.Any:
			return t.Not == nil && !t.False && len(t.Enum) == 0 // Kinds: the differential tests generate values of them
		}
		return true
	}
	switch d := d.(type) {
	case *ir.Union:
		return false // encoding/json has no sum types
	case *ir.Tuple:
		return false // nor structs encoded as arrays
	case *ir.Struct:
		if d.Not != nil {
			return false
		}
		for _, f := range d.Fields {
			// A default is applied on decode, which encoding/json does
			// not do.
			if !taggable(f.JSONName) || !typeOK(f.Type) || f.Default != nil {
				return false
			}
			// encoding/json's ",string" reaches only a field's own
			// integer, not one in optNull.
			if w, t := fieldShape(f); w == optNullable && quotedPrim(t) {
				return false
			}
		}
		for _, pp := range d.Patterns {
			if !typeOK(pp.Type) {
				return false
			}
		}
		return d.Additional == nil || typeOK(d.Additional)
	case *ir.Alias:
		return typeOK(d.Type)
	}
	return true
}

// quotedPrim reports whether t is an integer carried in a string, which
// encoding/json can only express on a field of its own (",string").
func quotedPrim(t ir.Type) bool {
	if n, ok := t.(*ir.Nullable); ok {
		t = n.Elem
	}
	p, ok := t.(*ir.Prim)
	return ok && p.Quoted && p.Kind.IsInteger()
}

// taggable reports whether encoding/json accepts name in a struct tag.
func taggable(name string) bool {
	if name == "" || name == "-" {
		return false
	}
	for _, r := range name {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", r):
		case unicode.IsLetter(r) || unicode.IsDigit(r):
		default:
			return false
		}
	}
	return true
}

type plainPrinter struct{ *file }

// typ is the plain Go type of a type use.
func (p *plainPrinter) typ(t ir.Type) string {
	switch t := t.(type) {
	case *ir.Prim:
		if t.Kind == ir.Decimal {
			if t.Quoted {
				return "string"
			}
			return p.qual(Ident{jsonPath, "Number"}) // kept as written, as oasgen does
		}
		return p.primType(t.Kind)
	case *ir.Array:
		return "[]" + p.typ(t.Elem)
	case *ir.Map:
		return "map[string]" + p.typ(t.Elem)
	case *ir.Ref:
		return t.Decl.Name()
	case *ir.Any:
		return p.qual(Ident{jsonPath, "RawMessage"})
	case *ir.External:
		return p.qual(Ident{t.Path, t.Name})
	case *ir.Nullable:
		if nilable(t.Elem) {
			return p.typ(t.Elem)
		}
		return "*" + p.typ(t.Elem)
	}
	panic("unreachable")
}

// fieldType returns the plain type of a field and its tag options.
func (p *plainPrinter) fieldType(fd *ir.Field) (string, string) {
	w, t := fieldShape(fd)
	inner := p.typ(t)
	if fd.Ptr {
		inner = "*" + inner
	}
	quoted := ""
	if quotedPrim(t) && !fd.Ptr {
		quoted = ",string" // encoding/json's integer in a string
	}
	switch w {
	case opt:
		return "*" + inner, ",omitempty" + quoted
	case nullable:
		return "*" + inner, quoted
	case optNullable:
		return "optNull[" + inner + "]", ",omitzero"
	case nilAbsent:
		return inner, ",omitzero"
	}
	return inner, quoted
}
