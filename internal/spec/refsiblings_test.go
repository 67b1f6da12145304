package spec

import (
	"strings"
	"testing"

	"github.com/pb33f/go-yaml"
)

// TestRefSiblingsAsAllOf checks which $refs with siblings become an
// allOf: schemas only (not a path item's or a response's $ref), only for
// siblings that are not annotations, only in OpenAPI 3.1 and later; and
// that the moved $ref keeps its position.
func TestRefSiblingsAsAllOf(t *testing.T) {
	doc := func(version string) string {
		return `openapi: ` + version + `
info: {title: t, version: "1"}
paths:
  /a:
    $ref: "#/components/pathItems/A"
    summary: a path item's $ref with a sibling
  /b:
    get:
      parameters:
        - name: q
          in: query
          schema: {$ref: "#/components/schemas/S", maxLength: 3}
      responses:
        "200":
          $ref: "#/components/responses/R"
          description: a response's $ref with a sibling
components:
  pathItems:
    A: {get: {responses: {"204": {description: none}}}}
  responses:
    R: {description: r}
  schemas:
    S: {type: string}
    Annotated: {$ref: "#/components/schemas/S", description: d, readOnly: true, x-y: 1}
    Bounded:
      $ref: "#/components/schemas/S"
      minLength: 1
      allOf: [{maxLength: 9}]
    Data: {enum: [{$ref: "#/nowhere"}], default: {$ref: "#/nowhere"}}
`
	}
	s, err := Parse("spec.yaml", []byte(doc("3.1.0")))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.RefAllOf) != 2 {
		t.Errorf("%d schemas rewritten, want 2 (the parameter's and Bounded)", len(s.RefAllOf))
	}
	schemas := s.Doc.Components.Schemas
	if sp := schemas.GetOrZero("Annotated"); !sp.IsReference() {
		t.Errorf("Annotated is no longer a $ref")
	}
	b := schemas.GetOrZero("Bounded")
	if b.IsReference() {
		t.Fatalf("Bounded is still a $ref")
	}
	bs := b.Schema()
	if bs == nil || len(bs.AllOf) != 2 || !bs.AllOf[1].IsReference() || bs.MinLength == nil {
		t.Fatalf("Bounded: want minLength and allOf [{maxLength}, {$ref}], got %+v", bs)
	}
	if n := bs.AllOf[1].RefNode(); n == nil || n.Line != 26 || n.Column != 7 {
		t.Errorf("the moved $ref is at %v, want 26:7 where it was written", n)
	}
	if !s.RefAllOf[bs.Node] {
		t.Errorf("Bounded is not in RefAllOf")
	}
	q := s.Doc.Paths.PathItems.GetOrZero("/b").Get.Parameters[0].Schema
	if q.IsReference() {
		t.Errorf("the parameter's schema is still a $ref")
	}
	data := schemas.GetOrZero("Data").Schema()
	if data == nil || len(data.Enum) != 1 || data.Enum[0].Kind != yaml.MappingNode || data.Enum[0].Content[0].Value != "$ref" ||
		data.Default == nil || data.Default.Content[0].Value != "$ref" {
		t.Errorf("a $ref in enum or default is not kept as a value: %+v", data)
	}

	s, err = Parse("spec.yaml", []byte(doc("3.0.3")))
	if err == nil && len(s.RefAllOf) != 0 {
		t.Errorf("3.0: %d schemas rewritten, want none", len(s.RefAllOf))
	}
}

// TestExampleRefs: a "$ref" inside an example is data, not a reference:
// in a schema's example, in a parameter's, header's or media type's, and
// in an Example's value. Each names a file that does not exist, which the
// parser would fail to load if it followed it. A $ref that names an
// Example is a reference and must still resolve.
func TestExampleRefs(t *testing.T) {
	const doc = `openapi: 3.1.0
info: {title: t, version: "1"}
paths:
  /pets:
    get:
      parameters:
        - name: q
          in: query
          schema: {type: string}
          example: {$ref: ./param.yaml}
      responses:
        "200":
          description: ok
          headers:
            X-Rate: {schema: {type: integer}, example: {$ref: ./header.yaml}}
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Pet"}
              example: {$ref: ./media.yaml}
              examples:
                one: {value: {$ref: ./value.yaml}}
                two: {$ref: "#/components/examples/Two"}
components:
  schemas:
    Pet:
      type: object
      example: {$ref: ./schema.yaml}
  examples:
    Two: {value: {$ref: ./component.yaml}}
`
	s, err := Parse("spec.yaml", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	get := s.Doc.Paths.PathItems.GetOrZero("/pets").Get
	resp := get.Responses.Codes.GetOrZero("200")
	media := resp.Content.GetOrZero("application/json")
	for what, n := range map[string]*yaml.Node{
		"the parameter's example":     get.Parameters[0].Example,
		"the header's example":        resp.Headers.GetOrZero("X-Rate").Example,
		"the media type's example":    media.Example,
		"an Example's value":          media.Examples.GetOrZero("one").Value,
		"the schema's example":        s.Doc.Components.Schemas.GetOrZero("Pet").Schema().Example,
		"a component Example's value": s.Doc.Components.Examples.GetOrZero("Two").Value,
	} {
		if n == nil || n.Kind != yaml.MappingNode || len(n.Content) != 2 || n.Content[0].Value != "$ref" {
			t.Errorf("%s is not kept as the data {$ref: ...}: %+v", what, n)
		}
	}

	missing := strings.Replace(doc, "#/components/examples/Two", "#/components/examples/Missing", 1)
	if _, err := Parse("spec.yaml", []byte(missing)); err == nil || !strings.Contains(err.Error(), "spec.yaml:22:") {
		t.Errorf("a $ref to a missing Example: got %v, want an error at spec.yaml:22", err)
	}
}
