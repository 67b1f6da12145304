package apilist

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestDesignImports holds docs/design.md's import map to the code: the
// lines of its "imports" block, `pkg -> dep dep...`, must be exactly the
// imports among this module's packages (tests, testdata, examples and the
// bench aside), so the map's arrows stay true when the code moves.
func TestDesignImports(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list over the module")
	}
	root := filepath.Join("..", "..")
	doc, err := os.ReadFile(filepath.Join(root, "docs", "design.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(doc), "```imports\n")
	if !ok {
		t.Fatal("docs/design.md has no ```imports block")
	}
	block, _, _ = strings.Cut(block, "```")
	documented := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(block), "\n") {
		from, to, ok := strings.Cut(line, " -> ")
		if !ok {
			t.Fatalf("docs/design.md: imports line %q is not `pkg -> dep...`", line)
		}
		deps := strings.Fields(strings.ReplaceAll(to, ",", " "))
		slices.Sort(deps)
		documented[strings.TrimSpace(from)] = deps
	}

	const mod = "github.com/oasgen/oasgen/"
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}}{{range .Imports}} {{.}}{{end}}", "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	actual := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		pkg := strings.TrimPrefix(f[0], mod)
		if strings.Contains(pkg, "testdata") || strings.HasPrefix(pkg, "examples") {
			continue
		}
		var deps []string
		for _, imp := range f[1:] {
			if strings.HasPrefix(imp, mod) {
				deps = append(deps, strings.TrimPrefix(imp, mod))
			}
		}
		if len(deps) > 0 {
			slices.Sort(deps)
			actual[pkg] = deps
		}
	}
	for pkg, deps := range actual {
		if !slices.Equal(documented[pkg], deps) {
			t.Errorf("%s imports %s; docs/design.md says %s", pkg, strings.Join(deps, " "), strings.Join(documented[pkg], " "))
		}
	}
	for pkg := range documented {
		if _, ok := actual[pkg]; !ok {
			t.Errorf("docs/design.md maps %s, which imports none of the module's packages (or does not exist)", pkg)
		}
	}
}

// maxFileLines bounds a hand-written Go file: past it a file holds more
// than one job, and is split by job (docs/design.md maps the files).
const maxFileLines = 1000

// TestFileSizes fails on a hand-written Go file of more than maxFileLines
// lines; generated files (oas_*_gen.go, testdata) and the bench's work
// directory are not counted.
func TestFileSizes(t *testing.T) {
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "testdata", ".work", ".git", "node_modules":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_gen.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if n := strings.Count(string(src), "\n"); n > maxFileLines {
			t.Errorf("%s: %d lines, more than %d: split it by job", path, n, maxFileLines)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
