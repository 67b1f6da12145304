package build

import (
	"slices"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/internal/ir"
	"github.com/oasgen/oasgen/internal/spec"
)

// TestRefSiblings checks keywords beside a $ref: in OpenAPI 3.1 they apply
// with the referenced schema (annotations alone leave the field the
// referenced type), in 3.0 they are ignored with a positioned warning;
// a $ref in an enum's values is data.
func TestRefSiblings(t *testing.T) {
	const components = `
    Obj: {type: object, properties: {a: {type: string}, b: {type: integer}}}
    Arr: {type: array, items: {type: integer}}
    Str: {type: string}
`
	tests := []struct {
		name, version, schema string
		// field is the Go type of S's property p, as decl names: "Obj"
		// for a use of Obj, "Obj?" for a nullable one.
		field string
		// whole says the component S gets a whole-value check.
		whole bool
		warn  []string
	}{
		{"annotations keep the referenced type", "3.1.0",
			`{type: object, properties: {p: {$ref: '#/components/schemas/Obj', description: d, readOnly: true, deprecated: true, examples: [{a: x}], x-note: y}}}`,
			"Obj", false, nil},
		{"3.0 nullable keeps the referenced type", "3.0.3",
			`{type: object, properties: {p: {$ref: '#/components/schemas/Obj', description: d}}}`,
			"Obj", false, nil},
		{"required beside $ref is a struct of its own", "3.1.0",
			`{type: object, properties: {p: {$ref: '#/components/schemas/Obj', required: [a], description: d}}}`,
			"SP", false, nil},
		{"maxItems beside $ref is checked on the whole value", "3.1.0",
			`{type: object, properties: {p: {$ref: '#/components/schemas/Arr', maxItems: 2}}}`,
			"Arr", true, []string{"spec.yaml:9:8: #/components/schemas/S: keywords its Go type does not hold are checked on the JSON value as a whole after decoding it, a second pass over the value"}},
		{"3.0 ignores the siblings", "3.0.3",
			`{type: object, properties: {p: {$ref: '#/components/schemas/Arr', maxItems: 2}}}`,
			"Arr", false, []string{"spec.yaml:9:39: #/components/schemas/S/properties/p: maxItems beside $ref is not checked: only the referenced schema is"}},
		{"a $ref in enum values is data", "3.1.0",
			`{type: object, properties: {p: {enum: [{$ref: '#/nowhere'}, 1]}}}`,
			"", false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := "openapi: " + tt.version + "\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:" + components + "    S: " + tt.schema + "\n"
			p := buildDoc(t, doc)
			var got []string
			for _, d := range p.Diagnostics {
				got = append(got, d.String())
			}
			if !slices.Equal(got, tt.warn) {
				t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.warn, "\n"))
			}
			var st *ir.Struct
			for _, d := range p.Decls {
				if d.Name() == "S" {
					st, _ = d.(*ir.Struct)
				}
			}
			if st == nil || len(st.Fields) != 1 {
				t.Fatalf("S is not a struct of one field: %#v", st)
			}
			if (st.Whole != nil) != tt.whole {
				t.Errorf("whole-value check: %v, want %v", st.Whole != nil, tt.whole)
			}
			ft := st.Fields[0].Type
			if tt.field == "" {
				a, ok := ft.(*ir.Any)
				if !ok || !slices.Equal(a.Enum, []string{`{"$ref":"#/nowhere"}`, "1"}) {
					t.Errorf("p: %#v, want the enum of an object with a $ref key and 1", ft)
				}
				return
			}
			name := ""
			if r, ok := ft.(*ir.Ref); ok {
				name = r.Decl.Name()
			}
			if name != tt.field {
				t.Errorf("p is %#v, want a use of %s", ft, tt.field)
			}
			if tt.field == "SP" {
				sp := ft.(*ir.Ref).Decl.(*ir.Struct)
				var req []string
				for _, f := range sp.Fields {
					if f.Required {
						req = append(req, f.JSONName)
					}
				}
				if !slices.Equal(req, []string{"a"}) {
					t.Errorf("SP requires %v, want [a]", req)
				}
			}
		})
	}
}

// TestRefSiblingsPositions checks that the schemas made from keywords
// beside a $ref keep the positions of what was written: an error in a
// sibling or in the $ref points at it.
func TestRefSiblingsPositions(t *testing.T) {
	tests := []struct{ name, schema, want string }{
		{"a keyword of the wrong kind", `{type: object, properties: {p: {$ref: '#/components/schemas/Str', maxLength: long}}}`,
			"spec.yaml:7:85: maxLength: want a non-negative integer"},
		{"a $ref to nothing", `{type: object, properties: {p: {minLength: 1, $ref: '#/components/schemas/None'}}}`,
			"spec.yaml:7:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    Str: {type: string}\n    S: " + tt.schema + "\n"
			s, err := spec.Parse("spec.yaml", []byte(doc))
			if err == nil {
				_, err = Package(s, Options{})
			}
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error %v, want one starting %q", err, tt.want)
			}
		})
	}
}
