package gen

import (
	"bytes"
	"slices"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

// unionModel prints a union's Go type: the tag, then a field per variant.
func unionModel(f *file, d *ir.Union) {
	kw := "oneOf"
	if d.AnyOf {
		kw = "anyOf"
	}
	var names []string
	for _, v := range d.Variants {
		names = append(names, v.GoName)
	}
	what := "the " + kw + " schema"
	switch {
	case d.Types:
		what = "the schema of several types"
	case d.Base != nil:
		what = "the schema"
	}
	f.declDoc(d, &d.Common, what)
	if d.Base != nil {
		f.P("//")
		f.P("// It holds ", d.Base.GoName, ", the schema's own properties, or a schema that")
		f.P("// extends it with allOf, named by the discriminator ", strconv.Quote(d.Discriminator), ".")
	}
	f.P("//")
	f.P("// ", d.TagField, " says which variant is set: ", strings.Join(names, ", "), ".")
	f.P("type ", d.GoName, " struct {")
	f.P(d.TagField, " ", d.TagType)
	for _, v := range d.Variants {
		f.P(v.GoName, " ", f.goType(v.Type))
	}
	f.P("}")
	f.P()
	f.P("// ", d.TagType, " names a variant of ", d.GoName, "; the zero value names none.")
	f.P("type ", d.TagType, " ", tagKind(d))
	f.P()
	f.P("// The variants of ", d.GoName, ".")
	f.P("const (")
	for i, v := range d.Variants {
		if i == 0 {
			f.P(v.Const, " ", d.TagType, " = iota + 1")
		} else {
			f.P(v.Const)
		}
	}
	f.P(")")
	f.P()
}

// tagKind is the Go type of a union's tag: a byte, unless the union has
// more variants than a byte can number (a discriminator on an allOf parent
// with hundreds of subtypes, as Microsoft Graph's entity has).
func tagKind(d *ir.Union) string {
	if len(d.Variants) > 255 {
		return "uint16"
	}
	return "uint8"
}

// candidates returns the variants that accept a JSON kind, those that take
// anything last.
func candidates(d *ir.Union, kind ir.JSONType) (exact, any []*ir.Variant) {
	for _, v := range d.Variants {
		switch {
		case slices.Contains(v.Kinds, kind):
			exact = append(exact, v)
		case slices.Contains(v.Kinds, ir.JSONAny):
			any = append(any, v)
		}
	}
	return exact, any
}

// otherKinds returns the variants that are structs of a schema without
// type: objects are theirs as the variants' kinds say, and a value of any
// other kind is theirs too (their OtherKind), so the decoder tries them on
// values of every kind as JSON Schema does.
func otherKinds(d *ir.Union) []*ir.Variant {
	var out []*ir.Variant
	for _, v := range d.Variants {
		if s := ir.StructOf(v.Type); s != nil && s.Other != nil && slices.Equal(v.Kinds, []ir.JSONType{ir.JSONObject}) {
			out = append(out, v)
		}
	}
	return out
}

func (c *codec) unionCodec(d *ir.Union) {
	c.n = 0
	c.P("// EncodeJSON writes the variant that is set.")
	c.P("func (v *", d.GoName, ") EncodeJSON(w *", oasimpl("Writer"), ") {")
	c.depthGuard(d, "w")
	c.P("switch v.", d.TagField, " {")
	for _, vr := range d.Variants {
		c.P("case ", vr.Const, ":")
		c.enc(vr.Type, "v."+vr.GoName)
	}
	c.P("default:")
	c.P("w.Fail(", oasimpl("ErrNoVariant"), ")")
	c.P("w.Null()")
	c.P("}")
	c.P("}")
	c.P()

	funcAt := c.buf.Len()
	c.P("// ", decodeName(d), " reads the variant the value selects, in one pass over")
	c.P("// the value: what tells the variants apart was worked out when this")
	c.P("// code was generated.")
	c.P("func (v *", d.GoName, ") ", decodeName(d), "(r *", oasimpl("Reader"), ") error {")
	c.P("*v = ", d.GoName, "{}")
	c.pin, c.trial = false, false
	var onePass *onePassUnion
	startAt := c.buf.Len()
	c.P("start := r.Start()")
	bodyAt := c.buf.Len()
	c.P("kind := r.Next()")
	c.P("switch kind {")
	// Structs of a schema without type take values of every kind.
	others := otherKinds(d)
	for _, k := range []struct {
		kind   ir.JSONType
		rtKind string
	}{
		{ir.JSONObject, "Object"}, {ir.JSONArray, "Array"}, {ir.JSONString, "String"}, {ir.JSONNumber, "Number"}, {ir.JSONBoolean, "Bool"},
	} {
		exact, any := candidates(d, k.kind)
		if k.kind != ir.JSONObject {
			any = slices.Concat(others, any)
		}
		if k.kind == ir.JSONNumber {
			ints, _ := candidates(d, ir.JSONInteger)
			if len(ints) > 0 || len(exact) > 0 || len(others) > 0 {
				c.P("case ", oasimpl(k.rtKind), ":")
				c.numberChoice(d, ints, exact, any)
			}
			continue
		}
		if len(exact)+len(any) == 0 {
			continue
		}
		c.P("case ", oasimpl(k.rtKind), ":")
		switch {
		case k.kind == ir.JSONObject && d.Discriminator != "" && len(exact) > 1:
			if onePass = c.onePassPlan(d, exact); onePass != nil {
				c.onePassTry(d)
			}
			c.byTag(d, exact)
		case k.kind == ir.JSONObject && d.Facts != nil:
			c.byFacts(d, d.Facts)
		case k.kind == ir.JSONObject && d.Discriminator != "" && len(exact) == 1 && len(any) == 0 && len(exact[0].Tags) > 0:
			// One variant: its tag is checked as among several.
			c.byTag(d, exact)
		case k.kind == ir.JSONObject && len(exact) > 1 && !d.Trial:
			c.byKey(d, exact)
		case k.kind == ir.JSONString && len(exact) > 1 && !d.Trial && len(others) == 0:
			c.byValue(d, exact)
		default:
			c.tryInOrder(d, append(exact, any...))
		}
	}
	c.P("}")
	if _, any := candidates(d, ir.JSONNull); len(any)+len(others) > 0 {
		c.tryInOrder(d, slices.Concat(others, any))
	} else {
		c.P("return ", oasimpl("NoVariant"), "(start, ", strconv.Quote(d.GoName), ", kind, nil)")
	}
	c.P("}")
	if !strings.Contains(string(c.buf.Bytes()[bodyAt:]), "start") {
		// Every kind of value has a variant, so no error names the start:
		// skip white space without keeping the offset.
		body := append([]byte("r.Start()\n"), c.buf.Bytes()[bodyAt:]...)
		c.buf.Truncate(startAt)
		c.buf.Write(body)
	}
	if body := c.buf.Bytes()[startAt:]; c.pin {
		// Reading a stream, the bytes looked ahead over must stay in the
		// buffer until the variant has read them.
		body = append([]byte("defer r.Unpin(r.Pin())\n"), body...)
		c.buf.Truncate(startAt)
		c.buf.Write(body)
	}
	c.P()
	if c.trial {
		c.trialDecoder(d, funcAt)
	}
	if onePass != nil {
		c.onePassDecoder(d, onePass)
	}
	c.marshalers(d.GoName)
}

// trialDecoder renames the union's decoder printed at funcAt (its doc
// comment first), which tries variants in turn, to decodeVariants, and
// prints the decoder that calls
// it once per value: a value the Reader remembers from an earlier try (an
// outer union trying its variants over the same bytes) is not decoded
// again, so nested and recursive unions decode in linear time.
func (c *codec) trialDecoder(d *ir.Union, funcAt int) {
	name := decodeName(d)
	rest := c.buf.Bytes()[funcAt:]
	from := []byte(") " + name + "(")
	i := bytes.Index(rest, from)
	body := rest[bytes.Index(rest, []byte("\nfunc "))+1 : i]
	body = slices.Concat([]byte("// decodeVariants reads the variant the value selects, trying in turn\n"+
		"// those its kind leaves; "+name+" calls it once per value.\n"),
		body, []byte(") decodeVariants("), rest[i+len(from):])
	c.buf.Truncate(funcAt)
	c.buf.Write(body)
	key := trialKeyVar(d.GoName)
	c.trialKeys = append(c.trialKeys, key)
	c.P("// ", name, " decodes a value of ", d.GoName, " by trying its variants, once")
	c.P("// per value: the Reader remembers what each try found while an outer")
	c.P("// union tries its own variants over the same bytes.")
	c.P("func (v *", d.GoName, ") ", name, "(r *", oasimpl("Reader"), ") error {")
	c.P("at := r.Start()")
	c.P("if t, ok := r.Recall(&", key, ", at); ok {")
	c.P("if t.Err == nil {")
	c.P("*v = *t.Value.(*", d.GoName, ")")
	c.P("}")
	c.P("return t.Err")
	c.P("}")
	c.P("r.TrialStart()")
	c.P("err := v.decodeVariants(r)")
	c.P("if r.TrialEnd() {")
	c.P("c := *v")
	c.P("r.Remember(&", key, ", at, &c, err)")
	c.P("}")
	c.P("return err")
	c.P("}")
	c.P()
}

// trialKeyVar names the package-level oasimpl.TrialKey of a union decoded
// by trial.
func trialKeyVar(name string) string { return "trials" + name }

// quoteList returns ss as Go string literals separated by commas, for a
// case clause or a composite literal.
func quoteList(ss []string) string {
	quoted := make([]string, len(ss))
	for i, s := range ss {
		quoted[i] = strconv.Quote(s)
	}
	return strings.Join(quoted, ", ")
}

// decodeVariant decodes into the variant's field and returns.
func (c *codec) decodeVariant(d *ir.Union, v *ir.Variant) {
	c.P("v.", d.TagField, " = ", v.Const)
	c.dec(v.Type, "v."+v.GoName, nil)
	c.P("return nil")
}

// byTag reads the discriminator ahead, then decodes the variant it names.
func (c *codec) byTag(d *ir.Union, vs []*ir.Variant) {
	c.P("tag, found, err := r.FindString(", strconv.Quote(d.Discriminator), ")")
	c.P("if err != nil {")
	c.P("return err")
	c.P("}")
	c.P("switch string(tag) {")
	for _, v := range vs {
		if len(v.Tags) == 0 {
			continue
		}
		c.P("case ", quoteList(v.Tags), ":")
		c.decodeVariant(d, v)
	}
	c.P("}")
	c.P("return ", oasimpl("UnknownTag"), "(start, ", strconv.Quote(d.GoName), ", ", strconv.Quote(d.Discriminator), ", tag, found)")
}

// byKey looks ahead for the first key only one variant declares.
func (c *codec) byKey(d *ir.Union, vs []*ir.Variant) {
	c.P("var which ", d.TagType)
	c.pin = true
	c.P("m := r.Mark()")
	c.P("if err := r.ObjStart(); err != nil {")
	c.P("return err")
	c.P("}")
	c.P("for which == 0 {")
	c.keySwitch()
	var fallback *ir.Variant
	for _, v := range vs {
		if v.Default {
			fallback = v
		}
		if len(v.Keys) == 0 {
			continue
		}
		c.P("case ", quoteList(v.Keys), ":")
		c.P("which = ", v.Const)
	}
	c.P("default:")
	c.P("if err := r.Skip(); err != nil {")
	c.P("return err")
	c.P("}")
	c.P("}")
	c.P("}")
	c.P("r.Restore(m)")
	if fallback != nil {
		c.P("if which == 0 {")
		c.P("which = ", fallback.Const)
		c.P("}")
	}
	c.P("switch which {")
	for _, v := range vs {
		c.P("case ", v.Const, ":")
		c.decodeVariant(d, v)
	}
	c.P("}")
	c.P("return ", oasimpl("NoVariant"), "(start, ", strconv.Quote(d.GoName), ", kind, nil)")
}

// byValue reads a string ahead and picks the variant whose enum holds it.
func (c *codec) byValue(d *ir.Union, vs []*ir.Variant) {
	c.pin = true
	c.P("m := r.Mark()")
	c.P("s, err := r.StrBytes()")
	c.P("r.Restore(m)")
	c.P("if err != nil {")
	c.P("return err")
	c.P("}")
	c.P("switch string(s) {")
	var free *ir.Variant
	for _, v := range vs {
		if len(v.Values) == 0 {
			free = v
			continue
		}
		c.P("case ", quoteList(v.Values), ":")
		c.decodeVariant(d, v)
	}
	c.P("}")
	if free != nil {
		c.decodeVariant(d, free)
	} else {
		c.P("return ", oasimpl("NoVariant"), "(start, ", strconv.Quote(d.GoName), ", kind, nil)")
	}
}

// numberChoice sends integer literals to an integer variant and others to a
// number variant.
func (c *codec) numberChoice(d *ir.Union, ints, nums, any []*ir.Variant) {
	switch {
	case len(ints) == 1 && len(nums) == 1 && len(any) == 0 && (d.AnyOf || d.Types):
		// An integer literal goes to the integer variant when it fits;
		// one too large for it is still a number. (In a oneOf, an
		// integer both variants accept matches two: tried in order
		// below, each against the other.)
		x := c.tmp("x")
		c.P("if r.IsInteger() {")
		c.pin = true
		c.P("m := r.Mark()")
		c.P("var ", x, " ", c.goType(ints[0].Type))
		c.P("if err := func() error {")
		c.dec(ints[0].Type, x, nil)
		c.P("return nil")
		c.P("}(); err == nil {")
		c.P("v.", d.TagField, ", v.", ints[0].GoName, " = ", ints[0].Const, ", ", x)
		c.P("return nil")
		c.P("}")
		c.P("r.Restore(m)")
		c.P("}")
		c.decodeVariant(d, nums[0])
	case len(ints) <= 1 && len(nums) == 0 && len(any) == 0:
		c.decodeVariant(d, ints[0])
	case len(nums) == 1 && len(ints) == 0 && len(any) == 0:
		c.decodeVariant(d, nums[0])
	default:
		c.tryInOrder(d, append(append(append([]*ir.Variant{}, ints...), nums...), any...))
	}
}

// tryInOrder decodes each candidate over the same bytes until one accepts
// the value. For a oneOf, the remaining candidates must all reject it: each
// is decoded once, after the one accepted, so the code grows with the
// number of candidates, not its square (GitHub's event payload has eleven).
func (c *codec) tryInOrder(d *ir.Union, vs []*ir.Variant) {
	// A variant of several kinds (a union) may come as an integer and as
	// one taking any kind: it is tried once.
	var once []*ir.Variant
	for _, v := range vs {
		if !slices.Contains(once, v) {
			once = append(once, v)
		}
	}
	vs = once
	if len(vs) == 1 {
		c.decodeVariant(d, vs[0])
		return
	}
	c.trial = true
	// oneOf: a value two variants accept is an error. (A whole-value check
	// applies oneOf itself, exactly: a variant's Go type may accept what
	// its schema does not, so there the first variant that accepts wins,
	// as for anyOf.)
	exactlyOne := !d.AnyOf && d.Whole == nil
	c.P("{")
	c.pin = true
	c.P("m := r.Mark()")
	c.P("var firstErr error")
	if exactlyOne {
		c.P("matched, end := \"\", m // the variant that accepted the value, and where it ended")
	}
	for _, v := range vs {
		x := c.tmp("x")
		c.P("r.Restore(m)")
		c.P("var ", x, " ", c.goType(v.Type))
		c.P("if err := func() error {")
		c.dec(v.Type, x, nil)
		c.P("return nil")
		c.P("}(); err == nil {")
		if exactlyOne {
			c.P("if matched != \"\" {")
			c.P("return ", oasimpl("Ambiguous"), "(start, ", strconv.Quote(d.GoName), ", matched, ", strconv.Quote(v.GoName), ")")
			c.P("}")
			c.P("matched, end = ", strconv.Quote(v.GoName), ", r.Mark()")
			c.P("v.", d.TagField, ", v.", v.GoName, " = ", v.Const, ", ", x)
		} else {
			c.P("v.", d.TagField, ", v.", v.GoName, " = ", v.Const, ", ", x)
			c.P("return nil")
		}
		c.P("} else if firstErr == nil {")
		c.P("firstErr = err")
		c.P("}")
	}
	if exactlyOne {
		c.P("if matched != \"\" {")
		c.P("r.Restore(end)")
		c.P("return nil")
		c.P("}")
	}
	c.P("return ", oasimpl("NoVariant"), "(start, ", strconv.Quote(d.GoName), ", kind, firstErr)")
	c.P("}")
}
