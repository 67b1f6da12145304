// This file holds the Go types of schemas: references to declarations,
// shapes of inline schemas, primitives with their checks and formats, and
// default values.

package build

import (
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pb33f/go-yaml"

	"github.com/oasgen/oasgen/internal/ir"
	"github.com/oasgen/oasgen/internal/spec"
)

// setDefault sets property f's default from n, once its type is complete:
// an enum declared after the property has no values yet, and its defaults
// are checked when the components are built.
func (b *builder) setDefault(f *ir.Field, n *yaml.Node, pointer string) {
	t := f.Type
	if nt, ok := t.(*ir.Nullable); ok {
		t = nt.Elem
	}
	if r, ok := t.(*ir.Ref); ok {
		if e, ok := r.Decl.(*ir.Enum); ok && len(e.Values) == 0 {
			subject := b.subject // a warning is about the property's type, as now
			b.enumDefaults = append(b.enumDefaults, func() {
				defer b.about(subject)()
				f.Default = b.defaultOf(n, f.Type, pointer)
			})
			return
		}
	}
	f.Default = b.defaultOf(n, f.Type, pointer)
}

// defaultOf checks a property's default against its type and returns it
// as a value decoders can apply, or nil with a warning where oasgen does
// not apply it (objects, arrays, formats with Go types of their own).
func (b *builder) defaultOf(n *yaml.Node, t ir.Type, pointer string) *ir.Default {
	pos := b.nodePos(n)
	if n.Tag == "!!null" {
		return nil // the same as no default
	}
	skip := func(why string) *ir.Default {
		b.warnf(classDefault, pos, "%s: default %s is not applied: %s", pointer, strconv.Quote(n.Value), why)
		return nil
	}
	if n.Kind != yaml.ScalarNode {
		return skip("only scalar defaults are")
	}
	if nt, ok := t.(*ir.Nullable); ok {
		t = nt.Elem
	}
	def := &ir.Default{Text: n.Value}
	switch u := t.(type) {
	case *ir.Ref:
		e, ok := u.Decl.(*ir.Enum)
		if !ok {
			return skip("only scalar defaults are")
		}
		for _, v := range e.Values {
			if e.Base.Kind == ir.String && v.Str == n.Value || e.Base.Kind != ir.String && strconv.FormatInt(v.Int, 10) == n.Value {
				def.Enum = v
				return def
			}
		}
		return skip("it is not one of the enum's values")
	case *ir.Prim:
		var err error
		switch {
		case u.Kind == ir.String:
			if n.Tag != "!!str" {
				return skip("the property is a string")
			}
		case u.Kind == ir.Bool:
			if n.Value != "true" && n.Value != "false" {
				return skip("the property is a boolean")
			}
		case u.Kind == ir.Int32:
			_, err = strconv.ParseInt(n.Value, 10, 32)
		case u.Kind == ir.Int64:
			_, err = strconv.ParseInt(n.Value, 10, 64)
		case u.Kind == ir.Uint32:
			_, err = strconv.ParseUint(n.Value, 10, 32)
		case u.Kind == ir.Uint64:
			_, err = strconv.ParseUint(n.Value, 10, 64)
		case u.Kind.IsFloat():
			_, err = strconv.ParseFloat(n.Value, 64)
		default:
			return skip("formats with a Go type of their own are not")
		}
		if err != nil || n.Tag == "!!str" && u.Kind != ir.String {
			return skip("it is not a value of the property's type")
		}
		if why := breaks(u, n.Value); why != "" {
			// JSON Schema's default is an annotation: applied, it would
			// make an object without the property fail.
			return skip("it breaks the property's own schema (" + why + ")")
		}
		return def
	}
	return skip("only scalar defaults are")
}

// breaks returns which of p's checks the default text (a value of p's
// kind) fails, or "": lengths in code points and pattern for strings,
// bounds and multipleOf for numbers.
func breaks(p *ir.Prim, text string) string {
	if p.Kind == ir.String {
		n := int64(utf8.RuneCountInString(text))
		switch {
		case p.MinLength != nil && n < *p.MinLength:
			return "minLength"
		case p.MaxLength != nil && n > *p.MaxLength:
			return "maxLength"
		}
		for _, re := range p.Regexps {
			if m, err := regexp.MatchString(re.Expr, text); err == nil && m != re.Match {
				return "pattern"
			}
		}
		return ""
	}
	v, ok := new(big.Rat).SetString(text)
	if !ok || p.Kind == ir.Bool {
		return ""
	}
	switch {
	case p.Minimum != nil && (v.Cmp(p.Minimum) < 0 || p.ExclusiveMinimum && v.Cmp(p.Minimum) == 0):
		return "minimum"
	case p.Maximum != nil && (v.Cmp(p.Maximum) > 0 || p.ExclusiveMaximum && v.Cmp(p.Maximum) == 0):
		return "maximum"
	case p.MultipleOf != nil && p.MultipleOf.Sign() != 0 && !new(big.Rat).Quo(v, p.MultipleOf).IsInt():
		return "multipleOf"
	}
	return ""
}

// typeOf returns the type of a schema use: a Ref when the proxy is a $ref
// or the schema already has a Decl, otherwise the inline shape named hint.
func (b *builder) typeOf(sp *spec.SchemaProxy, sch *spec.Schema, hint, pointer string) ir.Type {
	if sp != nil && sp.IsReference() {
		b.exactEnum(sch, sp.GetReference()) // where the schema is, not where it is used
	} else {
		b.exactEnum(sch, pointer)
	}
	b.refSiblings(sp, pointer)
	if ext := b.goTypeExt(sch, pointer); ext != nil {
		var t ir.Type = ext
		if _, nullable := types(sch); nullable {
			t = &ir.Nullable{Elem: t}
		}
		return t
	}
	if n := rootNode(sch); n != nil {
		if d, ok := b.byNode[n]; ok {
			return b.refTo(d, sch)
		}
	}
	if sp != nil && sp.IsReference() {
		// A $ref to a schema that is not a component (a property of
		// another schema, or a schema in another file): it gets a Decl
		// named after the last part of the reference.
		ref := sp.GetReference()
		name := ir.GoNameOr(ref[strings.LastIndexAny(ref, "/#")+1:], "Schema")
		if name == "" {
			name = hint
		}
		d := b.declare(sch, name, ref)
		b.fill(d, sch)
		return b.refTo(d, sch)
	}
	if m := passThrough(sch); m != nil {
		if ms := b.resolve(m, b.pos(sch)); ms != nil {
			t := b.typeOf(m, ms, hint, pointer+"/allOf/0")
			if _, nullable := types(sch); nullable {
				if _, already := t.(*ir.Nullable); !already {
					t = &ir.Nullable{Elem: t}
				}
			}
			return t
		}
	}
	if isStruct(sch) || isEnum(sch) || isUnion(sch) || isTuple(sch) {
		d := b.declare(sch, hint, pointer)
		b.inline[d] = true
		b.fill(d, sch)
		return b.refTo(d, sch)
	}
	return b.shape(sch, hint, pointer)
}

// refTo returns a use of d, nullable when the schema says so.
func (b *builder) refTo(d ir.Decl, sch *spec.Schema) ir.Type {
	var t ir.Type = &ir.Ref{Decl: d}
	if _, nullable := types(sch); nullable {
		t = &ir.Nullable{Elem: t}
	}
	return t
}

// shape returns the type of an inline schema that is not a struct or enum.
func (b *builder) shape(sch *spec.Schema, hint, pointer string) ir.Type {
	b.exactEnum(sch, pointer)
	b.ignoredKeywords(sch, pointer, true)
	if emptyEnum(sch) {
		return &ir.Any{False: true} // an empty enum allows no value
	}
	t := b.withNot(b.withConst(b.shapeNonNull(sch, hint, pointer), sch, pointer), sch, pointer)
	if _, nullable := types(sch); nullable {
		switch t.(type) {
		case *ir.Any, *ir.Nullable: // null is one of its values already
		default:
			t = &ir.Nullable{Elem: t}
		}
	}
	return t
}

func (b *builder) shapeNonNull(sch *spec.Schema, hint, pointer string) ir.Type {
	pos := b.pos(sch)
	if n := rootNode(sch); n != nil && n.Tag == "!!bool" && n.Value == "false" {
		return &ir.Any{False: true}
	}
	if len(sch.AllOf) > 0 && !valueListed(sch) {
		// allOf of schemas none of which is an object: the first typed
		// member gives the type. (Beside an enum or const, which alone
		// says which values are valid, the members say nothing more.)
		for i, sp := range sch.AllOf {
			if ms := b.resolve(sp, pos); ms != nil {
				if ts, _ := types(ms); len(ts) > 0 || sp.IsReference() {
					if constrainsOthers(sch.AllOf, i) {
						b.warnf(classAllOf, pos, "%s: allOf of non-object schemas: member %d gives the type; the others' constraints are not checked", pointer, i)
					}
					kws := besideFor(besideAllOf(sch), ms)
					if ots, _ := types(sch); len(ots) > 0 && !allowsTypes(ots, ts) {
						kws = append(kws, "type")
					}
					if len(kws) == 0 {
					} else if b.s.RefAllOf[rootNode(sch)] {
						b.warnf(classBesideRef, pos, "%s: %s beside $ref %s not checked: the referenced schema gives the type", pointer, strings.Join(kws, ", "), kws.verb())
					} else {
						b.warnf(classAllOf, pos, "%s: allOf member %d gives the type; the keywords beside allOf (%s) are not checked", pointer, i, strings.Join(kws, ", "))
					}
					return b.typeOf(sp, ms, hint, fmt.Sprintf("%s/allOf/%d", pointer, i))
				}
			}
		}
		// No member has a type: the schema's own gives the Go type, and
		// the members' keywords are checked on the value as a whole
		// (whole.go) where the warning makes a check.
		// (Without a type of its own, or an object's, the value is raw
		// JSON, whose keywords freeFormKeywords reports.)
		for i, sp := range sch.AllOf {
			if ts, _ := types(sch); len(ts) != 1 || ts[0] == "object" {
				break
			}
			if ms := b.resolve(sp, pos); ms != nil && (asserts(ms) || isFalse(ms)) {
				b.warnf(classAllOf, pos, "%s: allOf member %d has no type; its keywords are not checked on the Go type of the schema", pointer, i)
			}
		}
	}
	ts, _ := types(sch)
	if len(ts) == 0 {
		switch {
		case slices.Equal(sch.Type, []string{"null"}): // items or properties beside it apply to nothing
			return &ir.Any{Kinds: []ir.JSONType{ir.JSONNull}}
		case valueListed(sch):
			// An enum or const alone says which values are valid
			// (exactEnum): a free-form value compared as JSON.
			a := &ir.Any{False: emptyEnum(sch)}
			for _, e := range sch.Enum {
				text, ok := yamlJSON(e)
				if !ok {
					b.warnf(classEnum, b.pos(sch), "%s: enum value %s is not a JSON value; the enum is not checked", pointer, e.Value)
					return &ir.Any{}
				}
				a.Enum = append(a.Enum, text)
			}
			return a
		case sch.Items != nil:
			ts = []string{"array"}
		case (sch.Properties != nil || sch.AdditionalProperties != nil) && !closedEmpty(sch):
			// (additionalProperties: false alone is free-form: an empty
			// object, or a value of another kind, objectParts.)
			ts = []string{"object"}
		default:
			a := &ir.Any{}
			b.kindParts(a, sch, pointer)
			b.freeFormKeywords(sch, pointer, "a schema without type is kept as raw JSON")
			return a
		}
	}
	if len(ts) > 1 {
		b.warnf(classTypes, pos, "%s: a value of several types (%s) is not supported yet; it is kept as raw JSON", pointer, strings.Join(ts, ", "))
		return &ir.Any{}
	}
	if a := b.enumAny(sch, ts[0], pointer); a != nil {
		return a
	}
	switch ts[0] {
	case "array":
		b.constraintUnion(sch, pointer)
		a := &ir.Array{MinItems: sch.MinItems, MaxItems: sch.MaxItems, Unique: sch.UniqueItems != nil && *sch.UniqueItems}
		if sch.Items != nil && sch.Items.IsA() && sch.Items.A != nil {
			if is := b.resolve(sch.Items.A, pos); is != nil {
				a.Elem = b.typeOf(sch.Items.A, is, hint+"Item", pointer+"/items")
			}
		}
		switch {
		case a.Elem != nil:
		case sch.Items != nil && sch.Items.IsB() && !sch.Items.B:
			a.Elem = &ir.Any{False: true} // items: false, only the empty array
		default:
			a.Elem = &ir.Any{}
		}
		return a
	case "object":
		ap := sch.AdditionalProperties
		if ap != nil && ap.IsA() && ap.A != nil {
			if aps := b.resolve(ap.A, pos); aps != nil {
				m := &ir.Map{
					Elem:     b.typeOf(ap.A, aps, hint+"Value", pointer+"/additionalProperties"),
					MinProps: sch.MinProperties,
					MaxProps: sch.MaxProperties,
					Required: dedupe(sch.Required),
				}
				b.mapKeys(m, sch, pointer)
				return m
			}
		}
		b.freeFormKeywords(sch, pointer, "an object with no properties is kept as raw JSON")
		kinds := []ir.JSONType{ir.JSONObject}
		if _, nullable := types(sch); nullable {
			kinds = append(kinds, ir.JSONNull)
		}
		a := &ir.Any{Kinds: kinds}
		b.objectParts(a, sch)
		return a
	case "string", "integer", "number", "boolean":
		b.constraintUnion(sch, pointer)
		return b.prim(sch, ts[0], pointer)
	}
	b.errorf(pos, "%s: unknown type %q%s", pointer, ts[0], spec.DidYouMean(ts[0], typeNames))
	return &ir.Any{}
}

// typeNames are the values of the keyword type.
var typeNames = []string{"array", "boolean", "integer", "null", "number", "object", "string"}

// constraintUnion warns about the oneOf or anyOf of a schema of one
// type that is not a union (isUnion: its members only constrain), which
// the Go type of the type does not check; a component's whole-value
// check does.
func (b *builder) constraintUnion(sch *spec.Schema, pointer string) {
	for _, kw := range []struct {
		name    string
		members []*spec.SchemaProxy
	}{{"oneOf", sch.OneOf}, {"anyOf", sch.AnyOf}} {
		if len(kw.members) > 0 {
			b.warnf(classUnion, b.pos(sch), "%s: %s whose members only constrain the value is not checked by its Go type", pointer, kw.name)
		}
	}
}

// stringChecks sets the lengths and pattern of a String prim from sch.
func (b *builder) stringChecks(p *ir.Prim, sch *spec.Schema, pointer string) {
	p.MinLength, p.MaxLength, p.Pattern = sch.MinLength, sch.MaxLength, sch.Pattern
	if p.Pattern != "" {
		res, err := TranslatePattern(p.Pattern)
		pos := b.pos(sch)
		if n := sch.KeywordNode("pattern"); n != nil {
			pos.Line, pos.Col = n.Line, n.Column
		}
		if err != nil {
			// No RE2 form: a warning, as for patternProperties above.
			b.warnf(classPattern, pos, "%s: pattern %s is not checked: %v", pointer, quotePattern(p.Pattern), err)
		}
		p.Regexps = res
	}
}

// prim maps a scalar schema to a primitive type with its checks.
func (b *builder) prim(sch *spec.Schema, typ, pointer string) *ir.Prim {
	p := &ir.Prim{Format: sch.Format}
	switch typ {
	case "boolean":
		p.Kind = ir.Bool
	case "integer":
		switch sch.Format {
		case "int32", "int16", "int8":
			p.Kind = ir.Int32
		case "uint32", "uint16", "uint8":
			p.Kind = ir.Uint32
		case "uint64", "uint":
			p.Kind = ir.Uint64
		default:
			p.Kind = ir.Int64
		}
	case "number":
		switch sch.Format {
		case "decimal":
			p.Kind = ir.Decimal
		case "float":
			p.Kind = ir.Float32
		case "int32":
			p.Kind = ir.Int32
		case "int64":
			p.Kind = ir.Int64
		default:
			p.Kind = ir.Float64
		}
	default:
		format := sch.Format
		if b.opts.FormatAnnotations {
			format, p.Format = "", ""
		}
		switch format {
		case "date-time":
			p.Kind = ir.DateTime
		case "date":
			p.Kind = ir.Date
		case "uuid":
			p.Kind = ir.UUID
		case "byte":
			p.Kind = ir.Bytes
		case "ipv4":
			p.Kind = ir.IPv4
		case "ipv6":
			p.Kind = ir.IPv6
		case "decimal":
			p.Kind, p.Quoted = ir.Decimal, true
		case "int64", "int32", "uint64", "uint32":
			p.Kind = map[string]ir.PrimKind{"int64": ir.Int64, "int32": ir.Int32, "uint64": ir.Uint64, "uint32": ir.Uint32}[sch.Format]
			p.Quoted = true
		default:
			p.Kind = ir.String
		}
		if p.Kind == ir.String {
			// Lengths and patterns apply to the text; formats with a Go
			// type of their own (date-time, uuid...) fix it already.
			b.stringChecks(p, sch, pointer)
		}
	}
	if typ == "integer" || typ == "number" || p.Kind == ir.Decimal {
		p.Minimum, p.Maximum, p.MultipleOf = rat(sch.Minimum), rat(sch.Maximum), rat(sch.MultipleOf)
		if p.MultipleOf != nil && p.MultipleOf.Sign() <= 0 {
			b.errorf(b.pos(sch), "%s: multipleOf must be greater than 0", pointer)
			p.MultipleOf = nil
		}
		// 3.0 says exclusiveMinimum: true of minimum; 3.1 gives the
		// exclusive bound itself, and with both the stricter one holds.
		if e := sch.ExclusiveMinimum; e != nil {
			if e.IsA() {
				p.ExclusiveMinimum = e.A && p.Minimum != nil
			} else if x := rat(&e.B); p.Minimum == nil || x.Cmp(p.Minimum) >= 0 {
				p.Minimum, p.ExclusiveMinimum = x, true
			}
		}
		if e := sch.ExclusiveMaximum; e != nil {
			if e.IsA() {
				p.ExclusiveMaximum = e.A && p.Maximum != nil
			} else if x := rat(&e.B); p.Maximum == nil || x.Cmp(p.Maximum) <= 0 {
				p.Maximum, p.ExclusiveMaximum = x, true
			}
		}
		if typ == "integer" {
			narrowInt(p, sch.Format)
		}
	}
	return p
}

// narrowInt bounds an integer of a format narrower than its Go type
// (int8 and int16 are read as int32, uint8 and uint16 as uint32) to the
// format's range, unless the schema's own bounds are tighter.
func narrowInt(p *ir.Prim, format string) {
	r, found := map[string][2]int64{"int8": {-1 << 7, 1<<7 - 1}, "int16": {-1 << 15, 1<<15 - 1}, "uint8": {0, 1<<8 - 1}, "uint16": {0, 1<<16 - 1}}[format]
	if !found {
		return
	}
	if min := big.NewRat(r[0], 1); p.Minimum == nil || p.Minimum.Cmp(min) < 0 {
		p.Minimum, p.ExclusiveMinimum = min, false
	}
	if max := big.NewRat(r[1], 1); p.Maximum == nil || p.Maximum.Cmp(max) > 0 {
		p.Maximum, p.ExclusiveMaximum = max, false
	}
}

func rat(f *float64) *big.Rat {
	if f == nil {
		return nil
	}
	// The spec's decimal text would be exact; the parser gives a float64,
	// whose shortest decimal form is the text that was written.
	r, ok := new(big.Rat).SetString(strconv.FormatFloat(*f, 'g', -1, 64))
	if !ok {
		return nil
	}
	return r
}
