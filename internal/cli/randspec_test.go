package cli

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
)

// specGen writes random OpenAPI documents for the generator's fuzzing:
// schemas built from every keyword oasgen reads, parameters of every
// location and style, bodies and responses of every kind of media type.
// The documents are valid OpenAPI, so generation must either succeed or
// report a positioned error (for what oasgen does not support), never
// panic, and what it generates must compile.
type specGen struct {
	rng     *rand.Rand
	v31     bool
	schemas []string // component names, declared before any schema refers to them
}

func newSpecGen(seed uint64) *specGen {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	return &specGen{rng: r, v31: r.IntN(2) == 0}
}

func (g *specGen) pick(list ...string) string { return list[g.rng.IntN(len(list))] }
func (g *specGen) chance(n int) bool          { return g.rng.IntN(n) == 0 }

// document returns a whole spec as JSON (which YAML parsers read too).
func (g *specGen) document() []byte {
	version := "3.0.3"
	if g.v31 {
		version = "3.1.0"
	}
	n := 1 + g.rng.IntN(6)
	schemas := map[string]any{}
	for i := range n {
		g.schemas = append(g.schemas, fmt.Sprintf("S%d", i))
	}
	for i := range n {
		schemas[g.schemas[i]] = g.schema(0, i)
	}
	paths := map[string]any{}
	for i := range 1 + g.rng.IntN(4) {
		path, item := g.pathItem(i)
		paths[path] = item
	}
	doc := map[string]any{
		"openapi":    version,
		"info":       map[string]any{"title": "random", "version": "1"},
		"paths":      paths,
		"components": map[string]any{"schemas": schemas},
	}
	out, err := json.MarshalIndent(doc, "", " ")
	if err != nil {
		panic(err)
	}
	return out
}

// ref returns a $ref to a component below limit (components refer only to
// earlier ones and to themselves through optional properties, so every
// cycle can be broken), or nil.
func (g *specGen) ref(limit int) map[string]any {
	if limit <= 0 {
		return nil
	}
	return map[string]any{"$ref": "#/components/schemas/" + g.schemas[g.rng.IntN(limit)]}
}

// schema returns a random schema; depth bounds nesting, limit the
// components it may refer to.
func (g *specGen) schema(depth, limit int) map[string]any {
	if depth > 0 && g.chance(4) {
		if r := g.ref(limit); r != nil {
			return r
		}
	}
	kinds := []string{"string", "integer", "number", "boolean", "array", "object"}
	if depth < 2 {
		kinds = append(kinds, "oneOf", "anyOf", "allOf", "object", "object")
	}
	if depth >= 3 {
		kinds = kinds[:4]
	}
	s := map[string]any{}
	switch kind := kinds[g.rng.IntN(len(kinds))]; kind {
	case "string":
		s["type"] = "string"
		if g.chance(2) {
			s["format"] = g.pick("date-time", "date", "uuid", "email", "hostname", "ipv4", "ipv6", "uri", "byte", "binary", "int64", "decimal", "time", "duration", "password")
		}
		if g.chance(3) {
			s["minLength"] = g.rng.IntN(4)
			s["maxLength"] = 4 + g.rng.IntN(20)
		}
		if g.chance(4) {
			s["pattern"] = g.pick(`^[a-z]+$`, `\d`, `^(?!\s*$).+`, `^[A-Z][a-z]{0,9}$`, `^\p{L}+$`)
		}
		if g.chance(5) {
			s = map[string]any{"type": "string", "enum": []any{"a", "b-c", "1", "D"}}
		}
		if g.chance(8) {
			s["default"] = "a"
		}
	case "integer":
		s["type"] = "integer"
		if g.chance(2) {
			s["format"] = g.pick("int32", "int64", "uint32", "uint64")
		}
		if g.chance(3) {
			s["minimum"] = g.rng.IntN(10)
			s["maximum"] = 10 + g.rng.IntN(1000)
		}
		if g.chance(5) {
			s["multipleOf"] = 1 + g.rng.IntN(5)
		}
		if g.chance(6) {
			s["enum"] = []any{1, 2, 30}
		}
	case "number":
		s["type"] = "number"
		if g.chance(2) {
			s["format"] = g.pick("float", "double")
		}
		if g.chance(3) {
			s["minimum"] = -1.5
			if g.v31 {
				s["exclusiveMaximum"] = 1e6
			} else {
				s["maximum"], s["exclusiveMaximum"] = 1e6, true
			}
		}
		if g.chance(6) {
			s["multipleOf"] = 0.01
		}
	case "boolean":
		s["type"] = "boolean"
		if g.chance(6) {
			s["default"] = true
		}
	case "array":
		s["type"] = "array"
		s["items"] = g.schema(depth+1, limit)
		if g.chance(3) {
			s["minItems"], s["maxItems"] = g.rng.IntN(2), 2+g.rng.IntN(10)
		}
		if g.chance(5) {
			s["uniqueItems"] = true
		}
		if g.v31 && g.chance(6) {
			s["prefixItems"] = []any{g.schema(depth+1, limit), g.schema(depth+1, limit)}
		}
	case "object":
		s["type"] = "object"
		props := map[string]any{}
		var names []any
		for i := range g.rng.IntN(5) {
			name := g.pick("id", "name", "type", "kind", "value", "created_at", "x-y", "Validate", "2nd", "url", "items") + strconv.Itoa(i)
			if i == 0 && g.chance(2) {
				name = g.pick("id", "name", "type")
			}
			p := g.schema(depth+1, limit)
			if g.chance(6) {
				p["readOnly"] = true
			} else if g.chance(8) {
				p["writeOnly"] = true
			}
			if !g.v31 && g.chance(5) && p["$ref"] == nil {
				p["nullable"] = true
			}
			props[name] = p
			names = append(names, name)
		}
		if len(props) > 0 {
			s["properties"] = props
		}
		if len(names) > 0 && g.chance(2) {
			s["required"] = names[:1+g.rng.IntN(len(names))]
		}
		switch g.rng.IntN(5) {
		case 0:
			s["additionalProperties"] = false
		case 1:
			s["additionalProperties"] = g.schema(depth+1, limit)
		}
		if g.chance(5) {
			s["minProperties"], s["maxProperties"] = 0, 10
		}
		if g.v31 && g.chance(6) {
			s["patternProperties"] = map[string]any{"^x-": map[string]any{"type": "string"}}
		}
		if g.chance(8) {
			s["not"] = map[string]any{"required": []any{"forbidden"}}
		}
	case "oneOf", "anyOf", "allOf":
		var list []any
		for range 2 + g.rng.IntN(2) {
			list = append(list, g.schema(depth+1, limit))
		}
		s[kind] = list
		if kind == "oneOf" && g.chance(3) {
			// A discriminated union of object variants, each with the tag.
			var variants []any
			for i := range 2 {
				tag := "v" + strconv.Itoa(i)
				variants = append(variants, map[string]any{
					"type":     "object",
					"required": []any{"kind"},
					"properties": map[string]any{
						"kind": map[string]any{"type": "string", "enum": []any{tag}},
						"n":    g.schema(depth+2, limit),
					},
				})
			}
			s = map[string]any{"oneOf": variants, "discriminator": map[string]any{"propertyName": "kind"}}
		}
	}
	if g.v31 && s["$ref"] == nil && s["type"] != nil && g.chance(8) {
		s["type"] = []any{s["type"], "null"}
	}
	return s
}

// pathItem returns the i-th path and its operations.
func (g *specGen) pathItem(i int) (string, map[string]any) {
	path := fmt.Sprintf("/r%d", i)
	var pathParams []any
	if g.chance(2) {
		path += "/{id}"
		style := g.pick("simple", "label", "matrix")
		pathParams = append(pathParams, map[string]any{
			"name": "id", "in": "path", "required": true, "style": style, "explode": g.chance(2),
			"schema": g.paramSchema(style != "simple" || g.chance(2)),
		})
	}
	item := map[string]any{}
	for _, method := range []string{"get", "post", "put", "delete", "patch"} {
		if !g.chance(2) && method != "get" {
			continue
		}
		op := map[string]any{"operationId": method + strconv.Itoa(i)}
		params := append([]any{}, pathParams...)
		for j := range g.rng.IntN(4) {
			in := g.pick("query", "query", "header", "cookie")
			style := map[string]string{"query": g.pick("form", "form", "spaceDelimited", "pipeDelimited", "deepObject"), "header": "simple", "cookie": "form"}[in]
			p := map[string]any{"name": fmt.Sprintf("p%d", j), "in": in, "style": style, "required": g.chance(2)}
			switch style {
			case "deepObject":
				p["schema"] = map[string]any{"type": "object", "properties": map[string]any{"a": map[string]any{"type": "string"}, "b": map[string]any{"type": "integer"}}}
			case "spaceDelimited", "pipeDelimited":
				p["schema"] = map[string]any{"type": "array", "items": map[string]any{"type": "integer"}}
				p["explode"] = false
			default:
				p["schema"] = g.paramSchema(true)
			}
			params = append(params, p)
		}
		if len(params) > 0 {
			op["parameters"] = params
		}
		if method != "get" && method != "delete" && g.chance(2) {
			op["requestBody"] = map[string]any{"required": g.chance(2), "content": g.content(true)}
		}
		responses := map[string]any{}
		for _, status := range []string{g.pick("200", "201", "204"), g.pick("400", "4XX", "default", "404")} {
			r := map[string]any{"description": "r"}
			if status != "204" && !g.chance(4) {
				r["content"] = g.content(false)
			}
			if g.chance(5) {
				r["headers"] = map[string]any{"X-Rate": map[string]any{"schema": map[string]any{"type": "integer"}}}
			}
			responses[status] = r
		}
		op["responses"] = responses
		item[method] = op
	}
	return path, item
}

// paramSchema returns a scalar, array or small object schema for a
// parameter.
func (g *specGen) paramSchema(composite bool) map[string]any {
	if composite && g.chance(3) {
		if g.chance(2) {
			return map[string]any{"type": "array", "items": map[string]any{"type": g.pick("string", "integer")}}
		}
		return map[string]any{"type": "object", "properties": map[string]any{"a": map[string]any{"type": "string"}}}
	}
	s := g.schema(3, 0)
	return s
}

// content returns a media type map of a body or response.
func (g *specGen) content(request bool) map[string]any {
	c := map[string]any{}
	kinds := []string{"application/json", "application/json", "application/problem+json", "application/octet-stream", "text/plain", "*/*", "application/x-ndjson", "application/json-seq"}
	if request {
		kinds = append(kinds, "application/x-www-form-urlencoded", "multipart/form-data")
	} else {
		kinds = append(kinds, "text/event-stream")
	}
	for range 1 + g.rng.IntN(2) {
		ct := kinds[g.rng.IntN(len(kinds))]
		var s map[string]any
		switch ct {
		case "application/octet-stream":
			s = map[string]any{"type": "string", "format": "binary"}
		case "text/plain":
			s = map[string]any{"type": "string"}
		case "application/x-ndjson", "application/json-seq":
			// Items typed by an array schema (3.0 and 3.1 have no itemSchema).
			s = map[string]any{"type": "array", "items": g.schema(1, len(g.schemas))}
		case "text/event-stream":
			mt := map[string]any{"schema": map[string]any{"type": "string"}}
			if r := g.ref(len(g.schemas)); r != nil {
				mt["x-oasgen-event-data"] = r
			}
			c[ct] = mt
			continue
		case "application/x-www-form-urlencoded", "multipart/form-data":
			s = map[string]any{"type": "object", "properties": map[string]any{
				"name": map[string]any{"type": "string"},
				"n":    map[string]any{"type": "integer"},
			}}
			if ct == "multipart/form-data" && g.chance(2) {
				s["properties"].(map[string]any)["file"] = map[string]any{"type": "string", "format": "binary"}
			}
		default:
			if r := g.ref(len(g.schemas)); r != nil && g.chance(2) {
				s = r
			} else {
				s = g.schema(1, len(g.schemas))
			}
		}
		c[ct] = map[string]any{"schema": s}
	}
	return c
}
