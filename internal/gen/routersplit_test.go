package gen

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/internal/build"
	"github.com/oasgen/oasgen/internal/spec"
)

// TestRouterSplitAgrees: a router whose subtrees have route functions of
// their own (matchRoute1, ..., falling through to the next branch when
// they find nothing) routes every request as the router in one function
// does. The limits are lowered so testdata/routes, small enough for one
// function, splits; both routers are built in a scratch module and asked
// the same requests: every path of the spec with its parameters filled
// in, each with a segment more, one less and a trailing slash, under
// every method. Status and Allow header must agree.
func TestRouterSplitAgrees(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	const specPath = "../../testdata/routes/openapi.yaml"
	s, err := spec.Load(specPath)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := build.Package(s, build.Options{})
	if err != nil {
		t.Fatal(err)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	gomod := "module scratch\n\ngo 1.26\n\nrequire github.com/oasgen/oasgen v0.0.0\n\nreplace github.com/oasgen/oasgen => " + root + "\n"
	sum, _ := os.ReadFile(filepath.Join(root, "go.sum"))
	write := func(name string, b []byte) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", []byte(gomod))
	write("go.sum", sum)

	generate := func(name string, maxW, minW int) string {
		t.Helper()
		defer func(a, b int) { maxRouteWeight, minRouteWeight = a, b }(maxRouteWeight, minRouteWeight)
		maxRouteWeight, minRouteWeight = maxW, minW
		files, err := Generate(pkg, Options{Package: name})
		if err != nil {
			t.Fatal(err)
		}
		router := ""
		for _, f := range files {
			write(filepath.Join(name, f.Name), f.Content)
			if f.Name == "oas_router_gen.go" {
				router = string(f.Content)
			}
		}
		return router
	}
	if r := generate("whole", maxRouteWeight, minRouteWeight); strings.Contains(r, "func matchRoute1(") {
		t.Fatal("testdata/routes' router splits with the default limits: the comparison needs a router in one function")
	}
	if r := generate("split", 4, 2); !strings.Contains(r, "func matchRoute1(") {
		t.Fatal("testdata/routes' router does not split with the lowered limits")
	}

	text, err := os.ReadFile(specPath)
	if err != nil {
		t.Fatal(err)
	}
	param := regexp.MustCompile(`\{[^}]*\}`)
	var paths []string
	for _, m := range regexp.MustCompile(`(?m)^  (/\S*):$`).FindAllStringSubmatch(string(text), -1) {
		p := param.ReplaceAllString(m[1], "1")
		paths = append(paths, p, strings.TrimSuffix(p, "/")+"/x", p+"/", filepath.Dir(p))
	}
	if len(paths) < 40 {
		t.Fatalf("found %d request paths in %s", len(paths), specPath)
	}
	var b strings.Builder
	fmt.Fprintf(&b, `package scratch

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"scratch/split"
	"scratch/whole"
)

func TestAgree(t *testing.T) {
	a, b := whole.NewServer(whole.Unimplemented{}), split.NewServer(split.Unimplemented{})
	for _, path := range %#v {
		for _, method := range []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"} {
			wa, wb := httptest.NewRecorder(), httptest.NewRecorder()
			a.ServeHTTP(wa, httptest.NewRequest(method, path, nil))
			b.ServeHTTP(wb, httptest.NewRequest(method, path, nil))
			if wa.Code != wb.Code || wa.Header().Get("Allow") != wb.Header().Get("Allow") {
				t.Errorf("%%s %%s: one function %%d %%q, split %%d %%q", method, path, wa.Code, wa.Header().Get("Allow"), wb.Code, wb.Header().Get("Allow"))
			}
			if wa.Code == http.StatusNotFound && path == "/users" {
				t.Errorf("%%s %%s: not found", method, path)
			}
		}
	}
}
`, paths)
	write("agree_test.go", []byte(b.String()))
	cmd := exec.Command("go", "test", "-count=1", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test in the scratch module: %v\n%s", err, out)
	}
}
