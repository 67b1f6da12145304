package build

import (
	"testing"

	"github.com/oasgen/oasgen/internal/ir"
	"github.com/oasgen/oasgen/internal/spec"
)

// TestFormatAnnotations checks Options.FormatAnnotations: a string's
// format neither checks it nor gives it a Go type; without the option it
// does both.
func TestFormatAnnotations(t *testing.T) {
	doc := "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n" +
		"    When: {type: string, format: date-time}\n    Mail: {format: email}\n"
	tests := []struct {
		name        string
		annotations bool
		wantWhen    ir.PrimKind
		wantMail    bool // the free-form Mail checks strings
	}{
		{"asserted", false, ir.DateTime, true},
		{"annotations", true, ir.String, false},
	}
	for _, tt := range tests {
		s, err := spec.Parse("spec.yaml", []byte(doc))
		if err != nil {
			t.Fatal(err)
		}
		p, err := Package(s, Options{FormatAnnotations: tt.annotations})
		if err != nil {
			t.Fatal(err)
		}
		found := 0
		for _, d := range p.Decls {
			a, ok := d.(*ir.Alias)
			if !ok {
				continue
			}
			found++
			switch a.GoName {
			case "When":
				if pr, ok := a.Type.(*ir.Prim); !ok || pr.Kind != tt.wantWhen || pr.FormatCheck() != "" {
					t.Errorf("%s: When is %#v, want a prim of kind %v with no format check", tt.name, a.Type, tt.wantWhen)
				}
			case "Mail":
				if an, ok := a.Type.(*ir.Any); !ok || (an.String != nil) != tt.wantMail {
					t.Errorf("%s: Mail is %#v, want string checks %v", tt.name, a.Type, tt.wantMail)
				}
			}
		}
		if found != 2 {
			t.Errorf("%s: %d aliases, want When and Mail", tt.name, found)
		}
	}
}
