package spec

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeFiles writes files (path: text) under a new directory and returns
// the path of the first one given as root.
func writeFiles(t *testing.T, root string, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, root)
}

const header = "openapi: 3.0.3\ninfo: {title: t, version: \"1\"}\n"

func TestLoadRefs(t *testing.T) {
	root := writeFiles(t, "api/openapi.yaml", map[string]string{
		"api/openapi.yaml": header + `paths:
  /pets:
    $ref: paths/pets.yaml
  /odd:
    get:
      parameters:
        - $ref: "#/components/parameters/Limit"
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {$ref: "#/components/schemas/a~1b~0c"}
components:
  parameters:
    Limit: {name: limit, in: query, schema: {$ref: "#/components/schemas/Count"}}
  schemas:
    Count: {$ref: "#/components/schemas/Int"}
    Int: {type: integer, minimum: 2.0, maxLength: 1e1, maxItems: 2.5, exclusiveMinimum: true}
    Never: false
    NoneOf: {type: array, items: {$ref: "#/components/schemas/Never"}}
    a/b~c:
      type: object
      properties:
        tail: {$ref: "#/components/schemas/a~1b~0c/properties/head"}
        head: {type: string}
        flags: {type: array, prefixItems: [true, false]}
`,
		"api/paths/pets.yaml": `get:
  responses:
    "200":
      description: pets
      content:
        application/json:
          schema: {$ref: "../schemas/pet.yaml#/Pet"}
`,
		"api/schemas/pet.yaml": `Pet:
  type: object
  properties:
    name: {$ref: "#/Name"}
Name: {type: string, minLength: 1}
`,
	})
	s, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	pets := s.Doc.Paths.PathItems.GetOrZero("/pets")
	if pets == nil || pets.Ref != "paths/pets.yaml" || pets.Get == nil {
		t.Fatalf("path item /pets: %+v", pets)
	}
	pet := pets.Get.Responses.Codes.GetOrZero("200").Content.GetOrZero("application/json").Schema.Schema()
	if pet == nil || !strings.HasSuffix(pet.File, filepath.Join("schemas", "pet.yaml")) || pet.Node.Line != 2 {
		t.Fatalf("Pet: %+v", pet)
	}
	name := pet.Properties.GetOrZero("name").Schema()
	if name == nil || name.MinLength == nil || *name.MinLength != 1 {
		t.Fatalf("a $ref inside another file resolves there: %+v", name)
	}
	if file, line, _ := s.Pos(name); file != filepath.Join(filepath.Dir(root), "schemas", "pet.yaml") || line != 5 {
		t.Errorf("Pos(Name) = %s:%d", file, line)
	}

	limit := s.Doc.Paths.PathItems.GetOrZero("/odd").Get.Parameters[0]
	if limit.Ref != "#/components/parameters/Limit" || limit.Name != "limit" {
		t.Fatalf("parameter: %+v", limit)
	}
	count := limit.Schema.Schema()
	intSchema := s.Doc.Components.Schemas.GetOrZero("Int").Schema()
	if count != intSchema {
		t.Errorf("a chain of $refs gives the schema at its end, the one the component gives")
	}
	if intSchema.Minimum == nil || *intSchema.Minimum != 2 || intSchema.MaxLength == nil || *intSchema.MaxLength != 10 || intSchema.MaxItems != nil {
		t.Errorf("numbers: minimum %v, maxLength %v, maxItems %v (want 2, 10, none: 2.5 is no integer)", intSchema.Minimum, intSchema.MaxLength, intSchema.MaxItems)
	}
	if e := intSchema.ExclusiveMinimum; e == nil || !e.IsA() || !e.A {
		t.Errorf("exclusiveMinimum: true is the boolean: %+v", e)
	}

	odd := s.Doc.Components.Schemas.GetOrZero("a/b~c").Schema()
	if odd == nil || s.Doc.Paths.PathItems.GetOrZero("/odd").Get.Responses.Codes.GetOrZero("200").Content.GetOrZero("application/json").Schema.Schema() != odd {
		t.Fatalf("~1 and ~0 in a pointer name / and ~")
	}
	if odd.Properties.GetOrZero("tail").Schema() != odd.Properties.GetOrZero("head").Schema() {
		t.Errorf("a pointer into a schema's properties gives that property's schema")
	}
	never := s.Doc.Components.Schemas.GetOrZero("NoneOf").Schema().Items.A.Schema()
	if never == nil || never.Node.Value != "false" {
		t.Errorf("a $ref to a boolean schema where one schema goes: %+v", never)
	}
	flags := odd.Properties.GetOrZero("flags").Schema()
	if len(flags.PrefixItems) != 2 || flags.PrefixItems[1].Schema() == nil || flags.PrefixItems[1].Schema().Node.Value != "false" {
		t.Errorf("booleans in a list of schemas are schemas whose node is the boolean")
	}
}

func TestLoadErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  string // the error, the temporary directory written as DIR
	}{
		{
			name: "missing component",
			files: map[string]string{"openapi.yaml": header + `paths: {}
components:
  schemas:
    A: {type: object, properties: {b: {$ref: "#/components/schemas/Nope"}}}
`},
			want: `DIR/openapi.yaml:6:46: cannot resolve $ref "#/components/schemas/Nope": /components/schemas has no "Nope"`,
		},
		{
			name: "missing file",
			files: map[string]string{"openapi.yaml": header + `paths:
  /a: {$ref: "gone.yaml"}
`},
			want: `DIR/openapi.yaml:4:14: cannot resolve $ref "gone.yaml": cannot read DIR/gone.yaml: no such file or directory`,
		},
		{
			name: "error in another file",
			files: map[string]string{"openapi.yaml": header + `paths:
  /a: {$ref: "sub/a.yaml"}
`, "sub/a.yaml": "get:\n  responses:\n    default: {$ref: '#/R'}\n"},
			want: `DIR/sub/a.yaml:3:21: cannot resolve $ref "#/R": the document has no "R"`,
		},
		{
			name: "bad YAML in another file",
			files: map[string]string{"openapi.yaml": header + `paths:
  /a: {$ref: "a.yaml"}
`, "a.yaml": "get:\n  responses: [\n"},
			want: `DIR/openapi.yaml:4:14: cannot resolve $ref "a.yaml": DIR/a.yaml:3:1: invalid YAML: did not find expected node content (while parsing a flow node)`,
		},
		{
			name: "a loop of $refs outside components",
			files: map[string]string{"openapi.yaml": header + `paths:
  /a:
    get:
      responses:
        "200": {description: ok, content: {application/json: {schema: {$ref: "#/x-a"}}}}
x-a: {$ref: "#/x-b"}
x-b: {$ref: "#/x-a"}
`},
			want: `DIR/openapi.yaml:7:78: circular $ref "#/x-a": it leads to $refs only`,
		},
		{
			name: "boolean where 3.0 takes one schema",
			files: map[string]string{"openapi.yaml": header + `paths: {}
components:
  schemas:
    A: {not: false}
`},
			want: `DIR/openapi.yaml:6:14: a schema must be a mapping, not false`,
		},
		{
			name: "a list where one schema goes",
			files: map[string]string{"openapi.yaml": header + `paths: {}
components:
  schemas:
    A: {type: array, items: [{type: string}]}
`},
			want: `DIR/openapi.yaml:6:29: a schema must be a mapping, not a list`,
		},
		{
			name: "a response that is no mapping",
			files: map[string]string{"openapi.yaml": header + `paths:
  /a:
    get:
      responses: {"200": ok}
`},
			want: `DIR/openapi.yaml:6:26: a response must be a mapping, not the string "ok"`,
		},
		{
			name: "an operation that is no mapping",
			files: map[string]string{"openapi.yaml": header + `paths:
  /a:
    get: [1]
`},
			want: `DIR/openapi.yaml:5:10: an operation must be a mapping, not a list`,
		},
		{
			name: "fields of the wrong kind",
			files: map[string]string{"openapi.yaml": header + `paths:
  /a:
    get:
      parameters: {limit: {name: limit, in: query}}
      responses:
        "200": {description: ok, content: [application/json]}
`},
			want: "DIR/openapi.yaml:6:19: parameters: want a list, not a mapping\nDIR/openapi.yaml:8:43: content: want a mapping, not a list",
		},
		{
			name: "empty $ref",
			files: map[string]string{"openapi.yaml": header + `paths: {}
components:
  schemas:
    A: {type: object, properties: {b: {$ref: ""}}}
`},
			want: `DIR/openapi.yaml:6:46: cannot resolve $ref "": the $ref is empty`,
		},
		{
			name: "anchor",
			files: map[string]string{"openapi.yaml": "openapi: 3.1.0\ninfo: {title: t, version: \"1\"}\n" + `components:
  schemas:
    A: {$ref: "#foo"}
`},
			want: `DIR/openapi.yaml:5:15: cannot resolve $ref "#foo": the document has no schema with $anchor "foo" (anchors under an $id are not followed)`,
		},
		{
			name: "anchor twice",
			files: map[string]string{"openapi.yaml": "openapi: 3.1.0\ninfo: {title: t, version: \"1\"}\n" + `components:
  schemas:
    A: {$ref: "#foo"}
    B: {$anchor: foo, type: string}
    C: {$anchor: foo, type: integer}
`},
			want: `DIR/openapi.yaml:5:15: cannot resolve $ref "#foo": $anchor "foo" is declared 2 times, at 6:8 and 7:8`,
		},
		{
			name: "anchor under an $id",
			files: map[string]string{"openapi.yaml": "openapi: 3.1.0\ninfo: {title: t, version: \"1\"}\n" + `components:
  schemas:
    A: {$ref: "#foo"}
    B: {$id: "https://example.com/b", $defs: {x: {$anchor: foo, type: string}}}
`},
			want: `DIR/openapi.yaml:5:15: cannot resolve $ref "#foo": the document has no schema with $anchor "foo" (anchors under an $id are not followed)`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := writeFiles(t, "openapi.yaml", tc.files)
			_, err := Load(root)
			got := "<nil>"
			if err != nil {
				got = strings.ReplaceAll(err.Error(), filepath.Dir(root), "DIR")
			}
			if got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// TestLoadRefText checks that the text "$ref" where no object is (a tag,
// an enum value) is read as text, and a "$ref" key in data as data.
func TestLoadRefText(t *testing.T) {
	s, err := Parse("spec.yaml", []byte(header+`paths:
  /docs:
    get:
      tags: [docs, $ref]
      responses:
        "200": {description: ok}
components:
  schemas:
    A: {type: string, enum: [$ref], default: {$ref: nowhere}}
`))
	if err != nil {
		t.Fatal(err)
	}
	if tags := s.Doc.Paths.PathItems.GetOrZero("/docs").Get.Tags; len(tags) != 2 || tags[1] != "$ref" {
		t.Errorf("tags %q", tags)
	}
	a := s.Doc.Components.Schemas.GetOrZero("A").Schema()
	if len(a.Enum) != 1 || a.Enum[0].Value != "$ref" || MapValue(a.Default, "$ref") == nil {
		t.Errorf("enum %v, default %v", a.Enum, a.Default)
	}
}

// TestLoadCallbackLoop reads a callback whose path item has an operation
// with the same callback: the model holds the loop, read once.
func TestLoadCallbackLoop(t *testing.T) {
	s, err := Parse("spec.yaml", []byte("openapi: 3.1.0\ninfo: {title: t, version: \"1\"}\n"+`paths:
  /subscribe:
    post:
      callbacks:
        onEvent: {$ref: "#/components/callbacks/Event"}
      responses:
        "200": {description: ok}
components:
  callbacks:
    Event:
      "{$request.body#/url}":
        post:
          callbacks:
            again: {$ref: "#/components/callbacks/Event"}
          responses:
            "200": {description: ok}
`))
	if err != nil {
		t.Fatal(err)
	}
	cb := s.Doc.Paths.PathItems.GetOrZero("/subscribe").Post.Callbacks.GetOrZero("onEvent")
	again := cb.Expression.GetOrZero("{$request.body#/url}").Post.Callbacks.GetOrZero("again")
	if cb == nil || again != cb || s.Doc.Components.Callbacks.GetOrZero("Event") != cb {
		t.Errorf("the callback is read once: %p %p", cb, again)
	}
}

func TestMapLookup(t *testing.T) {
	m := &Map[int]{}
	for i, k := range strings.Fields("a b c d e f g h i j k a") {
		m.set(k, nil, i)
	}
	if v, ok := m.Get("k"); !ok || v != 10 {
		t.Errorf("Get(k) = %d, %v", v, ok)
	}
	if v := m.GetOrZero("a"); v != 0 {
		t.Errorf("a key written twice is found at its first place: %d", v)
	}
	if _, ok := m.Get("z"); ok || m.Len() != 12 {
		t.Errorf("Get(z) found, or Len %d", m.Len())
	}
	var none *Map[int]
	if none.Len() != 0 || none.GetOrZero("a") != 0 {
		t.Errorf("a nil Map is empty")
	}
}

// TestLoadRecursiveAliases reads YAML aliases that hold themselves, in a
// schema and in a callback: each is read once, and the model holds the
// loop (libopenapi's model overflowed the stack on them).
func TestLoadRecursiveAliases(t *testing.T) {
	s, err := Parse("spec.yaml", []byte(header+`paths:
  /a:
    get:
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: &node
                type: object
                properties:
                  child: *node
components:
  callbacks:
    cb: &cb
      "{$request.body#/u}":
        post:
          callbacks: {again: *cb}
          responses: {"200": {description: ok}}
`))
	if err != nil {
		t.Fatal(err)
	}
	node := s.Doc.Paths.PathItems.GetOrZero("/a").Get.Responses.Codes.GetOrZero("200").Content.GetOrZero("application/json").Schema.Schema()
	if node == nil || node.Properties.GetOrZero("child").Schema() != node {
		t.Errorf("the schema's child is the schema itself: %+v", node)
	}
	cb := s.Doc.Components.Callbacks.GetOrZero("cb")
	if cb == nil || cb.Expression.GetOrZero("{$request.body#/u}").Post.Callbacks.GetOrZero("again") != cb {
		t.Errorf("the callback holds itself")
	}
}
