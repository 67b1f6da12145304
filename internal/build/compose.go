package build

import (
	"fmt"
	"slices"
	"sort"
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

// isUnion reports whether a schema becomes a Union: it has oneOf or anyOf
// members that are more than constraints on a surrounding object.
func isUnion(sch *spec.Schema) bool {
	members := sch.OneOf
	if len(members) == 0 {
		members = sch.AnyOf
	}
	if len(members) == 0 {
		return multiType(sch) != nil && len(sch.AllOf) == 0
	}
	if valueListed(sch) {
		return false // an enum or const alone says which values are valid (exactEnum)
	}
	if sch.Properties == nil && len(sch.AllOf) == 0 {
		return true
	}
	// Beside properties, members that only list required names are
	// validation, not variants.
	for _, sp := range members {
		if ms, err := sp.BuildSchema(); err == nil && ms != nil && (ms.Properties != nil || len(ms.Type) > 0 || sp.IsReference()) {
			return true
		}
	}
	return false
}

// multiType returns the types of a schema that allows several besides null
// (3.1 `type: [string, integer]`), or nil: such a value is a union over the
// JSON kinds.
func multiType(sch *spec.Schema) []string {
	if ts, _ := types(sch); len(ts) > 1 {
		return ts
	}
	return nil
}

// kindsOf returns the JSON kinds a type accepts. It runs after every
// declaration is filled.
func kindsOf(t ir.Type) []ir.JSONType { return kinds(t, map[ir.Decl]bool{}) }

func kinds(t ir.Type, seen map[ir.Decl]bool) []ir.JSONType {
	switch t := t.(type) {
	case *ir.Nullable:
		return kinds(t.Elem, seen)
	case *ir.Prim:
		switch {
		case t.Quoted:
			return []ir.JSONType{ir.JSONString}
		case t.Kind == ir.Bool:
			return []ir.JSONType{ir.JSONBoolean}
		case t.Kind.IsInteger():
			return []ir.JSONType{ir.JSONInteger}
		case t.Kind.IsFloat(), t.Kind == ir.Decimal:
			return []ir.JSONType{ir.JSONNumber}
		}
		return []ir.JSONType{ir.JSONString}
	case *ir.Array:
		return []ir.JSONType{ir.JSONArray}
	case *ir.Map:
		return []ir.JSONType{ir.JSONObject}
	case *ir.Ref:
		if seen[t.Decl] {
			return nil
		}
		seen[t.Decl] = true
		defer delete(seen, t.Decl)
		switch d := t.Decl.(type) {
		case *ir.Struct:
			return []ir.JSONType{ir.JSONObject} // (its OtherKind: gen.otherKinds)
		case *ir.Tuple:
			return []ir.JSONType{ir.JSONArray}
		case *ir.Enum:
			if d.Base != nil && d.Base.Kind != ir.String {
				return []ir.JSONType{ir.JSONInteger}
			}
			return []ir.JSONType{ir.JSONString}
		case *ir.Alias:
			if d.Type != nil {
				return kinds(d.Type, seen)
			}
		case *ir.Union:
			var out []ir.JSONType
			for _, v := range d.Variants {
				ks := kinds(v.Type, seen)
				if s := ir.StructOf(v.Type); s != nil && s.Other != nil {
					// A struct of a schema without type takes every
					// kind, which its union's decoder tries it on
					// (objects among the objects, by key).
					ks = []ir.JSONType{ir.JSONObject, ir.JSONArray, ir.JSONString, ir.JSONNumber, ir.JSONBoolean, ir.JSONNull}
				}
				for _, k := range ks {
					if !slices.Contains(out, k) {
						out = append(out, k)
					}
				}
			}
			if len(out) > 0 {
				return out
			}
		}
	}
	return []ir.JSONType{ir.JSONAny}
}

func variantName(t ir.Type) string {
	switch t := t.(type) {
	case *ir.Nullable:
		return variantName(t.Elem)
	case *ir.Ref:
		return t.Decl.Name()
	case *ir.Prim:
		switch t.Kind {
		case ir.String:
			return "String"
		case ir.Bool:
			return "Bool"
		case ir.Int32:
			return "Int32"
		case ir.Int64:
			return "Int64"
		case ir.Uint32:
			return "Uint32"
		case ir.Uint64:
			return "Uint64"
		case ir.Float32:
			return "Float32"
		case ir.Float64:
			return "Float64"
		case ir.DateTime:
			return "Time"
		case ir.Date:
			return "Date"
		case ir.UUID:
			return "UUID"
		case ir.Bytes:
			return "Bytes"
		}
		return "Addr"
	case *ir.Array:
		return variantName(t.Elem) + "Array"
	case *ir.Map:
		return variantName(t.Elem) + "Map"
	}
	return "Any"
}

func (b *builder) fillUnion(d *ir.Union, sch *spec.Schema) {
	d.TagField = "Type"
	if len(sch.OneOf)+len(sch.AnyOf) == 0 {
		b.fillTypeUnion(d, sch)
		return
	}
	members := sch.OneOf
	if len(members) == 0 {
		members, d.AnyOf = sch.AnyOf, true
	} else if len(sch.AnyOf) > 0 {
		b.warnf(classUnion, d.Pos, "%s: has both oneOf and anyOf; the anyOf is not checked", d.Pointer)
	}
	// Properties beside oneOf/anyOf apply to every object variant: each
	// becomes the allOf of the schema (without its oneOf) and the member.
	var outer *spec.SchemaProxy
	if sch.Properties != nil || len(sch.AllOf) > 0 {
		o := *sch
		o.OneOf, o.AnyOf, o.Discriminator = nil, nil, nil
		outer = spec.NewSchemaProxy(&o)
	}
	fields := variantFields()
	kw := "oneOf"
	if d.AnyOf {
		kw = "anyOf"
	}
	var refs []string
	for i, sp := range members {
		ms := b.resolve(sp, d.Pos)
		if ms != nil && memberNull(ms, 0) && !d.AnyOf {
			if b.nullMembers == nil {
				b.nullMembers = map[*ir.Union]bool{}
			}
			b.nullMembers[d] = true
		}
		if ms == nil || isNullSchema(ms) {
			continue // a null member makes the union's uses nullable
		}
		hint, pointer := fmt.Sprintf("%s%d", d.GoName, i+1), fmt.Sprintf("%s/%s/%d", d.Pointer, kw, i)
		if ots := kindsWithNull(sch); len(ots) > 0 {
			// The union's type applies to every member: one of other
			// types matches nothing, so it is left out; one of some
			// other types too is kept to the union's.
			mts := kindsWithNull(ms)
			both := intersectKinds(ots, mts)
			switch {
			case len(mts) > 0 && len(both) == 0:
				continue
			case len(mts) > 0 && !sameKinds(both, mts) && !sp.IsReference():
				narrowed := *ms
				narrowed.Type, narrowed.Nullable = both, nil
				ms = &narrowed
			case len(mts) > 0 && !sameKinds(both, mts), len(mts) == 0 && sp.IsReference() && !allOfTyped(ms, ots):
				b.warnf(classUnion, d.Pos, "%s: type %s beside %s is not checked on this member, which takes other types too", pointer, strings.Join(ots, ", "), kw)
			}
		}
		if len(ms.Type) == 0 && len(sch.Type) > 0 && !sp.IsReference() {
			// The union's type applies to an inline member without one:
			// {type: string, anyOf: [{maxLength: 2}]} accepts no number.
			typed := *ms
			typed.Type = sch.Type
			ms = &typed
		}
		var t ir.Type
		name := ""
		if outer != nil && isStruct(ms) {
			if ref := sp.GetReference(); ref != "" {
				name = ir.GoNameOr(lastSegment(ref), "Schema")
				hint = d.GoName + "As" + name
			}
			t = b.mergedVariant(outer, sp, ms, hint, pointer)
		} else {
			t = b.typeOf(sp, ms, hint, pointer)
		}
		if refersTo(t, d) {
			// oneOf: [{$ref: Self}, ...]: the union itself, which JSON
			// Schema would apply to the value forever.
			b.warnf(classRefCycle, d.Pos, "%s: refers back to the union itself ($ref cycle); the variant is left out", pointer)
			continue
		}
		if name == "" {
			name = variantName(t)
		}
		v := &ir.Variant{GoName: fields.Claim(name, "Variant"), Type: t}
		d.Variants = append(d.Variants, v)
		refs = append(refs, sp.GetReference())
		if _, ok := t.(*ir.Nullable); ok {
			// A variant that is null: the union as a whole accepts null,
			// which refTo records on its uses.
			v.Type = t.(*ir.Nullable).Elem
		}
	}
	if disc := sch.Discriminator; disc != nil && disc.PropertyName != "" {
		d.Discriminator = disc.PropertyName
		if disc.Mapping != nil {
			for value, ref := range disc.Mapping.FromOldest() {
				for i, r := range refs {
					if r != "" && (r == ref || lastSegment(r) == lastSegment(ref)) {
						d.Variants[i].Tags = append(d.Variants[i].Tags, value)
					}
				}
			}
		}
		for i, v := range d.Variants {
			// The implicit mapping: the schema's own name selects it too.
			if name := lastSegment(refs[i]); refs[i] != "" && !slices.Contains(v.Tags, name) {
				v.Tags = append(v.Tags, name)
			}
		}
		claimTags(d.Variants)
		b.inlineTags(d)
	}
	b.unions = append(b.unions, d)
}

// holdsUnion reports whether a value of type t holds the union u by
// value, through aliases, nullable wrappers and other unions' variants
// (struct fields are made pointers where they close a cycle).
func holdsUnion(t ir.Type, u *ir.Union, seen map[ir.Decl]bool) bool {
	switch t := t.(type) {
	case *ir.Nullable:
		return holdsUnion(t.Elem, u, seen)
	case *ir.Ref:
		if t.Decl == u {
			return true
		}
		if seen[t.Decl] {
			return false
		}
		seen[t.Decl] = true
		switch d := t.Decl.(type) {
		case *ir.Alias:
			return holdsUnion(d.Type, u, seen)
		case *ir.Union:
			return slices.ContainsFunc(d.Variants, func(v *ir.Variant) bool { return holdsUnion(v.Type, u, seen) })
		}
	}
	return false
}

// mayBeNull reports whether a variant's type may take null: a nullable
// one, a free-form value not kept to other kinds, a struct of a schema
// without type, or a union with such a variant.
func mayBeNull(t ir.Type) bool {
	seen := map[ir.Decl]bool{}
	var may func(t ir.Type) bool
	may = func(t ir.Type) bool {
		switch t := t.(type) {
		case *ir.Nullable:
			return true
		case *ir.Any:
			return !t.False && (len(t.Kinds) == 0 || slices.Contains(t.Kinds, ir.JSONNull))
		case *ir.Ref:
			if seen[t.Decl] {
				return false
			}
			seen[t.Decl] = true
			switch d := t.Decl.(type) {
			case *ir.Alias:
				return may(d.Type)
			case *ir.Union:
				return slices.ContainsFunc(d.Variants, func(v *ir.Variant) bool { return may(v.Type) })
			case *ir.Struct:
				return d.Other != nil // a schema without type
			}
		}
		return false
	}
	return may(t)
}

// mergedVariant declares the struct of an object member of a oneOf or
// anyOf whose schema has properties of its own: the allOf of the schema
// without its oneOf (outer) and the member, named hint.
func (b *builder) mergedVariant(outer, member *spec.SchemaProxy, ms *spec.Schema, hint, pointer string) ir.Type {
	merged := &spec.Schema{AllOf: []*spec.SchemaProxy{member, outer}}
	d := b.newDecl(merged, hint, pointer).(*ir.Struct)
	d.Pos, d.Doc = b.pos(ms), docOf(ms)
	b.fill(d, merged)
	var t ir.Type = &ir.Ref{Decl: d}
	if _, nullable := types(ms); nullable {
		t = &ir.Nullable{Elem: t}
	}
	return t
}

// inlineTags gives the variants that no mapping and no schema name select
// (the inline ones, which OpenAPI leaves out of the discriminator's
// reach) the values their own schema allows for the property, an enum or
// const no other variant claims: that is what input for them carries.
// A variant left with none is a warning, since no input can select it.
func (b *builder) inlineTags(d *ir.Union) {
	claimed := map[string]int{}
	for _, v := range d.Variants {
		for _, t := range v.Tags {
			claimed[t]++
		}
	}
	var candidates [][]string
	for _, v := range d.Variants {
		var vals []string
		if s := ir.StructOf(v.Type); s != nil && len(v.Tags) == 0 {
			vals = fieldValues(s, d.Discriminator)
			for _, x := range vals {
				claimed[x]++
			}
		}
		candidates = append(candidates, vals)
	}
	for i, v := range d.Variants {
		for _, x := range candidates[i] {
			if claimed[x] == 1 {
				v.Tags = append(v.Tags, x)
			}
		}
		if len(v.Tags) == 0 && !listedBefore(d.Variants[:i], v) {
			b.warnf(classDiscriminate, d.Pos, "%s: variant %s has no value of discriminator %q of its own (no mapping, no schema name, no enum or const): no input selects it",
				d.Pointer, v.GoName, d.Discriminator)
		}
	}
}

// listedBefore reports whether one of vs is the same named schema as v,
// which then takes the input for both.
func listedBefore(vs []*ir.Variant, v *ir.Variant) bool {
	r, ok := v.Type.(*ir.Ref)
	return ok && slices.ContainsFunc(vs, func(w *ir.Variant) bool {
		q, ok := w.Type.(*ir.Ref)
		return ok && q.Decl == r.Decl
	})
}

// claimTags leaves each discriminator value to one variant: the first that
// claims it (a schema listed twice keeps its tags on its first entry).
func claimTags(vs []*ir.Variant) {
	claimed := map[string]bool{}
	for _, v := range vs {
		var own []string
		for _, t := range v.Tags {
			if !claimed[t] {
				claimed[t] = true
				own = append(own, t)
			}
		}
		v.Tags = own
	}
}

// variantFields returns the namespace of a union's fields: the tag and the
// methods are taken.
func variantFields() *ir.Namespace {
	fields := ir.NewNamespace("Type")
	for k := range reservedMethods {
		fields.Claim(k, "")
	}
	return fields
}

// fillTypeUnion fills the union of a schema with several types (3.1
// `type: [string, integer]`): one variant per type, each the schema with
// that type alone, so its constraints and enum values of that kind apply.
// The kinds tell the variants apart (integer literals going to an integer
// variant before a number one), so decoding is one pass; a value of several
// types is a oneOf, as no JSON value has two kinds.
func (b *builder) fillTypeUnion(d *ir.Union, sch *spec.Schema) {
	fields := variantFields()
	for _, kind := range multiType(sch) {
		one := *sch // the same node, so positions and $ref identity stay
		one.Type, one.Nullable = []string{kind}, nil
		one.Title, one.Description = "", "" // the union documents itself
		// The enum values, or the const, of this type only.
		vals := sch.Enum
		if len(vals) == 0 && sch.Const != nil {
			vals = []*yaml.Node{sch.Const}
		}
		one.Enum, one.Const = nil, nil
		if len(vals) > 0 {
			for _, e := range vals {
				if enumOfKind(e, kind) {
					one.Enum = append(one.Enum, e)
				}
			}
			if len(one.Enum) == 0 {
				continue // no value of this type is allowed
			}
			if len(sch.Enum) == 0 {
				one.Enum, one.Const = nil, one.Enum[0]
			}
		}
		pointer := d.Pointer + "/type/" + kind
		var t ir.Type
		switch {
		case isEnum(&one) || isStruct(&one) || isTuple(&one):
			// A Decl of its own, not registered under the schema's node,
			// which names the union.
			vd := b.newDecl(&one, d.GoName+"As"+ir.NamePart(kind), pointer)
			b.fill(vd, &one)
			t = &ir.Ref{Decl: vd}
		default:
			t = b.withConst(b.shapeNonNull(&one, d.GoName+"As"+ir.NamePart(kind), pointer), &one, pointer)
			if _, free := t.(*ir.Any); free && kind == "object" && !valueListed(&one) {
				m := &ir.Map{Elem: &ir.Any{}, MinProps: sch.MinProperties, MaxProps: sch.MaxProperties, Required: dedupe(sch.Required)}
				b.mapKeys(m, sch, pointer)
				t = m
			}
		}
		// Fields are named after the JSON type: v.Integer, v.Object.
		d.Variants = append(d.Variants, &ir.Variant{GoName: fields.Claim(ir.GoName(kind), "Variant"), Type: t})
	}
	d.Types = true
	b.unions = append(b.unions, d)
}

// enumOfKind reports whether an enum value is of a JSON type.
func enumOfKind(e *yaml.Node, kind string) bool {
	switch kind {
	case "string":
		return e.Tag == "!!str"
	case "integer":
		return jsonKind(e) == "number" && kindIs(e, "number", "integer") // 2.0 too
	case "number":
		return e.Tag == "!!int" || e.Tag == "!!float"
	case "boolean":
		return e.Tag == "!!bool"
	case "array":
		return e.Kind == yaml.SequenceNode
	case "object":
		return e.Kind == yaml.MappingNode
	}
	return false
}

// finishUnions works out, once every declaration is filled, what each
// variant accepts and how the decoder tells the variants apart.
func (b *builder) finishUnions() {
	defer b.about(nil)()
	for _, d := range b.unions {
		b.subject = d // what the warnings below are about
		d.Variants = slices.DeleteFunc(d.Variants, func(v *ir.Variant) bool {
			if !holdsUnion(v.Type, d, map[ir.Decl]bool{}) {
				return false
			}
			// S: {anyOf: [T, ...]}, T: {oneOf: [S, ...]}: JSON Schema
			// would apply S to the value forever, and the Go type would
			// hold itself.
			b.warnf(classRefCycle, d.Pos, "%s: variant %s holds the union itself through oneOf or anyOf ($ref cycle); it is left out", d.Pointer, v.GoName)
			return true
		})
		for _, v := range d.Variants {
			v.Kinds = kindsOf(v.Type)
		}
		if b.nullMembers[d] {
			b.nullExclusive(d)
		}
		if d.Discriminator != "" {
			objects := true
			for _, v := range d.Variants {
				if !slices.Equal(v.Kinds, []ir.JSONType{ir.JSONObject}) {
					objects = false
					b.warnf(classDiscriminate, d.Pos, "%s: discriminator %q needs object variants, but %s is %s; variants are told apart from their values instead",
						d.Pointer, d.Discriminator, v.GoName, ir.JoinTypes(v.Kinds, "|"))
					break
				}
			}
			if objects {
				continue
			}
			d.Discriminator = ""
			for _, v := range d.Variants {
				v.Tags = nil
			}
		}
		b.chooseBy(d)
	}
}

// nullExclusive warns about a oneOf with a member that says it takes
// null (memberNull) and variants that may take it without saying so
// (oneOf: [true, {type: [array, null]}]): null may match two members, so
// oneOf may reject it. The union's uses are not nullable then
// (unionNull), a variant takes null, and the whole-value check, where
// there is one, counts the members. It runs once the variants are
// filled.
func (b *builder) nullExclusive(d *ir.Union) {
	var nullToo []string
	for _, v := range d.Variants {
		if mayBeNull(v.Type) {
			nullToo = append(nullToo, v.GoName)
		}
	}
	if len(nullToo) > 0 {
		b.warnf(classUnion, d.Pos, "%s: null matches a member that says so and may match variant %s too: oneOf's exclusivity is not checked for null on the Go type", d.Pointer, strings.Join(nullToo, ", "))
	}
}

func lastSegment(ref string) string { return ref[strings.LastIndexAny(ref, "/#")+1:] }

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
