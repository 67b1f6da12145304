package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/oasgen/oasgen/internal/build"
)

// TestGeneratedBuildsInOtherModule generates the petstore into a fresh
// module that requires oasgen, as a user's would, and builds and vets it
// there: generated code needs nothing but the runtime.
func TestGeneratedBuildsInOtherModule(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	gomod := "module example.com/user\n\ngo 1.26\n\nrequire github.com/oasgen/oasgen v0.0.0\n\nreplace github.com/oasgen/oasgen => " + root + "\n"
	sum, _ := os.ReadFile(filepath.Join(root, "go.sum"))
	main := `package main

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
	for name, content := range map[string][]byte{"go.mod": []byte(gomod), "go.sum": sum, "main.go": []byte(main)} {
		if err := os.WriteFile(filepath.Join(dir, name), content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res, err := Generate("", "api", build.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteFiles(filepath.Join(dir, "api"), res.Files); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"vet", "./..."}, {"run", "."}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %v: %v\n%s", args, err, out)
		}
		if args[0] == "run" && string(out) != "n <nil>\n" {
			t.Errorf("program printed %q", out)
		}
	}
}
