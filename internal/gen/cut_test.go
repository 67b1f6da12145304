package gen

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/oasgen/oasgen/internal/build"
	"github.com/oasgen/oasgen/internal/spec"
)

// TestCutChangesNothing generates every golden case with the printed text
// cut at every declaration the emitters allow (cut) and formatted piece by
// piece, and wants the files generated in one piece, split into model
// packages (and operations' parts) or not: a cut falls between two
// declarations, always.
func TestCutChangesNothing(t *testing.T) {
	specs, _ := filepath.Glob("../../testdata/*/openapi.*")
	if len(specs) < 60 {
		t.Fatalf("found %d golden specs, want at least 60", len(specs))
	}
	defer func(n int) { cutSize = n }(cutSize)
	cuts := 0
	for _, path := range specs {
		s, err := spec.Load(path)
		if err != nil {
			continue // an error case
		}
		pkg, err := build.Package(s, build.Options{})
		if err != nil {
			continue
		}
		for _, opts := range []Options{{Package: "p"}, {Package: "p", ModelPackages: 3, ImportPath: "example.com/p"}, {Package: "p", ModelPackages: 3, OpPackages: 3, ImportPath: "example.com/p"}} {
			cutSize = 4 << 20
			whole, err := Generate(pkg, opts)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			cutSize = 1
			cut, err := Generate(pkg, opts)
			if err != nil {
				t.Fatalf("%s, cut: %v", path, err)
			}
			if len(whole) != len(cut) {
				t.Fatalf("%s: %d files whole, %d cut", path, len(whole), len(cut))
			}
			for i := range whole {
				if whole[i].Name != cut[i].Name || !bytes.Equal(whole[i].Content, cut[i].Content) {
					t.Errorf("%s: %s differs when cut", path, whole[i].Name)
				}
			}
			cuts++
		}
	}
	if cuts < 180 {
		t.Errorf("compared %d generations, want at least 180", cuts)
	}
}
