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
