package cli

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
)

// specGen writes random OpenAPI documents for the spec fuzzer
// (specfuzz_test.go): schemas built from every keyword oasgen reads
// (docs/conformance.md), nested and composed, with $ref cycles, boolean
// schemas, nullability, enums and consts of every kind, formats and
// patterns RE2 cannot run; parameters of every location, style and
// explode; bodies and responses of every media type oasgen handles;
// callbacks and webhooks. The documents are valid OpenAPI, so generation
// must either succeed or report a positioned error (for what oasgen does
// not support), never panic, and what it generates must compile and vet.
//
// Its randomness is a chooser: a PCG stream for the seeded loop, the
// fuzzer's bytes for FuzzSpec, so that coverage guidance steers the
// choices themselves.
type specGen struct {
	r       chooser
	version string   // "3.0.3", "3.1.1" or "3.2.0"
	schemas []string // component schema names; any schema may refer to any (cycles)
	params  []string // component parameter names
	ops     int      // operations so far, for unique operationIds
	// needBody and needResponse say an operation refers to the shared
	// request body or response, which the components then declare.
	needBody, needResponse bool
}

// chooser is the randomness of a specGen.
type chooser interface {
	IntN(n int) int
}

// bytesChooser takes choices from the fuzzer's bytes; past their end
// every choice is 0, the first of each list, which ends every recursion.
type bytesChooser struct{ data []byte }

func (c *bytesChooser) IntN(n int) int {
	if n <= 1 || len(c.data) == 0 {
		return 0
	}
	v := int(c.data[0])
	c.data = c.data[1:]
	return v % n
}

func newSpecGen(seed uint64) *specGen {
	return newSpecGenFrom(rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)))
}

// newBytesSpecGen makes the generator FuzzSpec drives; a seed of the
// deterministic loop as 8 bytes is a good start for its corpus.
func newBytesSpecGen(data []byte) *specGen {
	if len(data) == 8 {
		return newSpecGen(binary.LittleEndian.Uint64(data))
	}
	return newSpecGenFrom(&bytesChooser{data: data})
}

func newSpecGenFrom(r chooser) *specGen {
	g := &specGen{r: r}
	g.version = g.pick("3.0.3", "3.1.1", "3.1.1", "3.2.0")
	return g
}

func (g *specGen) v30() bool                  { return g.version == "3.0.3" }
func (g *specGen) v32() bool                  { return g.version == "3.2.0" }
func (g *specGen) intn(n int) int             { return g.r.IntN(n) }
func (g *specGen) chance(n int) bool          { return g.r.IntN(n) == 0 }
func (g *specGen) pick(list ...string) string { return list[g.r.IntN(len(list))] }
func pickOf[T any](g *specGen, list ...T) T   { return list[g.r.IntN(len(list))] }

// document returns a whole spec as JSON (which YAML parsers read too).
func (g *specGen) document() []byte {
	out, err := json.MarshalIndent(g.tree(), "", " ")
	if err != nil {
		panic(err)
	}
	return out
}

// componentNames are the names components draw from: some collide once
// made Go names (Pet, pet; a-b, a_b, aB), some are Go keywords or names
// the generated package declares itself.
var componentNames = []string{
	"Pet", "pet", "Error", "a-b", "a_b", "aB", "Client", "Server", "Handler",
	"string", "type", "Foo.Bar", "1st", "Value", "ValueList", "Opt", "Raw", "Item", "Items", "Ünïcode",
}

// tree returns the document as JSON values.
func (g *specGen) tree() map[string]any {
	n := 1 + g.intn(6)
	for i := range n {
		name := "S" + strconv.Itoa(i)
		if g.chance(3) {
			name = componentNames[g.intn(len(componentNames))] + strconv.Itoa(i%2)
		}
		g.schemas = append(g.schemas, name)
	}
	schemas := map[string]any{}
	for _, name := range g.schemas {
		schemas[name] = g.schema(0)
	}
	components := map[string]any{"schemas": schemas}
	if g.chance(3) {
		params := map[string]any{}
		for i := range 1 + g.intn(2) {
			name := "P" + strconv.Itoa(i)
			g.params = append(g.params, name)
			params[name] = g.parameter(fmt.Sprintf("shared%d", i), g.pick("query", "header", "cookie"))
		}
		components["parameters"] = params
	}
	doc := map[string]any{
		"openapi": g.version,
		"info":    map[string]any{"title": "random", "version": "1"},
	}
	security := g.security(components)
	if security != nil {
		doc["security"] = security
	}
	paths := map[string]any{}
	for i := range g.intn(5) {
		path, item := g.pathItem(i)
		paths[path] = item
	}
	if !g.v30() && g.chance(3) {
		hooks := map[string]any{}
		for i := range 1 + g.intn(2) {
			hooks["hook"+strconv.Itoa(i)] = map[string]any{g.pick("post", "put"): g.operation(false)}
		}
		doc["webhooks"] = hooks
	}
	if len(paths) > 0 || g.v30() || doc["webhooks"] == nil {
		doc["paths"] = paths
	}
	if g.needResponse {
		components["responses"] = map[string]any{"Problem": g.response("default")}
	}
	if g.needBody {
		components["requestBodies"] = map[string]any{"Body": g.requestBody()}
	}
	doc["components"] = components
	return doc
}

// security declares a scheme of each kind now and then and returns the
// document's requirements.
func (g *specGen) security(components map[string]any) []any {
	if !g.chance(3) {
		return nil
	}
	schemes := map[string]any{
		"key":    map[string]any{"type": "apiKey", "name": "X-Key", "in": g.pick("header", "query", "cookie")},
		"basic":  map[string]any{"type": "http", "scheme": "basic"},
		"bearer": map[string]any{"type": "http", "scheme": "bearer", "bearerFormat": "JWT"},
		"oauth": map[string]any{"type": "oauth2", "flows": map[string]any{
			"clientCredentials": map[string]any{"tokenUrl": "https://example.com/token", "scopes": map[string]any{"read": "r"}},
		}},
		"oidc": map[string]any{"type": "openIdConnect", "openIdConnectUrl": "https://example.com/.well-known/openid-configuration"},
	}
	if !g.v30() {
		schemes["mtls"] = map[string]any{"type": "mutualTLS"}
	}
	components["securitySchemes"] = schemes
	var reqs []any
	for range 1 + g.intn(2) {
		name := g.pick("key", "basic", "bearer", "oauth", "oidc")
		scopes := []any{}
		if name == "oauth" {
			scopes = append(scopes, "read")
		}
		reqs = append(reqs, map[string]any{name: scopes})
	}
	if g.chance(3) {
		reqs = append(reqs, map[string]any{}) // anonymous access allowed
	}
	return reqs
}

// ref returns a $ref to any component schema: cycles are allowed.
func (g *specGen) ref() map[string]any {
	return map[string]any{"$ref": "#/components/schemas/" + g.schemas[g.intn(len(g.schemas))]}
}

// maxDepth bounds the nesting of inline schemas.
const maxDepth = 4

// schema returns a random schema (a boolean in 3.1 and later now and
// then); depth is how deep it is nested.
func (g *specGen) schema(depth int) any {
	if depth > 0 && !g.v30() && g.chance(14) {
		return g.chance(2)
	}
	if depth > 0 && g.chance(5) {
		r := g.ref()
		if !g.v30() && g.chance(4) {
			// 3.1 applies the keywords beside a $ref too.
			switch g.intn(4) {
			case 0:
				r["description"] = "beside a $ref"
			case 1:
				r["minLength"] = 1
			case 2:
				r["type"] = []any{"object", "null"}
			default:
				r["maxProperties"] = 3
			}
		}
		if g.v30() && g.chance(4) {
			// 3.0 ignores siblings of $ref; a spec may still write them.
			r["nullable"] = true
		}
		return r
	}
	kinds := []string{"string", "string", "integer", "number", "boolean", "array", "object", "object", "enum"}
	if depth < maxDepth-1 {
		kinds = append(kinds, "allOf", "oneOf", "anyOf", "not", "typeless", "object", "array")
		if !g.v30() {
			kinds = append(kinds, "if", "const", "null", "types")
		}
	}
	if depth >= maxDepth {
		kinds = kinds[:5]
	}
	s := map[string]any{}
	switch kind := kinds[g.intn(len(kinds))]; kind {
	case "string":
		s["type"] = "string"
		g.stringKeywords(s)
	case "integer", "number":
		s["type"] = kind
		g.numberKeywords(s, kind)
	case "boolean":
		s["type"] = "boolean"
		if g.chance(5) {
			s["default"] = g.chance(2)
		}
	case "null":
		s["type"] = "null"
	case "array":
		s["type"] = "array"
		g.arrayKeywords(s, depth)
	case "object":
		s["type"] = "object"
		g.objectKeywords(s, depth)
	case "enum":
		kind := g.pick("string", "integer", "number", "boolean", "null", "mixed", "array", "object", "empty")
		s["enum"] = g.enumOf(kind)
		switch {
		case kind == "string" || kind == "integer" || kind == "number" || kind == "boolean":
			// Mostly the type of the values, now and then another.
			s["type"] = kind
			if g.chance(10) {
				s["type"] = g.pick("string", "integer")
			}
			if g.v30() && g.chance(3) {
				s["nullable"] = true
			}
		case g.chance(4):
			s["type"] = g.pick("string", "object", "array")
		}
	case "const":
		s["const"] = g.value(0)
		if g.chance(2) {
			s["type"] = g.pick("string", "integer", "object", "array")
		}
	case "types":
		// A type array of several kinds (3.1).
		var types []any
		for _, t := range []string{"string", "integer", "number", "boolean", "array", "object", "null"} {
			if g.chance(3) {
				types = append(types, t)
			}
		}
		if len(types) == 0 {
			types = []any{"string", "integer"}
		}
		s["type"] = types
		for _, t := range types {
			switch t {
			case "string":
				g.stringKeywords(s)
			case "integer", "number":
				g.numberKeywords(s, t.(string))
			case "array":
				g.arrayKeywords(s, depth)
			case "object":
				g.objectKeywords(s, depth)
			}
		}
		delete(s, "enum") // one kind's enum would break the others
	case "typeless":
		// Keywords without a type apply to their own kind only.
		switch g.intn(5) {
		case 0:
			g.stringKeywords(s)
		case 1:
			g.numberKeywords(s, "number")
		case 2:
			g.arrayKeywords(s, depth)
		case 3:
			g.objectKeywords(s, depth)
		}
	case "allOf", "oneOf", "anyOf":
		var list []any
		for range 1 + g.intn(3) {
			list = append(list, g.schema(depth+1))
		}
		s[kind] = list
		if kind != "allOf" && g.chance(3) {
			s = g.discriminated(kind, depth)
		}
		if g.chance(8) {
			s["type"] = g.pick("object", "string", "integer")
		}
		if g.chance(5) {
			g.objectKeywords(s, depth)
		}
	case "not":
		s["not"] = g.schema(depth + 1)
		if g.chance(2) {
			s["type"] = g.pick("string", "integer", "object", "array")
		}
	case "if":
		s["if"] = g.schema(depth + 1)
		if g.chance(4) {
			s["then"] = g.schema(depth + 1)
		}
		if g.chance(2) {
			s["else"] = g.schema(depth + 1)
		}
		if g.chance(2) {
			s["type"] = g.pick("string", "integer", "object")
		}
	}
	g.annotate(s)
	return s
}

// annotate adds nullability, defaults and the keywords that only annotate.
func (g *specGen) annotate(s map[string]any) {
	if g.v30() && g.chance(7) {
		s["nullable"] = true
	}
	if !g.v30() && g.chance(8) {
		switch t := s["type"].(type) {
		case string:
			s["type"] = []any{t, "null"}
		case nil:
			if g.chance(2) {
				s["type"] = []any{"null"}
			}
		}
	}
	if g.chance(12) {
		s["default"] = g.value(1)
	}
	if g.chance(10) {
		s["example"] = g.value(1)
	}
	if !g.v30() && g.chance(12) {
		s["examples"] = []any{g.value(1), g.value(1)}
	}
	if g.chance(10) {
		s["description"] = g.pick("a description", "*/ not a comment end", "line\nbreaks `and` quotes \"", "")
	}
	if g.chance(12) {
		s["title"] = g.pick("Title", "", "ünï")
	}
	if g.chance(15) {
		s["deprecated"] = true
	}
	if g.chance(20) {
		s["x-extension"] = map[string]any{"k": 1}
	}
}

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

// pathItem returns the i-th path and its operations.
func (g *specGen) pathItem(i int) (string, map[string]any) {
	path := fmt.Sprintf("/r%d", i)
	item := map[string]any{}
	var pathParams []any
	switch g.intn(4) {
	case 0:
		path += "/{id}"
		pathParams = append(pathParams, g.pathParam("id"))
	case 1:
		// Two templates in one segment, and one more.
		path += "/{a}.{b}/x/{c}"
		for _, n := range []string{"a", "b", "c"} {
			pathParams = append(pathParams, g.pathParam(n))
		}
	}
	if len(pathParams) > 0 && g.chance(2) {
		item["parameters"] = pathParams // on the path item, shared
		pathParams = nil
	}
	methods := []string{"get", "post", "put", "delete", "patch", "head", "options", "trace"}
	if g.v32() {
		methods = append(methods, "query")
	}
	for _, method := range methods {
		if method != "get" && !g.chance(3) {
			continue
		}
		op := g.operation(method != "get" && method != "head" && method != "delete" && method != "options")
		if len(pathParams) > 0 {
			op["parameters"] = append(append([]any{}, pathParams...), op["parameters"].([]any)...)
		}
		item[method] = op
	}
	if g.v32() && g.chance(4) {
		op := g.operation(true)
		op["parameters"] = append(append([]any{}, pathParams...), op["parameters"].([]any)...)
		item["additionalOperations"] = map[string]any{g.pick("LINK", "PURGE", "COPY"): op}
	}
	if g.chance(6) {
		item["summary"] = "a path"
	}
	return path, item
}

// pathParam returns a path parameter of a random style.
func (g *specGen) pathParam(name string) map[string]any {
	style := g.pick("simple", "label", "matrix")
	p := map[string]any{"name": name, "in": "path", "required": true, "schema": g.paramSchema(style != "simple" || g.chance(2))}
	if g.chance(2) {
		p["style"] = style
	}
	if g.chance(2) {
		p["explode"] = g.chance(2)
	}
	return p
}

// operation returns an operation; body says it may have a request body.
func (g *specGen) operation(body bool) map[string]any {
	g.ops++
	op := map[string]any{}
	if !g.chance(8) {
		op["operationId"] = g.pick("op", "get-thing", "List_Items", "do.it", "Op") + strconv.Itoa(g.ops)
	}
	params := []any{}
	for j := range g.intn(5) {
		if len(g.params) > 0 && g.chance(4) {
			params = append(params, map[string]any{"$ref": "#/components/parameters/" + g.params[g.intn(len(g.params))]})
			continue
		}
		params = append(params, g.parameter(fmt.Sprintf("%s%d", g.pick("p", "page", "X-Trace", "filter", "Accept", "sort.by", "q[]"), j), ""))
	}
	op["parameters"] = params
	if body && g.chance(2) {
		if g.chance(5) {
			op["requestBody"] = map[string]any{"$ref": "#/components/requestBodies/Body"}
			g.needBody = true
		} else {
			op["requestBody"] = g.requestBody()
		}
	}
	responses := map[string]any{}
	statuses := []string{g.pick("200", "201", "202", "204", "206", "2XX", "default")}
	for range g.intn(3) {
		statuses = append(statuses, g.pick("301", "304", "400", "404", "409", "4XX", "5XX", "default", "200"))
	}
	for _, status := range statuses {
		if g.chance(6) {
			responses[status] = map[string]any{"$ref": "#/components/responses/Problem"}
			g.needResponse = true
			continue
		}
		responses[status] = g.response(status)
	}
	op["responses"] = responses
	if g.chance(6) {
		op["deprecated"] = true
	}
	if g.chance(5) {
		op["security"] = []any{map[string]any{}}
	}
	if g.chance(5) {
		op["summary"] = g.pick("Does a thing", "*/ odd", "")
	}
	if g.chance(6) {
		op["x-oasgen-stream"] = g.chance(2)
	}
	if g.chance(6) {
		op["callbacks"] = map[string]any{"onEvent": map[string]any{
			g.pick("{$request.body#/url}", "{$request.query.cb}", "https://example.com/{$request.header.X-Cb}/x", "{$response.header.Location}"): map[string]any{
				"post": map[string]any{
					"requestBody": map[string]any{"content": g.content(true)},
					"responses":   map[string]any{"200": map[string]any{"description": "ok"}},
				},
			},
		}}
	}
	return op
}

// parameter returns a parameter named name in location in (random when
// empty), with a style that location allows.
func (g *specGen) parameter(name, in string) map[string]any {
	if in == "" {
		in = g.pick("query", "query", "header", "cookie")
		if g.v32() && g.chance(10) {
			in = "querystring"
		}
	}
	p := map[string]any{"name": name, "in": in}
	if g.chance(2) {
		p["required"] = true
	}
	if in == "querystring" {
		p["content"] = map[string]any{g.pick("application/x-www-form-urlencoded", "application/json"): map[string]any{"schema": map[string]any{"type": "object"}}}
		return p
	}
	if g.chance(8) {
		// A parameter with content instead of a style: JSON in the value.
		p["content"] = map[string]any{"application/json": map[string]any{"schema": g.schema(2)}}
		return p
	}
	var style string
	switch in {
	case "query":
		style = g.pick("form", "form", "spaceDelimited", "pipeDelimited", "deepObject")
	case "header":
		style = "simple"
	case "cookie":
		style = "form"
	}
	if g.chance(2) || style != "form" && style != "simple" {
		p["style"] = style
	}
	if g.chance(2) {
		p["explode"] = g.chance(2)
	}
	switch style {
	case "deepObject":
		p["schema"] = map[string]any{"type": "object", "properties": map[string]any{
			"a": map[string]any{"type": "string"}, "b": map[string]any{"type": "integer", "minimum": 1},
		}}
		p["explode"] = true
	case "spaceDelimited", "pipeDelimited":
		p["schema"] = map[string]any{"type": "array", "items": map[string]any{"type": g.pick("integer", "string", "number", "boolean")}}
		p["explode"] = false
	default:
		p["schema"] = g.paramSchema(true)
	}
	if in == "query" {
		if g.chance(8) {
			p["allowReserved"] = true
		}
		if g.chance(8) {
			p["allowEmptyValue"] = true
		}
	}
	if g.chance(8) {
		p["deprecated"] = true
	}
	if g.chance(8) {
		p["example"] = "x"
	}
	return p
}

// paramSchema returns a scalar, array or small object schema for a
// parameter, some of them components.
func (g *specGen) paramSchema(composite bool) any {
	if composite && g.chance(3) {
		switch g.intn(3) {
		case 0:
			return map[string]any{"type": "array", "items": g.scalar(), "minItems": g.intn(2)}
		case 1:
			return map[string]any{"type": "object", "properties": map[string]any{"a": g.scalar(), "b": g.scalar()}, "required": []any{"a"}}
		default:
			return map[string]any{"type": "object", "additionalProperties": g.scalar()}
		}
	}
	if g.chance(6) {
		return g.ref()
	}
	return g.scalar()
}

// scalar returns a string, integer, number or boolean schema with its
// keywords.
func (g *specGen) scalar() map[string]any {
	s := map[string]any{}
	switch kind := g.pick("string", "integer", "number", "boolean", "enum"); kind {
	case "string":
		s["type"] = "string"
		g.stringKeywords(s)
	case "integer", "number":
		s["type"] = kind
		g.numberKeywords(s, kind)
	case "boolean":
		s["type"] = "boolean"
	case "enum":
		s["type"] = g.pick("string", "integer")
		s["enum"] = g.enumOf(s["type"].(string))
	}
	if g.v30() && g.chance(8) {
		s["nullable"] = true
	}
	return s
}

// requestBody returns a request body of one or more media types.
func (g *specGen) requestBody() map[string]any {
	b := map[string]any{"content": g.content(true)}
	if g.chance(2) {
		b["required"] = true
	}
	if g.chance(6) {
		b["description"] = "a body"
	}
	return b
}

// response returns the response of status.
func (g *specGen) response(status string) map[string]any {
	r := map[string]any{"description": "r"}
	if status != "204" && status != "304" && !g.chance(4) {
		r["content"] = g.content(false)
	}
	if g.chance(4) {
		headers := map[string]any{}
		for i := range 1 + g.intn(2) {
			h := map[string]any{"schema": g.paramSchema(true)}
			if g.chance(2) {
				h["required"] = true
			}
			if g.chance(6) {
				h = map[string]any{"content": map[string]any{"application/json": map[string]any{"schema": g.scalar()}}}
			}
			headers[g.pick("X-Rate", "Link", "Location", "ETag", "X-Multi-Word")+strconv.Itoa(i)] = h
		}
		r["headers"] = headers
	}
	if g.chance(8) {
		r["links"] = map[string]any{"next": map[string]any{"operationId": "op1"}}
	}
	return r
}

// mediaTypes are the media types oasgen reads and writes, and some it
// passes on as bytes.
var mediaTypes = []string{
	"application/json", "application/json", "application/json; charset=utf-8", "application/problem+json",
	"application/vnd.api+json", "application/octet-stream", "text/plain", "text/html", "image/png", "*/*",
	"application/*", "application/x-ndjson", "application/jsonl", "application/json-seq", "text/event-stream",
	"application/x-www-form-urlencoded", "multipart/form-data", "application/xml",
}

// content returns the media type map of a body or response.
func (g *specGen) content(request bool) map[string]any {
	c := map[string]any{}
	for range 1 + g.intn(2) {
		ct := mediaTypes[g.intn(len(mediaTypes))]
		if !request && (ct == "application/x-www-form-urlencoded" || ct == "multipart/form-data") && g.chance(2) {
			ct = "application/json"
		}
		mt := map[string]any{}
		switch ct {
		case "application/octet-stream", "image/png":
			if !g.chance(4) {
				mt["schema"] = map[string]any{"type": "string", "format": g.pick("binary", "byte")}
			}
			if !g.v30() && g.chance(3) {
				mt["schema"] = map[string]any{"type": "string", "contentMediaType": ct}
			}
		case "text/plain", "text/html", "application/xml":
			if !g.chance(4) {
				mt["schema"] = g.pickSchema(map[string]any{"type": "string"}, g.scalar())
			}
		case "application/x-ndjson", "application/jsonl", "application/json-seq":
			switch {
			case g.v32() && g.chance(2):
				mt["itemSchema"] = g.schema(1)
			case g.chance(2):
				mt["schema"] = map[string]any{"type": "array", "items": g.schema(1)}
			default:
				mt["schema"] = g.schema(1)
			}
		case "text/event-stream":
			switch {
			case g.v32() && g.chance(2):
				// 3.2's event items: data typed by contentSchema.
				mt["itemSchema"] = map[string]any{
					"type": "object", "required": []any{"data"},
					"properties": map[string]any{
						"data":  map[string]any{"type": "string", "contentMediaType": "application/json", "contentSchema": g.schema(1)},
						"event": map[string]any{"type": "string"},
						"id":    map[string]any{"type": "string"},
						"retry": map[string]any{"type": "integer"},
					},
				}
			case g.chance(2):
				mt["schema"] = map[string]any{"type": "string"}
				mt["x-oasgen-event-data"] = g.ref()
			default:
				mt["schema"] = map[string]any{"type": "string"}
			}
		case "application/x-www-form-urlencoded", "multipart/form-data":
			props := map[string]any{}
			encoding := map[string]any{}
			var first string
			for i := range 1 + g.intn(4) {
				name := g.pick("name", "n", "tags", "meta", "file", "files", "x-y") + strconv.Itoa(i)
				if i == 0 {
					first = name
				}
				var p any
				switch g.intn(6) {
				case 0:
					p = map[string]any{"type": "array", "items": g.scalar()}
				case 1:
					p = map[string]any{"type": "object", "properties": map[string]any{"a": g.scalar()}}
					if g.chance(2) {
						encoding[name] = map[string]any{"contentType": "application/json"}
					}
				case 2:
					if ct == "multipart/form-data" {
						p = map[string]any{"type": "string", "format": "binary"}
						if g.chance(2) {
							p = map[string]any{"type": "array", "items": p}
						}
						if g.chance(2) {
							encoding[name] = map[string]any{"contentType": g.pick("image/png", "image/*", "application/octet-stream"),
								"headers": map[string]any{"X-Part": map[string]any{"schema": map[string]any{"type": "string"}}}}
						}
						break
					}
					fallthrough
				default:
					p = g.scalar()
				}
				if ct == "application/x-www-form-urlencoded" && g.chance(4) {
					encoding[name] = map[string]any{"style": g.pick("form", "spaceDelimited", "pipeDelimited", "deepObject"), "explode": g.chance(2)}
				}
				props[name] = p
			}
			s := map[string]any{"type": "object", "properties": props}
			if g.chance(2) {
				s["required"] = []any{first}
			}
			if g.chance(5) {
				mt["schema"] = g.ref()
			} else {
				mt["schema"] = s
			}
			if len(encoding) > 0 {
				mt["encoding"] = encoding
			}
		default:
			if g.chance(3) {
				mt["schema"] = g.ref()
			} else if !g.chance(10) {
				mt["schema"] = g.schema(1)
			}
			if g.chance(6) {
				mt["example"] = g.value(0)
			}
		}
		c[ct] = mt
	}
	return c
}

func (g *specGen) pickSchema(list ...any) any { return list[g.intn(len(list))] }
