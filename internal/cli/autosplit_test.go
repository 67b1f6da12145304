package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAutoSplit generates the embedded petstore with the size bound
// lowered: inside a module the models are split into packages by size
// with no flag, and so are the operations into parts (-op-packages 1
// keeps them whole), -model-packages 1 keeps one package, and outside a module
// the package stays whole with a note saying what splitting needs.
func TestAutoSplit(t *testing.T) {
	oldBig, oldSplit, oldOps := bigPackage, splitLines, opSplitLines
	bigPackage, splitLines, opSplitLines = 1000, 1500, 1500
	defer func() { bigPackage, splitLines, opSplitLines = oldBig, oldSplit, oldOps }()

	mod := t.TempDir()
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module example.com/split\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) (string, int) {
		var out bytes.Buffer
		code := Run(append([]string{"generate"}, args...), nil, &out, &out)
		return out.String(), code
	}
	models := func(dir string) []string {
		m, _ := filepath.Glob(filepath.Join(dir, "internal", "oasmodels", "*"))
		return m
	}

	dir := filepath.Join(mod, "api")
	out, code := run("-o", dir)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, out)
	}
	// The note counts the packages written, which may be more than the
	// number chosen by size (ir.Package.Split's pairs).
	if n := len(models(dir)); n < 2 || !strings.Contains(out, fmt.Sprintf("the models are split into %d packages", n)) {
		t.Errorf("inside a module: %d models packages; output:\n%s", n, out)
	}
	// The server's 1,806 lines as one package are past opSplitLines too:
	// the operations are split into parts, the same in each of their
	// three packages.
	servers := func(dir string) []string {
		m, _ := filepath.Glob(filepath.Join(dir, "internal", "oasserver", "s*"))
		return m
	}
	n := len(servers(dir))
	for _, d := range []string{"oasops", "oasclient"} {
		if m, _ := filepath.Glob(filepath.Join(dir, "internal", d, "[oc][0-9]*")); len(m) != n {
			t.Errorf("%d parts of %s, %d of the server's", len(m), d, n)
		}
	}
	if n < 2 || !strings.Contains(out, "the operations into") {
		t.Errorf("inside a module: %d parts of the server; output:\n%s", n, out)
	}
	out, code = run("-o", dir, "-op-packages", "1")
	if code != exitOK || len(models(dir)) < 2 || len(servers(dir)) != 0 {
		t.Errorf("-op-packages 1: exit %d, %d models packages, %d parts of the server; output:\n%s", code, len(models(dir)), len(servers(dir)), out)
	}

	out, code = run("-o", dir, "-model-packages", "1")
	if code != exitOK || len(models(dir)) != 0 {
		t.Errorf("-model-packages 1: exit %d, %d models packages; output:\n%s", code, len(models(dir)), out)
	}

	outside := filepath.Join(t.TempDir(), "api")
	if moduleAbove(t, outside) {
		return
	}
	out, code = run("-o", outside)
	if code != exitOK || len(models(outside)) != 0 || !strings.Contains(out, "to split it, generate into a directory of a Go module") {
		t.Errorf("outside a module: exit %d, %d models packages; output:\n%s", code, len(models(outside)), out)
	}
}
