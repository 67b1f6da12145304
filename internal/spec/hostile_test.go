package spec

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// The loader's answers to hostile specs (issue 41): chains of $refs,
// YAML aliases that stand for billions of nodes, keys written twice. Each
// test bounds the work by counting it, not by timing it.

// refChain returns a 3.1 spec whose component S0 is a $ref to S1, and so
// on to S<n>, a string; Use has a property that is a $ref to S0. Under
// x-chain, the same chain of $refs outside components (checkRefLoops
// does not see it; follow walks it).
func refChain(n int) string {
	var b strings.Builder
	b.WriteString("openapi: 3.1.0\ninfo: {title: t, version: \"1\"}\npaths: {}\nx-chain:\n")
	for i := range n {
		fmt.Fprintf(&b, "  X%d: {$ref: \"#/x-chain/X%d\"}\n", i, i+1)
	}
	fmt.Fprintf(&b, "  X%d: {type: string}\ncomponents:\n  schemas:\n", n)
	for i := range n {
		fmt.Fprintf(&b, "    S%d: {$ref: \"#/components/schemas/S%d\"}\n", i, i+1)
	}
	fmt.Fprintf(&b, "    S%d: {type: string}\n", n)
	b.WriteString("    Use: {type: object, properties: {a: {$ref: \"#/components/schemas/S0\"}, x: {$ref: \"#/x-chain/X0\"}}}\n")
	return b.String()
}

// TestRefChains: a chain of 100 and of 10,000 $refs to $refs resolves
// (64 was taken for a loop), every link to the string at its end, and
// following all of them costs a step per $ref: the chain is followed
// once, not once per link. Before, a chain of 10,000 components took
// minutes in checkRefLoops alone.
func TestRefChains(t *testing.T) {
	for _, n := range []int{100, 10_000} {
		s, err := Parse("chain.yaml", []byte(refChain(n)))
		if err != nil {
			t.Fatalf("chain of %d: %v", n, err)
		}
		schemas := s.Doc.Components.Schemas
		for i := range n + 1 {
			sch := schemas.GetOrZero(fmt.Sprintf("S%d", i)).Schema()
			if sch == nil || len(sch.Type) != 1 || sch.Type[0] != "string" {
				t.Fatalf("chain of %d: S%d is %+v, want the string at the end", n, i, sch)
			}
		}
		use := schemas.GetOrZero("Use").Schema()
		if x := use.Properties.GetOrZero("x").Schema(); x == nil || x.Type[0] != "string" {
			t.Fatalf("chain of %d: the x- chain leads to %+v", n, x)
		}
		// Each component's $ref and the two properties' are followed
		// (n+2 walks), and each $ref of the two chains resolved once.
		if max := 2*n + 4; s.refSteps > max {
			t.Errorf("chain of %d: %d $refs resolved, want at most %d", n, s.refSteps, max)
		}
	}
}

// TestRefLoops: a true loop of $refs is still an error at the $ref that
// closes it, in components (checkRefLoops) and outside (follow), however
// long the chain leading into it; a long chain into a loop costs a step
// per $ref too.
func TestRefLoops(t *testing.T) {
	var b strings.Builder
	b.WriteString("openapi: 3.1.0\ninfo: {title: t, version: \"1\"}\npaths:\n  /a:\n    get:\n      parameters: [{$ref: \"#/x-p/P0\"}]\n      responses: {\"200\": {description: ok}}\nx-p:\n")
	const n = 10_000
	for i := range n {
		fmt.Fprintf(&b, "  P%d: {$ref: \"#/x-p/P%d\"}\n", i, i+1)
	}
	fmt.Fprintf(&b, "  P%d: {$ref: \"#/x-p/P%d\"}\n", n, n-2)
	_, err := Parse("loop.yaml", []byte(b.String()))
	if want := `loop.yaml:6:27: circular $ref "#/x-p/P0": it leads to $refs only`; err == nil || err.Error() != want {
		t.Errorf("loop outside components: %v, want %s", err, want)
	}

	_, err = Parse("loop.yaml", []byte(`openapi: 3.1.0
info: {title: t, version: "1"}
paths: {}
components:
  schemas:
    Head: {$ref: "#/components/schemas/A"}
    A: {$ref: "#/components/schemas/B"}
    B: {$ref: "#/components/schemas/A"}
`))
	if want := `loop.yaml:8:15: circular $ref: A -> B -> A names no schema`; err == nil || err.Error() != want {
		t.Errorf("loop in components: %v, want %s", err, want)
	}
}

// laughs returns a spec whose x-l0 is a list of ten strings, x-l1 a list
// of ten aliases of x-l0, and so on to x-l<levels>, and whose schema S
// has the const *l<levels>: 10^(levels+1) strings written in a few lines.
func laughs(levels int) string {
	var b strings.Builder
	b.WriteString("openapi: 3.1.0\ninfo: {title: t, version: \"1\"}\npaths: {}\nx-l0: &l0 [a, a, a, a, a, a, a, a, a, a]\n")
	for i := 1; i <= levels; i++ {
		fmt.Fprintf(&b, "x-l%d: &l%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*l%d, ", i-1), 10), ", "))
	}
	fmt.Fprintf(&b, "components:\n  schemas:\n    S:\n      const: *l%d\n", levels)
	return b.String()
}

// TestAliasBound: nine levels of ten aliases (10^10 strings) are an error
// at the alias where the count passes the bound, found in work linear in
// the text; a bound raised by Options lets a moderate expansion through,
// and a lowered one stops it.
func TestAliasBound(t *testing.T) {
	text := laughs(9)
	_, err := Parse("laughs.yaml", []byte(text))
	want := "laughs.yaml:9:47: the YAML aliases up to *l4 stand for more than 1000000 nodes; an alias counts as a copy of what it names (raise the bound with -max-alias-nodes N)"
	if err == nil || err.Error() != want {
		t.Fatalf("got  %v\nwant %s", err, want)
	}
	doc, err := parseTree([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	c := newTreeChecker("laughs.yaml", Options{})
	c.walk(doc)
	if len(c.errs) != 1 || c.work > 1000 {
		t.Errorf("%d errors, %d steps: want 1 error in at most 1000 steps", len(c.errs), c.work)
	}

	// Four levels stand for 10^5 strings: within the default bound.
	s, err := Parse("laughs.yaml", []byte(laughs(4)))
	if err != nil {
		t.Fatal(err)
	}
	if c := s.Doc.Components.Schemas.GetOrZero("S").Schema().Const; c == nil || len(unalias(c).Content) != 10 {
		t.Errorf("the const is the list of ten lists: %+v", c)
	}
	if _, err := ParseWith("laughs.yaml", []byte(laughs(4)), Options{MaxAliasNodes: 10_000}); err == nil || !strings.Contains(err.Error(), "more than 10000 nodes") {
		t.Errorf("with MaxAliasNodes 10000: %v", err)
	}
	if _, err := ParseWith("laughs.yaml", []byte(laughs(5)), Options{MaxAliasNodes: 5_000_000}); err != nil {
		t.Errorf("with MaxAliasNodes 5,000,000: %v", err)
	}
	big := "openapi: 3.1.0\ninfo: {title: t, version: \"1\"}\npaths: {}\nx-big: &big " + strings.Repeat("x", 1<<20) + "\nx-copies: [" + strings.TrimSuffix(strings.Repeat("*big, ", 40), ", ") + "]\n"
	if _, err := Parse("big.yaml", []byte(big)); err == nil || !strings.Contains(err.Error(), "big.yaml:5:") || !strings.Contains(err.Error(), "more than 33554432 bytes") {
		t.Errorf("40 copies of a megabyte: %v", err)
	}
	if _, err := ParseWith("big.yaml", []byte(big), Options{MaxAliasBytes: 64 << 20}); err != nil {
		t.Errorf("with MaxAliasBytes 64 MiB: %v", err)
	}
}

// TestAliasesInUse: the aliases specs use, shared responses and
// parameters, and a schema that holds itself, load within the bound.
func TestAliasesInUse(t *testing.T) {
	var b strings.Builder
	b.WriteString(header + "x-ok: &ok {\"200\": {description: ok, content: {application/json: {schema: {type: object, properties: {a: {type: string}, b: {type: integer}}}}}}}\npaths:\n")
	for i := range 2000 {
		fmt.Fprintf(&b, "  /p%d:\n    get:\n      responses: *ok\n", i)
	}
	b.WriteString("components:\n  schemas:\n    Tree: &tree {type: object, properties: {children: {type: array, items: *tree}}}\n")
	s, err := Parse("spec.yaml", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if s.Doc.Paths.PathItems.Len() != 2000 {
		t.Errorf("%d paths", s.Doc.Paths.PathItems.Len())
	}
}

// TestDuplicateKeys: a key written twice in a mapping, anywhere in a
// YAML or JSON document, is an error at the second, naming the first; a
// mapping of 100,000 keys all alike costs work linear in its length.
func TestDuplicateKeys(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"paths", header + "paths:\n  /a:\n    get: {responses: {\"200\": {description: ok}}}\n  /b: {}\n  /a: {}\n",
			`spec.yaml:7:3: duplicate key "/a": it is first at 4:3; keys in a mapping are unique`},
		{"properties", header + "paths: {}\ncomponents:\n  schemas:\n    A: {type: object, properties: {x: {type: string}, \"x\": {type: integer}}}\n",
			`spec.yaml:6:55: duplicate key "x": it is first at 6:36; keys in a mapping are unique`},
		{"example", header + "paths: {}\nx-e: {a: 1, b: 2, a: 3}\n",
			`spec.yaml:4:19: duplicate key "a": it is first at 4:7; keys in a mapping are unique`},
		{"JSON", "{\"openapi\": \"3.1.0\", \"info\": {\"title\": \"t\", \"version\": \"1\"},\n \"paths\": {\"/a\": {}, \"/a\": {}}}",
			`spec.yaml:2:22: duplicate key "/a": it is first at 2:12; keys in a mapping are unique`},
		{"merge keys", header + "paths: {}\nx-a: &a {p: 1}\nx-b: &b {q: 2}\nx-c: {<<: *a, <<: *b, r: 3}\n", "<nil>"},
		{"JSON top", "{\"openapi\": \"3.1.0\", \"info\": {}, \"openapi\": \"3.1.0\", \"paths\": {}}",
			`spec.yaml:1:34: duplicate key "openapi": it is first at 1:2; keys in a mapping are unique`},
	} {
		_, err := Parse("spec.yaml", []byte(tc.text))
		if fmt.Sprint(err) != tc.want {
			t.Errorf("%s:\ngot  %v\nwant %s", tc.name, err, tc.want)
		}
	}

	root := writeFiles(t, "openapi.yaml", map[string]string{
		"openapi.yaml": header + "paths:\n  /a: {$ref: \"a.yaml\"}\n",
		"a.yaml":       "get:\n  responses: {\"200\": {description: ok}}\nget: {}\n",
	})
	_, err := Load(root)
	if want := `DIR/openapi.yaml:4:14: cannot resolve $ref "a.yaml": DIR/a.yaml:3:1: duplicate key "get": it is first at 1:1; keys in a mapping are unique`; err == nil || strings.ReplaceAll(err.Error(), filepath.Dir(root), "DIR") != want {
		t.Errorf("in another file:\ngot  %v\nwant %s", err, want)
	}

	const n = 100_000
	text := []byte(header + "paths:\n" + strings.Repeat("  /a: {}\n", n))
	doc, err := parseTree(text)
	if err != nil {
		t.Fatal(err)
	}
	c := newTreeChecker("spec.yaml", Options{})
	c.walk(doc)
	if len(c.errs) != maxErrors || c.more != n-1-maxErrors {
		t.Errorf("%d errors and %d more, want %d and %d", len(c.errs), c.more, maxErrors, n-1-maxErrors)
	}
	if c.work > 4*n {
		t.Errorf("%d steps for %d keys: want at most %d", c.work, n, 4*n)
	}
	_, err = Parse("spec.yaml", text)
	if err == nil || !strings.HasSuffix(err.Error(), fmt.Sprintf("\nand %d more", n-1-maxErrors)) {
		t.Errorf("the error ends %q", err.Error()[max(0, len(err.Error())-40):])
	}
}
