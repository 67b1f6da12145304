package build

import (
	"slices"

	"github.com/pb33f/libopenapi/datamodel/high/base"

	"github.com/oasgen/oasgen/internal/ir"
)

// kindParts sets the checks of a free-form value a, the type of a schema
// without type, that apply to one JSON kind each: JSON Schema applies
// minLength to strings only, minimum to numbers only, and so on, so the
// value stays raw JSON and each keyword is checked on values of its kind
// (docs/generated-code.md, "Schemas without type").
func (b *builder) kindParts(a *ir.Any, sch *base.Schema, pointer string) {
	if sch.Format != "" || sch.Pattern != "" || sch.MinLength != nil || sch.MaxLength != nil {
		p := &ir.Prim{Kind: ir.String, Format: sch.Format}
		if b.opts.FormatAnnotations {
			p.Format = ""
		}
		b.stringChecks(p, sch, pointer)
		if p.Format != "" {
			b.uncheckedFormat(sch, pointer)
		}
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
	a.MinItems, a.MaxItems = sch.MinItems, sch.MaxItems
	a.UniqueItems = sch.UniqueItems != nil && *sch.UniqueItems
	b.objectParts(a, sch)
}

// objectParts sets the object checks of a free-form value: its member
// count and required keys.
func (b *builder) objectParts(a *ir.Any, sch *base.Schema) {
	a.MinProps, a.MaxProps = sch.MinProperties, sch.MaxProperties
	a.Required = sch.Required
}

// containsChecked reports whether a schema's contains is checked: the
// schema is a free-form value (no type, items, properties or composition)
// and so is its contains schema, whose checks then run on each item.
// ignoredKeywords warns about contains everywhere else.
func containsChecked(sch *base.Schema) bool {
	if sch.Contains == nil || !freeFormShape(sch) || isEnum(sch) {
		return false
	}
	cs, err := sch.Contains.BuildSchema()
	return err == nil && cs != nil && freeFormShape(cs)
}

// freeFormShape reports whether shape makes an ir.Any of sch: no type
// but null, no items, properties or composition.
func freeFormShape(sch *base.Schema) bool {
	if len(sch.Type) > 0 && !slices.Equal(sch.Type, []string{"null"}) {
		return false
	}
	return sch.Items == nil && len(sch.PrefixItems) == 0 && sch.Properties == nil && sch.AdditionalProperties == nil &&
		sch.PatternProperties == nil && len(sch.AllOf)+len(sch.AnyOf)+len(sch.OneOf) == 0
}

// containsParts sets a free-form value's contains checks.
func (b *builder) containsParts(a *ir.Any, sch *base.Schema, pointer string) {
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
	b.warnf(b.pos(sch), "%s: contains is not checked: its schema is not a free-form one", pointer)
}
