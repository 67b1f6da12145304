package cli

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/internal/gen"
)

var randomSpecs = flag.Int("randspecs", 40, "how many random specs TestRandomSpecs generates and compiles")

// positioned matches an error that names the place in the spec.
var positioned = regexp.MustCompile(`(?m)^\S+:\d+:\d+: \S`)

// generateRandom generates the random spec of seed into dir/pkg. It fails
// the test on a panic, or on an error that does not name its place.
func generateRandom(t *testing.T, dir string, seed uint64) (ok bool) {
	t.Helper()
	src := newSpecGen(seed).document()
	spec := filepath.Join(dir, fmt.Sprintf("spec%d.json", seed))
	if err := os.WriteFile(spec, src, 0o644); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("seed %d: the generator panicked: %v\nspec:\n%s", seed, r, src)
			ok = false
		}
	}()
	pkg := fmt.Sprintf("r%d", seed)
	cfg := &genConfig{input: spec, pkg: pkg}
	// Every third spec is generated without the server, every fifth
	// without the client: each part must build without the other.
	switch {
	case seed%3 == 0:
		cfg.parts = gen.Models | gen.Client
	case seed%5 == 0:
		cfg.parts = gen.Models | gen.Server
	}
	res, err := generate(cfg)
	if err != nil {
		if !positioned.MatchString(err.Error()) {
			t.Errorf("seed %d: an error without a position: %v", seed, err)
		}
		return false
	}
	if err := WriteFiles(filepath.Join(dir, pkg), res.Files); err != nil {
		t.Fatal(err)
	}
	return true
}

// TestRandomSpecs generates random specs of every keyword, parameter style
// and media type (randspec_test.go), some without the server or the
// client, then builds and vets what was
// generated in one module: the generator must not panic, must name the
// place of every error, and must write code that compiles. A failing seed
// is printed with its spec; it becomes a golden case when fixed.
// -randspecs N runs more.
func TestRandomSpecs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	dir := scratchModule(t, "example.com/random")
	generated := 0
	for seed := uint64(1); seed <= uint64(*randomSpecs); seed++ {
		if generateRandom(t, dir, seed) {
			generated++
		}
	}
	// Most random specs must generate: otherwise the test checks little.
	if generated < *randomSpecs*3/4 {
		t.Errorf("only %d of %d random specs generated", generated, *randomSpecs)
	}
	if out, err := goIn(dir, "vet", "./..."); err != nil {
		t.Errorf("generated code does not build or vet: %v\n%s", err, strings.TrimSpace(out))
	}
}

// FuzzRandomSpec generates the random spec of each seed the fuzzer tries,
// without compiling: the generator must not panic and must position every
// error.
func FuzzRandomSpec(f *testing.F) {
	for seed := range uint64(8) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		generateRandom(t, t.TempDir(), seed)
	})
}
