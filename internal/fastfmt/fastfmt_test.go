package fastfmt

import (
	"bytes"
	"go/format"
	"strings"
	"testing"
)

// gofmt formats d, one declaration, with go/format.
func gofmt(d string) ([]byte, error) {
	const prefix = "package p\n\n"
	out, err := format.Source([]byte(prefix + d))
	if err != nil {
		return nil, err
	}
	return bytes.TrimPrefix(out, []byte(prefix)), nil
}

// TestShapes holds the fast formatter to gofmt on the shapes the
// big specs print most, at the edges of gofmt's rules, and checks that it
// takes them rather than leaving them to go/format.
func TestShapes(t *testing.T) {
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
		"type T struct {\nHubURL oasimpl.Opt[string] `json:\"hub_url,omitzero\"`\nViews []Traffic `json:\"views\"`\nM map[string]int\n}\n",
		"const (\nKindString KindType = iota + 1\nKindFloat64\nKindAny\n)\n",
		"func f() string {\nswitch resp.StatusCode / 100 {\ncase 2:\nreturn \"a\"\n}\nreturn \"users.get: \" + strconv.Itoa(v.StatusCode) + \" response\"\n}\n",
		"func f() {\nx = a * b / c\nif (*e4).Value, err = r.Str(); err != nil {\nreturn\n}\nif (*x).Null {\nreturn\n}\n}\n",
	)
	for _, d := range decls {
		want, err := gofmt(d)
		if err != nil {
			t.Fatal(err)
		}
		fast, ok := Decl([]byte(d), nil, false)
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
		if _, ok := Decl([]byte(d), nil, false); ok {
			t.Errorf("taken by the fast formatter:\n%s", d)
		}
	}
}
