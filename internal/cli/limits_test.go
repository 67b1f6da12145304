package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/internal/build"
)

// TestAliasLimitFlags: the bound on what YAML aliases stand for is raised
// or lowered by generate's and lint's flags and by the config file, and
// the error names the flag.
func TestAliasLimitFlags(t *testing.T) {
	dir := t.TempDir()
	specPath := filepath.Join(dir, "openapi.yaml")
	// x-l2 stands for 1,111 nodes: the aliases in x-l2 pass 1,000 at the
	// ninth *l1, and with x-use stand for 2,331.
	text := "openapi: 3.1.0\ninfo: {title: t, version: \"1\"}\npaths: {}\n" +
		"x-l0: &l0 [a, a, a, a, a, a, a, a, a, a]\n" +
		"x-l1: &l1 [*l0, *l0, *l0, *l0, *l0, *l0, *l0, *l0, *l0, *l0]\n" +
		"x-l2: &l2 [*l1, *l1, *l1, *l1, *l1, *l1, *l1, *l1, *l1, *l1]\n" +
		"x-use: *l2\n"
	if err := os.WriteFile(specPath, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	config := filepath.Join(dir, "oasgen.yaml")
	if err := os.WriteFile(config, []byte("version: 1\nmax-alias-nodes: 1000\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const tooMany = "openapi.yaml:6:52: the YAML aliases up to *l1 stand for more than 1000 nodes"
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"generate", "-o", filepath.Join(dir, "a"), specPath}, exitOK, ""},
		{[]string{"generate", "-o", filepath.Join(dir, "b"), "-max-alias-nodes", "1000", specPath}, exitSpec, tooMany},
		{[]string{"generate", "-o", filepath.Join(dir, "c"), "-config", config, specPath}, exitSpec, tooMany},
		{[]string{"generate", "-o", filepath.Join(dir, "d"), "-config", config, "-max-alias-nodes", "5000", specPath}, exitOK, ""},
		{[]string{"generate", "-o", filepath.Join(dir, "e"), "-max-alias-bytes", "100", specPath}, exitSpec, "stand for more than 100 bytes"},
		{[]string{"lint", "-max-alias-nodes", "1000", specPath}, exitSpec, tooMany},
		{[]string{"lint", specPath}, exitOK, ""},
	} {
		var out bytes.Buffer
		code := Run(tc.args, nil, &out, &out)
		if code != tc.code || !strings.Contains(out.String(), tc.want) {
			t.Errorf("oasgen %s: exit %d, output:\n%s\nwant exit %d and %q", strings.Join(tc.args, " "), code, out.String(), tc.code, tc.want)
		}
	}
}

// TestControlCharNames: a property and an enum value with a newline, which
// JSON allows, generate code that parses (a doc comment named the
// property's pointer as written, and ended at its newline).
func TestControlCharNames(t *testing.T) {
	dir := t.TempDir()
	specPath := filepath.Join(dir, "openapi.yaml")
	text := `openapi: 3.1.0
info: {title: t, version: "1"}
paths: {}
components:
  schemas:
    Thing:
      type: object
      properties:
        "a\nb": {type: string, enum: ["x\ny", z]}
`
	if err := os.WriteFile(specPath, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Generate(specPath, "things", build.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Files {
		if f.Name == "oas_models_gen.go" && !strings.Contains(string(f.Content), `#/components/schemas/Thing/properties/a\nb.`) {
			t.Errorf("the doc comment of the property's type:\n%s", f.Content)
		}
	}
}
