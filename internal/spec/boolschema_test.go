package spec

import (
	"testing"
)

func TestBoolSubschemas(t *testing.T) {
	doc := `openapi: 3.1.0
info: {title: t, version: "1"}
paths:
  /p:
    get:
      responses:
        default:
          description: a response named like a data keyword
          content:
            application/json:
              schema: {properties: {enum: {propertyNames: false}, x-y: {not: true}}}
components:
  schemas:
    Never: {not: true}
    Any: {not: false}
    Some: {contains: true}
    Cond: {if: false, then: {minimum: 1}, else: {maximum: 2}}
    Names: {propertyNames: false}
    Content: {type: string, contentMediaType: application/json, contentSchema: false}
    Example: {example: {not: true}, x-thing: {if: true}}
    Closed: {type: object, properties: {a: {type: string}}, unevaluatedProperties: false}
    Composed: {allOf: [{properties: {a: {type: string}}}], unevaluatedProperties: false}
    Tuple: {prefixItems: [{type: string}], unevaluatedItems: {type: integer}}
    Loose: {unevaluatedItems: false}
`
	s, err := Parse("spec.yaml", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	schemas := s.Doc.Components.Schemas
	op := s.Doc.Paths.PathItems.GetOrZero("/p").Get
	if rs := op.Responses.Default.Content.GetOrZero("application/json").Schema.Schema(); rs == nil {
		t.Errorf("a response named default: %v", op.Responses.Default.Content.GetOrZero("application/json").Schema.GetBuildError())
	} else if ps := rs.Properties.GetOrZero("enum").Schema(); ps == nil || ps.PropertyNames.Schema() == nil || ps.PropertyNames.Schema().Not == nil {
		t.Errorf("propertyNames: false under a response named default and a property named enum is not {not: {}}")
	}
	if rs := op.Responses.Default.Content.GetOrZero("application/json").Schema.Schema(); rs != nil {
		if ps := rs.Properties.GetOrZero("x-y").Schema(); ps == nil || ps.Not.Schema() == nil {
			t.Errorf("not: true under a property named x-y is not {}")
		}
	}
	get := func(name string) map[string]any {
		sp, ok := schemas.Get(name)
		if !ok {
			t.Fatalf("no schema %s", name)
		}
		sch := sp.Schema()
		if sch == nil {
			t.Fatalf("%s: %v", name, sp.GetBuildError())
		}
		low := sch.Node
		m := map[string]any{}
		for i := 0; i+1 < len(low.Content); i += 2 {
			m[low.Content[i].Value] = low.Content[i+1]
		}
		return m
	}
	never := schemas.GetOrZero("Never").Schema()
	if ns := never.Not.Schema(); ns == nil || ns.Not != nil || ns.Node.Line != 14 || ns.Node.Column != 18 {
		t.Errorf("not: true is not {} at 14:18")
	}
	if ns := schemas.GetOrZero("Any").Schema().Not.Schema(); ns == nil || ns.Not == nil {
		t.Errorf("not: false is not {not: {}}")
	}
	if cs := schemas.GetOrZero("Some").Schema().Contains.Schema(); cs == nil || cs.Not != nil {
		t.Errorf("contains: true is not {}")
	}
	if is := schemas.GetOrZero("Cond").Schema().If.Schema(); is == nil || is.Not == nil {
		t.Errorf("if: false is not {not: {}}")
	}
	if ps := schemas.GetOrZero("Names").Schema().PropertyNames.Schema(); ps == nil || ps.Not == nil {
		t.Errorf("propertyNames: false is not {not: {}}")
	}
	if cs := schemas.GetOrZero("Content").Schema(); cs == nil || cs.ContentSchema == nil || cs.ContentSchema.Schema().Not == nil {
		t.Errorf("contentSchema: false is not {not: {}}")
	}
	if ex := schemas.GetOrZero("Example").Schema().Example; ex == nil || ex.Content[1].Value != "true" {
		t.Errorf("an example was rewritten")
	}
	if m := get("Closed"); m["additionalProperties"] == nil || m["unevaluatedProperties"] != nil {
		t.Errorf("Closed: unevaluatedProperties is not additionalProperties: %v", m)
	}
	if m := get("Composed"); m["unevaluatedProperties"] == nil {
		t.Errorf("Composed: unevaluatedProperties beside allOf was renamed")
	}
	if m := get("Tuple"); m["items"] == nil {
		t.Errorf("Tuple: unevaluatedItems after prefixItems is not items")
	}
	if m := get("Loose"); m["unevaluatedItems"] == nil {
		t.Errorf("Loose: a schema without type became an array")
	}
}
