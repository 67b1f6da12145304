// This file holds allOf: members merged into one object's properties,
// and the kinds of value an allOf's members allow together.

package build

import (
	"slices"
	"strings"

	"github.com/pb33f/go-yaml"

	"github.com/oasgen/oasgen/internal/ir"
	"github.com/oasgen/oasgen/internal/spec"
)

// prop is one property of an object, after allOf members are merged.
type prop struct {
	name string
	sp   *spec.SchemaProxy
	sch  *spec.Schema
	// only, when set, is the type of the property in place of sch's:
	// allOf members give it types no value has both of, so it takes
	// nothing (or only null).
	only ir.Type
}

// objectParts is an object schema's view with its allOf members merged in:
// properties in order (members first, then its own), required names, and
// the additionalProperties and size limits that apply.
type objectParts struct {
	props    []prop
	index    map[string]int
	required []string
	ap       *spec.DynamicValue[*spec.SchemaProxy, bool]
	minProps *int64
	maxProps *int64
	// nots are the schemas, its own and its members', that have a not.
	nots []*spec.Schema
	// patterns are the patternProperties, members' first.
	patterns []prop
}

// parts merges sch and its allOf members. Two members that give one
// property types no value has both of leave it absent (or null).
func (b *builder) parts(sch *spec.Schema, at ir.Pos) *objectParts {
	o := &objectParts{index: map[string]int{}}
	b.mergeInto(o, sch, at, map[*yaml.Node]bool{})
	return o
}

func (b *builder) mergeInto(o *objectParts, sch *spec.Schema, at ir.Pos, seen map[*yaml.Node]bool) {
	if n := rootNode(sch); n != nil {
		if seen[n] {
			return // allOf cycles add nothing new
		}
		seen[n] = true
	}
	b.ignoredKeywords(sch, "", false)
	for i, sp := range sch.AllOf {
		if ms := b.resolve(sp, at); ms != nil {
			if n := rootNode(ms); n != nil && n.Tag == "!!bool" && n.Value == "false" {
				// A struct cannot say that no value is valid.
				b.warnf(classAllOf, b.pos(ms), "allOf member %d is the schema false, which no value matches; it is not checked on an object", i)
				continue
			}
			if len(ms.OneOf)+len(ms.AnyOf) > 0 {
				// The struct holds the members' properties; a choice
				// among schemas inside a member has no place in it.
				kw := "oneOf"
				if len(ms.OneOf) == 0 {
					kw = "anyOf"
				}
				b.warnf(classAllOf, b.pos(ms), "allOf member %d: %s inside a member of an allOf that makes a struct is not checked", i, kw)
			}
			b.mergeInto(o, ms, b.pos(ms), seen)
		}
	}
	if sch.Properties != nil {
		for name, sp := range sch.Properties.FromOldest() {
			ps := b.resolve(sp, at)
			if ps == nil {
				continue
			}
			if i, ok := o.index[name]; ok {
				prev := o.props[i]
				dropped := ps
				switch {
				case narrower(ps, prev.sch):
					// allOf of number and integer is integer.
					o.props[i] = prop{name: name, sp: sp, sch: ps}
					dropped = prev.sch
				case !compatible(prev.sch, ps):
					o.props[i].only = b.disjointProp(name, prev.sch, ps)
					continue
				}
				if na, nb := rootNode(prev.sch), rootNode(ps); (na == nil || na != nb) && asserts(dropped) {
					b.warnf(classAllOf, b.pos(dropped), "property %q is defined again in allOf; this definition's constraints are not checked, only those at %s", name, b.pos(o.props[i].sch))
				}
				continue
			}
			o.index[name] = len(o.props)
			o.props = append(o.props, prop{name: name, sp: sp, sch: ps})
		}
	}
	for _, r := range sch.Required {
		if !slices.Contains(o.required, r) {
			o.required = append(o.required, r)
		}
	}
	if sch.AdditionalProperties != nil {
		o.ap = sch.AdditionalProperties
	}
	if sch.MinProperties != nil {
		o.minProps = sch.MinProperties
	}
	if sch.Not != nil {
		o.nots = append(o.nots, sch)
	}
	if sch.PatternProperties != nil {
		for pattern, sp := range sch.PatternProperties.FromOldest() {
			if ps := b.resolve(sp, at); ps != nil {
				o.patterns = append(o.patterns, prop{name: pattern, sp: sp, sch: ps})
			}
		}
	}
	if sch.MaxProperties != nil {
		o.maxProps = sch.MaxProperties
	}
}

// disjointProp returns the type of a property two allOf members define
// with types that share no JSON type (compatible is false): JSON Schema
// applies both, so the property can hold only null when both allow it,
// and otherwise no value at all (it must be absent). Types that overlap
// partly ([string, integer] and [integer, boolean]) keep the first
// definition's Go type, and the whole-value check, where there is one,
// the rest.
func (b *builder) disjointProp(name string, prev, ps *spec.Schema) ir.Type {
	ta, na := types(prev)
	tb, nb := types(ps)
	if len(intersectKinds(ta, tb)) > 0 {
		b.warnf(classAllOf, b.pos(ps), "property %q is defined again in allOf with other types: %s here, %s at %s; this definition is not checked, only the first", name, describe(ps), describe(prev), b.pos(prev))
		return nil
	}
	if na && nb {
		b.warnf(classAllOf, b.pos(ps), "property %q is defined twice in allOf with types no value has both of but null: %s here, %s at %s; it may only be null", name, describe(ps), describe(prev), b.pos(prev))
		return &ir.Any{Kinds: []ir.JSONType{ir.JSONNull}}
	}
	b.warnf(classAllOf, b.pos(ps), "property %q is defined twice in allOf with types no value has both of: %s here, %s at %s; no value is valid, so the property must be absent", name, describe(ps), describe(prev), b.pos(prev))
	return &ir.Any{False: true}
}

// compatible reports whether two definitions of one property can share a
// Go field: the same schema, the same JSON types, or one of them says
// nothing about the type (a description added by a later member). Real
// specs refine a property in a later allOf member (a format, an item
// schema); the first definition gives the Go type.
func compatible(a, b *spec.Schema) bool {
	if na, nb := rootNode(a), rootNode(b); na != nil && na == nb {
		return true
	}
	ta, _ := types(a)
	tb, _ := types(b)
	if len(ta) == 0 || len(tb) == 0 {
		return true
	}
	return slices.Equal(ta, tb) || narrower(a, b) || narrower(b, a)
}

// narrower reports whether a is an integer where b is a number: their
// intersection is a's type.
func narrower(a, b *spec.Schema) bool {
	ta, _ := types(a)
	tb, _ := types(b)
	return slices.Equal(ta, []string{"integer"}) && slices.Equal(tb, []string{"number"})
}

func describe(s *spec.Schema) string {
	ts, _ := types(s)
	d := strings.Join(ts, "|")
	if d == "" {
		d = "untyped"
	}
	if s.Format != "" {
		d += " (" + s.Format + ")"
	}
	return d
}

// passThrough returns the one member of an allOf that stands for the whole
// schema: allOf with a single member and no keyword of its own that
// constrains a value of the member (besideAllOf, besideFor; type, not,
// const), the usual way to put a description beside a $ref in OpenAPI
// 3.0, and what a $ref with minLength beside it is when it refers to an
// object.
func passThrough(sch *spec.Schema) *spec.SchemaProxy {
	if len(sch.AllOf) != 1 || len(sch.Type) > 0 || sch.Not != nil || sch.Const != nil {
		return nil
	}
	if kws := besideAllOf(sch); len(kws) > 0 {
		ms, err := sch.AllOf[0].BuildSchema()
		if err != nil || ms == nil || len(besideFor(kws, ms)) > 0 {
			return nil
		}
	}
	return sch.AllOf[0]
}

// asserts reports whether a schema has keywords that constrain a value
// beyond its type: the ones a merge that keeps another definition drops.
func asserts(s *spec.Schema) bool {
	return s.Format != "" || s.Pattern != "" || s.MinLength != nil || s.MaxLength != nil ||
		s.Minimum != nil || s.Maximum != nil || s.ExclusiveMinimum != nil || s.ExclusiveMaximum != nil || s.MultipleOf != nil ||
		len(s.Enum) > 0 || s.Const != nil || s.Items != nil || len(s.PrefixItems) > 0 || s.MinItems != nil || s.MaxItems != nil ||
		s.UniqueItems != nil && *s.UniqueItems || s.Contains != nil ||
		s.Properties != nil && s.Properties.Len() > 0 || s.PatternProperties != nil || s.AdditionalProperties != nil ||
		len(s.Required) > 0 || s.MinProperties != nil || s.MaxProperties != nil || s.PropertyNames != nil ||
		s.UnevaluatedProperties != nil || s.UnevaluatedItems != nil || s.DependentRequired != nil || s.DependentSchemas != nil ||
		len(s.AllOf) > 0 || len(s.AnyOf) > 0 || len(s.OneOf) > 0 || s.Not != nil || s.If != nil
}

// allOfKinds returns the JSON types an allOf lets through: those every
// member that has a type allows, with the schema's own (integer where one
// says number and another integer); typed is false when no member has a
// type. A struct merged from the members holds objects only, so an allOf
// whose kinds leave out object (a member of type array, another of type
// integer) is not what its Go type checks.
func allOfKinds(sch *spec.Schema, seen map[*yaml.Node]bool) (kinds []string, typed bool) {
	if n := rootNode(sch); n != nil {
		if seen[n] {
			return nil, false
		}
		seen[n] = true
	}
	if len(sch.Type) > 0 {
		kinds, typed = slices.Clone(sch.Type), true
		if sch.Nullable != nil && *sch.Nullable && !slices.Contains(kinds, "null") {
			kinds = append(kinds, "null")
		}
	}
	for _, sp := range sch.AllOf {
		ms, err := sp.BuildSchema()
		if err != nil || ms == nil {
			continue
		}
		mk, mt := allOfKinds(ms, seen)
		switch {
		case !mt:
		case !typed:
			kinds, typed = mk, true
		default:
			kinds = intersectKinds(kinds, mk)
		}
	}
	return kinds, typed
}

// intersectKinds returns the JSON types in both a and b, integer being
// the numbers without fraction.
func intersectKinds(a, b []string) []string {
	var out []string
	add := func(k string) {
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	for _, k := range a {
		switch {
		case slices.Contains(b, k):
			add(k)
		case k == "number" && slices.Contains(b, "integer"), k == "integer" && slices.Contains(b, "number"):
			add("integer")
		}
	}
	return out
}

// isFalse reports whether a schema is the boolean schema false.
func isFalse(s *spec.Schema) bool {
	n := rootNode(s)
	return n != nil && n.Tag == "!!bool" && n.Value == "false"
}

// allOfTyped reports whether a schema without type of its own takes only
// values of the types ts through its allOf members.
func allOfTyped(sch *spec.Schema, ts []string) bool {
	kinds, typed := allOfKinds(sch, map[*yaml.Node]bool{})
	return typed && allowsTypes(ts, kinds)
}

// kindsWithNull returns a schema's types, null among them when 3.0's
// nullable says so.
func kindsWithNull(sch *spec.Schema) []string {
	ts := sch.Type
	if len(ts) > 0 && sch.Nullable != nil && *sch.Nullable && !slices.Contains(ts, "null") {
		ts = append(slices.Clip(ts), "null")
	}
	return ts
}

// sameKinds reports whether two lists of types hold the same types.
func sameKinds(a, b []string) bool {
	return len(a) == len(b) && !slices.ContainsFunc(a, func(k string) bool { return !slices.Contains(b, k) })
}
