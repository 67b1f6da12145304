// This file holds the random specs' operations: path items, parameters,
// request bodies, responses and their content.

package cli

import (
	"fmt"
	"strconv"
)

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
