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
			u.Variants = append(u.Variants, &ir.Variant{GoName: name, Const: "Entity" + name, Type: &ir.Prim{Kind: ir.String}, Kinds: []string{"string"}})
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
