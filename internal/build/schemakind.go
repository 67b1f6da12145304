// This file holds what kind of declaration a schema is: its types and
// nullability, and whether it is an enum, a tuple or a struct, with the
// keywords beside an allOf.

package build

import (
	"slices"

	"github.com/pb33f/go-yaml"

	"github.com/oasgen/oasgen/internal/spec"
)

// types returns the schema's types without "null", and whether null is
// allowed (3.0 nullable, 3.1 type arrays, or null among the enum values).
func types(sch *spec.Schema) (ts []string, nullable bool) {
	for _, t := range sch.Type {
		if t == "null" {
			nullable = true
		} else {
			ts = append(ts, t)
		}
	}
	if sch.Nullable != nil && *sch.Nullable {
		nullable = true
	}
	// A null member of the enum makes the schema nullable where its type
	// allows null (exactEnum leaves it out where it does not).
	for _, e := range sch.Enum {
		if e.Tag == "!!null" && (len(sch.Type) == 0 || nullable) {
			nullable = true
		}
	}
	if len(ts) == 0 && (unionNull(sch, 0) || allOfNull(sch, 0)) {
		nullable = true // (a type beside the union that leaves out null rules it out)
	}
	if slices.Contains(sch.Type, "null") && len(sch.OneOf)+len(sch.AnyOf) > 0 && isUnion(sch) {
		// {type: [object, null], oneOf: [...]}: null too must match the
		// union (3.0's nullable beside oneOf keeps its meaning: null).
		nullable = unionNull(sch, 0)
	}
	if nullable && !listsNull(sch) && (sch.Nullable == nil || !*sch.Nullable) {
		// The type or a member allows null, but the enum or const does
		// not (3.0's nullable: true beside an enum adds null to it, as
		// enumAny does).
		nullable = false
	}
	return ts, nullable
}

// listsNull reports whether a schema's enum or const allows null, or it
// has neither.
func listsNull(s *spec.Schema) bool {
	if s.Const != nil {
		return s.Const.Tag == "!!null"
	}
	return !s.HasEnum || slices.ContainsFunc(s.Enum, func(e *yaml.Node) bool { return e.Tag == "!!null" })
}

// unionNull reports whether a schema's oneOf or anyOf takes null by a
// member that says so ({type: null}, a type or enum with null, 3.0's
// nullable, a union that does): then the union's uses are nullable, and
// its variants are not. A oneOf takes null when exactly one member does;
// with a member without type beside it (which may take null too), null
// is left to the union's decoder and its whole-value check (fillUnion
// warns), so the uses are not nullable.
func unionNull(sch *spec.Schema, depth int) bool {
	members, oneOf := sch.OneOf, true
	if len(members) == 0 {
		members, oneOf = sch.AnyOf, false
	}
	explicit, loose := 0, 0
	for _, sp := range members {
		ms, err := sp.BuildSchema()
		switch {
		case err != nil || ms == nil:
		case memberNull(ms, depth):
			explicit++
		case looseMember(ms):
			loose++
		}
	}
	if !oneOf {
		return explicit > 0
	}
	return explicit == 1 && loose == 0
}

// allOfNull reports whether a schema's allOf takes null: a member says
// so (3.0's {type: object, nullable: true}) and every other member takes
// it too, saying so or saying nothing of null ({readOnly: true}).
func allOfNull(sch *spec.Schema, depth int) bool {
	explicit := false
	for _, sp := range sch.AllOf {
		ms, err := sp.BuildSchema()
		switch {
		case err != nil || ms == nil:
			return false
		case memberNull(ms, depth):
			explicit = true
		case !looseMember(ms):
			return false
		}
	}
	return explicit
}

// memberNull reports whether a member of a union says it takes null.
func memberNull(ms *spec.Schema, depth int) bool {
	if !listsNull(ms) {
		return false // {type: null, const: b1} takes no value at all
	}
	if slices.Contains(ms.Type, "null") || ms.Nullable != nil && *ms.Nullable {
		return true
	}
	if slices.ContainsFunc(ms.Enum, func(e *yaml.Node) bool { return e.Tag == "!!null" }) {
		return true
	}
	return depth < 8 && len(ms.Type) == 0 && (unionNull(ms, depth+1) || allOfNull(ms, depth+1))
}

// looseMember reports whether a union member may take null without saying
// so: a schema without type, enum, const or composition ({}, true).
func looseMember(ms *spec.Schema) bool {
	return len(ms.Type) == 0 && len(ms.Enum) == 0 && ms.Const == nil && !isFalse(ms) && ms.Not == nil &&
		len(ms.AllOf)+len(ms.AnyOf)+len(ms.OneOf) == 0
}

// isNullSchema reports whether a schema accepts only null ({type: "null"},
// or an anyOf or oneOf of such schemas only, as {anyOf: [{type: "null"}]}).
func isNullSchema(s *spec.Schema) bool {
	return isNullSchemaDepth(s, 0)
}

func isNullSchemaDepth(s *spec.Schema, depth int) bool {
	if len(s.Type) == 1 && s.Type[0] == "null" || len(s.Type) == 0 && len(s.Enum) == 1 && s.Enum[0].Tag == "!!null" {
		return listsNull(s) // {type: null, const: 2} allows no value
	}
	if len(s.Type) > 0 || len(s.AllOf) > 0 || len(s.AnyOf) > 0 == (len(s.OneOf) > 0) || depth > 8 {
		return false // exactly one of anyOf and oneOf, nothing else
	}
	for _, sp := range slices.Concat(s.AnyOf, s.OneOf) {
		ms, err := sp.BuildSchema()
		if err != nil || ms == nil || !isNullSchemaDepth(ms, depth+1) {
			return false
		}
	}
	return s.Properties == nil && s.Items == nil
}

// enumValues returns a schema's enum values, or its const as the one value
// when it has no enum: a string or integer const is an enum of one.
func enumValues(sch *spec.Schema) []*yaml.Node {
	if len(sch.Enum) == 0 && sch.Const != nil && (sch.Const.Tag == "!!str" || sch.Const.Tag == "!!int") {
		return []*yaml.Node{sch.Const}
	}
	return sch.Enum
}

// emptyEnum reports whether sch has an enum of no values, which no value
// matches.
func emptyEnum(sch *spec.Schema) bool { return sch.HasEnum && len(sch.Enum) == 0 }

func isEnum(sch *spec.Schema) bool {
	enum := enumValues(sch)
	if len(enum) == 0 {
		return false
	}
	ts, _ := types(sch)
	if len(ts) == 0 {
		// Values all strings or all integers (null aside) make a Go
		// enum; values of mixed kinds (6, "foo", []) are compared as
		// JSON on a free-form value (shapeNonNull).
		tag := ""
		for _, e := range enum {
			switch {
			case e.Tag == "!!null":
			case e.Tag != "!!str" && e.Tag != "!!int" || tag != "" && e.Tag != tag:
				return false
			default:
				tag = e.Tag
			}
		}
		return tag != ""
	}
	return len(ts) == 1 && (ts[0] == "string" || ts[0] == "integer")
}

// isTuple reports whether a schema is an array with prefixItems.
func isTuple(sch *spec.Schema) bool {
	if len(sch.PrefixItems) == 0 || len(sch.AllOf) > 0 || valueListed(sch) {
		return false
	}
	ts, _ := types(sch)
	return len(ts) == 0 || len(ts) == 1 && ts[0] == "array"
}

func isStruct(sch *spec.Schema) bool {
	if len(sch.AllOf) > 0 {
		return !valueListed(sch) && passThrough(sch) == nil && hasObjectPart(sch, map[*yaml.Node]bool{})
	}
	ts, _ := types(sch)
	if len(ts) > 1 || len(ts) == 1 && ts[0] != "object" || valueListed(sch) {
		return false // an enum or const alone says which objects are valid
	}
	if sch.Properties != nil && sch.Properties.Len() > 0 || sch.PatternProperties != nil && sch.PatternProperties.Len() > 0 {
		return true
	}
	// An object with no properties that allows no others is an empty
	// struct; one that allows any is free-form, one with a schema for
	// them a map.
	ap := sch.AdditionalProperties
	return len(ts) == 1 && ap != nil && ap.IsB() && !ap.B
}

// constrainsOthers reports whether allOf members other than the i-th carry
// validation keywords, which the type of member i alone does not check.
func constrainsOthers(members []*spec.SchemaProxy, i int) bool {
	for j, sp := range members {
		if j == i {
			continue
		}
		ms, err := sp.BuildSchema()
		if err != nil || ms == nil {
			continue
		}
		if sp.IsReference() || len(ms.Type) > 0 || len(enumValues(ms)) > 0 || ms.Format != "" || ms.Pattern != "" ||
			ms.MinLength != nil || ms.MaxLength != nil || ms.Minimum != nil || ms.Maximum != nil ||
			ms.MinItems != nil || ms.MaxItems != nil || ms.Const != nil ||
			constrains(ms) || len(ms.Required) > 0 || len(ms.AnyOf)+len(ms.OneOf) > 0 {
			return true
		}
		if n := rootNode(ms); n != nil && n.Tag == "!!bool" && n.Value == "false" {
			return true // the schema false
		}
	}
	return false
}

// besideAllOf returns the keywords of sch beside its allOf that constrain
// the value and that the type of an allOf member leaves unchecked: all
// but the annotations (spec.RefAnnotation), type, and the not and const
// that shape applies to that type.
func besideAllOf(sch *spec.Schema) keywordList {
	n := rootNode(sch)
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	var kws keywordList
	for i := 0; i+1 < len(n.Content); i += 2 {
		switch k := n.Content[i].Value; k {
		case "allOf", "type", "not", "const", "discriminator", "contentMediaType", "contentEncoding", "contentSchema":
		default:
			kws.add(!spec.RefAnnotation(k), k)
		}
	}
	return kws
}

// oneKindKeywords are the keywords that apply to values of one JSON kind
// only.
var oneKindKeywords = map[string]string{
	"minLength": "string", "maxLength": "string", "pattern": "string",
	"minimum": "number", "maximum": "number", "exclusiveMinimum": "number", "exclusiveMaximum": "number", "multipleOf": "number",
	"minItems": "array", "maxItems": "array", "uniqueItems": "array", "items": "array", "prefixItems": "array",
	"contains": "array", "minContains": "array", "maxContains": "array", "unevaluatedItems": "array",
	"minProperties": "object", "maxProperties": "object", "required": "object", "properties": "object",
	"patternProperties": "object", "additionalProperties": "object", "dependentRequired": "object",
	"dependentSchemas": "object", "propertyNames": "object", "unevaluatedProperties": "object",
}

// besideFor returns the keywords of kws that may apply to a value of the
// schema ms: when ms has one type, those of another kind apply to no
// value it takes (minLength beside a $ref to an object).
func besideFor(kws keywordList, ms *spec.Schema) keywordList {
	ts, _ := types(ms)
	if len(ts) != 1 || len(kws) == 0 {
		return kws
	}
	kind := ts[0]
	if kind == "integer" {
		kind = "number"
	}
	var out keywordList
	for _, k := range kws {
		if kk, ok := oneKindKeywords[k]; !ok || kk == kind {
			out = append(out, k)
		}
	}
	return out
}

// allowsTypes reports whether the types outer allow every value of the
// types inner (an integer is a number); inner empty allows any value.
func allowsTypes(outer, inner []string) bool {
	if len(inner) == 0 {
		return false
	}
	for _, t := range inner {
		if !slices.Contains(outer, t) && !(t == "integer" && slices.Contains(outer, "number")) {
			return false
		}
	}
	return true
}

// hasObjectPart reports whether a schema or one of its allOf members is an
// object with properties. seen holds the schemas looked at already: each
// is looked at once, however many allOf lists refer to it (or back).
func hasObjectPart(sch *spec.Schema, seen map[*yaml.Node]bool) bool {
	if sch.Properties != nil || len(sch.Type) == 1 && sch.Type[0] == "object" {
		return true
	}
	if n := rootNode(sch); n != nil {
		if seen[n] {
			return false
		}
		seen[n] = true
	}
	for _, sp := range sch.AllOf {
		if ms, err := sp.BuildSchema(); err == nil && ms != nil && hasObjectPart(ms, seen) {
			return true
		}
	}
	return false
}
