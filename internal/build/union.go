// This file holds oneOf and anyOf as unions: their variants, the tags
// they carry, a schema of several types as a union of them, and the
// unions finished once every declaration is known.

package build

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pb33f/go-yaml"

	"github.com/oasgen/oasgen/internal/ir"
	"github.com/oasgen/oasgen/internal/spec"
)

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
