package gen

import (
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

// The streaming API (oas_stream_gen.go): for every array-valued schema, an
// iterator that decodes one element at a time and an encoder that writes the
// array from an iterator. A named array type T gets DecodeTItems and
// EncodeTItems; a struct with an array property P gets the method PField,
// whose oasimpl.ArrayField the runtime's DecodeFieldItems, EncodeFieldItems
// and Each take, handling the rest of the struct as usual (the sibling
// properties of a paged list stay reachable). The work is done by generic
// functions in the runtime, compiled for an element type only where a
// program calls them; the code here picks the element codecs and the
// array's count constraints.

// hasStreams reports whether the package has any array to stream, named
// by the streaming API the checks k print.
func hasStreams(k *checks, pkg *ir.Package) bool {
	for _, d := range pkg.Decls {
		switch d := d.(type) {
		case *ir.Struct:
			for _, fd := range d.Fields {
				if k.items(fd) != nil && ir.StreamField(fd) != nil {
					return true
				}
			}
		case *ir.Alias:
			if _, ok := d.Type.(*ir.Array); ok && k.aliasItems(d) != nil {
				return true
			}
		}
	}
	return false
}

func genStream(f *file, pkg *ir.Package) {
	c := &codec{file: f}
	for _, d := range pkg.Decls {
		f.cut()
		switch d := d.(type) {
		case *ir.Struct:
			c.structStreams(d)
		case *ir.Alias:
			if a, ok := d.Type.(*ir.Array); ok && c.checks.aliasItems(d) != nil {
				c.aliasStreams(d, a)
			}
		}
	}
}

func (c *codec) aliasStreams(d *ir.Alias, a *ir.Array) {
	dec, enc := d.Items.Decode, d.Items.Encode
	elem := c.goType(a.Elem)
	c.P("// ", dec, " returns an iterator over the elements of a JSON array")
	c.P("// of ", d.GoName, " that is r's whole input, decoded one at a time; give r")
	c.P("// an io.Reader (ResetReader) to decode any length in bounded memory.")
	c.P("// An error ends the iteration with the path and offset of the bad element.")
	c.streamNote(a)
	c.P("func ", dec, "(r *", oasimpl("Reader"), ") ", Ident{"iter", "Seq2"}, "[", elem, ", error] {")
	c.P("return ", oasimpl("DecodeItems"), "(r, ", c.arrayRules(a), ", ", c.elemDecoder(a.Elem), ")")
	c.P("}")
	c.P()
	c.P("// ", enc, " writes the elements seq yields to out as a JSON array of")
	c.P("// ", d.GoName, ", flushing as it goes, so memory stays bounded by one element.")
	c.P("func ", enc, "(w *", oasimpl("Writer"), ", out ", Ident{"io", "Writer"}, ", seq ", Ident{"iter", "Seq2"}, "[", elem, ", error]) error {")
	c.P("return ", oasimpl("EncodeItems"), "(w, out, seq, ", c.elemEncoder(a.Elem), ")")
	c.P("}")
	c.P()
}

func (c *codec) structStreams(d *ir.Struct) {
	for _, fd := range d.Fields {
		a := ir.StreamField(fd)
		if a == nil || c.checks.items(fd) == nil {
			continue
		}
		elem := c.goType(a.Elem)
		c.P("// ", fd.Items.Field, " returns ", strconv.Quote(fd.JSONName), " for the runtime's streaming functions:")
		c.P("// oasimpl.DecodeFieldItems and oasimpl.EncodeFieldItems iterate over its")
		c.P("// elements, oasimpl.Each hands them to a function for oasimpl.DecodeEach.")
		c.streamNote(a)
		c.P("func (v *", d.GoName, ") ", fd.Items.Field, "() ", oasimpl("ArrayField"), "[", elem, "] {")
		c.arrayField(a, fd.GoName)
		c.P("}")
		c.P()
	}
}

// arrayField prints the return of the oasimpl.ArrayField of v's field
// (named field), the array a.
func (c *codec) arrayField(a *ir.Array, field string) {
	c.P("return ", oasimpl("ArrayField"), "[", c.goType(a.Elem), "]{")
	c.P("Array: &v.", field, ", Rules: ", c.arrayRules(a), ",")
	c.P("Decode: v.DecodeJSON, Encode: v.EncodeJSON,")
	c.P("DecodeItem: ", c.elemDecoder(a.Elem), ",")
	c.P("EncodeItem: ", c.elemEncoder(a.Elem), ",")
	c.P("}")
}

func (c *codec) streamNote(a *ir.Array) {
	if a.Unique {
		c.P("// uniqueItems is not checked while streaming: it would keep every element.")
	}
}

// arrayRules returns the oasimpl.ArrayRules literal of a's count constraints.
func (c *codec) arrayRules(a *ir.Array) string {
	if a.MinItems == nil && a.MaxItems == nil {
		return c.qual(oasimpl("NoRules"))
	}
	bound := func(p *int64) string {
		if p == nil {
			return "-1"
		}
		return strconv.FormatInt(*p, 10)
	}
	return c.qual(oasimpl("ArrayRules")) + "{MinItems: " + bound(a.MinItems) + ", MaxItems: " + bound(a.MaxItems) + "}"
}

// elemDecoder returns a func(*T, *oasimpl.Reader) error for elements of t:
// a method expression where the type has a decoder, a literal otherwise.
func (c *codec) elemDecoder(t ir.Type) string {
	if ir.HasCodec(t) {
		return "(*" + c.typeArg(t) + ").DecodeJSON"
	}
	if c.stringItems(t) {
		return c.qual(oasimpl("DecodeStringItem"))
	}
	sub := &codec{file: c.scratch()}
	sub.P("func(x *", c.goType(t), ", r *", oasimpl("Reader"), ") error {")
	if _, ok := t.(*ir.Prim); ok {
		sub.dec(t, "*x", nil)
	} else {
		sub.P("var y ", c.goType(t))
		sub.dec(t, "y", nil)
		sub.P("*x = y")
	}
	sub.P("return nil")
	sub.P("}")
	return strings.TrimSuffix(sub.buf.String(), "\n")
}

// stringItems reports whether elements of type t are Go strings with
// nothing to check, whose codecs are the runtime's DecodeStringItem and
// EncodeStringItem.
func (c *codec) stringItems(t ir.Type) bool {
	p, ok := t.(*ir.Prim)
	return ok && p.Kind == ir.String && !p.HasChecks() && c.goType(t) == "string"
}

// elemEncoder returns a func(*T, *oasimpl.Writer) for elements of t.
func (c *codec) elemEncoder(t ir.Type) string {
	if ir.HasCodec(t) {
		return "(*" + c.typeArg(t) + ").EncodeJSON"
	}
	if c.stringItems(t) {
		return c.qual(oasimpl("EncodeStringItem"))
	}
	sub := &codec{file: c.scratch()}
	sub.P("func(x *", c.goType(t), ", w *", oasimpl("Writer"), ") {")
	if _, ok := t.(*ir.Prim); ok {
		sub.enc(t, "*x")
	} else {
		sub.enc(t, "(*x)")
	}
	sub.P("}")
	return strings.TrimSuffix(sub.buf.String(), "\n")
}

// decodeStream prints the setting of dst.Body, when sv's array is held by
// an object, and returns the iterator over the array that reader (a
// *oasimpl.Reader) decodes, for a streamed request or response body held in
// dst.
func (f *file) decodeStream(sv *streamVariant, reader, dst string) string {
	c := &codec{file: f}
	if sv.body == nil {
		return f.qual(oasimpl("DecodeItems")) + "(" + reader + ", " + c.arrayRules(sv.arr) + ", " + c.elemDecoder(sv.arr.Elem) + ")"
	}
	f.P(dst, ".Body = new(", f.declName(sv.body), ")")
	return f.qual(oasimpl("DecodeFieldItems")) + "(" + reader + ", " + f.qual(oasimpl("ArrayField")) + "[" + f.goType(sv.arr.Elem) + "]{\n" +
		"Array: &" + dst + ".Body." + sv.field.GoName + ", Rules: " + c.arrayRules(sv.arr) + ",\n" +
		"Decode: " + dst + ".Body.DecodeJSON, DecodeItem: " + c.elemDecoder(sv.arr.Elem) + ",\n})"
}

// encodeStream prints the body of a func(w *oasimpl.Writer, out io.Writer)
// error that writes the streamed body src holds: its Items, and its Body
// when an object holds the array.
func (f *file) encodeStream(sv *streamVariant, src string) {
	c := &codec{file: f}
	if sv.body == nil {
		f.P("return ", oasimpl("EncodeItems"), "(w, out, ", src, ".Items, ", c.elemEncoder(sv.arr.Elem), ")")
		return
	}
	f.P("obj := ", src, ".Body")
	f.P("if obj == nil {")
	f.P("obj = new(", f.declName(sv.body), ")")
	f.P("}")
	f.P("field := ", oasimpl("ArrayField"), "[", f.goType(sv.arr.Elem), "]{")
	f.P("Array: &obj.", sv.field.GoName, ", Rules: ", c.arrayRules(sv.arr), ",")
	f.P("Encode: obj.EncodeJSON, EncodeItem: ", c.elemEncoder(sv.arr.Elem), ",")
	f.P("}")
	f.P("return ", oasimpl("EncodeFieldItems"), "(w, out, field, ", src, ".Items)")
}
