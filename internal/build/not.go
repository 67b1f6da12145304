package build

import (
	"slices"

	"github.com/pb33f/go-yaml"

	"github.com/oasgen/oasgen/internal/ir"

	"github.com/oasgen/oasgen/internal/spec"
)

// notOf reads a schema's not in the forms that are checked: not {type},
// not {enum}, not {const}, not {required}, and not {anyOf} of required
// lists. Other forms are reported, naming the schema, and not checked.
func (b *builder) notOf(sch *spec.Schema, pointer string) *ir.Not {
	if sch.Not == nil {
		return nil
	}
	pos := b.pos(sch)
	if n := sch.Not.GetValueNode(); n != nil {
		pos.Line, pos.Col = n.Line, n.Column
	}
	ns := b.resolve(sch.Not, pos)
	if ns == nil {
		return nil
	}
	skip := func(why string) *ir.Not {
		b.warnf(classNot, pos, "%s/not: %s; it is not checked (the forms checked are not {type}, {enum}, {const}, {required} and {anyOf} of required lists)", pointer, why)
		return nil
	}
	n := &ir.Not{}
	forms := 0
	if len(ns.Type) > 0 {
		forms++
		n.Kinds = ir.JSONTypes(ns.Type)
	}
	if len(ns.Enum) > 0 || ns.Const != nil {
		forms++
		vals := ns.Enum
		if ns.Const != nil {
			vals = append(slices.Clone(vals), ns.Const)
		}
		for _, v := range vals {
			nv, ok := notValue(v)
			if !ok {
				return skip("an object or array value")
			}
			n.Values = append(n.Values, nv)
		}
	}
	if len(ns.Required) > 0 {
		forms++
		n.Required = append(n.Required, ns.Required)
	}
	if len(ns.AnyOf) > 0 {
		forms++
		for _, sp := range ns.AnyOf {
			ms := b.resolve(sp, pos)
			if ms == nil {
				return nil
			}
			if len(ms.Required) == 0 || constrains(ms) || len(ms.Type) > 0 {
				return skip("anyOf members other than required lists")
			}
			n.Required = append(n.Required, ms.Required)
		}
	}
	if constrains(ns) || len(ns.OneOf) > 0 {
		return skip("a schema with other keywords")
	}
	switch forms {
	case 0:
		// not {} rejects every value; a spec means something else.
		return skip("an empty schema, which rules out every value")
	case 1:
		return n
	}
	return skip("several keywords together")
}

// notValue turns an enum or const value into a NotValue.
func notValue(v *yaml.Node) (ir.NotValue, bool) {
	switch v.Tag {
	case "!!str":
		return ir.NotValue{Kind: ir.JSONString, Text: v.Value}, true
	case "!!int", "!!float":
		return ir.NotValue{Kind: ir.JSONNumber, Text: v.Value}, true
	case "!!bool":
		return ir.NotValue{Kind: ir.JSONBoolean, Text: v.Value}, true
	case "!!null":
		return ir.NotValue{Kind: ir.JSONNull, Text: "null"}, true
	}
	return ir.NotValue{}, false
}

// constrains reports whether a schema has keywords beyond type, enum,
// const, required, anyOf and annotations.
func constrains(s *spec.Schema) bool {
	return s.Properties != nil || len(s.AllOf) > 0 || s.Not != nil || s.Format != "" || s.Pattern != "" ||
		s.Minimum != nil || s.Maximum != nil || s.ExclusiveMinimum != nil || s.ExclusiveMaximum != nil ||
		s.MultipleOf != nil || s.MinLength != nil || s.MaxLength != nil || s.Items != nil || len(s.PrefixItems) > 0 ||
		s.MinItems != nil || s.MaxItems != nil || s.UniqueItems != nil || s.AdditionalProperties != nil ||
		s.PatternProperties != nil || s.MinProperties != nil || s.MaxProperties != nil || s.Contains != nil ||
		s.If != nil || s.DependentRequired != nil || s.DependentSchemas != nil || s.PropertyNames != nil
}

// withNot applies a schema's not to the type t of an inline schema: values
// of its kind, types, or (for free-form values) JSON types. A not that
// rules out every value of the type, or that the type cannot be checked
// against, is reported.
func (b *builder) withNot(t ir.Type, sch *spec.Schema, pointer string) ir.Type {
	if u, ok := t.(*ir.Any); ok && sch.Not != nil && !sch.Not.IsReference() && freeFormSub(sch.Not) {
		// A free-form not on a free-form value: its schema's checks run
		// on the whole value, which must fail them; not {type} is a check
		// of the value's kind.
		if ns := b.resolve(sch.Not, b.pos(sch)); ns != nil && !onlyType(ns) {
			n := len(b.diags)
			if m, ok := b.shape(ns, "Not", pointer+"/not").(*ir.Any); ok {
				if b.inexactSince(n) {
					// Its negation would rule out values it should not.
					b.warnf(classNot, b.pos(sch), "%s/not: not is not checked: its schema is not checked exactly", pointer)
					return t
				}
				c := *u
				c.NotAny = m
				return &c
			}
		}
	}
	n := b.notOf(sch, pointer)
	if n == nil {
		return t
	}
	pos := b.pos(sch)
	switch u := t.(type) {
	case *ir.Any:
		if len(n.Values) > 0 || len(n.Required) > 0 {
			b.warnf(classNot, pos, "%s/not: values and required lists are not checked on a free-form value", pointer)
			return t
		}
		c := *u
		c.Not = n
		return &c
	case *ir.Prim:
		kind := primKind(u)
		if kind == "" {
			b.warnf(classNot, pos, "%s/not: not on a value of format %s is not checked", pointer, u.Format)
			return t
		}
		pn := &ir.Not{}
		for _, k := range n.Kinds {
			switch {
			case k == kind, k == ir.JSONNumber && kind == ir.JSONInteger:
				b.warnf(classNot, pos, "%s/not: type %s rules out every value; it is not checked", pointer, k)
			case k == ir.JSONInteger && kind == ir.JSONNumber && u.Kind.IsFloat():
				pn.Kinds = append(pn.Kinds, k)
			}
		}
		for _, v := range n.Values {
			if v.Kind == kind || v.Kind == ir.JSONNumber && kind == ir.JSONInteger {
				pn.Values = append(pn.Values, v)
			}
		}
		if len(n.Required) > 0 {
			b.warnf(classNot, pos, "%s/not: a required list on a %s says nothing", pointer, kind)
		}
		if len(pn.Kinds)+len(pn.Values) == 0 {
			return t
		}
		c := *u
		c.Not = pn
		return &c
	}
	b.warnf(classNot, pos, "%s/not: not is checked on scalars, objects and free-form values, not here; it is not checked", pointer)
	return t
}

// onlyType reports whether a schema says nothing but its type.
func onlyType(s *spec.Schema) bool {
	return len(s.Type) > 0 && !constrains(s) && len(s.Enum) == 0 && s.Const == nil && len(s.Required) == 0 &&
		len(s.AnyOf) == 0 && len(s.OneOf) == 0
}

// primKind is the JSON type of a prim's values, or "" for those carried in
// strings and formats whose values not cannot list (dates, uuids...).
func primKind(p *ir.Prim) ir.JSONType {
	switch {
	case p.Quoted:
		return ""
	case p.Kind == ir.String:
		return ir.JSONString
	case p.Kind == ir.Bool:
		return ir.JSONBoolean
	case p.Kind.IsInteger():
		return ir.JSONInteger
	case p.Kind.IsFloat():
		return ir.JSONNumber
	}
	return ""
}

// structNot applies the nots of an object schema and its allOf members to
// its struct: required lists; types and values say nothing of an object,
// or rule it out entirely.
func (b *builder) structNot(d *ir.Struct, nots []*spec.Schema) {
	for _, sch := range nots {
		n := b.notOf(sch, d.Pointer)
		if n == nil {
			continue
		}
		if slices.Contains(n.Kinds, ir.JSONObject) {
			b.warnf(classNot, d.Pos, "%s/not: type object rules out every value; it is not checked", d.Pointer)
		}
		if len(n.Required) == 0 {
			continue
		}
		if d.Not == nil {
			d.Not = &ir.Not{}
		}
		d.Not.Required = append(d.Not.Required, n.Required...)
	}
}

// enumNot drops the values an enum's not rules out.
func (b *builder) enumNot(d *ir.Enum, sch *spec.Schema) {
	n := b.notOf(sch, d.Pointer)
	if n == nil {
		return
	}
	var kept []*ir.EnumValue
	for _, v := range d.Values {
		out := false
		for _, nv := range n.Values {
			// Str is the value as written, for integers too.
			if nv.Text == v.Str && (nv.Kind == ir.JSONString) == (d.Base.Kind == ir.String) {
				out = true
			}
		}
		if !out {
			kept = append(kept, v)
		}
	}
	d.Values = kept
}
