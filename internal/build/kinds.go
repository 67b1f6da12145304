package build

import (
	"fmt"
	"slices"

	"github.com/pb33f/go-yaml"

	"github.com/oasgen/oasgen/internal/ir"

	"github.com/oasgen/oasgen/internal/spec"
)

// kindParts sets the checks of a free-form value a, the type of a schema
// without type, that apply to one JSON kind each: JSON Schema applies
// minLength to strings only, minimum to numbers only, and so on, so the
// value stays raw JSON and each keyword is checked on values of its kind
// (docs/validation.md, "Schemas without type").
func (b *builder) kindParts(a *ir.Any, sch *spec.Schema, pointer string) {
	if n := rootNode(sch); n != nil {
		if b.inParts[n] {
			b.warnf(classRefCycle, b.pos(sch), "%s: refers back to a schema that holds it ($ref cycle through a free-form check); it is not checked here", pointer)
			return
		}
		if b.inParts == nil {
			b.inParts = map[*yaml.Node]bool{}
		}
		b.inParts[n] = true
		defer delete(b.inParts, n)
	}
	if sch.Format != "" || sch.Pattern != "" || sch.MinLength != nil || sch.MaxLength != nil {
		p := &ir.Prim{Kind: ir.String, Format: sch.Format}
		if b.opts.FormatAnnotations {
			p.Format = ""
		}
		b.stringChecks(p, sch, pointer)
		if p.HasChecks() {
			a.String = p
		}
	}
	if sch.Minimum != nil || sch.Maximum != nil || sch.ExclusiveMinimum != nil || sch.ExclusiveMaximum != nil || sch.MultipleOf != nil {
		p := b.prim(sch, "number", pointer)
		p.Kind, p.Format = ir.Decimal, ""
		if p.HasBounds() {
			a.Number = p
		}
	}
	if sch.Contains != nil {
		b.containsParts(a, sch, pointer)
	}
	if freeFormChecked(sch) {
		b.conditionParts(a, sch, pointer)
		b.composeParts(a, sch, pointer)
	}
	a.MinItems, a.MaxItems = sch.MinItems, sch.MaxItems
	a.UniqueItems = sch.UniqueItems != nil && *sch.UniqueItems
	b.objectParts(a, sch)
}

// objectParts sets the object checks of a free-form value: its member
// count and required keys.
func (b *builder) objectParts(a *ir.Any, sch *spec.Schema) {
	a.MinProps, a.MaxProps = sch.MinProperties, sch.MaxProperties
	a.Required = sch.Required
	if closedEmpty(sch) {
		// additionalProperties: false with no property declared: no
		// member is allowed.
		a.MaxProps = new(int64)
	}
}

// closedEmpty reports whether sch is additionalProperties: false with no
// properties or patternProperties: the objects it allows are empty.
func closedEmpty(sch *spec.Schema) bool {
	ap := sch.AdditionalProperties
	return ap != nil && ap.IsB() && !ap.B && (sch.Properties == nil || sch.Properties.Len() == 0) &&
		(sch.PatternProperties == nil || sch.PatternProperties.Len() == 0)
}

// containsChecked reports whether a schema's contains is checked: the
// schema is a free-form value (no type, items, properties or composition)
// and so is its contains schema, whose checks then run on each item.
// ignoredKeywords warns about contains everywhere else.
func containsChecked(sch *spec.Schema) bool {
	return sch.Contains != nil && freeFormChecked(sch) && freeFormSub(sch.Contains)
}

// freeFormChecked reports whether sch becomes a free-form value whose
// kindParts are checked: shape's schema without type, not an enum.
func freeFormChecked(sch *spec.Schema) bool {
	return freeFormShape(sch) && !isEnum(sch)
}

// freeFormSub reports whether a subschema (if, then, else, contains,
// propertyNames) is itself a free-form one, checked by a matcher.
func freeFormSub(sp *spec.SchemaProxy) bool {
	if sp == nil {
		return true
	}
	s, err := sp.BuildSchema()
	return err == nil && s != nil && freeFormShape(s)
}

// conditionChecked reports whether if/then/else are checked: on a
// free-form value, with free-form subschemas.
func conditionChecked(sch *spec.Schema) bool {
	return freeFormChecked(sch) && freeFormSub(sch.If) && freeFormSub(sch.Then) && freeFormSub(sch.Else)
}

// propertyNamesChecked reports whether propertyNames is checked.
func propertyNamesChecked(sch *spec.Schema) bool {
	return freeFormChecked(sch) && freeFormSub(sch.PropertyNames)
}

// conditionParts sets a free-form value's if/then/else, propertyNames and
// dependentRequired checks.
func (b *builder) conditionParts(a *ir.Any, sch *spec.Schema, pointer string) {
	sub := func(sp *spec.SchemaProxy, name string) *ir.Any {
		if sp == nil {
			return nil
		}
		s := b.resolve(sp, b.pos(sch))
		if s == nil {
			return nil
		}
		if t, ok := b.shape(s, ir.GoName(name), pointer+"/"+name).(*ir.Any); ok {
			return t
		}
		b.warnf(classFreeForm, b.pos(sch), "%s: %s is not checked: its schema is not a free-form one", pointer, name)
		return nil
	}
	if sch.If != nil && conditionChecked(sch) {
		n := len(b.diags)
		a.If = sub(sch.If, "if")
		if b.inexactSince(n) {
			// An if that takes more values than its schema would apply
			// then to values that should get else.
			b.warnf(classUnchecked, b.pos(sch), "%s: if/then/else is not checked: its if schema is not checked exactly", pointer)
			a.If = nil
		}
		a.Then, a.Else = sub(sch.Then, "then"), sub(sch.Else, "else")
		if a.If == nil || a.Then == nil && a.Else == nil {
			a.If, a.Then, a.Else = nil, nil, nil // nothing to check
		}
	}
	if sch.PropertyNames != nil && propertyNamesChecked(sch) {
		a.PropertyNames = sub(sch.PropertyNames, "propertyNames")
	}
	if sch.DependentRequired != nil {
		for key, names := range sch.DependentRequired.FromOldest() {
			if len(names) == 0 {
				continue // requires nothing
			}
			a.DependentRequired = append(a.DependentRequired, ir.Dependent{Key: key, Names: names})
		}
	}
}

// freeFormShape reports whether shape makes an ir.Any of sch: no type
// but null, no items, properties or composition.
func freeFormShape(sch *spec.Schema) bool {
	if len(sch.Type) > 0 && !slices.Equal(sch.Type, []string{"null"}) {
		return false
	}
	return sch.Items == nil && len(sch.PrefixItems) == 0 && sch.Properties == nil && (sch.AdditionalProperties == nil || closedEmpty(sch)) &&
		sch.PatternProperties == nil && freeFormMembers(sch)
}

// freeFormMembers reports whether every allOf, anyOf and oneOf member of
// sch is an inline free-form schema, checked by a matcher on the whole
// value (composeParts). A $ref member is not followed: it may lead back
// to sch, and it gives the value its type (shapeNonNull).
func freeFormMembers(sch *spec.Schema) bool {
	for _, list := range [][]*spec.SchemaProxy{sch.AllOf, sch.AnyOf, sch.OneOf} {
		for _, sp := range list {
			if sp == nil || sp.IsReference() || !freeFormSub(sp) {
				return false
			}
		}
	}
	return true
}

// composeParts sets a free-form value's allOf, anyOf and oneOf members,
// each a free-form value's checks (freeFormMembers says they all are).
func (b *builder) composeParts(a *ir.Any, sch *spec.Schema, pointer string) {
	members := func(sps []*spec.SchemaProxy, name string) []*ir.Any {
		var out []*ir.Any
		for i, sp := range sps {
			ms := b.resolve(sp, b.pos(sch))
			if ms == nil {
				return nil
			}
			at := fmt.Sprintf("%s/%s/%d", pointer, name, i)
			m, ok := b.shape(ms, fmt.Sprintf("%s%d", ir.GoName(name), i), at).(*ir.Any)
			if !ok {
				b.warnf(classFreeForm, b.pos(sch), "%s: %s is not checked: its schema is not a free-form one", at, name)
				return nil
			}
			out = append(out, m)
		}
		return out
	}
	// Members every value matches say nothing: of allOf they are left
	// out, and one of them makes an anyOf hold always. Of oneOf each counts.
	for _, m := range members(sch.AllOf, "allOf") {
		if m.Checked() {
			a.AllOf = append(a.AllOf, m)
		}
	}
	a.AnyOf = members(sch.AnyOf, "anyOf")
	for _, m := range a.AnyOf {
		if !m.Checked() {
			a.AnyOf = nil
			break
		}
	}
	n := len(b.diags)
	a.OneOf = members(sch.OneOf, "oneOf")
	if len(a.OneOf) > 0 && b.inexactSince(n) {
		// A member that takes more values than its schema miscounts.
		b.warnf(classUnion, b.pos(sch), "%s: oneOf is not checked: a member's schema is not checked exactly", pointer)
		a.OneOf = nil
	}
}

// inexactSince reports whether a warning since the n-th says a keyword is
// not checked: a free-form check built since then takes more values than
// its schema does, so it cannot be negated or counted.
func (b *builder) inexactSince(n int) bool {
	return slices.ContainsFunc(b.diags[n:], func(d ir.Diagnostic) bool { return unchecked(d.Msg) })
}

// containsParts sets a free-form value's contains checks.
func (b *builder) containsParts(a *ir.Any, sch *spec.Schema, pointer string) {
	if !containsChecked(sch) {
		return // warned by ignoredKeywords
	}
	cs := b.resolve(sch.Contains, b.pos(sch))
	if cs == nil {
		return
	}
	if c, ok := b.shape(cs, "Contains", pointer+"/contains").(*ir.Any); ok {
		if sch.MinContains != nil && *sch.MinContains == 0 && sch.MaxContains == nil {
			return // any number of items may match, none included
		}
		a.Contains, a.MinContains, a.MaxContains = c, sch.MinContains, sch.MaxContains
		return
	}
	b.warnf(classFreeForm, b.pos(sch), "%s: contains is not checked: its schema is not a free-form one", pointer)
}

// otherKinds returns the checks of the values of other kinds than an
// object that a struct's schema allows, or nil when it allows objects
// only: JSON Schema applies properties, required and the other object
// keywords to objects, so a schema without type takes every kind (the
// struct stays the Go type; oasimpl.OtherKind keeps the others). A struct
// merged from allOf stays an object: its members' keywords of other kinds
// are not gathered.
func (b *builder) otherKinds(sch *spec.Schema, pointer string) *ir.Any {
	if len(sch.Type) > 0 || len(sch.AllOf) > 0 || len(sch.AnyOf)+len(sch.OneOf) > 0 && isUnion(sch) ||
		len(sch.Enum) > 0 || sch.Const != nil || sch.Not != nil {
		return nil // and enum, const and not: the struct's own checks
	}
	// (A oneOf or anyOf of constraints beside the properties is the
	// whole-value check's: fillStruct warns.)
	a := &ir.Any{}
	b.kindParts(a, sch, pointer)
	// The object keywords are the struct's own.
	a.MinProps, a.MaxProps, a.Required = nil, nil, nil
	a.PropertyNames, a.DependentRequired = nil, nil
	// items applies to the arrays OtherKind holds.
	switch it := sch.Items; {
	case it == nil:
	case it.IsB():
		if !it.B {
			a.MaxItems = new(int64) // items: false, only the empty array
		}
	case it.A != nil && freeFormSub(it.A):
		if is := b.resolve(it.A, b.pos(sch)); is != nil {
			if t, ok := b.shape(is, "Items", pointer+"/items").(*ir.Any); ok && t.Checked() {
				a.Items = t
			}
		}
	default:
		b.warnf(classUnchecked, b.pos(sch), "%s/items: items beside properties on a schema without type is not checked on arrays: its schema is not a free-form one", pointer)
	}
	if len(sch.PrefixItems) > 0 {
		b.warnf(classUnchecked, b.pos(sch), "%s/prefixItems: prefixItems beside properties on a schema without type is not checked on arrays", pointer)
	}
	return a
}

// mapKeys sets a map's propertyNames, when its schema is a free-form one
// (mapKeysChecked), and dependentRequired.
func (b *builder) mapKeys(m *ir.Map, sch *spec.Schema, pointer string) {
	if sch.PropertyNames != nil && freeFormSub(sch.PropertyNames) {
		if ps := b.resolve(sch.PropertyNames, b.pos(sch)); ps != nil {
			if t, ok := b.shape(ps, "PropertyNames", pointer+"/propertyNames").(*ir.Any); ok && t.Checked() {
				m.PropertyNames = t
			}
		}
	}
	for key, names := range sch.DependentRequired.FromOldest() {
		if len(names) > 0 {
			m.DependentRequired = append(m.DependentRequired, ir.Dependent{Key: key, Names: names})
		}
	}
}

// isMap reports whether shape makes a map of sch (an object of
// additionalProperties with a schema, no properties, no composition), or
// the union of a type array does of its object part (mapKeys).
func isMap(sch *spec.Schema) bool {
	ts, _ := types(sch)
	ap := sch.AdditionalProperties
	if ap != nil && !(ap.IsA() && ap.A != nil) || valueListed(sch) || len(sch.AllOf)+len(sch.AnyOf)+len(sch.OneOf) > 0 ||
		sch.Properties.Len() > 0 || sch.PatternProperties.Len() > 0 {
		return false
	}
	if len(ts) > 1 {
		return slices.Contains(ts, "object")
	}
	return ap != nil && sch.Items == nil && (len(ts) == 0 || ts[0] == "object")
}
