package gen

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

// factKey is an object key that some variants of a union decided by facts
// declare: its bit in the decoder's seen set, and the groups of variants
// that declare it with one type each.
type factKey struct {
	name   string
	bit    int
	groups []*factGroup
}

// factGroup is the variants that declare a key with one type: a bit each,
// and the field of the first of them, whose Go value the decoder reads
// the key into.
type factGroup struct {
	variants uint64
	home     int
	field    *ir.Field
}

// factPlan is what a union decided by facts decodes with.
type factPlan struct {
	keys     []*factKey
	byName   map[string]*factKey
	structs  []*ir.Struct
	all      uint64 // a bit per variant
	closed   uint64 // the variants with additionalProperties: false
	required []uint64
	// anyObject is set when a variant takes any object, kept whole: when
	// it is the match, the object is read again from its start into it.
	anyObject bool
}

// sameValue reports whether two variants' fields read a key alike: one
// type held the same way (required or optional, by pointer or not), so
// one Go value serves both.
func sameValue(a, b *ir.Field) bool {
	aw, _ := fieldShape(a)
	bw, _ := fieldShape(b)
	return aw == bw && a.Ptr == b.Ptr && reflect.DeepEqual(a.Type, b.Type)
}

func planFacts(vs []*ir.Variant) *factPlan {
	p := &factPlan{byName: map[string]*factKey{}}
	for i, v := range vs {
		s := ir.StructOf(v.Type)
		p.structs = append(p.structs, s)
		p.all |= 1 << i
		if s == nil {
			// Any object (build.byFacts): no key rules it out.
			p.required = append(p.required, 0)
			p.anyObject = true
			continue
		}
		if s.Closed {
			p.closed |= 1 << i
		}
		var req uint64
		for _, f := range s.Fields {
			k := p.byName[f.JSONName]
			if k == nil {
				k = &factKey{name: f.JSONName, bit: len(p.keys)}
				p.keys = append(p.keys, k)
				p.byName[f.JSONName] = k
			}
			if g := k.group(f); g != nil {
				g.variants |= 1 << i
			} else {
				k.groups = append(k.groups, &factGroup{variants: 1 << i, home: i, field: f})
			}
			if f.Required {
				req |= 1 << k.bit
			}
		}
		p.required = append(p.required, req)
	}
	return p
}

// group returns the group of variants that read the key as f does, or nil.
func (k *factKey) group(f *ir.Field) *factGroup {
	for _, g := range k.groups {
		if sameValue(g.field, f) {
			return g
		}
	}
	return nil
}

// declared returns the variants that declare the key.
func (k *factKey) declared() uint64 {
	var m uint64
	for _, g := range k.groups {
		m |= g.variants
	}
	return m
}

// byFacts reads an object once for variants decided by facts
// (ir.Union.Facts): each key's value is read into the first variant that
// declares it (once per type, for a key the variants declare with
// different types), a value invalid there rules out the variants that
// declare it so (the others skip it as an undeclared property), a key a
// closed variant does not declare rules it out, and at the end the
// variants left whose required keys were all seen are the ones the object
// matches: exactly one for a oneOf, the first for an anyOf. A key read
// once per type makes the union's decoder remember the unions inside it
// (trialDecoder), so nested unions are still read once per input.
func (c *codec) byFacts(d *ir.Union, vs []*ir.Variant) {
	p := planFacts(vs)
	mask := func(m uint64) string { return fmt.Sprintf("%#x", m) }
	if p.anyObject {
		c.pin = true
		c.P("object := r.Mark()")
	}
	c.P("if err := r.ObjStart(); err != nil {")
	c.P("return err")
	c.P("}")
	c.P("var seen, out uint64 // the keys seen, and the variants ruled out")
	c.P("var firstErr error")
	c.P("for {")
	c.keySwitch()
	for _, k := range p.keys {
		c.P("case ", strconv.Quote(k.name), ":")
		c.P("seen |= 1 << ", k.bit)
		if lost := p.closed &^ k.declared(); lost != 0 {
			c.P("out |= ", mask(lost), " // closed, without ", strconv.Quote(k.name))
		}
		switch {
		case len(k.groups) == 1 && k.groups[0].variants == p.all:
			// Every variant reads the key alike: a bad value rules them
			// all out, and its error is the object's.
			g := k.groups[0]
			c.decFieldAt(g.field, "v."+vs[g.home].GoName, keyPath(k.name))
		case len(k.groups) == 1:
			c.factValue(p, vs, k, k.groups[0], "", "")
		default:
			c.trial = true
			m, end, valid := c.tmp("m"), c.tmp("end"), c.tmp("valid")
			c.P(m, " := r.Mark()")
			c.P(end, ", ", valid, " := ", m, ", false")
			for gi, g := range k.groups {
				c.factValue(p, vs, k, g, m, end+", "+valid)
				if gi < len(k.groups)-1 {
					c.P("r.Restore(", m, ")")
				}
			}
			c.P("if ", valid, " {")
			c.P("r.Restore(", end, ")")
			c.P("} else {")
			c.P("r.Restore(", m, ")")
			c.P("if err := r.Skip(); err != nil {")
			c.P("return err")
			c.P("}")
			c.P("}")
		}
	}
	c.P("default:")
	if p.closed != 0 {
		c.P("out |= ", mask(p.closed), " // closed")
	}
	c.P("if err := r.Unknown(key); err != nil {")
	c.P("return err")
	c.P("}")
	c.P("}") // switch
	c.P("}") // for
	// The variants left by the keys and values match when they have
	// their required keys.
	c.P("left := ", mask(p.all), " &^ out")
	c.P("matched := left")
	for i, req := range p.required {
		if req != 0 {
			c.P("if seen&", mask(req), " != ", mask(req), " {")
			c.P("matched &^= 1 << ", i)
			c.P("}")
		}
	}
	names := make([]string, len(vs))
	for i, v := range vs {
		names[i] = strconv.Quote(v.GoName)
	}
	keyNames := make([]string, len(p.keys))
	for i, k := range p.keys {
		keyNames[i] = strconv.Quote(k.name)
	}
	c.P("switch {")
	for i, v := range vs {
		if d.AnyOf {
			// The first variant that matches is the one the value holds.
			c.P("case matched&", mask(1<<i), " != 0:")
		} else {
			c.P("case matched == ", mask(1<<i), ":")
		}
		c.P("v.", d.TagField, " = ", v.Const)
		c.factMoves(p, vs, i)
		if p.structs[i] == nil {
			c.P("r.Restore(object)")
			c.dec(v.Type, "v."+v.GoName, nil)
		}
		c.P("return nil")
	}
	if !d.AnyOf {
		c.P("case matched != 0:")
		c.P("return ", oasimpl("AmbiguousOf"), "(start, ", strconv.Quote(d.GoName), ", matched, ", strings.Join(names, ", "), ")")
	}
	c.P("}")
	// No variant matches: the first property error says why, or the
	// missing property of the one variant the keys and values left.
	var missing []int
	for i, req := range p.required {
		if req != 0 {
			missing = append(missing, i)
		}
	}
	if len(missing) > 0 {
		c.P("if firstErr == nil {")
		c.P("switch left {")
		for _, i := range missing {
			c.P("case ", mask(1<<i), ":")
			c.P("firstErr = ", oasimpl("Missing"), "(r, seen, ", mask(p.required[i]), ", ", strings.Join(keyNames, ", "), ")")
		}
		c.P("}")
		c.P("}")
	}
	c.P("return ", oasimpl("NoVariant"), "(start, ", strconv.Quote(d.GoName), ", kind, firstErr)")
}

// factValue reads key k's value for the variants of group g into the
// field of g's first variant; an invalid value rules g's variants out,
// and when no variant is left the first such error is the object's.
// With m and end (a key read once per type) the Reader is left where it
// is and end (the Mark after a valid value, and true) set; without them
// an invalid value is skipped.
func (c *codec) factValue(p *factPlan, vs []*ir.Variant, k *factKey, g *factGroup, m, end string) {
	mask := func(m uint64) string { return fmt.Sprintf("%#x", m) }
	c.pin = true
	own := m == ""
	if own {
		m = c.tmp("m")
		c.P(m, " := r.Mark()")
	}
	c.P("if err := func() error {")
	c.decFieldAt(g.field, "v."+vs[g.home].GoName, keyPath(k.name))
	c.P("return nil")
	c.P("}(); err != nil {")
	c.P("if firstErr == nil {")
	c.P("firstErr = err")
	c.P("}")
	c.P("if out|", mask(g.variants), " == ", mask(p.all), " {")
	c.P("return firstErr")
	c.P("}")
	c.P("out |= ", mask(g.variants))
	if own {
		c.P("r.Restore(", m, ")")
		c.P("if err := r.Skip(); err != nil {")
		c.P("return err")
		c.P("}")
	}
	if !own {
		c.P("} else {")
		c.P(end, " = r.Mark(), true")
	}
	c.P("}")
}

// factMoves prints what follows the choice of variant i: the values of
// keys it reads alike with an earlier variant, read into that variant's
// field, are moved into its own, and the other variants are left zero.
func (c *codec) factMoves(p *factPlan, vs []*ir.Variant, i int) {
	homes := map[int]bool{}
	var fields []*ir.Field
	if p.structs[i] != nil {
		fields = p.structs[i].Fields
	}
	for _, f := range fields {
		k := p.byName[f.JSONName]
		g := k.group(f)
		if g.home != i {
			homes[g.home] = true
			c.P("v.", vs[i].GoName, ".", f.GoName, " = v.", vs[g.home].GoName, ".", g.field.GoName)
		}
	}
	for _, k := range p.keys {
		for _, g := range k.groups {
			if g.home != i {
				homes[g.home] = true
			}
		}
	}
	for h := range len(vs) {
		if homes[h] {
			c.P("v.", vs[h].GoName, " = ", c.goType(vs[h].Type), "{}")
		}
	}
}
