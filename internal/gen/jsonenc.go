// This file holds the JSON encoders' code: fields and members, values by
// type, and the additional properties of objects.

package gen

import (
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

// encExtra writes the members of a map field of a struct (additional or
// pattern properties) in key order, leaving out declared names.
func (c *codec) encExtra(d *ir.Struct, field string, t ir.Type) {
	k := c.tmp("k")
	c.P("for _, ", k, " := range ", oasimpl("SortedKeys"), "(w, v.", field, ") {")
	c.P("switch ", k, " {")
	c.P("case ", c.declaredKeys(d), ":")
	c.P("continue // a declared property is written from its field")
	c.P("}")
	c.P("w.Key(", k, ")")
	x := c.tmp("x")
	c.P(x, " := v.", field, "[", k, "]")
	c.enc(t, x)
	c.P("}")
	c.P("w.DoneKeys()")
}

func (c *codec) declaredKeys(d *ir.Struct) string {
	keys := make([]string, len(d.Fields))
	for i, fd := range d.Fields {
		keys[i] = strconv.Quote(fd.JSONName)
	}
	if len(keys) == 0 {
		return `""` // no declared keys; the empty key is then skipped, never stored by decoding either
	}
	return strings.Join(keys, ", ")
}

// encField writes one struct member, if present.
func (c *codec) encField(fd *ir.Field) {
	if c.checks.items(fd) != nil {
		// EncodeFieldItems writes the array from an iterator.
		c.P("if w.Streams(&v.", fd.GoName, ") {")
		c.P("w.RawCall(", jsonKey(fd.JSONName), ")")
		c.P("w.Stream(start)")
		c.P("} else {")
		c.encFieldValue(fd)
		c.P("}")
		return
	}
	c.encFieldValue(fd)
}

// encFieldValue writes field fd, or nothing when it is absent.
func (c *codec) encFieldValue(fd *ir.Field) {
	w, t := fieldShape(fd)
	name := fd.JSONName
	x := "v." + fd.GoName
	switch w {
	case plain:
		c.encMemberMaybeNil(name, t, x, fd.Ptr)
	case opt:
		c.P("if ", x, ".Set {")
		c.encMember(name, t, x+".Value")
		c.P("}")
	case nullable:
		c.P("if ", x, ".Null {")
		c.P("w.RawCall(", jsonMember(name, "null"), ")")
		c.P("} else {")
		c.encMember(name, t, x+".Value")
		c.P("}")
	case optNullable:
		c.P("if ", x, ".Set {")
		c.P("if ", x, ".Null {")
		c.P("w.RawCall(", jsonMember(name, "null"), ")")
		c.P("} else {")
		c.encMemberMaybeNil(name, t, x+".Value", fd.Ptr)
		c.P("}")
		c.P("}")
	case nilAbsent:
		c.P("if ", x, " != nil {")
		c.encMember(name, t, x)
		c.P("}")
	case nilNull:
		c.encMemberMaybeNil(name, t, x, true)
	}
}

// encMemberMaybeNil writes the member name with the value x, which is nil
// for null when ptr is set.
func (c *codec) encMemberMaybeNil(name string, t ir.Type, x string, ptr bool) {
	if !ptr {
		c.encMember(name, t, x)
		return
	}
	c.P("if ", x, " == nil {")
	c.P("w.RawCall(", jsonMember(name, "null"), ")")
	c.P("} else {")
	c.encMember(name, t, x)
	c.P("}")
}

// encMember writes the member name with the value x of type t. A string
// or integer member is one call that writes key and value (StringMember,
// IntMember), where the value's writer is a call anyway; a bool member is
// one Raw of the whole literal; before any other value the key is an
// inlined Raw, a constant copied without a call (RawCall there, measured,
// cost small values a fifth of their time).
func (c *codec) encMember(name string, t ir.Type, x string) {
	for u, ok := aliasTarget(t); ok; u, ok = aliasTarget(t) {
		t = u // the alias is its target's type
	}
	if p, ok := t.(*ir.Prim); ok && !p.Quoted {
		switch p.Kind {
		case ir.Bool:
			c.P("if ", x, " {")
			c.P("w.Raw(", jsonMember(name, "true"), ")")
			c.P("} else {")
			c.P("w.Raw(", jsonMember(name, "false"), ")")
			c.P("}")
			return
		case ir.String:
			c.P("w.StringMember(", jsonKey(name), ", ", x, ")")
			return
		case ir.Int64:
			c.P("w.IntMember(", jsonKey(name), ", ", x, ")")
			return
		case ir.Int32:
			c.P("w.IntMember(", jsonKey(name), ", int64(", x, "))")
			return
		}
	}
	c.P("w.Raw(", jsonKey(name), ")")
	c.enc(t, x)
}

// encMaybeNil writes x, which is a pointer when ptr is set.
func (c *codec) encMaybeNil(t ir.Type, x string, ptr bool) {
	if !ptr {
		c.enc(t, x)
		return
	}
	c.P("if ", x, " == nil {")
	c.P("w.Null()")
	c.P("} else {")
	c.enc(t, x)
	c.P("}")
}

// enc writes the value x of type t; x is addressable.
func (c *codec) enc(t ir.Type, x string) {
	switch t := t.(type) {
	case *ir.Prim:
		if t.Kind == ir.Decimal {
			c.P("w.Decimal(", x, ", ", t.Quoted, ")")
			return
		}
		if t.Quoted {
			c.P("w.Byte('\"')")
			c.encPrim(t.Kind, x)
			c.P("w.Byte('\"')")
			return
		}
		c.encPrim(t.Kind, x)
	case *ir.Ref:
		if a, ok := t.Decl.(*ir.Alias); ok && goAlias(a) {
			c.enc(a.Type, x) // the alias is its target's type
			return
		}
		c.P(x, ".EncodeJSON(w)")
	case *ir.Any:
		c.P("w.RawJSON(", x, ")")
	case *ir.External:
		c.P("w.Marshaler(&", x, ")")
	case *ir.Array:
		start, i := c.tmp("start"), c.tmp("i")
		c.P(start, " := len(w.Buf)")
		c.P("for ", i, " := range ", x, " {")
		c.P("w.Byte(',')")
		c.enc(t.Elem, x+"["+i+"]")
		c.P("}")
		c.P("w.ArrayEnd(", start, ")")
	case *ir.Map:
		start, k, v := c.tmp("start"), c.tmp("k"), c.tmp("x")
		c.P(start, " := len(w.Buf)")
		c.P("for _, ", k, " := range ", oasimpl("SortedKeys"), "(w, ", x, ") {")
		c.P("w.Key(", k, ")")
		c.P(v, " := ", x, "[", k, "]")
		c.enc(t.Elem, v)
		c.P("}")
		c.P("w.DoneKeys()")
		c.P("w.ObjectEnd(", start, ")")
	case *ir.Nullable:
		if nilable(t.Elem) {
			c.P("if ", x, " == nil {")
			c.P("w.Null()")
			c.P("} else {")
			c.enc(t.Elem, x)
			c.P("}")
			return
		}
		c.P("if ", x, ".Null {")
		c.P("w.Null()")
		c.P("} else {")
		c.enc(t.Elem, x+".Value")
		c.P("}")
	}
}

func (c *codec) encPrim(k ir.PrimKind, x string) {
	switch k {
	case ir.String:
		c.P("w.String(", x, ")")
	case ir.Bool:
		c.P("w.Bool(", x, ")")
	case ir.Int32:
		c.P("w.Int(int64(", x, "))")
	case ir.Int64:
		c.P("w.Int(", x, ")")
	case ir.Uint32:
		c.P("w.Uint(uint64(", x, "))")
	case ir.Uint64:
		c.P("w.Uint(", x, ")")
	case ir.Float32:
		c.P("w.Float32(", x, ")")
	case ir.Float64:
		c.P("w.Float64(", x, ")")
	case ir.DateTime:
		c.P("w.Time(", x, ")")
	case ir.Date:
		c.P("w.Date(", x, ")")
	case ir.UUID:
		c.P("w.UUID(", x, ")")
	case ir.IPv4, ir.IPv6:
		c.P("w.Addr(", x, ")")
	case ir.Bytes:
		c.P("w.Bytes64(", x, ")")
	}
}
