package build

import (
	"path/filepath"
	"testing"

	"github.com/oasgen/oasgen/internal/spec"
)

// TestEveryWarningHasAdvice builds every golden case's spec and checks
// that each warning has a class and advice, which generate's summary
// prints: a kind of element not generated without skipAdvice would print
// none.
func TestEveryWarningHasAdvice(t *testing.T) {
	specs, _ := filepath.Glob("../../testdata/*/openapi.yaml")
	if len(specs) == 0 {
		t.Fatal("no golden cases")
	}
	classes := map[string]bool{}
	for _, path := range specs {
		s, err := spec.Load(path)
		if err != nil {
			t.Fatal(err)
		}
		p, err := Package(s, Options{UncheckedPatterns: true})
		if err != nil {
			continue // the cases of errors are internal/cli's
		}
		for _, d := range p.Diagnostics {
			if d.Class == "" || d.Advice == "" {
				t.Errorf("%s: class %q, advice %q", d, d.Class, d.Advice)
			}
			classes[d.Class] = true
		}
	}
	if len(classes) < 15 {
		t.Errorf("only %d classes of warnings in the golden cases", len(classes))
	}
}
