package gen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path"
	"strconv"
	"testing"
)

// TestPrinterStandsAlone holds the printer layer to its files: every name
// printer.go and format.go use is declared in one of them, imported or
// predeclared, so the printer reads none of the emitters' state (checks,
// layout) and could be a package of its own.
func TestPrinterStandsAlone(t *testing.T) {
	layer := []string{"printer.go", "format.go"}
	declared := map[string]bool{}
	var files []*ast.File
	for _, name := range layer {
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					declared[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						declared[s.Name.Name] = true
					case *ast.ValueSpec:
						for _, n := range s.Names {
							declared[n.Name] = true
						}
					case *ast.ImportSpec:
						p, _ := strconv.Unquote(s.Path.Value)
						declared[path.Base(p)] = true
						if s.Name != nil {
							declared[s.Name.Name] = true
						}
					}
				}
			}
		}
	}
	// The parser resolves names within a file; what is left must be
	// declared in the other file of the layer.
	for i, f := range files {
		for _, id := range f.Unresolved {
			if !declared[id.Name] && types.Universe.Lookup(id.Name) == nil {
				t.Errorf("%s uses %s, declared outside the printer layer", layer[i], id.Name)
			}
		}
	}
}
