package gen

import (
	"bytes"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/internal/build"
	"github.com/oasgen/oasgen/internal/ir"
	"github.com/oasgen/oasgen/internal/spec"
)

// TestOpPartsStable generates testdata/split with its operations in three
// parts, then again without one operation: only that operation's part's
// packages and those listing every operation (the root server, client
// and router, the package's aliases) change; the other parts' files are
// the same, byte for byte, so the go command rebuilds none of them.
func TestOpPartsStable(t *testing.T) {
	gen := func(drop string) map[string][]byte {
		pkg := splitCase(t)
		pkg.Operations = slices.DeleteFunc(pkg.Operations, func(o *ir.Operation) bool { return o.ID == drop })
		files, err := Generate(pkg, Options{Package: "p", ModelPackages: 3, OpPackages: 3, ImportPath: "example.com/p"})
		if err != nil {
			t.Fatal(err)
		}
		out := map[string][]byte{}
		for _, f := range files {
			out[f.Name] = f.Content
		}
		return out
	}
	all, less := gen(""), gen("cancelOrder")
	// cancelOrder's part is the one whose server package changes its
	// Handler.
	var dropped string
	for name, text := range all {
		if strings.HasPrefix(name, ServerDir+"/s") && bytes.Contains(text, []byte("CancelOrder(ctx")) {
			dropped = path.Base(path.Dir(name))[1:]
		}
	}
	if dropped == "" {
		t.Fatal("no server part declares CancelOrder")
	}
	same, parts := 0, map[string]bool{}
	for name, text := range all {
		dir := path.Dir(name)
		part := path.Base(dir)
		if dir == ServerDir || dir == ClientDir || dir == RouteDir || dir == UnimplementedDir || !strings.Contains(dir, "/oas") || strings.HasPrefix(dir, ModelsDir) {
			continue // lists every operation, or holds no operation's code
		}
		if dir == WebhooksDir {
			if !bytes.Equal(text, less[name]) {
				t.Errorf("%s changed when an operation was dropped", name)
			}
			continue
		}
		parts[part] = true
		switch {
		case part[1:] == dropped:
			if bytes.Equal(text, less[name]) {
				t.Errorf("%s: the same without cancelOrder", name)
			}
		case !bytes.Equal(text, less[name]):
			t.Errorf("%s changed when cancelOrder, in part %s, was dropped", name, dropped)
		default:
			same++
		}
	}
	if len(parts) != 9 || same < 4 {
		t.Errorf("%d packages of parts, %d files unchanged; want 9 and at least 4", len(parts), same)
	}
}

// TestPartMethodsNotInlined: the methods of a part's Client and
// Unimplemented, which the API's types embed, carry go:noinline, so the
// compiler does not copy their bodies into the wrappers it writes for the
// API's types (noinlineInPart); no other method does.
func TestPartMethodsNotInlined(t *testing.T) {
	files, err := Generate(splitCase(t), Options{Package: "p", ModelPackages: 3, OpPackages: 3, ImportPath: "example.com/p"})
	if err != nil {
		t.Fatal(err)
	}
	marked, bare := 0, 0
	for _, f := range files {
		dir := path.Dir(f.Name)
		inPart := strings.HasPrefix(dir, ClientDir+"/c") || strings.HasPrefix(dir, ServerDir+"/s")
		lines := strings.Split(string(f.Content), "\n")
		for i, line := range lines {
			embedded := strings.HasPrefix(line, "func (c *Client) ") || strings.HasPrefix(line, "func (Unimplemented) ")
			noinline := i > 0 && lines[i-1] == "//go:noinline"
			switch {
			case inPart && embedded && !noinline:
				t.Errorf("%s:%d: %s: no go:noinline", f.Name, i+1, line)
			case !(inPart && embedded) && noinline:
				t.Errorf("%s:%d: %s: go:noinline outside a part's Client or Unimplemented", f.Name, i+1, line)
			case noinline:
				marked++
			case strings.HasPrefix(line, "func ("):
				bare++
			}
		}
	}
	if marked == 0 || bare == 0 {
		t.Errorf("%d methods marked, %d not; want both", marked, bare)
	}
}

// splitCase returns the IR of testdata/split.
func splitCase(t *testing.T) *ir.Package {
	t.Helper()
	s, err := spec.Load("../../testdata/split/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := build.Package(s, build.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}
