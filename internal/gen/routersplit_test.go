package gen

import (
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/internal/build"
	"github.com/oasgen/oasgen/internal/ir"
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
	pkg, dir := routesScratch(t)
	if r := generateRoutes(t, dir, pkg, Options{Package: "whole"}, maxRouteWeight, minRouteWeight); strings.Contains(r["oas_router_gen.go"], "func matchRoute1(") {
		t.Fatal("testdata/routes' router splits with the default limits: the comparison needs a router in one function")
	}
	if r := generateRoutes(t, dir, pkg, Options{Package: "split"}, 4, 2); !strings.Contains(r["oas_router_gen.go"], "func matchRoute1(") {
		t.Fatal("testdata/routes' router does not split with the lowered limits")
	}
	routesAgree(t, dir, "whole", "split")
}

// TestRouterPackagesAgree: with the API split into packages, a router
// past Options.RouteLines lines puts its route functions into packages under
// internal/oasroute (routepkgs.go); it routes every request as the router
// in one function does (as TestRouterSplitAgrees asks them), each of its
// packages holds at most that many lines or one function, and each
// imports only packages after it.
func TestRouterPackagesAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	pkg, dir := routesScratch(t)
	generateRoutes(t, dir, pkg, Options{Package: "whole"}, maxRouteWeight, minRouteWeight)
	opts := Options{Package: "pkgs", ModelPackages: 2, ImportPath: "scratch/pkgs", RouteLines: 40}
	files := generateRoutes(t, dir, pkg, opts, 3, 2)
	root := RouteDir + "/oas_router_gen.go"
	if !strings.Contains(files[root], "func Match(") {
		t.Fatalf("no Match in %s", root)
	}
	var pkgs []string // the route functions' packages, in order
	for name := range files {
		if d := path.Dir(name); path.Dir(d) == RouteDir {
			pkgs = append(pkgs, path.Base(d))
		}
	}
	slices.Sort(pkgs)
	if len(pkgs) < 2 {
		t.Fatalf("the router is in %d packages under %s, want more", len(pkgs), RouteDir)
	}
	importRe := regexp.MustCompile(`"scratch/pkgs/` + RouteDir + `/(r\d+)"`)
	for i, name := range append([]string{""}, pkgs...) {
		file := path.Join(RouteDir, name, "oas_router_gen.go")
		text := files[file]
		if n := strings.Count(text, "\n"); n > opts.RouteLines+20 && strings.Count(text, "\nfunc ") > 1 {
			t.Errorf("%s: %d lines, past RouteLines (%d)", file, n, opts.RouteLines)
		}
		for _, m := range importRe.FindAllStringSubmatch(text, -1) {
			if j := slices.Index(pkgs, m[1]) + 1; j <= i {
				t.Errorf("%s imports %s, not a later package", file, m[1])
			}
		}
		if name != "" && strings.Contains(text, `"scratch/pkgs/`+RouteDir+`"`) {
			t.Errorf("%s imports the router's root package", file)
		}
	}
	routesAgree(t, dir, "whole", "pkgs")
}

// routesScratch returns testdata/routes' package and a scratch module
// requiring this one, for generateRoutes and routesAgree.
func routesScratch(t *testing.T) (*ir.Package, string) {
	t.Helper()
	s, err := spec.Load(routesSpec)
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
	writeScratch(t, dir, "go.mod", []byte(gomod))
	writeScratch(t, dir, "go.sum", sum)
	return pkg, dir
}

const routesSpec = "../../testdata/routes/openapi.yaml"

func writeScratch(t *testing.T, dir, name string, b []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// generateRoutes generates pkg into the directory opts.Package of the
// scratch module dir with the route functions' limits maxW and minW, and
// returns the router's files by name.
func generateRoutes(t *testing.T, dir string, pkg *ir.Package, opts Options, maxW, minW int) map[string]string {
	t.Helper()
	defer func(a, b int) { maxRouteWeight, minRouteWeight = a, b }(maxRouteWeight, minRouteWeight)
	maxRouteWeight, minRouteWeight = maxW, minW
	files, err := Generate(pkg, opts)
	if err != nil {
		t.Fatal(err)
	}
	routers := map[string]string{}
	for _, f := range files {
		writeScratch(t, dir, filepath.Join(opts.Package, f.Name), f.Content)
		if path.Base(f.Name) == "oas_router_gen.go" {
			routers[f.Name] = string(f.Content)
		}
	}
	return routers
}

// routesAgree asks the servers of packages a and b of the scratch module
// dir every path of testdata/routes with its parameters filled in, each
// with a segment more, one less and a trailing slash, under every method:
// status and Allow header must agree.
func routesAgree(t *testing.T, dir, a, b string) {
	t.Helper()
	text, err := os.ReadFile(routesSpec)
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
		t.Fatalf("found %d request paths in %s", len(paths), routesSpec)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, `package scratch

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"scratch/%[2]s"
	"scratch/%[3]s"
)

func TestAgree(t *testing.T) {
	a, b := %[2]s.NewServer(%[2]s.Unimplemented{}), %[3]s.NewServer(%[3]s.Unimplemented{})
	for _, path := range %#[1]v {
		for _, method := range []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"} {
			wa, wb := httptest.NewRecorder(), httptest.NewRecorder()
			a.ServeHTTP(wa, httptest.NewRequest(method, path, nil))
			b.ServeHTTP(wb, httptest.NewRequest(method, path, nil))
			if wa.Code != wb.Code || wa.Header().Get("Allow") != wb.Header().Get("Allow") {
				t.Errorf("%%s %%s: %[2]s %%d %%q, %[3]s %%d %%q", method, path, wa.Code, wa.Header().Get("Allow"), wb.Code, wb.Header().Get("Allow"))
			}
			if wa.Code == http.StatusNotFound && path == "/users" {
				t.Errorf("%%s %%s: not found", method, path)
			}
		}
	}
}
`, paths, a, b)
	writeScratch(t, dir, "agree_test.go", []byte(sb.String()))
	cmd := exec.Command("go", "test", "-count=1", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test in the scratch module: %v\n%s", err, out)
	}
}
