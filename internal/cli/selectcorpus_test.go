package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/internal/build"
)

// TestSelectReachCorpus selects GitHub's operations tagged repos, as
// bench/results/sizes.md's github-repos-client does, when OASGEN_CORPUS names the
// directory of the corpus packages, and checks the component schemas the
// kept declarations come from against an oracle of its own: the
// #/components/schemas/ targets of the $refs reachable from the kept
// operations in the spec's JSON. A component the oracle does not reach was
// kept for an operation the selection left out; one it reaches and the
// declarations lack was dropped though a kept operation uses it.
func TestSelectReachCorpus(t *testing.T) {
	dir := os.Getenv("OASGEN_CORPUS")
	if dir == "" {
		t.Skip("OASGEN_CORPUS is not set")
	}
	path := filepath.Join(dir, "node_modules/@octokit/openapi/generated/api.github.com.json")
	p, err := load(path, build.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cfg := &genConfig{include: opFilter{tags: []string{"repos"}}}
	p.Select(cfg.keep)

	// got are the component schemas the declarations come from, roots
	// holds those a declaration is the whole of. A declaration made for a
	// schema inside a component (its origin a pointer below the
	// component's) may be kept for an equal inline schema elsewhere, which
	// a kept operation reaches: inline copies are one type, named after
	// the first seen (GitHub's pending-deployment's reviewers items are
	// also an environment's). So only roots say a component was kept.
	var got []string
	roots := map[string]bool{}
	for _, d := range p.Decls {
		ptr, _ := d.Origin()
		if rest, ok := strings.CutPrefix(ptr, "#/components/schemas/"); ok {
			name, _, inner := strings.Cut(rest, "/")
			if !slices.Contains(got, name) {
				got = append(got, name)
			}
			roots[name] = roots[name] || !inner
		}
	}
	slices.Sort(got)

	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	want := reachedSchemas(doc, "repos")
	if len(want) == 0 {
		t.Fatal("the oracle reaches no component schema")
	}
	if !slices.Equal(got, want) {
		for _, n := range got {
			if roots[n] && !slices.Contains(want, n) {
				t.Errorf("kept %s, which no operation tagged repos reaches", n)
			}
		}
		for _, n := range want {
			if !slices.Contains(got, n) {
				t.Errorf("dropped %s, which an operation tagged repos reaches", n)
			}
		}
	}
	t.Logf("%d operations, %d declarations, %d component schemas", len(p.Operations), len(p.Decls), len(got))
}

// reachedSchemas returns the sorted names of the component schemas that
// the $refs of doc's operations with tag reach, through every component
// kind (parameters, responses, headers, schemas).
func reachedSchemas(doc map[string]any, tag string) []string {
	seen := map[string]bool{}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if ref, ok := v["$ref"].(string); ok && !seen[ref] {
				seen[ref] = true
				walk(resolvePointer(doc, ref))
			}
			for k, e := range v {
				if k != "$ref" {
					walk(e)
				}
			}
		case []any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	paths, _ := doc["paths"].(map[string]any)
	for _, item := range paths {
		item, _ := item.(map[string]any)
		for _, op := range item {
			op, ok := op.(map[string]any)
			if !ok {
				continue
			}
			tags, _ := op["tags"].([]any)
			if !slices.Contains(tags, any(tag)) {
				continue
			}
			walk(op)
			walk(item["parameters"])
		}
	}
	var names []string
	for ref := range seen {
		if name, ok := strings.CutPrefix(ref, "#/components/schemas/"); ok && !strings.Contains(name, "/") {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

// resolvePointer returns the value a local JSON pointer names in doc.
func resolvePointer(doc any, ref string) any {
	v := doc
	for _, tok := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")]
	}
	return v
}
