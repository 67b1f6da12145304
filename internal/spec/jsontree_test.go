package spec

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pb33f/go-yaml"
)

// sameTree reports where two YAML trees differ, or "".
func sameTree(a, b *yaml.Node, at string) string {
	if a.Kind != b.Kind || a.Style != b.Style || a.Tag != b.Tag || a.Value != b.Value || a.Line != b.Line || a.Column != b.Column || len(a.Content) != len(b.Content) {
		return fmt.Sprintf("%s: json %d/%d/%s/%.80q at %d:%d (%d children), yaml %d/%d/%s/%.80q at %d:%d (%d children)", at,
			a.Kind, a.Style, a.Tag, a.Value, a.Line, a.Column, len(a.Content), b.Kind, b.Style, b.Tag, b.Value, b.Line, b.Column, len(b.Content))
	}
	for i := range a.Content {
		if d := sameTree(a.Content[i], b.Content[i], fmt.Sprintf("%s/%d", at, i)); d != "" {
			return d
		}
	}
	return ""
}

// checkJSONTree wants parseJSONTree to read src as go-yaml does, or to
// decline it (want says which).
func checkJSONTree(t *testing.T, name string, src []byte, want bool) {
	t.Helper()
	got, ok := parseJSONTree(src)
	var y yaml.Node
	yerr := yaml.Unmarshal(src, &y)
	if !ok {
		if want {
			t.Errorf("%s: declined", name)
		}
		return
	}
	if !want {
		t.Errorf("%s: read, want declined", name)
	}
	if yerr != nil {
		t.Errorf("%s: read, but YAML's parser fails: %v", name, yerr)
		return
	}
	if d := sameTree(got, &y, ""); d != "" {
		t.Errorf("%s: %s", name, d)
	}
}

func TestJSONTree(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      bool
	}{
		{"empty object", `{}`, true},
		{"scalars", `{"a": "x", "b": 1, "c": -2.5e3, "d": true, "e": false, "f": null, "g": 0, "h": 1.0}`, true},
		{"nested", "{\n  \"a\": [1, {\"b\": []}, \"c\"],\n\t\"d\": {}\n}\n", true},
		{"escapes", `{"a": "\"\\\b\f\n\r\t\u00e9 é"}`, true},
		{"line separator", "{\"a\": \"x\u2028 y\"}", false},
		{"multibyte columns", `{"é": "ü", "x": 1}`, true},
		{"crlf", "{\r\n\"a\":\r\n 1}\r\n", true},
		{"big integer", `{"a": 123456789012345678901234567890, "b": 18446744073709551615, "c": -9223372036854775808}`, true},
		{"leading space", "\n\n  {\"a\": 1}", true},
		{"key and colon on two lines", "{\"a\"\n: 1}", false},
		{"lone surrogate", `{"a": "\ud800"}`, false},
		{"not json", `{a: 1}`, false},
		{"trailing comma", `{"a": 1,}`, false},
		{"top-level array", `[1]`, false},
		{"trailing text", `{} x`, false},
		{"leading zero", `{"a": 01}`, false},
	} {
		checkJSONTree(t, tc.name, []byte(tc.src), tc.want)
	}
	// JSON's escapes that go-yaml refuses: the solidus and UTF-16
	// surrogate pairs.
	if n, ok := parseJSONTree([]byte(`{"a": "x\/y\ud83d\ude00"}`)); !ok || n.Content[0].Content[1].Value != "x/y😀" {
		t.Errorf(`"x\/y\ud83d\ude00" read as %v, %v; want "x/y😀"`, n, ok)
	}
}

// TestJSONTreeCorpus reads every JSON spec of the corpus under 5 MB
// (when OASGEN_CORPUS names it; .ci/run sets it) both ways: the same
// tree, or declined where the text holds a character YAML takes for a
// line break.
func TestJSONTreeCorpus(t *testing.T) {
	dir := os.Getenv("OASGEN_CORPUS")
	if dir == "" {
		t.Skip("OASGEN_CORPUS is not set")
	}
	n := 0
	filepath.WalkDir(filepath.Join(dir, "node_modules"), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") || !strings.Contains(path, "/api/") && !strings.Contains(path, "api.github.com") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(src) > 5<<20 {
			return nil // YAML's parser takes seconds on these
		}
		breaks := bytes.Contains(src, []byte("\u2028")) || bytes.Contains(src, []byte("\u2029")) || bytes.Contains(src, []byte("\u0085"))
		checkJSONTree(t, path, src, !breaks)
		n++
		return nil
	})
	t.Logf("%d files", n)
}

// FuzzJSONTree: the JSON reader never panics, and what it reads that
// go-yaml reads too, it reads as go-yaml does.
//
//	go test ./internal/spec -run '^$' -fuzz FuzzJSONTree -fuzztime 1m
func FuzzJSONTree(f *testing.F) {
	for _, s := range []string{`{}`, `{"a": [1, 2.5, -3e2, true, null, "x\u00e9"]}`, "{\r\n \"é\":\t{\"b\": []}}", `{"a": "\"\\"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		got, ok := parseJSONTree(src)
		if !ok {
			return
		}
		var y yaml.Node
		if yaml.Unmarshal(src, &y) != nil {
			return // go-yaml refuses some JSON (an escaped solidus, UTF-16 pairs)
		}
		if d := sameTree(got, &y, ""); d != "" {
			t.Errorf("%q: %s", src, d)
		}
	})
}
