package gen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

// factKey is an object key that some variants of a union decided by facts
// declare: its bit in the decoder's seen set, the variants that declare
// it (a bit each), and the field of the first of them, whose Go value the
// decoder reads the key into.
type factKey struct {
	name     string
	bit      int
	variants uint64
	home     int // the index of the variant whose field holds the value
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
}

func planFacts(vs []*ir.Variant) *factPlan {
	p := &factPlan{byName: map[string]*factKey{}}
	for i, v := range vs {
		s := ir.StructOf(v.Type)
		p.structs = append(p.structs, s)
		p.all |= 1 << i
		if s.Closed {
			p.closed |= 1 << i
		}
		var req uint64
		for _, f := range s.Fields {
			k := p.byName[f.JSONName]
			if k == nil {
				k = &factKey{name: f.JSONName, bit: len(p.keys), home: i, field: f}
				p.keys = append(p.keys, k)
				p.byName[f.JSONName] = k
			}
			k.variants |= 1 << i
			if f.Required {
				req |= 1 << k.bit
			}
		}
		p.required = append(p.required, req)
	}
	return p
}

// byFacts reads an object once for variants decided by facts
// (ir.Union.Facts): each key's value is read into the first variant that
// declares it, a value invalid there rules out every variant that
// declares the key (the others skip it as an undeclared property), a key
// a closed variant does not declare rules it out, and at the end the
// variants left whose required keys were all seen are the ones the
// object matches: exactly one for a oneOf, the first for an anyOf.
func (c *codec) byFacts(d *ir.Union, vs []*ir.Variant) {
	p := planFacts(vs)
	mask := func(m uint64) string { return fmt.Sprintf("%#x", m) }
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
		if lost := p.closed &^ k.variants; lost != 0 {
			c.P("out |= ", mask(lost), " // closed, without ", strconv.Quote(k.name))
		}
		recv := "v." + vs[k.home].GoName
		if k.variants == p.all {
			// Every variant declares the key: a bad value rules them all
			// out, and its error is the object's.
			c.decFieldAt(k.field, recv, keyPath(k.name))
			continue
		}
		c.pin = true
		m := c.tmp("m")
		c.P(m, " := r.Mark()")
		c.P("if err := func() error {")
		c.decFieldAt(k.field, recv, keyPath(k.name))
		c.P("return nil")
		c.P("}(); err != nil {")
		c.P("if out|", mask(k.variants), " == ", mask(p.all), " {")
		c.P("return err")
		c.P("}")
		c.P("if firstErr == nil {")
		c.P("firstErr = err")
		c.P("}")
		c.P("out |= ", mask(k.variants))
		c.P("r.Restore(", m, ")")
		c.P("if err := r.Skip(); err != nil {")
		c.P("return err")
		c.P("}")
		c.P("}")
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
		c.P("return nil")
	}
	if !d.AnyOf {
		c.P("case matched != 0:")
		c.P("return ", rt("AmbiguousOf"), "(start, ", strconv.Quote(d.GoName), ", matched, ", strings.Join(names, ", "), ")")
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
			c.P("firstErr = ", rt("Missing"), "(r, seen, ", mask(p.required[i]), ", ", strings.Join(keyNames, ", "), ")")
		}
		c.P("}")
		c.P("}")
	}
	c.P("return ", rt("NoVariant"), "(start, ", strconv.Quote(d.GoName), ", kind, firstErr)")
}

// factMoves prints what follows the choice of variant i: the values of
// keys it shares, read into another variant's field, are moved into its
// own, and the other variants are left zero.
func (c *codec) factMoves(p *factPlan, vs []*ir.Variant, i int) {
	homes := map[int]bool{}
	for _, f := range p.structs[i].Fields {
		k := p.byName[f.JSONName]
		if k.home == i {
			continue
		}
		homes[k.home] = true
		from := "v." + vs[k.home].GoName + "." + k.field.GoName
		to := "v." + vs[i].GoName + "." + f.GoName
		switch {
		case k.field.Ptr == f.Ptr:
			c.P(to, " = ", from)
		case k.field.Ptr:
			c.P("if ", from, " != nil {")
			c.P(to, " = *", from)
			c.P("}")
		default:
			c.P(to, " = &", from)
		}
	}
	for h := range len(vs) {
		if homes[h] {
			c.P("v.", vs[h].GoName, " = ", c.goType(vs[h].Type), "{}")
		}
	}
}
