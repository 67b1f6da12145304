package gen

import (
	"strconv"

	"github.com/oasgen/oasgen/internal/ir"
)

// tokensStruct reports whether the struct d gets an EncodeTokens method:
// one whose members are all fields (no pattern or additional properties,
// whose maps are written in sorted order around the declared names) and
// which is always an object (no OtherKind). Every other type is written
// inside one by its EncodeJSON into the Tokens' scratch Writer.
func tokensStruct(d *ir.Struct) bool {
	return d.Other == nil && d.Additional == nil && len(d.Patterns) == 0
}

// tokenCodec prints EncodeTokens methods, which write a value to a
// jsontext.Encoder token by token through an oasimpl.Tokens: the names and
// values of a struct's members, as EncodeJSON writes them (every member
// whatever its readOnly or writeOnly: json.Marshal has no direction).
// Strings, integers, float64s, booleans, nulls, arrays and the structs
// that have the method are tokens of their own; any other value (a
// format, a union, a map, a quoted integer) is encoded by its EncodeJSON
// code into the Tokens' scratch Writer and handed over whole
// (WriteScratch).
type tokenCodec struct {
	*codec
	usesW bool // the method body uses w, the scratch Writer
}

// tokensMethod prints d's EncodeTokens method.
func (c *tokenCodec) tokensMethod(d *ir.Struct) {
	c.n = 0
	body := c.capture(func() {
		c.P("t.ObjectStart()")
		for _, fd := range d.Fields {
			c.field(fd)
		}
		c.P("t.ObjectEnd()")
	})
	c.P("// EncodeTokens writes v to t a token at a time, the members EncodeJSON")
	c.P("// writes (MarshalJSONTo calls it for a large value).")
	c.P("func (v *", d.GoName, ") EncodeTokens(t *", oasimpl("Tokens"), ") {")
	c.depthGuard(d, "t")
	if c.usesW {
		c.P("w := t.Scratch() // for the values written as JSON text")
	}
	c.buf.WriteString(body)
	c.P("}")
	c.P()
}

// capture runs print with c's output going to a file of its own (sharing
// the imports), and returns what it printed; c.usesW records whether it
// used w.
func (c *tokenCodec) capture(print func()) string {
	c.usesW = false
	outer := c.file
	c.file = outer.scratch()
	print()
	body := c.file.buf.String()
	c.file = outer
	return body
}

// field writes field fd's member, or nothing when it is absent, as
// encFieldValue does.
func (c *tokenCodec) field(fd *ir.Field) {
	w, t := fieldShape(fd)
	name := strconv.Quote(fd.JSONName)
	x := "v." + fd.GoName
	switch w {
	case plain:
		c.memberMaybeNil(name, t, x, fd.Ptr)
	case opt:
		c.P("if ", x, ".Set {")
		c.member(name, t, x+".Value")
		c.P("}")
	case nullable:
		c.P("t.Name(", name, ")")
		c.P("if ", x, ".Null {")
		c.P("t.Null()")
		c.P("} else {")
		c.value(t, x+".Value")
		c.P("}")
	case optNullable:
		c.P("if ", x, ".Set {")
		c.P("t.Name(", name, ")")
		c.P("if ", x, ".Null {")
		c.P("t.Null()")
		c.P("} else {")
		c.maybeNil(t, x+".Value", fd.Ptr)
		c.P("}")
		c.P("}")
	case nilAbsent:
		c.P("if ", x, " != nil {")
		c.member(name, t, x)
		c.P("}")
	case nilNull:
		c.memberMaybeNil(name, t, x, true)
	}
}

// memberMaybeNil writes the member name with the value x, which is nil
// for null when ptr is set.
func (c *tokenCodec) memberMaybeNil(name string, t ir.Type, x string, ptr bool) {
	if !ptr {
		c.member(name, t, x)
		return
	}
	c.P("t.Name(", name, ")")
	c.maybeNil(t, x, true)
}

// member writes the member name with the value x of type t: a string or
// integer member is one call.
func (c *tokenCodec) member(name string, t ir.Type, x string) {
	for u, ok := aliasTarget(t); ok; u, ok = aliasTarget(t) {
		t = u
	}
	if p, ok := t.(*ir.Prim); ok && !p.Quoted {
		switch p.Kind {
		case ir.String:
			c.P("t.StringMember(", name, ", ", x, ")")
			return
		case ir.Int64:
			c.P("t.IntMember(", name, ", ", x, ")")
			return
		case ir.Int32:
			c.P("t.IntMember(", name, ", int64(", x, "))")
			return
		}
	}
	c.P("t.Name(", name, ")")
	c.value(t, x)
}

// maybeNil writes x, which is a pointer when ptr is set.
func (c *tokenCodec) maybeNil(t ir.Type, x string, ptr bool) {
	if !ptr {
		c.value(t, x)
		return
	}
	c.P("if ", x, " == nil {")
	c.P("t.Null()")
	c.P("} else {")
	c.value(t, x)
	c.P("}")
}

// value writes the value x of type t; x is addressable.
func (c *tokenCodec) value(t ir.Type, x string) {
	switch t := t.(type) {
	case *ir.Prim:
		if !t.Quoted {
			switch t.Kind {
			case ir.String:
				c.P("t.String(", x, ")")
				return
			case ir.Bool:
				c.P("t.Bool(", x, ")")
				return
			case ir.Int32:
				c.P("t.Int(int64(", x, "))")
				return
			case ir.Int64:
				c.P("t.Int(", x, ")")
				return
			case ir.Uint32:
				c.P("t.Uint(uint64(", x, "))")
				return
			case ir.Uint64:
				c.P("t.Uint(", x, ")")
				return
			case ir.Float64:
				c.P("t.Float64(", x, ")")
				return
			}
		}
	case *ir.Ref:
		switch d := t.Decl.(type) {
		case *ir.Alias:
			if goAlias(d) {
				c.value(d.Type, x)
				return
			}
		case *ir.Struct:
			if tokensStruct(d) {
				c.P(x, ".EncodeTokens(t)")
				return
			}
		case *ir.Enum:
			switch d.Base.Kind {
			case ir.String:
				c.P("t.String(string(", x, "))")
				return
			case ir.Int32, ir.Int64:
				c.P("t.Int(int64(", x, "))")
				return
			}
		}
	case *ir.Array:
		i := c.tmp("i")
		c.P("t.ArrayStart()")
		c.P("for ", i, " := range ", x, " {")
		c.value(t.Elem, x+"["+i+"]")
		c.P("}")
		c.P("t.ArrayEnd()")
		return
	case *ir.Nullable:
		if nilable(t.Elem) {
			c.P("if ", x, " == nil {")
			c.P("t.Null()")
			c.P("} else {")
			c.value(t.Elem, x)
			c.P("}")
			return
		}
		c.P("if ", x, ".Null {")
		c.P("t.Null()")
		c.P("} else {")
		c.value(t.Elem, x+".Value")
		c.P("}")
		return
	}
	// Any other value: its JSON text, from the scratch Writer.
	c.usesW = true
	c.enc(t, x)
	c.P("t.WriteScratch()")
}
