package build

import (
	"slices"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/internal/spec"
)

// TestSkipped checks that each element oasgen reads and does not generate
// is one warning, with its kind and the position of the element.
func TestSkipped(t *testing.T) {
	const head = "openapi: 3.1.0\ninfo: {title: t, version: '1'}\n"
	const op = "paths:\n  /p:\n    get:\n      responses: {'200': {description: ok}}\n"
	tests := []struct {
		name string
		doc  string // after head
		want []string
	}{
		{"nothing skipped", op + "components:\n  securitySchemes:\n    b: {type: http, scheme: Bearer}\n    o: {type: openIdConnect, openIdConnectUrl: https://x}\n", nil},
		{"webhook", "webhooks:\n  a:\n    post: {responses: {'200': {description: ok}}}\n", nil},
		{"x-webhooks", "x-webhooks:\n  b:\n    post: {responses: {'200': {description: ok}}}\n" + op, nil},
		{"x-webhooks beside webhooks", "webhooks:\n  a:\n    post: {responses: {'200': {description: ok}}}\nx-webhooks:\n  b:\n    post: {responses: {'200': {description: ok}}}\n" + op,
			[]string{"webhooks spec.yaml:7:3: webhook b (x-webhooks) is not generated: the document's webhooks field is"}},
		{"callback", "paths:\n  /p:\n    post:\n      callbacks:\n        cb: {'{$url}': {post: {responses: {'200': {description: ok}}}}}\n      responses: {'200': {description: ok}}\n", nil},
		{"callback with a bad URL", "paths:\n  /p:\n    post:\n      callbacks:\n        cb: {'{$uri}': {post: {responses: {'200': {description: ok}}}}}\n      responses: {'200': {description: ok}}\n",
			[]string{"callbacks spec.yaml:7:14: POST /p: callback cb is not generated: $uri: not a runtime expression: it starts with none of $url, $method, $statusCode, $request. and $response."}},
		{"link", "paths:\n  /p:\n    get:\n      responses:\n        '200':\n          description: ok\n          links: {self: {operationId: x}}\n",
			[]string{"links spec.yaml:9:19: GET /p: response 200: link self is not generated: oasgen generates no code that follows links"}},
		{"servers", "paths:\n  /p:\n    servers: [{url: 'https://a'}]\n    get:\n      servers: [{url: 'https://b'}]\n      responses: {'200': {description: ok}}\n",
			[]string{
				"servers spec.yaml:5:5: /p: the path's servers are not used: the client sends every request to the base URL NewClient was given",
				"servers spec.yaml:7:7: GET /p: the operation's servers are not used: the client sends every request to the base URL NewClient was given",
			}},
		{"path-level parameter content", "paths:\n  /p:\n    parameters:\n      - {name: f, in: query, content: {application/json: {schema: {type: string}}}}\n    get:\n      responses: {'200': {description: ok}}\n",
			[]string{"parameter content spec.yaml:6:30: /p: parameter f: content application/json is not applied: the value is read and written in the parameter's style with the media type's schema, not encoded as application/json"}},
		{"allowReserved", "paths:\n  /p:\n    get:\n      parameters: [{name: f, in: query, allowReserved: true, schema: {type: string}}]\n      responses: {'200': {description: ok}}\n",
			[]string{"allowReserved spec.yaml:6:41: GET /p: parameter f: allowReserved is not applied: the client percent-encodes reserved characters (the server reads both forms)"}},
		{"xml body", "paths:\n  /p:\n    put:\n      requestBody: {content: {application/xml: {schema: {type: array, items: {type: string}}}, text/plain: {schema: {type: string}}}}\n      responses: {'200': {description: ok}}\n",
			[]string{"media type spec.yaml:6:31: PUT /p: request body: application/xml is not JSON, a form or multipart: the body is passed on as bytes and its schema is not checked"}},
		{"form encoding", "paths:\n  /p:\n    put:\n      requestBody: {content: {application/x-www-form-urlencoded: {schema: {type: object, properties: {a: {type: string}}}, encoding: {a: {style: form}}}}}\n      responses: {'200': {description: ok}}\n",
			[]string{"encoding spec.yaml:6:124: PUT /p: request body (application/x-www-form-urlencoded): encoding is not applied: parts and fields are read and written by their schema alone"}},
		{"header content", "paths:\n  /p:\n    get:\n      responses:\n        '200':\n          description: ok\n          headers: {X-A: {content: {text/plain: {schema: {type: string}}}}}\n",
			[]string{"header content spec.yaml:9:27: GET /p: response 200: header X-A: content is not generated: the header is read and written as free-form text, its media type and schema are not applied"}},
		{"security schemes", op + "components:\n  securitySchemes:\n    m: {type: mutualTLS}\n    h: {type: http}\n    x: {type: magic}\n",
			[]string{
				"security scheme spec.yaml:9:5: security scheme m (mutualTLS): its credentials are not read by the generated server: its Handle method receives the request and must check them itself",
				"security scheme spec.yaml:10:5: security scheme h (an http scheme with no scheme named): its credentials are not read by the generated server: its Handle method receives the request and must check them itself",
				"security scheme spec.yaml:11:5: security scheme x (type \"magic\", which OpenAPI does not define): its credentials are not read by the generated server: its Handle method receives the request and must check them itself",
			}},
		{"x- keys of maps of names", "paths:\n  /p:\n    post:\n      requestBody: {content: {application/json: {schema: {type: string}}, x-example-1: {example: a}}}\n      callbacks: {x-cb: {}}\n      responses:\n        '200':\n          description: ok\n          content: {text/plain: {examples: {x-e: {value: a}}}}\n",
			[]string{
				"x- key spec.yaml:6:75: content: key \"x-example-1\" is left out: this map of names takes no extensions, and a key starting with x- is not read as a name",
				"x- key spec.yaml:7:19: callbacks: key \"x-cb\" is left out: this map of names takes no extensions, and a key starting with x- is not read as a name",
			}},
		{"dialect", "jsonSchemaDialect: https://example.com/d\n" + op,
			[]string{"jsonSchemaDialect spec.yaml:3:1: jsonSchemaDialect https://example.com/d is not used: schemas are read as OpenAPI 3.1's dialect (JSON Schema 2020-12)"}},
		{"default dialect", "jsonSchemaDialect: https://spec.openapis.org/oas/3.1/dialect/base\n" + op, nil},
		{"querystring parameter", "paths:\n  /p:\n    get:\n      parameters: [{name: q, in: querystring, content: {application/json: {schema: {type: object}}}}]\n      responses: {'200': {description: ok}}\n",
			[]string{"parameter location spec.yaml:6:20: GET /p: parameter \"q\" is in querystring (OpenAPI 3.2), which oasgen does not generate yet; it is left out of the parameters (read r.URL.RawQuery in middleware)"}},
		{"additional operation", "paths:\n  /p:\n    additionalOperations:\n      post: {responses: {'200': {description: ok}}}\n",
			[]string{"additional operation spec.yaml:6:7: /p: additionalOperations key \"post\" names a method with a field of its own (use post); the operation is not generated"}},
		{"item schema", "paths:\n  /p:\n    post:\n      requestBody: {content: {text/event-stream: {itemSchema: {type: object, properties: {data: {type: integer}}}}, application/json: {schema: {type: integer}, itemSchema: {type: integer}}}}\n      responses: {'200': {description: ok}}\n",
			[]string{
				"item schema spec.yaml:5:5: request body of post /p (application/json): itemSchema is not used: oasgen reads items of text/event-stream, JSON Lines and application/json-seq only; the body is typed by its schema",
				"item schema spec.yaml:5:5: POST /p: a text/event-stream request body is passed on as bytes (oashttp.RawBody): events are typed in responses",
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := spec.Parse("spec.yaml", []byte(head+tt.doc))
			if err != nil {
				t.Fatal(err)
			}
			p, err := Package(s, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, d := range p.Diagnostics {
				got = append(got, d.Kind+" "+d.String())
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}
