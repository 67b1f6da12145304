package gen

import (
	"github.com/oasgen/oasgen/internal/ir"
)

// goType returns the Go type of a type use outside a field (array elements,
// map values): nullable values are wrapped unless nil already means null.
func (f *file) goType(t ir.Type) string {
	switch t := t.(type) {
	case *ir.Prim:
		return f.primType(t.Kind)
	case *ir.Array:
		return "[]" + f.goType(t.Elem)
	case *ir.Map:
		return "map[string]" + f.goType(t.Elem)
	case *ir.Ref:
		return f.declName(t.Decl)
	case *ir.Any:
		return f.qual(oasrt("Raw"))
	case *ir.Nullable:
		if nilable(t.Elem) {
			return f.goType(t.Elem)
		}
		return f.qual(oasrt("Nullable")) + "[" + f.typeArg(t.Elem) + "]"
	case *ir.External:
		return f.qual(Ident{t.Path, t.Name})
	}
	panic("unreachable")
}

// typeArg returns the Go type of t as a type argument (oasrt.Opt[T]): a Go
// alias of a named type is written as the type it names. go/types (Go
// 1.26) panics on an instantiation with an alias whose type is still being
// declared in a cycle through pointers (found on azure.com's service-map
// spec; testdata/composition's RefBase has its shape), and the alias is the
// same type.
func (f *file) typeArg(t ir.Type) string {
	for {
		u, ok := aliasTarget(t)
		if !ok {
			break
		}
		if _, ok := u.(*ir.Ref); !ok {
			break
		}
		t = u
	}
	return f.goType(t)
}

func (f *file) primType(k ir.PrimKind) string {
	switch k {
	case ir.String:
		return "string"
	case ir.Bool:
		return "bool"
	case ir.Int32:
		return "int32"
	case ir.Int64:
		return "int64"
	case ir.Uint32:
		return "uint32"
	case ir.Uint64:
		return "uint64"
	case ir.Float32:
		return "float32"
	case ir.Float64:
		return "float64"
	case ir.DateTime:
		return f.qual(Ident{timePath, "Time"})
	case ir.Date:
		return f.qual(oasrt("Date"))
	case ir.UUID:
		return f.qual(oasrt("UUID"))
	case ir.Bytes:
		return "[]byte"
	case ir.IPv4, ir.IPv6:
		return f.qual(Ident{ipPath, "Addr"})
	case ir.Decimal:
		return f.qual(oasrt("Decimal"))
	}
	panic("unreachable")
}

// nilable reports whether the Go type of t has nil among its values (slices,
// maps, raw JSON, bytes), which then stands for absent or null.
func nilable(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.Array, *ir.Map, *ir.Any:
		return true
	case *ir.Prim:
		return t.Kind == ir.Bytes
	case *ir.Ref:
		if a, ok := t.Decl.(*ir.Alias); ok {
			return nilable(a.Type)
		}
	}
	return false
}

// wrapper is how a field holds its value.
type wrapper uint8

const (
	plain       wrapper = iota // T
	opt                        // oasrt.Opt[T]: Set
	nullable                   // oasrt.Nullable[T]: Null
	optNullable                // oasrt.OptNullable[T]: Set, Null
	nilAbsent                  // T with nil for absent (slices, maps, pointers)
	nilNull                    // T with nil for null
)

// fieldShape returns how field fd is held and the type inside the wrapper.
func fieldShape(fd *ir.Field) (wrapper, ir.Type) {
	t := fd.Type
	null := false
	if n, ok := t.(*ir.Nullable); ok {
		t, null = n.Elem, true
	}
	if _, ok := t.(*ir.Any); ok {
		// Raw JSON holds null as a value of its own.
		if fd.Required {
			return plain, t
		}
		return nilAbsent, t
	}
	if nilable(t) || fd.Ptr {
		switch {
		case fd.Required && !null:
			return plain, t
		case !fd.Required && !null:
			return nilAbsent, t
		case fd.Required && null:
			return nilNull, t
		default:
			return optNullable, t
		}
	}
	switch {
	case fd.Required && !null:
		return plain, t
	case !fd.Required && !null:
		return opt, t
	case fd.Required && null:
		return nullable, t
	default:
		return optNullable, t
	}
}

// fieldType returns the Go type of a struct field.
func (f *file) fieldType(fd *ir.Field) string {
	w, t := fieldShape(fd)
	inner := f.goType(t)
	if w == opt || w == nullable || w == optNullable {
		inner = f.typeArg(t)
	}
	if fd.Ptr {
		inner = "*" + inner
	}
	switch w {
	case opt:
		return f.qual(oasrt("Opt")) + "[" + inner + "]"
	case nullable:
		return f.qual(oasrt("Nullable")) + "[" + inner + "]"
	case optNullable:
		return f.qual(oasrt("OptNullable")) + "[" + inner + "]"
	}
	return inner
}
