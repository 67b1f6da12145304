package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestGenerateOutput pins what generate prints: a summary of the warnings
// by kind by default, each one and each file with -v, nothing but errors
// with -q; no line wider than the width.
func TestGenerateOutput(t *testing.T) {
	t.Setenv("COLUMNS", "90")
	const spec = "../../testdata/specmistakes/openapi.yaml"
	dir := t.TempDir()
	for _, tc := range []struct {
		args         []string
		stderr, want string
	}{
		{nil, `warning: path parameter, 2 times, first at ../../testdata/specmistakes/openapi.yaml:10:5
	GET /todos/{todoId}: the path has {todoId} but the operation declares no path p...
	fix: declare every {name} of the path as a path parameter, and no other
warning: duplicate operationId, once, at ../../testdata/specmistakes/openapi.yaml:22:5
	GET /lists/todos: operationId "listTodos" is already used at ../../testdata/spe...
	fix: give each operation its own operationId (one Go name got a number)
3 warnings of 2 kinds; -v lists each one
`, "package x: 0 types, 2 operations; 6 files (10,833 bytes) in DIR\n"},
		{[]string{"-v"}, `../../testdata/specmistakes/openapi.yaml:10:5: warning path parameter
	GET /todos/{todoId}: the path has {todoId} but the operation declares no path p...
../../testdata/specmistakes/openapi.yaml:18:11: warning path parameter
	GET /todos: path parameter "listId" is not in the path, so it is never set
../../testdata/specmistakes/openapi.yaml:22:5: warning duplicate operationId
	GET /lists/todos: operationId "listTodos" is already used at ../../testdata/spe...
3 warnings of 2 kinds
`, `wrote DIR/oas_client_gen.go (1925 bytes)
wrote DIR/oas_json_gen.go (297 bytes)
wrote DIR/oas_models_gen.go (61 bytes)
wrote DIR/oas_router_gen.go (1809 bytes)
wrote DIR/oas_server_gen.go (6680 bytes)
wrote DIR/oas_validate_gen.go (61 bytes)
package x: 0 types, 2 operations; 6 files (10,833 bytes) in DIR
`},
		{[]string{"-q"}, "", ""},
	} {
		var stdout, stderr bytes.Buffer
		code := Run(append([]string{"generate", "-i", spec, "-o", dir, "-p", "x"}, tc.args...), nil, &stdout, &stderr)
		// Sizes change with every change to what is generated; the lines
		// are what this test holds.
		sizes := regexp.MustCompile(`\(\d[\d,]* bytes\)`)
		want := sizes.ReplaceAllString(strings.ReplaceAll(tc.want, "DIR", dir), "(N bytes)")
		if got := sizes.ReplaceAllString(stdout.String(), "(N bytes)"); code != exitOK || stderr.String() != tc.stderr || got != want {
			t.Errorf("generate %v: exit %d, stderr:\n%s\nstdout:\n%s\nwant stderr:\n%s\nstdout:\n%s", tc.args, code, stderr.String(), stdout.String(), tc.stderr, want)
		}
		for _, line := range strings.Split(stderr.String(), "\n") {
			if n := len(strings.Replace(line, "\t", "        ", 1)); n > 90 {
				t.Errorf("generate %v: a line of %d columns: %s", tc.args, n, line)
			}
		}
	}
	var stdout, stderr bytes.Buffer
	if code := Run([]string{"generate", "-q", "-v"}, nil, &stdout, &stderr); code != exitUsage || stderr.String() != "oasgen generate: -q and -v: want one of them (oasgen help generate)\n" {
		t.Errorf("-q -v: exit %d, %q", code, stderr.String())
	}
}

// TestGenerateFindsConfig: with no spec, generate reads oasgen.yaml in
// the current directory; with neither, it says that it generates the
// embedded example, and where, before it does.
func TestGenerateFindsConfig(t *testing.T) {
	spec, err := filepath.Abs("../../testdata/specmistakes/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	if code := Run([]string{"generate", "-q"}, nil, &stdout, &stderr); code != exitOK || stderr.Len() != 0 {
		t.Fatalf("the example, quiet: exit %d, stderr %q", code, stderr.String())
	}
	stdout.Reset()
	if code := Run([]string{"generate"}, nil, &stdout, &stderr); code != exitOK ||
		stderr.String() != "oasgen generate: no spec (-i) and no oasgen.yaml here: generating the embedded petstore example into ./petstore\n" {
		t.Fatalf("the example: exit %d, stderr %q", code, stderr.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "petstore", "oas_models_gen.go")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("oasgen.yaml", []byte("version: 1\ninput: "+spec+"\noutput: api\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	stderr.Reset()
	if code := Run([]string{"generate", "-q"}, nil, &stdout, &stderr); code != exitOK || stderr.Len() != 0 {
		t.Fatalf("oasgen.yaml: exit %d, stderr %q", code, stderr.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "api", "oas_server_gen.go")); err != nil {
		t.Errorf("oasgen.yaml's output was not written: %v", err)
	}
	// A spec given on the command line is generated without the config.
	if code := Run([]string{"generate", "-q", "-i", spec, "-o", "other"}, nil, &stdout, &stderr); code != exitOK {
		t.Fatalf("-i: exit %d, stderr %q", code, stderr.String())
	}
	if err := os.WriteFile("oasgen.yaml", []byte("version: 1\noutptu: api\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	if code := Run([]string{"generate"}, nil, &stdout, &stderr); code != exitUsage ||
		stderr.String() != "oasgen generate: oasgen.yaml:2:1: unknown setting \"outptu\"; did you mean output? (see docs/config.md)\n" {
		t.Errorf("a bad oasgen.yaml: exit %d, stderr %q", code, stderr.String())
	}
}

// TestStatusLine: the status line shows once the run has gone on for the
// delay, rewritten in place, and is cleared at its end; a nil one, as for
// output that is no terminal, writes nothing.
func TestStatusLine(t *testing.T) {
	var w syncBuffer
	s := runStatus(&w, "oasgen generate", 0, time.Millisecond)
	s.set("generating Go")
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(w.String(), "generating Go") && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	s.end()
	s.end()
	got := w.String()
	if !strings.HasPrefix(got, "\r\033[Koasgen generate: generating Go (0s)") || !strings.HasSuffix(got, "\r\033[K") {
		t.Errorf("status line %q", got)
	}
	var none *statusLine
	none.set("x")
	none.end()
	if s := startStatus(&w, "oasgen lint", summary); s != nil {
		t.Error("a status line on a buffer, which is no terminal")
	}
}

// syncBuffer is a bytes.Buffer safe for a writer and a reader at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
