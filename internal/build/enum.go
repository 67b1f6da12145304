package build

import (
	"encoding/base64"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pb33f/go-yaml"

	"github.com/oasgen/oasgen/internal/ir"
	"github.com/oasgen/oasgen/internal/spec"
	"github.com/oasgen/oasgen/oasrt/oasimpl"
)

// exactEnum makes a schema's enum and const say alone what the schema
// allows, once per schema and before anything reads them: JSON Schema
// applies every keyword beside an enum, so a member the others reject
// (one of another type than type, one failing pattern or minimum) is no
// value of the schema, and it is left out of the enum with a warning
// naming it; a const the others reject leaves no value at all. A schema
// whose enum admits nothing decodes nothing (an empty enum), with a
// warning. The Go type made of the enum (a Go enum of strings or
// integers, or values compared as JSON) then checks exactly the schema.
func (b *builder) exactEnum(sch *spec.Schema, pointer string) {
	if sch == nil || !sch.HasEnum && sch.Const == nil {
		return
	}
	if b.enumsDone[sch] {
		return
	}
	if b.enumsDone == nil {
		b.enumsDone = map[*spec.Schema]bool{}
	}
	b.enumsDone[sch] = true
	pos := b.pos(sch)
	at := func(n *yaml.Node) ir.Pos { return ir.Pos{File: pos.File, Line: n.Line, Col: n.Column} }
	e := &enumEval{b: b}
	const unsure = "(unevaluatedProperties, unevaluatedItems, $dynamicRef, a pattern with no RE2 form, or nesting too deep)"
	if sch.Const != nil {
		ok, why, sure := e.admits(sch, sch.Const, "const", 0)
		text, _ := yamlJSON(sch.Const)
		if !sure {
			b.warnf(classUnchecked, at(sch.Const), "%s: const %s is not checked against every other keyword of its schema %s", pointer, text, unsure)
		}
		if sure && !ok {
			b.warnf(classEnum, at(sch.Const), "%s: const %s is no value of its schema: %s rejects it; the schema allows no value", pointer, text, why)
			sch.Const, sch.Enum, sch.HasEnum = nil, nil, true
			return
		}
	}
	if !sch.HasEnum {
		return
	}
	kept := sch.Enum[:0:0]
	for _, m := range sch.Enum {
		ok, why, sure := e.admits(sch, m, "enum", 0)
		if !sure {
			text, _ := yamlJSON(m)
			b.warnf(classUnchecked, at(m), "%s: enum value %s is not checked against every other keyword of its schema %s", pointer, text, unsure)
		}
		if sure && !ok {
			text, _ := yamlJSON(m)
			b.warnf(classEnum, at(m), "%s: enum value %s is left out: %s rejects it", pointer, text, why)
			continue
		}
		kept = append(kept, m)
	}
	if len(kept) == len(sch.Enum) {
		return
	}
	if len(kept) == 0 && len(sch.Enum) > 0 {
		where := pos
		if n := sch.KeywordNode("enum"); n != nil {
			where = at(n)
		}
		b.warnf(classEnum, where, "%s: no value of the enum is a value of its schema; the schema allows no value", pointer)
	}
	sch.Enum = kept
}

// enumEval judges JSON values written in the spec (enum members) against
// schemas at generation time. sure is false where it cannot tell
// (unevaluatedProperties, a pattern with no RE2 form, too deep).
type enumEval struct{ b *builder }

// maxEvalDepth bounds the subschemas an enum member is judged through.
const maxEvalDepth = 32

// admits reports whether the value v is valid against sch, leaving out
// sch's own keyword skip ("enum" or "const", the one v comes from); why
// names the keyword that rejects it.
func (e *enumEval) admits(sch *spec.Schema, v *yaml.Node, skip string, depth int) (ok bool, why string, sure bool) {
	v = unaliasNode(v)
	if depth > maxEvalDepth || sch.DynamicRef != "" {
		return true, "", false
	}
	if n := rootNode(sch); n != nil && n.Tag == "!!bool" {
		return n.Value == "true", "the schema false", true
	}
	sure = true
	fail := func(kw string) (bool, string, bool) { return false, kw, true }
	kind := jsonKind(v)
	if kind == "" {
		return true, "", false // a YAML value with no JSON form
	}
	if len(sch.Type) > 0 {
		nullable := sch.Nullable != nil && *sch.Nullable
		if !slices.ContainsFunc(sch.Type, func(t string) bool { return kindIs(v, kind, t) }) && !(nullable && kind == "null") {
			return fail("type " + strings.Join(sch.Type, ", "))
		}
	}
	if skip != "enum" && sch.HasEnum && !slices.ContainsFunc(sch.Enum, func(m *yaml.Node) bool { return jsonEqual(m, v) }) {
		return fail("enum")
	}
	if skip != "const" && sch.Const != nil && !jsonEqual(sch.Const, v) {
		return fail("const")
	}
	sub := func(sp *spec.SchemaProxy, x *yaml.Node) (bool, string) {
		s, err := sp.BuildSchema()
		if err != nil || s == nil {
			sure = false
			return true, ""
		}
		ok, why, s2 := e.admits(s, x, "", depth+1)
		if !s2 {
			sure = false
		}
		return ok, why
	}
	switch kind {
	case "string":
		if kw := e.stringFails(sch, v.Value); kw != "" {
			return fail(kw)
		} else if sch.Pattern != "" {
			if _, err := TranslatePattern(sch.Pattern); err != nil {
				sure = false
			}
		}
	case "number":
		if kw := numberFails(sch, v.Value); kw != "" {
			return fail(kw)
		}
	case "array":
		items := v.Content
		n := int64(len(items))
		if sch.MinItems != nil && n < *sch.MinItems {
			return fail("minItems")
		}
		if sch.MaxItems != nil && n > *sch.MaxItems {
			return fail("maxItems")
		}
		if sch.UniqueItems != nil && *sch.UniqueItems {
			for i := range items {
				for j := i + 1; j < len(items); j++ {
					if jsonEqual(items[i], items[j]) {
						return fail("uniqueItems")
					}
				}
			}
		}
		for i, it := range items {
			switch {
			case i < len(sch.PrefixItems):
				if ok, _ := sub(sch.PrefixItems[i], it); !ok {
					return fail("prefixItems")
				}
			case sch.Items != nil && sch.Items.IsB():
				if !sch.Items.B {
					return fail("items")
				}
			case sch.Items != nil && sch.Items.A != nil:
				if ok, _ := sub(sch.Items.A, it); !ok {
					return fail("items")
				}
			}
		}
		if sch.Contains != nil {
			c := int64(0)
			for _, it := range items {
				if ok, _ := sub(sch.Contains, it); ok {
					c++
				}
			}
			least := int64(1)
			if sch.MinContains != nil {
				least = *sch.MinContains
			}
			if c < least {
				return fail("contains")
			}
			if sch.MaxContains != nil && c > *sch.MaxContains {
				return fail("maxContains")
			}
		}
		if sch.UnevaluatedItems != nil {
			sure = false
		}
	case "object":
		keys := map[string]*yaml.Node{}
		var order []string
		for i := 0; i+1 < len(v.Content); i += 2 {
			k := v.Content[i].Value
			if _, dup := keys[k]; !dup {
				order = append(order, k)
			}
			keys[k] = v.Content[i+1]
		}
		n := int64(len(keys))
		for _, r := range sch.Required {
			if _, ok := keys[r]; !ok {
				return fail("required")
			}
		}
		if sch.MinProperties != nil && n < *sch.MinProperties {
			return fail("minProperties")
		}
		if sch.MaxProperties != nil && n > *sch.MaxProperties {
			return fail("maxProperties")
		}
		for _, k := range order {
			x := keys[k]
			matched := false
			if sp, ok := sch.Properties.Get(k); ok {
				matched = true
				if ok, _ := sub(sp, x); !ok {
					return fail("properties")
				}
			}
			for p, sp := range sch.PatternProperties.FromOldest() {
				res, err := TranslatePattern(p)
				if err != nil {
					sure = false
					continue
				}
				if !matchesPattern(res, k) {
					continue
				}
				matched = true
				if ok, _ := sub(sp, x); !ok {
					return fail("patternProperties")
				}
			}
			if ap := sch.AdditionalProperties; ap != nil && !matched {
				if ap.IsB() && !ap.B {
					return fail("additionalProperties")
				}
				if ap.IsA() && ap.A != nil {
					if ok, _ := sub(ap.A, x); !ok {
						return fail("additionalProperties")
					}
				}
			}
			if sch.PropertyNames != nil {
				if ok, _ := sub(sch.PropertyNames, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: k}); !ok {
					return fail("propertyNames")
				}
			}
			if names, ok := sch.DependentRequired.Get(k); ok {
				for _, r := range names {
					if _, ok := keys[r]; !ok {
						return fail("dependentRequired")
					}
				}
			}
			if sp, ok := sch.DependentSchemas.Get(k); ok {
				if ok, _ := sub(sp, v); !ok {
					return fail("dependentSchemas")
				}
			}
		}
		if sch.UnevaluatedProperties != nil {
			sure = false
		}
	}
	for _, sp := range sch.AllOf {
		if ok, _ := sub(sp, v); !ok {
			return fail("allOf")
		}
	}
	for _, list := range []struct {
		kw      string
		members []*spec.SchemaProxy
	}{{"anyOf", sch.AnyOf}, {"oneOf", sch.OneOf}} {
		if len(list.members) == 0 {
			continue
		}
		matches := 0
		for _, sp := range list.members {
			if ok, _ := sub(sp, v); ok {
				matches++
			}
		}
		if matches == 0 || list.kw == "oneOf" && matches > 1 {
			return fail(list.kw)
		}
	}
	if sch.Not != nil {
		if ok, _ := sub(sch.Not, v); ok {
			return fail("not")
		}
	}
	if sch.If != nil {
		if ok, _ := sub(sch.If, v); ok {
			if sch.Then != nil {
				if ok, _ := sub(sch.Then, v); !ok {
					return fail("then")
				}
			}
		} else if sch.Else != nil {
			if ok, _ := sub(sch.Else, v); !ok {
				return fail("else")
			}
		}
	}
	return true, "", sure
}

// stringFails returns the string keyword of sch that s fails, or "".
func (e *enumEval) stringFails(sch *spec.Schema, s string) string {
	n := int64(utf8.RuneCountInString(s))
	if sch.MinLength != nil && n < *sch.MinLength {
		return "minLength"
	}
	if sch.MaxLength != nil && n > *sch.MaxLength {
		return "maxLength"
	}
	if sch.Pattern != "" {
		if res, err := TranslatePattern(sch.Pattern); err == nil && !matchesPattern(res, s) {
			return "pattern"
		}
	}
	if sch.Format != "" && !e.b.opts.FormatAnnotations && !validFormat(sch.Format, s) {
		return "format " + sch.Format
	}
	return ""
}

// validFormat reports whether s is a value of a string format, as the
// generated code checks it; an unknown format is an annotation.
func validFormat(format, s string) bool {
	switch format {
	case "byte":
		_, err := base64.StdEncoding.DecodeString(s)
		return err == nil
	case "int64", "int32":
		_, err := strconv.ParseInt(s, 10, map[string]int{"int64": 64, "int32": 32}[format])
		return err == nil
	case "uint64", "uint32":
		_, err := strconv.ParseUint(s, 10, map[string]int{"uint64": 64, "uint32": 32}[format])
		return err == nil
	case "decimal":
		_, ok := new(big.Rat).SetString(s)
		return ok
	}
	if check := formatChecks[format]; check != nil {
		return check(s)
	}
	return true
}

// formatChecks are the runtime's checks of the formats of strings.
var formatChecks = map[string]func(string) bool{
	"email": oasimpl.ValidEmail, "hostname": oasimpl.ValidHostname, "uri": oasimpl.ValidURI,
	"duration": oasimpl.ValidDuration, "time": oasimpl.ValidTime, "date-time": oasimpl.ValidDateTime,
	"date": oasimpl.ValidDate, "uuid": oasimpl.ValidUUID, "ipv4": oasimpl.ValidIPv4, "ipv6": oasimpl.ValidIPv6,
	"uri-reference": oasimpl.ValidURIReference, "iri": oasimpl.ValidIRI, "iri-reference": oasimpl.ValidIRIReference,
	"uri-template": oasimpl.ValidURITemplate, "json-pointer": oasimpl.ValidJSONPointer,
	"relative-json-pointer": oasimpl.ValidRelativeJSONPointer, "regex": oasimpl.ValidRegex,
}

// numberFails returns the number keyword of sch that the number text
// fails, or "".
func numberFails(sch *spec.Schema, text string) string {
	v, ok := new(big.Rat).SetString(text)
	if !ok {
		return ""
	}
	min, max := rat(sch.Minimum), rat(sch.Maximum)
	exMin, exMax := false, false
	if x := sch.ExclusiveMinimum; x != nil {
		if x.IsA() {
			exMin = x.A
		} else if r := rat(&x.B); r != nil && (min == nil || r.Cmp(min) >= 0) {
			min, exMin = r, true
		}
	}
	if x := sch.ExclusiveMaximum; x != nil {
		if x.IsA() {
			exMax = x.A
		} else if r := rat(&x.B); r != nil && (max == nil || r.Cmp(max) <= 0) {
			max, exMax = r, true
		}
	}
	switch {
	case min != nil && (v.Cmp(min) < 0 || exMin && v.Cmp(min) == 0):
		return "minimum"
	case max != nil && (v.Cmp(max) > 0 || exMax && v.Cmp(max) == 0):
		return "maximum"
	}
	if m := rat(sch.MultipleOf); m != nil && m.Sign() > 0 && !new(big.Rat).Quo(v, m).IsInt() {
		return "multipleOf"
	}
	return ""
}

// matchesPattern reports whether s matches a pattern's RE2 translation.
func matchesPattern(res []ir.Regexp, s string) bool {
	for _, re := range res {
		if m, err := regexp.MatchString(re.Expr, s); err != nil || m != re.Match {
			return false
		}
	}
	return true
}

func unaliasNode(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && n.Alias != nil && i < 100; i++ {
		n = n.Alias
	}
	return n
}

// jsonKind returns the JSON kind of a value written in the spec: null,
// boolean, number, string, array or object; "" for none.
func jsonKind(n *yaml.Node) string {
	n = unaliasNode(n)
	if n == nil {
		return ""
	}
	switch n.Kind {
	case yaml.SequenceNode:
		return "array"
	case yaml.MappingNode:
		return "object"
	case yaml.ScalarNode:
		switch n.Tag {
		case "!!null":
			return "null"
		case "!!bool":
			return "boolean"
		case "!!int", "!!float":
			if _, ok := new(big.Rat).SetString(n.Value); !ok {
				return "" // .inf, 0x1F: no JSON number
			}
			return "number"
		}
		return "string"
	}
	return ""
}

// kindIs reports whether the value v, of JSON kind kind, is of the JSON
// Schema type t: integer is a number without fraction (1.0 included).
func kindIs(v *yaml.Node, kind, t string) bool {
	if t == "integer" && kind == "number" {
		r, _ := new(big.Rat).SetString(v.Value)
		return r != nil && r.IsInt()
	}
	return kind == t
}

// jsonEqual reports whether two values written in the spec are equal as
// JSON values: numbers by value (1.0 equals 1), objects in any key order.
func jsonEqual(a, b *yaml.Node) bool { return jsonEqualDepth(a, b, 0) }

func jsonEqualDepth(a, b *yaml.Node, depth int) bool {
	a, b = unaliasNode(a), unaliasNode(b)
	ka, kb := jsonKind(a), jsonKind(b)
	if ka != kb || ka == "" || depth > 100 {
		return false
	}
	switch ka {
	case "number":
		x, _ := new(big.Rat).SetString(a.Value)
		y, _ := new(big.Rat).SetString(b.Value)
		return x.Cmp(y) == 0
	case "array":
		if len(a.Content) != len(b.Content) {
			return false
		}
		for i := range a.Content {
			if !jsonEqualDepth(a.Content[i], b.Content[i], depth+1) {
				return false
			}
		}
		return true
	case "object":
		am, bm := members(a), members(b)
		if len(am) != len(bm) {
			return false
		}
		for k, x := range am {
			y, ok := bm[k]
			if !ok || !jsonEqualDepth(x, y, depth+1) {
				return false
			}
		}
		return true
	}
	return a.Value == b.Value
}

// members returns an object's members by key (the last of a repeated one).
func members(n *yaml.Node) map[string]*yaml.Node {
	m := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		m[n.Content[i].Value] = n.Content[i+1]
	}
	return m
}

// enumAny returns the type of a schema of one type whose enum (or, for
// an array or object, const) the Go enums do not hold: a value compared
// as JSON with the values exactEnum left, each of which every other
// keyword of the schema allows. Nil when the schema has none.
func (b *builder) enumAny(sch *spec.Schema, typ, pointer string) *ir.Any {
	vals := sch.Enum
	if len(vals) == 0 && sch.Const != nil && (typ == "array" || typ == "object") {
		vals = []*yaml.Node{sch.Const}
	}
	if len(vals) == 0 {
		return nil
	}
	a := &ir.Any{Kinds: ir.JSONTypes([]string{typ})}
	for _, e := range vals {
		text, ok := yamlJSON(e)
		if !ok {
			b.warnf(classEnum, b.pos(sch), "%s: enum value %s is not a JSON value; the enum is not checked", pointer, e.Value)
			return nil
		}
		a.Enum = append(a.Enum, text)
	}
	if _, nullable := types(sch); nullable {
		// As the Go enums of nullable schemas do (3.0's nullable: true
		// beside an enum without null).
		a.Kinds = append(a.Kinds, ir.JSONNull)
		if !slices.Contains(a.Enum, "null") {
			a.Enum = append(a.Enum, "null")
		}
	}
	return a
}

// valueListed reports whether a schema lists the values it allows (an
// enum, empty or not, or a const): exactEnum has left only values every
// other keyword of the schema allows, so the list alone is the schema.
func valueListed(sch *spec.Schema) bool { return sch.HasEnum || sch.Const != nil }
