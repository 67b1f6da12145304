// This file holds how a union's decoder tells its variants apart: by
// tag, by keys, by values, by facts or by trying each in turn.

package build

import (
	"slices"
	"sort"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

// chooseBy works out how the decoder tells variants of the same JSON kind
// apart: an object property with a different const or enum in each (an
// inferred discriminator), keys only one variant declares, or string values
// only one accepts. Anything else is decoded by trial, with a warning.
func (b *builder) chooseBy(d *ir.Union) {
	byKind := map[ir.JSONType][]*ir.Variant{}
	for _, v := range d.Variants {
		for _, k := range v.Kinds {
			byKind[k] = append(byKind[k], v)
		}
	}
	var trial, overlap []string
	objs := factVariants(d)
	if len(byKind[ir.JSONObject]) < 2 {
		// One struct variant, or none: nothing to tell apart by facts
		// unless others take any object.
	} else if prop, _ := inferredTags(byKind[ir.JSONObject]); prop != "" && len(objs) == len(byKind[ir.JSONObject]) {
		objs = nil // an inferred discriminator tells them apart
	}
	if len(objs) > 1 && (!uniqueKeys(byKind[ir.JSONObject]) || !disjointByKeys(objs)) && byFacts(objs) {
		// Keys alone do not decide, or leave a value two variants
		// accept unchecked: the decoder gathers each variant's verdict
		// in its one pass instead.
		for _, v := range objs {
			v.Keys, v.Default = nil, false
		}
		d.Facts = objs
		delete(byKind, ir.JSONObject)
	}
	for _, kind := range []ir.JSONType{ir.JSONObject, ir.JSONString, ir.JSONInteger, ir.JSONNumber, ir.JSONBoolean, ir.JSONArray} {
		vs := byKind[kind]
		if len(vs) < 2 {
			continue
		}
		switch kind {
		case ir.JSONObject:
			if prop, tags := inferredTags(vs); prop != "" && len(vs) == countKind(d.Variants, ir.JSONObject) {
				d.Discriminator = prop
				for i, v := range vs {
					v.Tags = tags[i]
				}
				continue
			}
			if !uniqueKeys(vs) {
				trial = append(trial, names(vs)...)
			} else if !disjointByKeys(vs) {
				overlap = append(overlap, names(vs)...)
			}
		case ir.JSONString:
			if !uniqueValues(vs) {
				trial = append(trial, names(vs)...)
			} else if !disjointByValues(vs) {
				overlap = append(overlap, names(vs)...)
			}
		default:
			trial = append(trial, names(vs)...)
		}
	}
	if len(overlap) > 0 && !d.AnyOf && d.Discriminator == "" {
		// The decoder picks one variant by a key or a value; one that
		// another variant also accepts is not rejected, which oneOf says
		// it must be.
		b.warnf(classUnion, d.Pos, "%s: oneOf variants %s are told apart by their keys or values and not checked against each other: a value valid for several is accepted (oneOf exclusivity is not checked)",
			d.Pointer, strings.Join(dedupe(overlap), ", "))
	}
	if len(trial) > 0 {
		b.tryInTurn(d, dedupe(trial))
	}
}

// tryInTurn makes d's variants named decoded by trial, with the warning
// that says so.
func (b *builder) tryInTurn(d *ir.Union, variants []string) {
	d.Trial = true
	b.warnf(classUnion, d.Pos, "%s: variants %s cannot be told apart from the value alone; decoding tries them in turn (a discriminator would make it one pass)",
		d.Pointer, strings.Join(variants, ", "))
}

func countKind(vs []*ir.Variant, kind ir.JSONType) int {
	n := 0
	for _, v := range vs {
		if slices.Contains(v.Kinds, kind) {
			n++
		}
	}
	return n
}

func names(vs []*ir.Variant) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v.GoName
	}
	return out
}

func dedupe(s []string) []string {
	var out []string
	for _, x := range s {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

// inferredTags finds a property every object variant declares with its own
// enum values, none shared: a discriminator the spec did not name.
func inferredTags(vs []*ir.Variant) (string, [][]string) {
	first := ir.StructOf(vs[0].Type)
	if first == nil {
		return "", nil
	}
	for _, f := range first.Fields {
		tags := make([][]string, len(vs))
		seen := map[string]bool{}
		ok := true
		for i, v := range vs {
			s := ir.StructOf(v.Type)
			if s == nil {
				return "", nil
			}
			vals := fieldValues(s, f.JSONName)
			if len(vals) == 0 {
				ok = false
				break
			}
			for _, x := range vals {
				if seen[x] {
					ok = false
				}
				seen[x] = true
			}
			tags[i] = vals
		}
		if ok {
			return f.JSONName, tags
		}
	}
	return "", nil
}

// fieldValues returns the enum values of a struct's required string
// property: an optional one cannot tell variants apart when it is absent.
func fieldValues(s *ir.Struct, name string) []string {
	for _, f := range s.Fields {
		if f.JSONName != name || !f.Required {
			continue
		}
		t := f.Type
		if n, ok := t.(*ir.Nullable); ok {
			t = n.Elem
		}
		if r, ok := t.(*ir.Ref); ok {
			if e, ok := r.Decl.(*ir.Enum); ok && e.Base.Kind == ir.String {
				var out []string
				for _, v := range e.Values {
					out = append(out, v.Str)
				}
				return out
			}
		}
	}
	return nil
}

// uniqueKeys sets Keys on object variants: the properties only that variant
// declares. It reports whether that tells them all apart, allowing one
// variant with no keys of its own (chosen when no other's key appears).
func uniqueKeys(vs []*ir.Variant) bool {
	count := map[string]int{}
	for _, v := range vs {
		s := ir.StructOf(v.Type)
		if s == nil {
			return false // a map accepts any key
		}
		for _, f := range s.Fields {
			count[f.JSONName]++
		}
	}
	without := 0
	hasDefault := false
	for _, v := range vs {
		s := ir.StructOf(v.Type)
		v.Keys, v.Default = nil, false
		optionalOnly := true
		for _, f := range s.Fields {
			if count[f.JSONName] == 1 {
				v.Keys = append(v.Keys, f.JSONName)
				if f.Required {
					optionalOnly = false
				}
			}
		}
		sort.Strings(v.Keys)
		if len(v.Keys) == 0 {
			without++
		}
		if optionalOnly && !hasDefault {
			v.Default, hasDefault = true, true
		}
	}
	return without <= 1
}

// uniqueValues sets Values on string variants with enums. It reports
// whether that tells them apart: enum values are disjoint and at most one
// variant accepts any string.
func uniqueValues(vs []*ir.Variant) bool {
	seen := map[string]bool{}
	free := 0
	for _, v := range vs {
		v.Values = nil
		t := v.Type
		if n, ok := t.(*ir.Nullable); ok {
			t = n.Elem
		}
		r, ok := t.(*ir.Ref)
		e, isEnum := (*ir.Enum)(nil), false
		if ok {
			e, isEnum = r.Decl.(*ir.Enum)
		}
		if !isEnum {
			free++
			continue
		}
		for _, x := range e.Values {
			if seen[x.Str] {
				return false
			}
			seen[x.Str] = true
			v.Values = append(v.Values, x.Str)
		}
	}
	return free <= 1
}

// disjointByKeys reports whether object variants told apart by their keys
// (uniqueKeys) accept no value in common: each is closed
// (additionalProperties: false) and requires a key no other declares.
func disjointByKeys(vs []*ir.Variant) bool {
	for _, v := range vs {
		s := ir.StructOf(v.Type)
		if s == nil || !s.Closed || len(s.Patterns) > 0 {
			return false
		}
		own := false
		for _, f := range s.Fields {
			if f.Required && slices.Contains(v.Keys, f.JSONName) {
				own = true
			}
		}
		if !own {
			return false
		}
	}
	return true
}

// factsOrTrial gives the unions decided by facts whose variants have
// since been given a whole-value check back to trial decoding: the facts
// decoder makes a variant's checks key by key, and a whole-value check is
// not one of them.
func (b *builder) factsOrTrial() {
	defer b.about(nil)()
	for _, d := range b.unions {
		if d.Facts == nil {
			continue
		}
		for _, v := range d.Variants {
			if s := ir.StructOf(v.Type); s != nil && s.Whole != nil {
				d.Facts = nil
				b.subject = d
				b.tryInTurn(d, names(d.Variants))
				break
			}
		}
	}
}

// factVariants returns the variants of d that take objects, in order,
// when every variant that takes objects is of kind object alone or takes
// any object (a free-form value of type object, whose Go type takes any
// kind and checks it); otherwise nil.
func factVariants(d *ir.Union) []*ir.Variant {
	var out []*ir.Variant
	for _, v := range d.Variants {
		switch a, free := v.Type.(*ir.Any); {
		case free && anyObject(a):
			out = append(out, v)
		case slices.Equal(v.Kinds, []ir.JSONType{ir.JSONObject}):
			out = append(out, v)
		case slices.Contains(v.Kinds, ir.JSONObject), slices.Contains(v.Kinds, ir.JSONAny):
			return nil
		}
	}
	return out
}

// byFacts reports whether object variants can be decided in one pass
// over the object (ir.Union.Facts): each is a struct whose checks are all
// made key by key or by the keys present (declared properties, required,
// additionalProperties false), or takes any object. A key the variants
// declare with different types is read once per type. At most 64
// variants and 64 keys, each a bit.
func byFacts(vs []*ir.Variant) bool {
	if len(vs) > 64 {
		return false
	}
	keys := map[string]bool{}
	for _, v := range vs {
		if a, ok := v.Type.(*ir.Any); ok && anyObject(a) {
			continue // any object: kept whole, as the raw JSON
		}
		r, ok := v.Type.(*ir.Ref)
		if !ok {
			return false
		}
		s, ok := r.Decl.(*ir.Struct)
		if !ok || s.Other != nil || len(s.Patterns) > 0 || s.Additional != nil || s.Not != nil ||
			s.MinProps != nil || s.MaxProps != nil || len(s.Undeclared) > 0 || s.Whole != nil {
			return false
		}
		for _, f := range s.Fields {
			if f.Default != nil || f.ReadOnly || f.WriteOnly {
				return false
			}
			keys[f.JSONName] = true
		}
	}
	return len(keys) <= 64
}

// anyObject reports whether a is any object: a free-form value of kind
// object with no other check.
func anyObject(a *ir.Any) bool {
	if !slices.Equal(a.Kinds, []ir.JSONType{ir.JSONObject}) {
		return false
	}
	b := *a
	b.Kinds = nil
	if app := b.App; app != nil && len(app.Properties)+len(app.Patterns)+len(app.PrefixItems)+len(app.DependentSchemas) == 0 &&
		app.Additional == nil && app.Items == nil && app.UnevaluatedProperties == nil && app.UnevaluatedItems == nil {
		b.App = nil // properties: {} applies nothing
	}
	return !b.Checked()
}

// disjointByValues reports whether string variants told apart by their
// values (uniqueValues) accept no value in common: each is an enum.
func disjointByValues(vs []*ir.Variant) bool {
	for _, v := range vs {
		if len(v.Values) == 0 {
			return false
		}
	}
	return true
}
