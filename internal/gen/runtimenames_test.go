package gen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// exported returns the exported top-level names declared in the non-test
// files of the package in dir.
func exported(t *testing.T, dir string) map[string]bool {
	t.Helper()
	fset := token.NewFileSet()
	paths, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	names := map[string]bool{}
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.IsExported() {
					names[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							names[s.Name.Name] = true
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() {
								names[n.Name] = true
							}
						}
					}
				}
			}
		}
	}
	return names
}

// runtimePackages are the runtime packages generated code imports, by
// the function of this package that names their identifiers.
var runtimePackages = map[string]string{
	"oasrt":       "oasrt",
	"oasimpl":     "oasrt/oasimpl",
	"oashttp":     "oasrt/oashttp",
	"oashttpimpl": "oasrt/oashttp/oashttpimpl",
}

// TestRuntimeNames checks that every runtime name the emitters print with
// oasrt("X"), oasimpl("X"), oashttp("X") or oashttpimpl("X") is declared
// by that package, so an emitter naming a moved or misspelt name fails
// here, before any golden is compiled. Names chosen at run time (a table's
// values) are checked by compiling the goldens.
func TestRuntimeNames(t *testing.T) {
	declared := map[string]map[string]bool{}
	for fn, dir := range runtimePackages {
		declared[fn] = exported(t, filepath.Join("../..", dir))
	}
	files, _ := filepath.Glob("*.go")
	call := regexp.MustCompile(`\b(oasrt|oasimpl|oashttp|oashttpimpl)\("(\w+)"\)`)
	n := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range call.FindAllStringSubmatch(string(src), -1) {
			n++
			if !declared[m[1]][m[2]] {
				t.Errorf("%s: %s(%q): %s declares no %s", name, m[1], m[2], runtimePackages[m[1]], m[2])
			}
		}
	}
	if n < 300 {
		t.Errorf("found %d runtime names printed; the pattern no longer matches the emitters", n)
	}
}
