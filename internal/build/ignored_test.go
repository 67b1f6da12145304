package build

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/internal/ir"
	"github.com/oasgen/oasgen/internal/spec"
)

// TestIgnoredKeywords checks that every keyword the generated code does
// not enforce is a warning positioned at its schema, once.
func TestIgnoredKeywords(t *testing.T) {
	tests := []struct {
		name   string
		schema string // the component S, in YAML flow style
		want   []string
	}{
		{"contains", `{type: array, contains: {type: integer}, minContains: 2, maxContains: 3}`,
			[]string{"spec.yaml:7:8: #/components/schemas/S: contains, minContains, maxContains are not checked: oasgen does not enforce these keywords yet"}},
		{"contains on a value without type", `{contains: {minimum: 5}, minContains: 2}`, nil},
		{"minContains without contains", `{type: array, minContains: 2}`, nil},
		{"if then else on a value without type", `{if: {minimum: 0}, then: {multipleOf: 2}, else: {multipleOf: 3}}`, nil},
		{"if then else on an array", `{type: array, if: {minItems: 1}, then: {maxItems: 2}}`,
			[]string{"spec.yaml:7:8: #/components/schemas/S: if, then are not checked: oasgen does not enforce these keywords yet"}},
		{"contains in an allOf member", `{allOf: [{type: object, properties: {a: {type: string}}}, {contains: {minimum: 1}, dependentRequired: {a: [b]}}]}`,
			[]string{"spec.yaml:7:66: contains, dependentRequired are not checked: oasgen does not enforce these keywords yet"}},
		{"object keywords", `{type: object, properties: {a: {type: string}}, dependentRequired: {a: [b]}, dependentSchemas: {a: {required: [c]}}, propertyNames: {maxLength: 3}, unevaluatedProperties: false}`,
			[]string{"spec.yaml:7:8: #/components/schemas/S: dependentRequired, dependentSchemas, propertyNames, unevaluatedProperties are not checked: oasgen does not enforce these keywords yet"}},
		{"unevaluatedItems as items", `{type: array, prefixItems: [{type: string}], unevaluatedItems: {type: integer}}`, nil},
		{"unevaluatedItems", `{type: array, prefixItems: [{type: string}], allOf: [{prefixItems: [true, {type: string}]}], unevaluatedItems: {type: integer}}`,
			[]string{"spec.yaml:7:8: #/components/schemas/S: unevaluatedItems is not checked: oasgen does not enforce this keyword yet",
				"spec.yaml:7:8: #/components/schemas/S: allOf member 0 has no type; its keywords are not checked on the Go type of the schema"}},
		{"in a property", `{type: object, properties: {a: {type: array, contains: {const: 1}}}}`,
			[]string{"spec.yaml:7:39: #/components/schemas/S/properties/a: contains is not checked: oasgen does not enforce this keyword yet"}},
		{"in an allOf member", `{allOf: [{type: object, properties: {a: {type: string}}}, {propertyNames: {maxLength: 1}}]}`,
			[]string{"spec.yaml:7:66: propertyNames is not checked: oasgen does not enforce this keyword yet"}},
		// Checked on values of their own kind (kindParts): no warning.
		{"no type", `{minimum: 1, maxItems: 2, uniqueItems: true, required: [a], minLength: 1, format: date}`, nil},
		{"no type, idn format", `{format: idn-email}`, nil},
		{"object without properties", `{type: object, required: [a], minProperties: 1, maxProperties: 2}`, nil},
		{"untyped allOf", `{allOf: [{minimum: 1}, {maximum: 3}], anyOf: [{multipleOf: 2}, {not: {}}], not: {maxLength: 2}}`, nil},
		{"allOf with the schema false", `{allOf: [{type: integer, minimum: -2}, false]}`,
			[]string{"spec.yaml:7:8: #/components/schemas/S: allOf of non-object schemas: member 0 gives the type; the others' constraints are not checked"}},
		{"untyped allOf with items", `{allOf: [{items: {type: string}}, {maximum: 3}]}`,
			[]string{"spec.yaml:7:8: #/components/schemas/S: allOf is not checked: a schema without type is kept as raw JSON"}},
		{"object without properties or constraints", `{type: object}`, nil},
		{"formats", `{type: object, properties: {p: {type: string, format: idn-hostname}, q: {type: string, format: password}, e: {type: string, format: email}}}`, nil},
		{"beside $ref", `{type: object, properties: {a: {$ref: '#/components/schemas/Other', maxLength: 2, description: d}}}`,
			[]string{"spec.yaml:7:39: #/components/schemas/S/properties/a: maxLength beside $ref is not checked: the referenced schema gives the type"}},
		{"oneOf told apart by keys", `{oneOf: [{type: object, properties: {a: {type: string}}, required: [a]}, {type: object, properties: {b: {type: string}}, required: [b]}]}`, nil},
		{"oneOf told apart by keys, a variant with additional properties", `{oneOf: [{type: object, properties: {a: {type: string}}, required: [a], additionalProperties: {type: string}}, {type: object, properties: {b: {type: string}}, required: [b]}]}`,
			[]string{"spec.yaml:7:8: #/components/schemas/S: oneOf variants S1, S2 are told apart by their keys or values and not checked against each other: a value valid for several is accepted (oneOf exclusivity is not checked)"}},
		{"oneOf of closed objects", `{oneOf: [{type: object, properties: {a: {type: string}}, required: [a], additionalProperties: false}, {type: object, properties: {b: {type: string}}, required: [b], additionalProperties: false}]}`, nil},
		{"patterns that may overlap", `{type: object, patternProperties: {'^a': {type: integer}, 'b$': {maximum: 2}}}`,
			[]string{"spec.yaml:7:8: #/components/schemas/S: patternProperties `^a`, `b$`: a name several of them match is checked against the first only"}},
		{"patterns with different starts", `{type: object, patternProperties: {'^x-': {type: integer}, '^n_[0-9]+$': {type: string}}}`, nil},
		{"property a pattern matches", `{type: object, properties: {foo: {type: array}}, patternProperties: {'f.o': {minItems: 2}}}`,
			[]string{"spec.yaml:7:36: #/components/schemas/S: property \"foo\" matches patternProperties `f.o` too, whose schema is not checked on it"}},
		{"additionalProperties beside allOf", `{allOf: [{type: object, properties: {foo: {type: integer}}}], type: object, additionalProperties: {type: boolean}}`,
			[]string{"spec.yaml:7:8: #/components/schemas/S: additionalProperties with allOf is not checked on the members' properties; JSON Schema checks every property not beside it, in the same schema"}},
		{"enforced keywords", `{type: object, properties: {a: {type: string, maxLength: 2}}, required: [a], additionalProperties: false}`, nil},
		// A required name no property declares: the decoder checks it;
		// only where no field can hold its value is there a warning.
		{"required, not declared, pattern holds it", `{type: object, required: [xx], patternProperties: {x: true}}`, nil},
		{"required, not declared", `{type: object, required: [b], properties: {a: {type: string}}}`,
			[]string{`spec.yaml:7:8: #/components/schemas/S: required property "b" is not defined: decoding checks that the object has it, but no field holds its value, so encoding leaves it out`}},
		// allOf members of other kinds than object beside object members.
		{"allOf of disjoint kinds", `{allOf: [{type: number}, {type: object, maxProperties: 0}]}`,
			[]string{"spec.yaml:7:8: #/components/schemas/S: the types of allOf's members allow no value at all, but its object members make a struct: the members of other kinds are not checked"}},
		{"allOf of a string and properties", `{allOf: [{properties: {foo: false}}, {type: string, minLength: 2}]}`,
			[]string{"spec.yaml:7:8: #/components/schemas/S: the types of allOf's members allow string, no object, but its object members make a struct: the members of other kinds are not checked"}},
		{"allOf of objects and a member without type", `{allOf: [{type: object, properties: {a: true}}, {minLength: 2}]}`, nil},
		{"oneOf inside an allOf member", `{allOf: [{type: object, maxProperties: 1}, {oneOf: [{type: object}, {type: array}]}]}`,
			[]string{"spec.yaml:7:51: allOf member 1: oneOf inside a member of an allOf that makes a struct is not checked"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    Other: {type: string}\n    S: " + tt.schema + "\n"
			s, err := spec.Parse("spec.yaml", []byte(doc))
			if err != nil {
				t.Fatal(err)
			}
			p, err := Package(s, Options{noWhole: true})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, d := range p.Diagnostics {
				got = append(got, d.String())
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestWholeReplacesWarnings checks that a component whose Go type leaves
// keywords unchecked gets a whole-value check, and one note instead of
// the warnings; one whose keywords cannot all be expressed (a recursive
// $ref) keeps them.
func TestWholeReplacesWarnings(t *testing.T) {
	tests := []struct {
		name, schema string
		whole        bool
		want         string
	}{
		{"unevaluatedProperties", `{type: object, properties: {a: {type: string}}, allOf: [{properties: {b: {type: string}}}], unevaluatedProperties: false}`,
			true, "spec.yaml:7:8: #/components/schemas/S: keywords its Go type does not hold are checked on the JSON value as a whole after decoding it, a second pass over the value"},
		{"recursive", `{type: object, properties: {a: {$ref: '#/components/schemas/S'}}, dependentSchemas: {a: {required: [b]}}}`,
			false, "spec.yaml:7:8: #/components/schemas/S: dependentSchemas is not checked: oasgen does not enforce this keyword yet"},
		// Past maxWholeSchemas distinct subschemas the check would cost
		// more code than it is worth: the warning stays.
		{"too big", `{type: object, properties: {` + manyProperties(maxWholeSchemas, "{type: string}") + `}, dependentSchemas: {p0: {required: [b]}}}`,
			false, "spec.yaml:7:8: #/components/schemas/S: dependentSchemas is not checked: oasgen does not enforce this keyword yet"},
		// A schema reached many times is one subschema of the check.
		{"one schema many times", `{type: object, properties: {` + manyProperties(maxWholeSchemas, "{$ref: '#/components/schemas/Other'}") + `}, dependentSchemas: {p0: {required: [b]}}}`,
			true, "spec.yaml:7:8: #/components/schemas/S: keywords its Go type does not hold are checked on the JSON value as a whole after decoding it, a second pass over the value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := buildDoc(t, "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    Other: {type: string}\n    S: "+tt.schema+"\n")
			var got []string
			for _, d := range p.Diagnostics {
				got = append(got, d.String())
			}
			if !slices.Equal(got, []string{tt.want}) {
				t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), tt.want)
			}
			for _, d := range p.Decls {
				if d.Name() == "S" {
					if s := d.(*ir.Struct); (s.Whole != nil) != tt.whole {
						t.Errorf("whole-value check: %v, want %v", s.Whole != nil, tt.whole)
					}
				}
			}
		})
	}
}

// manyProperties is n properties p0, p1, ... each of the schema sch.
func manyProperties(n int, sch string) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "p%d: %s, ", i, sch)
	}
	return b.String()
}

// TestWholeShared: the checks of components that reach the same schema
// share its check, so the package has one eval function of it (gen names
// one per *ir.Any).
func TestWholeShared(t *testing.T) {
	doc := `openapi: 3.1.0
info: {title: t, version: '1'}
paths: {}
components:
  schemas:
    Inner: {type: object, properties: {a: {type: string}}, unevaluatedProperties: false}
    A: {type: object, properties: {x: {$ref: '#/components/schemas/Inner'}}, dependentSchemas: {x: {required: [y]}}}
    B: {type: object, properties: {z: {$ref: '#/components/schemas/Inner'}}, dependentSchemas: {z: {required: [w]}}}
`
	p := buildDoc(t, doc)
	whole := map[string]*ir.Any{}
	for _, d := range p.Decls {
		if st, ok := d.(*ir.Struct); ok && st.Whole != nil {
			whole[st.GoName] = st.Whole
		}
	}
	a, b := whole["A"], whole["B"]
	if a == nil || b == nil {
		t.Fatalf("whole-value checks of A and B: %v %v", a != nil, b != nil)
	}
	if x, z := a.App.Properties[0].Schema, b.App.Properties[0].Schema; x != z {
		t.Errorf("the checks of A.x and B.z are %p and %p, want one", x, z)
	}
}

// buildDoc builds the package of a spec.yaml holding doc.
func buildDoc(t *testing.T, doc string) *ir.Package {
	t.Helper()
	s, err := spec.Parse("spec.yaml", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Package(s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestLateEnumDefault: a property's default of an enum declared after it
// is applied once the enum is built, and a default that is none of its
// values is a warning about the property's struct, as for any enum: a
// selection keeps or drops it with that struct.
func TestLateEnumDefault(t *testing.T) {
	p := buildDoc(t, `openapi: 3.1.0
info: {title: t, version: "1"}
paths: {}
components:
  schemas:
    Line:
      type: object
      properties:
        good:
          $ref: "#/components/schemas/Status"
          default: open
        bad:
          $ref: "#/components/schemas/Status"
          default: shut
    Status:
      type: string
      enum: [open, closed]
`)
	line := p.Decls[0].(*ir.Struct)
	if d := line.Fields[0].Default; d == nil || d.Enum == nil || d.Enum.Str != "open" {
		t.Errorf("good: default %+v, want the enum value open", d)
	}
	if d := line.Fields[1].Default; d != nil {
		t.Errorf("bad: default %+v, want none", d)
	}
	var found bool
	for _, d := range p.Diagnostics {
		if strings.Contains(d.Msg, "properties/bad: default \"shut\" is not applied") {
			found = true
			if d.Of != ir.Decl(line) {
				t.Errorf("the warning is about %v, want the struct Line", d.Of)
			}
		}
	}
	if !found {
		t.Errorf("no warning about bad's default: %v", p.Diagnostics)
	}
}
