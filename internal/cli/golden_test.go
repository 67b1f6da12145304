package cli

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

const modulePath = "github.com/oasgen/oasgen"

// goldenCases returns the directories under testdata/ that hold a spec.
func goldenCases(t *testing.T) []string {
	t.Helper()
	specs, err := filepath.Glob("../../testdata/*/openapi.yaml")
	jsonSpecs, _ := filepath.Glob("../../testdata/*/openapi.json")
	specs = append(specs, jsonSpecs...)
	sort.Strings(specs)
	if err != nil || len(specs) == 0 {
		t.Fatalf("no golden cases found: %v", err)
	}
	var dirs []string
	for _, s := range specs {
		dirs = append(dirs, filepath.Dir(s))
	}
	return dirs
}

// specOf returns the spec file of a golden case.
func specOf(dir string) string {
	if _, err := os.Stat(filepath.Join(dir, "openapi.json")); err == nil {
		return filepath.Join(dir, "openapi.json")
	}
	return filepath.Join(dir, "openapi.yaml")
}

// caseConfig returns the generation config of a golden case: its
// oasgen.yaml when it has one (selected is then true), or the default.
func caseConfig(t *testing.T, dir string) (cfg *genConfig, selected bool) {
	path := filepath.Join(dir, "oasgen.yaml")
	if _, err := os.Stat(path); err != nil {
		return &genConfig{}, false
	}
	cfg, err := loadConfig(path)
	if err != nil {
		t.Fatal(err)
	}
	return cfg, true
}

// TestGolden regenerates every case under testdata/ and compares it with
// the committed files; run with -update to rewrite them.
func TestGolden(t *testing.T) {
	for _, dir := range goldenCases(t) {
		name := filepath.Base(dir)
		t.Run(name, func(t *testing.T) {
			spec := specOf(dir)
			cfg, selected := caseConfig(t, dir)
			cfg.input, cfg.pkg = spec, name
			res, err := generate(cfg)
			if err != nil {
				t.Fatal(err)
			}
			want := map[string][]byte{}
			for _, f := range res.Files {
				want[filepath.Join(dir, f.Name)] = f.Content
			}
			if !selected {
				// The plain mirror has every type of the spec.
				plain, err := GeneratePlain(spec, "plain", modulePath+"/testdata/"+name)
				if err != nil {
					t.Fatal(err)
				}
				want[filepath.Join(dir, "plain", plain.Name)] = plain.Content
			}
			var diag bytes.Buffer
			for _, d := range res.Diagnostics {
				diag.WriteString(d.String() + "\n")
			}
			want[filepath.Join(dir, "warnings.txt")] = diag.Bytes()

			if *update {
				for path, content := range want {
					if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(path, content, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			for path, content := range want {
				got, err := os.ReadFile(path)
				if err != nil {
					t.Errorf("%s: %v (run go test ./internal/cli -update)", path, err)
					continue
				}
				if !bytes.Equal(got, content) {
					t.Errorf("%s is stale: run go test ./internal/cli -update and review the diff", path)
				}
			}
			// No generated file may linger that generation no longer makes.
			existing, _ := filepath.Glob(filepath.Join(dir, "oas_*_gen.go"))
			for _, p := range existing {
				if _, ok := want[p]; !ok {
					t.Errorf("%s is not generated any more; delete it", p)
				}
			}
		})
	}
}

// TestGoldenCompiles builds and vets every golden package and its plain
// mirror on their own.
func TestGoldenCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	var pkgs []string
	for _, dir := range goldenCases(t) {
		name := filepath.Base(dir)
		pkgs = append(pkgs, modulePath+"/testdata/"+name)
		if _, err := os.Stat(filepath.Join(dir, "plain")); err == nil {
			pkgs = append(pkgs, modulePath+"/testdata/"+name+"/plain")
		}
	}
	cmd := exec.Command("go", append([]string{"vet"}, pkgs...)...)
	cmd.Dir = "../.."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go vet %s: %v\n%s", strings.Join(pkgs, " "), err, out)
	}
}
