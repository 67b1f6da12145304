package build

import (
	"slices"
	"strings"

	"github.com/pb33f/go-yaml"

	"github.com/oasgen/oasgen/internal/ir"

	"github.com/oasgen/oasgen/internal/spec"
)

// A whole-value check is a component's schema as JSON Schema applies it,
// run on the raw JSON value after its Go type has decoded it (and by
// Validate on the value's encoding). A component gets one when building
// it warned that its Go type leaves a keyword unchecked in its own
// schemas (unevaluatedProperties and unevaluatedItems beside
// applicators, dependentSchemas, contains or if/then/else on a typed
// value, not of an object schema, oneOf variants picked by key...) and
// every keyword it has can be expressed so: then the check enforces them
// all, and those warnings are dropped. Components without such keywords
// get none and pay nothing.

// maxWholeDepth bounds the nesting a whole-value check inlines ($refs
// included), past which a schema keeps its warnings.
const maxWholeDepth = 64

// maxWholeSchemas bounds the distinct subschemas one whole-value check
// holds, each an eval function: past it the component keeps its warnings.
// A check holds every schema its $refs reach, so an unbounded one cost
// GitHub's spec half a million lines (a few webhook payloads reach most
// of the spec). A schema's check is built once and shared by every check
// that reaches it (wholeSchema), so one eval function serves them all.
const maxWholeSchemas = 64

// wholeSchema is the check of one schema, built once.
type wholeSchema struct {
	a *ir.Any
	// holds are the schemas the check holds, itself included, each
	// once: what it adds to maxWholeSchemas' count.
	holds []*yaml.Node
}

// component is a component's declaration and the schema it was filled
// from.
type component struct {
	decl ir.Decl
	sch  *spec.Schema
}

// wholeCheck gives the component d, filled from sch, its whole-value
// check when the warnings about its own schemas say its Go type leaves a
// keyword unchecked, and drops those warnings.
func (b *builder) wholeCheck(d ir.Decl, sch *spec.Schema) {
	pointer, _ := d.Origin()
	// below reports whether s is pointer followed by one of the bytes of
	// seps, without building strings: it runs for every warning of every
	// component.
	below := func(s, seps string) bool {
		return len(s) > len(pointer) && strings.HasPrefix(s, pointer) && strings.IndexByte(seps, s[len(pointer)]) >= 0
	}
	own := func(dg ir.Diagnostic) bool {
		if below(dg.Msg, ":/") {
			return unchecked(dg.Msg)
		}
		of, ok := dg.Of.(ir.Decl)
		if !ok {
			return false
		}
		p, _ := of.Origin()
		return (p == pointer || below(p, "/")) && unchecked(dg.Msg)
	}
	if a, ok := d.(*ir.Alias); ok && a.GoAlias() || !slices.ContainsFunc(b.diags, own) {
		return // a Go alias has the methods of its target
	}
	w := &wholeBuilder{b: b, onPath: map[*yaml.Node]bool{}, held: map[*yaml.Node]bool{}}
	a := w.schema(sch, 0)
	if a == nil {
		return
	}
	setWhole(d, a)
	b.diags = slices.DeleteFunc(b.diags, own)
	restore := b.about(d)
	b.warnf(classWhole, b.pos(sch), "%s: keywords its Go type does not hold are checked on the JSON value as a whole after decoding it, a second pass over the value", pointer)
	restore()
}

// setWhole sets a declaration's whole-value check.
func setWhole(d ir.Decl, a *ir.Any) {
	switch d := d.(type) {
	case *ir.Struct:
		d.Whole = a
	case *ir.Enum:
		d.Whole = a
	case *ir.Alias:
		d.Whole = a
	case *ir.Union:
		d.Whole = a
	case *ir.Tuple:
		d.Whole = a
	}
}

// unchecked reports whether a warning says that a constraint of the
// schema is not checked, so that the decoder may accept what the schema
// forbids (not those about speed or about what is not generated).
func unchecked(msg string) bool {
	return strings.Contains(msg, "not checked") || strings.Contains(msg, "not enforce") ||
		strings.Contains(msg, "allows the properties of every member") || strings.Contains(msg, "checked against the first only")
}

// wholeBuilder builds the ir.Any of a whole-value check.
type wholeBuilder struct {
	b *builder
	// onPath holds the schemas being built, so that a $ref back to one
	// (a recursive schema) gives up instead of looping.
	onPath map[*yaml.Node]bool
	// held are the distinct schemas the check holds, and anon counts
	// those without a node (maxWholeSchemas).
	held map[*yaml.Node]bool
	anon int
	// holds collects the schemas held by the one being built, for its
	// wholeSchema.
	holds []*yaml.Node
}

// hold adds schemas to the check; false past maxWholeSchemas.
func (w *wholeBuilder) hold(ns ...*yaml.Node) bool {
	for _, n := range ns {
		w.held[n] = true
	}
	w.holds = append(w.holds, ns...)
	return len(w.held)+w.anon <= maxWholeSchemas
}

// proxy builds the check of a subschema; nil when it cannot be expressed.
func (w *wholeBuilder) proxy(sp *spec.SchemaProxy, depth int) *ir.Any {
	if kws, _ := refSiblingKeywords(sp); sp == nil || len(kws) > 0 {
		return nil // keywords beside a $ref are not read by the model
	}
	sch, err := sp.BuildSchema()
	if err != nil || sch == nil {
		return nil
	}
	return w.schema(sch, depth+1)
}

// schema builds the check of sch: every keyword of JSON Schema 2020-12
// that asserts, but $dynamicRef and recursion (nil).
func (w *wholeBuilder) schema(sch *spec.Schema, depth int) *ir.Any {
	n := rootNode(sch)
	if n == nil {
		w.anon++
		if len(w.held)+w.anon > maxWholeSchemas {
			return nil
		}
		return w.build(sch, depth)
	}
	if ws := w.b.wholes[n]; ws != nil {
		if !w.hold(ws.holds...) {
			return nil
		}
		return ws.a
	}
	if depth > maxWholeDepth || w.onPath[n] || !w.hold(n) {
		return nil
	}
	w.onPath[n] = true
	defer delete(w.onPath, n)
	outer := w.holds
	w.holds = []*yaml.Node{n}
	a := w.build(sch, depth)
	if a != nil {
		// Only a check that could be built is kept: one given up on
		// may hold here (past the depth or count of another check).
		seen := map[*yaml.Node]bool{}
		holds := slices.DeleteFunc(w.holds, func(x *yaml.Node) bool {
			dup := seen[x]
			seen[x] = true
			return dup
		})
		if w.b.wholes == nil {
			w.b.wholes = map[*yaml.Node]*wholeSchema{}
		}
		w.b.wholes[n] = &wholeSchema{a: a, holds: holds}
		outer = append(outer, holds...)
	}
	w.holds = outer
	return a
}

// build builds the check of sch, a schema not built yet.
func (w *wholeBuilder) build(sch *spec.Schema, depth int) *ir.Any {
	if depth > maxWholeDepth || sch.DynamicRef != "" {
		return nil
	}
	a := &ir.Any{App: &ir.Applicators{}}
	if n := rootNode(sch); n != nil && n.Tag == "!!bool" {
		a.False = n.Value == "false"
		return a
	}
	ok := true
	sub := func(sp *spec.SchemaProxy) *ir.Any {
		s := w.proxy(sp, depth)
		if s == nil {
			ok = false
		}
		return s
	}
	subs := func(sps []*spec.SchemaProxy) []*ir.Any {
		var out []*ir.Any
		for _, sp := range sps {
			out = append(out, sub(sp))
		}
		return out
	}
	// The JSON type: integer is a number without fraction; 3.0's
	// nullable adds null.
	if len(sch.Type) > 0 {
		a.Kinds = ir.JSONTypes(sch.Type)
		if sch.Nullable != nil && *sch.Nullable && !slices.Contains(a.Kinds, ir.JSONNull) {
			a.Kinds = append(a.Kinds, ir.JSONNull)
		}
	}
	for _, e := range sch.Enum {
		text, isJSON := yamlJSON(e)
		if !isJSON {
			return nil
		}
		a.Enum = append(a.Enum, text)
	}
	if emptyEnum(sch) {
		a.False = true // an empty enum allows nothing
	}
	if sch.Const != nil {
		text, isJSON := yamlJSON(sch.Const)
		if !isJSON {
			return nil
		}
		a.Const = text
	}
	if !w.scalars(a, sch) {
		return nil
	}
	a.MinItems, a.MaxItems = sch.MinItems, sch.MaxItems
	a.UniqueItems = sch.UniqueItems != nil && *sch.UniqueItems
	a.MinProps, a.MaxProps = sch.MinProperties, sch.MaxProperties
	a.Required = sch.Required
	if sch.Contains != nil && !(sch.MinContains != nil && *sch.MinContains == 0 && sch.MaxContains == nil) {
		a.Contains, a.MinContains, a.MaxContains = sub(sch.Contains), sch.MinContains, sch.MaxContains
	}
	if sch.If != nil && (sch.Then != nil || sch.Else != nil) {
		a.If = sub(sch.If)
		if sch.Then != nil {
			a.Then = sub(sch.Then)
		}
		if sch.Else != nil {
			a.Else = sub(sch.Else)
		}
	} else if sch.If != nil {
		// if alone asserts nothing, but what it evaluates counts for
		// unevaluatedProperties and unevaluatedItems.
		a.If = sub(sch.If)
	}
	if sch.PropertyNames != nil {
		a.PropertyNames = sub(sch.PropertyNames)
	}
	if sch.DependentRequired != nil {
		for key, names := range sch.DependentRequired.FromOldest() {
			if len(names) > 0 {
				a.DependentRequired = append(a.DependentRequired, ir.Dependent{Key: key, Names: names})
			}
		}
	}
	a.AllOf, a.AnyOf, a.OneOf = subs(sch.AllOf), subs(sch.AnyOf), subs(sch.OneOf)
	if sch.Not != nil {
		a.NotAny = sub(sch.Not)
	}
	app := a.App
	if sch.Properties != nil {
		for name, sp := range sch.Properties.FromOldest() {
			app.Properties = append(app.Properties, ir.AnyProperty{Name: name, Schema: sub(sp)})
		}
	}
	if sch.PatternProperties != nil {
		for p, sp := range sch.PatternProperties.FromOldest() {
			res, err := TranslatePattern(p)
			if err != nil {
				return nil
			}
			app.Patterns = append(app.Patterns, ir.AnyPattern{Pattern: p, Regexps: res, Schema: sub(sp)})
		}
	}
	app.Additional = w.dynamic(sch.AdditionalProperties, depth, &ok)
	app.PrefixItems = subs(sch.PrefixItems)
	app.Items = w.dynamic(sch.Items, depth, &ok)
	if sch.DependentSchemas != nil {
		for key, sp := range sch.DependentSchemas.FromOldest() {
			app.DependentSchemas = append(app.DependentSchemas, ir.AnyProperty{Name: key, Schema: sub(sp)})
		}
	}
	app.UnevaluatedProperties = w.dynamic(sch.UnevaluatedProperties, depth, &ok)
	if sch.UnevaluatedItems != nil {
		app.UnevaluatedItems = sub(sch.UnevaluatedItems)
	}
	if !ok {
		return nil
	}
	return a
}

// dynamic builds the check of a keyword that is a schema or a boolean
// (items, additionalProperties, unevaluatedProperties); nil when absent.
func (w *wholeBuilder) dynamic(v *spec.DynamicValue[*spec.SchemaProxy, bool], depth int, ok *bool) *ir.Any {
	switch {
	case v == nil:
		return nil
	case v.IsA():
		s := w.proxy(v.A, depth)
		if s == nil {
			*ok = false
		}
		return s
	default:
		return &ir.Any{App: &ir.Applicators{}, False: !v.B}
	}
}

// scalars sets the string and number keywords of a whole-value check;
// false when a pattern cannot be translated.
func (w *wholeBuilder) scalars(a *ir.Any, sch *spec.Schema) bool {
	if sch.Format != "" || sch.Pattern != "" || sch.MinLength != nil || sch.MaxLength != nil {
		p := &ir.Prim{Kind: ir.String, Format: sch.Format, MinLength: sch.MinLength, MaxLength: sch.MaxLength, Pattern: sch.Pattern}
		if w.b.opts.FormatAnnotations {
			p.Format = ""
		}
		if p.Pattern != "" {
			res, err := TranslatePattern(p.Pattern)
			if err != nil {
				return false
			}
			p.Regexps = res
		}
		if p.HasChecks() {
			a.String = p
		}
	}
	if sch.Minimum != nil || sch.Maximum != nil || sch.ExclusiveMinimum != nil || sch.ExclusiveMaximum != nil || sch.MultipleOf != nil {
		p := w.b.prim(sch, "number", "")
		p.Kind, p.Format = ir.Decimal, ""
		if p.HasBounds() {
			a.Number = p
		}
	}
	return true
}
