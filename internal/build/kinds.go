package build

import (
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
