package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestImportPath(t *testing.T) {
	root := t.TempDir()
	write := func(p, s string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(root, "mod", "go.mod"), "// a comment\nmodule example.com/user // the module\n\ngo 1.26\n")
	write(filepath.Join(root, "quoted", "go.mod"), "module \"example.com/quoted\"\n")
	write(filepath.Join(root, "none", "go.mod"), "go 1.26\n")
	for _, tt := range []struct{ dir, want, err string }{
		{dir: "mod", want: "example.com/user"},
		{dir: "mod/internal/api", want: "example.com/user/internal/api"}, // need not exist
		{dir: "quoted/api", want: "example.com/quoted/api"},
		{dir: "none/api", err: "no module directive"},
	} {
		got, err := importPath(filepath.Join(root, filepath.FromSlash(tt.dir)))
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: err %v, want %q", tt.dir, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("%s: %q, %v; want %q", tt.dir, got, err, tt.want)
		}
	}
	// A directory in no module is an error that says so (the temporary
	// directory is in none, unless the machine has a go.mod above it).
	if moduleAbove(t, root) {
		return
	}
	if _, err := importPath(filepath.Join(root, "loose")); err == nil || !strings.Contains(err.Error(), "no Go module") {
		t.Errorf("outside a module: %v", err)
	}
}

// moduleAbove reports whether a go.mod is in dir or a directory above it,
// which makes every directory below part of a module: a test of what
// happens outside one cannot run there, and says so.
func moduleAbove(t *testing.T, dir string) bool {
	t.Helper()
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			t.Logf("%s has a go.mod above it (%s): nothing here is outside a module", dir, d)
			return true
		}
		if filepath.Dir(d) == d {
			return false
		}
	}
}
