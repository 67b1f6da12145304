package build

import (
	"testing"

	"github.com/oasgen/oasgen/internal/spec"
)

// TestAdjacentPathParams: an operation whose path has two template
// expressions with nothing between them (/profiles/{id}{ext}) is left
// out with a warning at it, of its own class, and declares nothing (its
// parameters' enum is no type); the operation beside it is generated.
func TestAdjacentPathParams(t *testing.T) {
	s, err := spec.Parse("spec.yaml", []byte(`openapi: 3.1.0
info: {title: t, version: "1"}
paths:
  /profiles/{id}{ext}:
    get:
      operationId: getProfileAs
      parameters:
        - {name: id, in: path, required: true, schema: {type: string}}
        - {name: ext, in: path, required: true, schema: {type: string, enum: [.json, .xml]}}
      responses: {"204": {description: ok}}
  /profiles/{id}.{ext}:
    get:
      operationId: getProfile
      parameters:
        - {name: id, in: path, required: true, schema: {type: string}}
        - {name: ext, in: path, required: true, schema: {type: string}}
      responses: {"204": {description: ok}}
`))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Package(s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Operations) != 1 || p.Operations[0].ID != "getProfile" {
		t.Errorf("operations %v, want getProfile only", p.Operations)
	}
	if len(p.Decls) != 0 {
		t.Errorf("%d types declared, want none", len(p.Decls))
	}
	want := "spec.yaml:5:5: GET /profiles/{id}{ext}: {id} and {ext} are adjacent, so nothing tells where one value ends; the operation is not generated"
	if len(p.Diagnostics) != 1 || p.Diagnostics[0].String() != want || p.Diagnostics[0].Class != classAdjacent.name {
		t.Errorf("warnings %v, want %s", p.Diagnostics, want)
	}
}
