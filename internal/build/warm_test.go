package build

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/oasgen/oasgen/internal/gen"
	"github.com/oasgen/oasgen/internal/spec"
)

// TestWarmingChangesNothing generates every golden case with the schema
// models warmed on other goroutines (warm.go) and without, and wants the
// same files. Under -race it also checks that build and the warmer share
// libopenapi's model safely.
func TestWarmingChangesNothing(t *testing.T) {
	specs, err := filepath.Glob("../../testdata/*/openapi.*")
	if err != nil {
		t.Fatal(err)
	}
	if len(specs) < 60 {
		t.Fatalf("found %d golden specs, want at least 60", len(specs))
	}
	generate := func(path string, warm bool) []gen.File {
		t.Helper()
		warmAlways = warm
		defer func() { warmAlways = false }()
		s, err := spec.Load(path)
		if err != nil {
			t.Skipf("%s does not load: %v", path, err) // an error case: nothing is generated
		}
		p, err := Package(s, Options{})
		if err != nil {
			t.Skipf("%s does not build: %v", path, err)
		}
		files, err := gen.Generate(p, gen.Options{Package: "api"})
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		return files
	}
	warmed := 0
	for _, path := range specs {
		t.Run(filepath.Base(filepath.Dir(path)), func(t *testing.T) {
			cold, warm := generate(path, false), generate(path, true)
			if len(cold) != len(warm) {
				t.Fatalf("%d files without warming, %d with", len(cold), len(warm))
			}
			for i := range cold {
				if cold[i].Name != warm[i].Name || !bytes.Equal(cold[i].Content, warm[i].Content) {
					t.Errorf("%s differs when warmed", cold[i].Name)
				}
			}
			warmed++
		})
	}
	if warmed < 60 {
		t.Errorf("compared %d cases, want at least 60", warmed)
	}
	if _, err := os.Stat("../../testdata"); err != nil {
		t.Fatal(err)
	}
}
