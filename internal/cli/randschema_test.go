// This file holds the random specs' schema keywords: strings, numbers,
// arrays, objects, discriminated unions, enums and values.

package cli

import (
	"strconv"
)

// formats are every format oasgen reads, and some it does not.
var formats = []string{
	"date-time", "date", "time", "duration", "uuid", "email", "idn-email", "hostname", "idn-hostname",
	"ipv4", "ipv6", "uri", "uri-reference", "iri", "iri-reference", "uri-template", "json-pointer",
	"relative-json-pointer", "regex", "byte", "binary", "password", "decimal", "int32", "int64",
	"uint32", "uint64", "unknown-format", "",
}

// patterns are ECMA-262 patterns (the first eight RE2 runs too), some of
// which RE2 cannot run
// (lookarounds, backreferences), some odd for Go (named groups, \u escapes,
// classes), some broken as regular expressions go.
var patterns = []string{
	`^[a-z]+$`, `\d`, `^(?!\s*$).+`, `^[A-Z][a-z]{0,9}$`, `^\p{L}+$`, `\u00e9+`, `[\s\S]*`, `^\d{3}-\d{4}$`,
	`(a)\1`, `(?<=x)y`, `(?<!x)y`, `^(?=.*\d)(?=.*[a-z]).{8,}$`, `^(?<year>\d{4})-\k<year>$`, `^$`, `a{2,}?`,
	`[\w.-]+@[\w-]+`, `^\/path$`, `\cA`, `[^]`, `(`, `x{2,1}`, `.`, `\bword\b`,
}

func (g *specGen) stringKeywords(s map[string]any) {
	if g.chance(2) {
		s["format"] = formats[g.intn(len(formats))]
	}
	if g.chance(3) {
		s["minLength"] = g.intn(4)
		if g.chance(2) {
			s["maxLength"] = g.intn(20)
		}
	}
	if g.chance(3) {
		s["pattern"] = patterns[g.intn(8)] // mostly patterns RE2 runs
		if g.chance(12) {
			s["pattern"] = patterns[g.intn(len(patterns))]
		}
	}
	if !g.v30() && g.chance(10) {
		s["contentEncoding"] = "base64"
		s["contentMediaType"] = "application/json"
	}
	if g.chance(6) {
		s["enum"] = g.enumOf("string")
	}
	if g.chance(8) {
		s["default"] = g.pick("a", "", "2024-01-02", "x y")
	}
}

func (g *specGen) numberKeywords(s map[string]any, kind string) {
	if g.chance(2) {
		if kind == "integer" {
			s["format"] = g.pick("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "uint", "unknown")
		} else {
			s["format"] = g.pick("float", "double", "decimal", "int32", "int64")
		}
	}
	bound := func() any {
		if kind == "integer" && g.chance(2) {
			return pickOf[any](g, 0, 1, -5, 100, 9007199254740993, -2147483649)
		}
		return pickOf[any](g, -1.5, 0.1, 1e6, 2.5e-3, 1e300, 3)
	}
	if g.chance(2) {
		s["minimum"] = bound()
	}
	if g.chance(2) {
		s["maximum"] = bound()
	}
	if g.chance(3) {
		if g.v30() {
			if s["minimum"] != nil {
				s["exclusiveMinimum"] = g.chance(2)
			}
			if s["maximum"] != nil {
				s["exclusiveMaximum"] = g.chance(2)
			}
		} else {
			s[g.pick("exclusiveMinimum", "exclusiveMaximum")] = bound()
		}
	}
	if g.chance(4) {
		if kind == "integer" {
			s["multipleOf"] = pickOf[any](g, 1, 2, 7, 0.5)
		} else {
			s["multipleOf"] = pickOf[any](g, 0.01, 0.5, 3, 1e-8)
		}
	}
	if g.chance(6) {
		s["enum"] = g.enumOf(kind)
	}
	if g.chance(8) {
		s["default"] = pickOf[any](g, 0, 1, 2.5)
	}
}

func (g *specGen) arrayKeywords(s map[string]any, depth int) {
	if g.chance(8) == false || g.v30() {
		s["items"] = g.schema(depth + 1)
	}
	if g.chance(3) {
		s["minItems"] = g.intn(3)
		if g.chance(2) {
			s["maxItems"] = g.intn(10)
		}
	}
	if g.chance(4) {
		s["uniqueItems"] = true
	}
	if g.v30() {
		return
	}
	if g.chance(5) {
		var prefix []any
		for range 1 + g.intn(3) {
			prefix = append(prefix, g.schema(depth+1))
		}
		s["prefixItems"] = prefix
	}
	if g.chance(6) {
		s["contains"] = g.schema(depth + 1)
		if g.chance(2) {
			s["minContains"] = g.intn(3)
		}
		if g.chance(2) {
			s["maxContains"] = 1 + g.intn(3)
		}
	}
	if g.chance(10) {
		s["unevaluatedItems"] = g.schema(depth + 1)
	}
}

// propertyNames are the names properties draw from: some collide once
// made Go names, some are Go keywords or the generated code's own
// method names.
var propertyNames = []string{
	"id", "name", "type", "kind", "value", "created_at", "createdAt", "x-y", "x_y", "Validate",
	"UnmarshalJSON", "String", "2nd", "url", "URL", "items", "", "a b", "ünï", "func", "_", "-",
	"@type", "kind.sub", "Set", "Get", "Is", "Raw", "Opt",
}

func (g *specGen) objectKeywords(s map[string]any, depth int) {
	props := map[string]any{}
	var names []any
	for range g.intn(6) {
		name := propertyNames[g.intn(len(propertyNames))]
		if g.chance(1000) {
			name = "$ref" // the parser cannot read it as a required name
		}
		if _, dup := props[name]; dup {
			continue
		}
		p := g.schema(depth + 1)
		if m, ok := p.(map[string]any); ok && m["$ref"] == nil {
			if g.chance(6) {
				m["readOnly"] = true
			} else if g.chance(8) {
				m["writeOnly"] = true
			}
		}
		props[name] = p
		names = append(names, name)
	}
	if len(props) > 0 {
		s["properties"] = props
	}
	if g.chance(2) {
		var req []any
		for _, n := range names {
			if g.chance(2) {
				req = append(req, n)
			}
		}
		if g.chance(5) {
			req = append(req, "undeclared") // required yet not a property
		}
		if len(req) > 0 {
			s["required"] = req
		}
	}
	switch g.intn(6) {
	case 0:
		s["additionalProperties"] = false
	case 1:
		s["additionalProperties"] = g.schema(depth + 1)
	case 2:
		s["additionalProperties"] = true
	}
	if g.chance(5) {
		s["minProperties"] = g.intn(2)
		s["maxProperties"] = 1 + g.intn(10)
	}
	if g.chance(8) {
		s["discriminator"] = map[string]any{"propertyName": "type"}
	}
	if g.v30() {
		return
	}
	if g.chance(6) {
		s["patternProperties"] = map[string]any{
			g.pick("^x-", "^[0-9]+$", "a", "^[a-z]", "^x-", "^[0-9]+$", "a", "^[a-z]", "(?!a)b"): g.schema(depth + 1),
		}
	}
	if g.chance(8) {
		s["propertyNames"] = pickOf[any](g, map[string]any{"maxLength": 3}, map[string]any{"pattern": "^[a-z]+$"}, true, false)
	}
	if g.chance(8) && len(names) > 0 {
		s["dependentRequired"] = map[string]any{names[0].(string): []any{"other"}}
	}
	if g.chance(10) && len(names) > 0 {
		s["dependentSchemas"] = map[string]any{names[0].(string): g.schema(depth + 1)}
	}
	if g.chance(10) {
		s["unevaluatedProperties"] = g.schema(depth + 1)
	}
}

// discriminated returns a oneOf or anyOf of object variants, each a
// component or inline, with a discriminator and perhaps a mapping.
func (g *specGen) discriminated(kind string, depth int) map[string]any {
	tag := g.pick("kind", "type", "@type")
	var variants []any
	mapping := map[string]any{}
	for i := range 1 + g.intn(3) {
		value := "v" + strconv.Itoa(i)
		if g.chance(3) {
			r := g.ref()
			variants = append(variants, r)
			if g.chance(2) {
				mapping[value] = r["$ref"]
			}
			continue
		}
		v := map[string]any{
			"type":     "object",
			"required": []any{tag},
			"properties": map[string]any{
				tag: map[string]any{"type": "string", "enum": []any{value}},
				"n": g.schema(depth + 2),
			},
		}
		if g.chance(4) {
			v["additionalProperties"] = false
		}
		variants = append(variants, v)
	}
	s := map[string]any{kind: variants}
	d := map[string]any{"propertyName": tag}
	if len(mapping) > 0 {
		d["mapping"] = mapping
	}
	s["discriminator"] = d
	return s
}

// enum returns the values of an enum of any kind.
func (g *specGen) enum() []any {
	return g.enumOf(g.pick("string", "integer", "number", "boolean", "null", "mixed", "array", "object", "empty"))
}

func (g *specGen) enumOf(kind string) []any {
	switch kind {
	case "string":
		// Values that collide once made Go names, an empty one, odd text.
		return g.some("a", "A", "b-c", "b_c", "1", "", "ünï", "with space", "null", "true", `quote"d`, "Value")
	case "integer":
		return g.some(0, 1, -2, 30, 9007199254740993, -9223372036854775808)
	case "number":
		return g.some(1.5, -0.25, 1e300, 2, 0)
	case "boolean":
		return g.some(true, false)
	case "null":
		return []any{nil}
	case "mixed":
		return g.some("a", 1, true, nil, 2.5, []any{1}, map[string]any{"a": 1})
	case "array":
		return g.some([]any{1, 2}, []any{}, []any{"a"})
	case "object":
		return g.some(map[string]any{"a": 1}, map[string]any{})
	}
	return []any{}
}

// some returns a non-empty subset of values in order, once with a
// duplicate.
func (g *specGen) some(values ...any) []any {
	var out []any
	for _, v := range values {
		if g.chance(2) {
			out = append(out, v)
		}
	}
	if len(out) == 0 {
		out = append(out, values[g.intn(len(values))])
	}
	if g.chance(20) {
		out = append(out, out[0])
	}
	return out
}

// value returns a random JSON value; depth bounds nesting.
func (g *specGen) value(depth int) any {
	n := 8
	if depth > 1 {
		n = 6
	}
	switch g.intn(n) {
	case 0:
		return nil
	case 1:
		return g.chance(2)
	case 2:
		return pickOf[any](g, 0, 1, -7, 9007199254740993)
	case 3:
		return pickOf[any](g, 1.5, 1e-9, -0.0, 1e308)
	case 4, 5:
		return g.pick("", "a", "2024-01-02T03:04:05Z", "ünï", "x\"y")
	case 6:
		return []any{g.value(depth + 1), g.value(depth + 1)}
	default:
		return map[string]any{"a": g.value(depth + 1), "b c": g.value(depth + 1)}
	}
}
