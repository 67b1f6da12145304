package gen

import (
	"fmt"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/internal/ir"
)

// TestTagKind pins the tag type of a union with more variants than a byte
// numbers: Microsoft Graph's entity, a discriminator on an allOf parent,
// has over 255 subtypes, and a uint8 tag overflowed its constants.
func TestTagKind(t *testing.T) {
	for _, n := range []int{1, 255, 256, 300} {
		u := &ir.Union{Common: ir.Common{GoName: "Entity"}, TagType: "EntityType", TagField: "Type"}
		for i := range n {
			name := fmt.Sprintf("Sub%d", i)
			u.Variants = append(u.Variants, &ir.Variant{GoName: name, Const: "Entity" + name, Type: &ir.Prim{Kind: ir.String}, Kinds: []ir.JSONType{ir.JSONString}})
		}
		files, err := Generate(&ir.Package{Decls: []ir.Decl{u}}, Options{Package: "p"})
		if err != nil {
			t.Fatal(err)
		}
		want := "type EntityType uint8"
		if n > 255 {
			want = "type EntityType uint16"
		}
		var models string
		for _, f := range files {
			if f.Name == "oas_models_gen.go" {
				models = string(f.Content)
			}
		}
		if !strings.Contains(models, want) {
			t.Errorf("%d variants: no %q in\n%.400s", n, want, models)
		}
	}
}

// TestOnePassLimits pins which discriminated unions are read in one pass:
// at most 8 variants a tag names and 64 keys, and properties the variants
// share decoded alike; the others keep the exact path alone.
func TestOnePassLimits(t *testing.T) {
	union := func(variants, props int, clash bool) *ir.Package {
		u := &ir.Union{Common: ir.Common{GoName: "U"}, TagType: "UType", TagField: "Type", Discriminator: "kind"}
		pkg := &ir.Package{Decls: []ir.Decl{u}}
		for i := range variants {
			s := &ir.Struct{Common: ir.Common{GoName: fmt.Sprintf("V%d", i)}}
			s.Fields = append(s.Fields, &ir.Field{GoName: "Kind", JSONName: "kind", Type: &ir.Prim{Kind: ir.String}, Required: true})
			s.Fields = append(s.Fields, &ir.Field{GoName: "ID", JSONName: "id", Type: &ir.Prim{Kind: ir.Int64}})
			if clash && i == 1 {
				s.Fields[1].Type = &ir.Prim{Kind: ir.String}
			}
			for j := range props {
				s.Fields = append(s.Fields, &ir.Field{GoName: fmt.Sprintf("P%d", j), JSONName: fmt.Sprintf("v%dp%d", i, j), Type: &ir.Prim{Kind: ir.Bool}})
			}
			pkg.Decls = append(pkg.Decls, s)
			u.Variants = append(u.Variants, &ir.Variant{GoName: s.GoName, Const: "U" + s.GoName, Type: &ir.Ref{Decl: s}, Kinds: []ir.JSONType{ir.JSONObject}, Tags: []string{s.GoName}})
		}
		return pkg
	}
	for _, tc := range []struct {
		name            string
		variants, props int
		clash           bool
		want            bool
	}{
		{"two variants", 2, 3, false, true},
		{"eight variants", 8, 0, false, true},
		{"nine variants", 9, 0, false, false},
		{"62 keys", 2, 30, false, true},
		{"66 keys", 2, 32, false, false},
		{"a shared property of two types", 2, 1, true, false},
	} {
		files, err := Generate(union(tc.variants, tc.props, tc.clash), Options{Package: "p"})
		if err != nil {
			t.Fatal(err)
		}
		var code string
		for _, f := range files {
			if f.Name == "oas_json_gen.go" {
				code = string(f.Content)
			}
		}
		if got := strings.Contains(code, "func (v *U) decodeOnePass"); got != tc.want {
			t.Errorf("%s: one pass %v, want %v", tc.name, got, tc.want)
		}
	}
}
