package gen

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

// A discriminated union whose variants are all plain object structs is
// decoded in one pass where that is safe (onePassPlan decides, when the code
// is generated): the object is read once, each member into the field of the
// first variant that declares it, and the tag, wherever it comes, picks the
// variant the value ends in, which then takes its shared properties. The
// union's struct holds every variant by value, so there is room for every
// variant's fields.
//
// The one-pass decoder only has to be right when it succeeds. For anything
// irregular (an invalid value anywhere, a missing, unknown or repeated tag,
// a missing required property, a key the chosen variant does not declare
// under DisallowUnknownFields, a failed object-level check) it gives up, and
// DecodeJSON goes back to the object's start and reads it the exact way:
// the tag looked up first, then the variant's own decoder, whose errors are
// the ones reported. When it succeeds, the chosen variant's fields hold what
// that variant's decoder would have read, because:
//   - a member is decoded by code identical to the variant's own (variants
//     that share a property name must decode it identically, or the union
//     keeps the exact path);
//   - duplicate keys: the last wins in both, the members being read in the
//     same order into the same field; a repeated tag gives up;
//   - a member of another variant was checked as that variant's property,
//     which implies it is valid JSON, all the variant's decoder checks of a
//     key it skips;
//   - after the object, the chosen variant's required set, defaults and
//     object checks are printed by the struct decoder's own printers.

// onePass limits: past them a union keeps the exact path, so the code
// stays small (Microsoft Graph has unions of hundreds of variants).
const (
	onePassMaxVariants = 8
	onePassMaxKeys     = 64 // one uint64 of seen bits
)

// onePassVariant is a variant of a one-pass union and its struct.
type onePassVariant struct {
	*ir.Variant
	s    *ir.Struct
	tag  *ir.Field // the variant's discriminator property, or nil
	bits uint64    // the keys the variant declares
}

// onePassKey is a member name some variant declares.
type onePassKey struct {
	name string
	bit  int
	// fields are the declaring variants' fields, by variant; the first
	// one's is read, and the chosen variant's assigned from it.
	vars   []*onePassVariant
	fields []*ir.Field
}

// onePassUnion is what the one-pass decoder of a union reads.
type onePassUnion struct {
	vars   []*onePassVariant
	keys   []*onePassKey // in order of first declaration
	tagBit int
}

// onePassPlan returns how to decode the union's object variants vs in one
// pass, or nil where the union keeps the exact path: a variant that is not
// a plain struct (additional or pattern properties, fields held by
// pointer, required names no property declares), a property two variants decode differently, or too many
// variants or keys.
func (c *codec) onePassPlan(d *ir.Union, vs []*ir.Variant) *onePassUnion {
	tagged := 0
	for _, v := range vs {
		if len(v.Tags) > 0 {
			tagged++
		}
	}
	if tagged == 0 || tagged > onePassMaxVariants {
		return nil
	}
	p := &onePassUnion{}
	byName := map[string]*onePassKey{}
	key := func(name string) *onePassKey {
		k := byName[name]
		if k == nil {
			k = &onePassKey{name: name, bit: len(p.keys)}
			byName[name] = k
			p.keys = append(p.keys, k)
		}
		return k
	}
	p.tagBit = key(d.Discriminator).bit
	for _, v := range vs {
		if len(v.Tags) == 0 {
			continue // no tag names it: never chosen
		}
		s := onePassStruct(v.Type)
		if s == nil || s.Additional != nil || len(s.Patterns) > 0 || len(s.Undeclared) > 0 || len(unheldNotNames(c.file, s)) > 0 {
			return nil
		}
		ov := &onePassVariant{Variant: v, s: s}
		p.vars = append(p.vars, ov)
		for _, fd := range s.Fields {
			if fd.Ptr {
				return nil
			}
			k := key(fd.JSONName)
			ov.bits |= 1 << (k.bit % 64) // past 64 keys, the plan is dropped below
			if fd.JSONName == d.Discriminator {
				ov.tag = fd // read by the chosen variant alone
				continue
			}
			k.vars = append(k.vars, ov)
			k.fields = append(k.fields, fd)
		}
	}
	if len(p.keys) > onePassMaxKeys {
		return nil
	}
	for _, k := range p.keys {
		for _, fd := range k.fields[min(1, len(k.fields)):] {
			if c.fieldDecoder(fd) != c.fieldDecoder(k.fields[0]) {
				return nil
			}
		}
	}
	return p
}

// onePassStruct returns the struct a variant of type t is, or nil.
func onePassStruct(t ir.Type) *ir.Struct {
	for {
		r, ok := t.(*ir.Ref)
		if !ok {
			return nil
		}
		switch d := r.Decl.(type) {
		case *ir.Struct:
			return d
		case *ir.Alias:
			if !goAlias(d) {
				return nil
			}
			t = d.Type
		default:
			return nil
		}
	}
}

// fieldDecoder returns the Go type of field fd and the code that decodes
// it, for comparing the decoders of two variants' properties. The code is
// printed into a file of its own, so what it imports is not imported here.
func (c *codec) fieldDecoder(fd *ir.Field) string {
	s := &codec{file: c.file.detached()}
	s.decFieldAt(fd, "x", keyPath(fd.JSONName))
	return s.fieldType(fd) + "\n" + s.buf.String()
}

// onePassTry prints, in DecodeJSON at an object, the call of the one-pass
// decoder, and going back to the object's start when it gives up.
func (c *codec) onePassTry(d *ir.Union) {
	c.P("// Read the object once, and again from its start, the tag looked up")
	c.P("// first, only when decodeOnePass gives up (see there).")
	c.P("old := r.Pin()")
	c.P("m := r.Mark()")
	c.P("if v.decodeOnePass(r) == nil {")
	c.P("r.Unpin(old)")
	c.P("return nil")
	c.P("}")
	c.P("r.Restore(m)")
	c.P("r.Unpin(old)")
	c.P("*v = ", d.GoName, "{}")
}

// onePassDecoder prints decodeOnePass.
func (c *codec) onePassDecoder(d *ir.Union, p *onePassUnion) {
	c.n = 0
	tagName := strconv.Quote(d.Discriminator)
	c.P("// decodeOnePass reads an object into the variant its ", tagName, " names,")
	c.P("// in one pass wherever the tag comes: each member is read into the field")
	c.P("// of the first variant that declares it (the same schema in each); after")
	c.P("// the object, the chosen variant takes its shared properties from there,")
	c.P("// is checked as its own decoder checks it, and the others are cleared.")
	c.P("// It gives up, returning an error,")
	c.P("// on anything irregular (an invalid value, a missing, unknown or repeated")
	c.P("// tag, a missing property, a key the chosen variant does not declare under")
	c.P("// DisallowUnknownFields): DecodeJSON then reads the object again the exact")
	c.P("// way, whose error is the one reported. So it only has to be right when it")
	c.P("// succeeds, and it is: the variant's decoder would have read the same")
	c.P("// members with the same code and accepted the ones it skips, which were")
	c.P("// read as valid JSON.")
	c.P("func (v *", d.GoName, ") decodeOnePass(r *", oasimpl("Reader"), ") error {")
	c.P("if err := r.ObjStart(); err != nil {")
	c.P("return err")
	c.P("}")
	needAt := false
	for _, ov := range p.vars {
		needAt = needAt || endChecked(ov.s)
	}
	if needAt {
		c.P("at := r.Offset() - 1")
	}
	c.P("var seen uint64")
	c.P("var which ", d.TagType)
	// maxProperties counts every member: the keys no variant declares
	// are counted as they are skipped.
	counted := false
	for _, ov := range p.vars {
		counted = counted || ov.s.MaxProps != nil
	}
	if counted {
		c.P("unknown := 0")
	}
	c.P("for {")
	c.keySwitch()
	for _, k := range p.keys {
		if k.bit == p.tagBit {
			c.onePassTag(d, p)
			continue
		}
		c.P("case ", strconv.Quote(k.name), ":")
		c.P("seen |= 1 << ", k.bit)
		var streamed []string
		for i, ov := range k.vars {
			if c.checks.items(k.fields[i]) != nil {
				streamed = append(streamed, "r.Streams(&v."+ov.GoName+"."+k.fields[i].GoName+")")
			}
		}
		if len(streamed) > 0 {
			// DecodeEach hands a variant's array over as it is read; that
			// is left to the variant's decoder, so nothing is handed over
			// twice.
			c.P("if ", strings.Join(streamed, " || "), " {")
			c.P("return ", oasimpl("ErrExactPath"), " // streamed")
			c.P("}")
		}
		c.decFieldAt(k.fields[0], "v."+k.vars[0].GoName, keyPath(k.name))
	}
	c.P("default:")
	if counted {
		c.P("unknown++")
	}
	c.P("if err := r.Unknown(key); err != nil {")
	c.P("return err")
	c.P("}")
	c.P("}") // switch
	c.P("}") // for
	c.P("switch which {")
	for _, ov := range p.vars {
		c.P("case ", ov.Const, ":")
		recv := "v." + ov.GoName
		var reqs []reqBit
		for _, fd := range ov.s.Fields {
			if fd.Required {
				reqs = append(reqs, reqBit{fd, keyBit(p, fd.JSONName)})
			}
		}
		c.requiredChecks(reqs, 1, "seen", func(_, _ string, _ []string) {
			c.P("return ", oasimpl("ErrExactPath"), " // a required property is missing")
		})
		c.P("if r.DisallowUnknownFields && seen&^", fmt.Sprintf("%#x", ov.bits), " != 0 {")
		c.P("return ", oasimpl("ErrExactPath"), " // a key ", ov.GoName, " does not declare")
		c.P("}")
		// A property the variant shares was read into the first declaring
		// variant's field, zero when it was absent.
		for _, k := range p.keys {
			if i := slices.Index(k.vars, ov); i > 0 {
				c.P(recv, ".", k.fields[i].GoName, " = v.", k.vars[0].GoName, ".", k.fields[0].GoName)
			}
		}
		c.applyDefaults(ov.s.Fields, recv)
		skipped := ""
		if ov.s.MaxProps != nil {
			// The variant's own decoder skips, and counts, the keys it
			// does not declare: those of no variant, and those of others.
			skipped = "skipped"
			c.P("skipped := unknown")
			for _, k := range p.keys {
				if ov.bits&(1<<(k.bit%64)) == 0 {
					c.P("if seen&", fmt.Sprintf("%#x", uint64(1)<<(k.bit%64)), " != 0 {")
					c.P("skipped++")
					c.P("}")
				}
			}
		}
		c.structEndChecks(ov.s, recv, nil, skipped, c.violation("at", nil))
		for _, other := range p.vars {
			if written := p.homed(other); other != ov && written != 0 {
				c.P("if seen&", fmt.Sprintf("%#x", written), " != 0 {")
				c.P("v.", other.GoName, " = ", c.goType(other.Type), "{}")
				c.P("}")
			}
		}
	}
	c.P("default:")
	c.P("return ", oasimpl("ErrExactPath"), " // no tag")
	c.P("}")
	c.P("v.", d.TagField, " = which")
	c.P("return nil")
	c.P("}")
	c.P()
}

// homed returns the keys read into variant ov's fields: those it is the
// first to declare.
func (p *onePassUnion) homed(ov *onePassVariant) uint64 {
	var bits uint64
	for _, k := range p.keys {
		if len(k.vars) > 0 && k.vars[0] == ov {
			bits |= 1 << k.bit
		}
	}
	return bits
}

func keyBit(p *onePassUnion, name string) int {
	for _, k := range p.keys {
		if k.name == name {
			return k.bit
		}
	}
	panic("onepass: undeclared key " + name)
}

// onePassTag prints the case of the discriminator: the tag picks the
// variant, whose own property, if it declares one, then reads the value.
func (c *codec) onePassTag(d *ir.Union, p *onePassUnion) {
	c.P("case ", strconv.Quote(d.Discriminator), ":")
	c.P("if which != 0 {")
	c.P("return ", oasimpl("ErrExactPath"), " // a second tag")
	c.P("}")
	c.P("seen |= 1 << ", p.tagBit)
	reread := false
	for _, ov := range p.vars {
		if ov.tag != nil && !c.internable(ov.tag) {
			reread = true
		}
	}
	if reread {
		c.P("m := r.Mark()")
	}
	c.P("tag, err := r.StrBytes()")
	c.P("if err != nil {")
	c.P("return err")
	c.P("}")
	c.P("switch string(tag) {")
	for _, ov := range p.vars {
		c.P("case ", quoteList(ov.Tags), ":")
		c.P("which = ", ov.Const)
		if ov.tag == nil {
			continue
		}
		x := "v." + ov.GoName + "." + ov.tag.GoName
		switch w, _ := fieldShape(ov.tag); {
		case !c.internable(ov.tag):
			c.P("r.Restore(m)")
			c.decFieldAt(ov.tag, "v."+ov.GoName, keyPath(d.Discriminator))
		case w == opt:
			c.P(x, ".Set, ", x, ".Value = true, r.Intern(tag)")
		default:
			c.P(x, " = r.Intern(tag)")
		}
	}
	c.P("default:")
	c.P("return ", oasimpl("ErrExactPath"), " // an unknown tag")
	c.P("}")
}

// internable reports whether the tag's own property is a string read with
// r.Str() and nothing more (its decoder is that of a plain string), so the
// tag already read is its value: Str is StrBytes interned.
func (c *codec) internable(fd *ir.Field) bool {
	w, _ := fieldShape(fd)
	str := &ir.Field{GoName: fd.GoName, JSONName: fd.JSONName, Type: &ir.Prim{Kind: ir.String}, Required: fd.Required}
	return (w == plain || w == opt) && c.fieldDecoder(fd) == c.fieldDecoder(str)
}
