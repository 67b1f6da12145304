package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestToolInUserModule follows the README's path for a user's own module:
// oasgen as a tool of the module (go.mod's tool directive, what
// `go get -tool` writes), run by `go generate` through a //go:generate
// line, `go mod tidy`, then vet and run. The module requires this checkout
// through a replace directive, as the module proxy does not know it; the
// go.mod that results is what `go get -tool github.com/oasgen/oasgen/cmd/oasgen`
// writes, less the replace. Generated code needs nothing but the runtime,
// and tidy keeps the tool (a `go run` line would lose it: nothing imports
// the command).
func TestToolInUserModule(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	root := checkoutRoot(t)
	dir := t.TempDir()
	main := `package main

//go:generate go tool oasgen generate -o api

import (
	"fmt"

	"example.com/user/api"
)

func main() {
	var p api.Pet
	err := p.UnmarshalJSON([]byte(` + "`" + `{"name":"n","photoUrls":[]}` + "`" + `))
	fmt.Println(p.Name, err)
}
`
	run := func(args ...string) string {
		t.Helper()
		out, err := goIn(dir, args...)
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return out
	}
	run("mod", "init", "example.com/user")
	run("mod", "edit", "-require=github.com/oasgen/oasgen@v0.0.0", "-replace=github.com/oasgen/oasgen="+root, "-tool=github.com/oasgen/oasgen/cmd/oasgen")
	run("mod", "tidy")
	if got := run("tool", "oasgen", "version"); got != "oasgen (devel)\n" {
		t.Errorf("go tool oasgen version printed %q", got)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(main), 0o644); err != nil {
		t.Fatal(err)
	}
	run("generate", "./...")
	run("mod", "tidy")
	gomod, _ := os.ReadFile(filepath.Join(dir, "go.mod"))
	if !strings.Contains(string(gomod), "tool github.com/oasgen/oasgen/cmd/oasgen") {
		t.Errorf("go mod tidy dropped the tool:\n%s", gomod)
	}
	run("vet", "./...")
	if out := run("run", "."); out != "n <nil>\n" {
		t.Errorf("program printed %q", out)
	}
	if _, err := os.Stat(filepath.Join(dir, "api", "oas_client_gen.go")); err != nil {
		t.Errorf("go generate did not write the package: %v", err)
	}
}

// checkoutRoot returns the directory of this oasgen checkout.
func checkoutRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// scratchModule makes an empty module named path in a temporary directory,
// requiring this checkout's oasgen through a replace directive, as a
// user's module requires a release, and returns the directory.
func scratchModule(t *testing.T, path string) string {
	t.Helper()
	root := checkoutRoot(t)
	dir := t.TempDir()
	gomod := "module " + path + "\n\ngo 1.26\n\nrequire " + oasgenModule + " v0.0.0\n\nreplace " + oasgenModule + " => " + root + "\n"
	sum, _ := os.ReadFile(filepath.Join(root, "go.sum"))
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// goIn runs the go command in dir, outside any workspace, and returns its
// combined output.
func goIn(dir string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	return string(out), err
}
