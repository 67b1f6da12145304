package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestCompiledPackage: a compile's -p names the package; the version query
// and other tools name none.
func TestCompiledPackage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"/go/pkg/tool/linux_amd64/compile", "-o", "x.a", "-p", "example.com/api/internal/oasroute", "-pack", "a.go"}, "example.com/api/internal/oasroute"},
		{[]string{"/go/pkg/tool/linux_amd64/compile", "-V=full"}, ""},
		{[]string{"/go/pkg/tool/linux_amd64/link", "-p", "main"}, ""},
		{[]string{"/go/pkg/tool/linux_amd64/compile", "-p"}, ""},
	} {
		if got := compiledPackage(c.args); got != c.want {
			t.Errorf("compiledPackage(%q) = %q, want %q", c.args, got, c.want)
		}
	}
}

// TestReadCompiles: the log's lines come back the largest in memory first;
// a malformed line is an error.
func TestReadCompiles(t *testing.T) {
	log := filepath.Join(t.TempDir(), "log")
	if err := os.WriteFile(log, []byte("a/b 2000000000 1024\na/c 1000000000 4096\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cs, err := readCompiles(log)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 || cs[0] != (compileCost{"a/c", time.Second, 4096}) || cs[1].pkg != "a/b" {
		t.Errorf("readCompiles = %v", cs)
	}
	if err := os.WriteFile(log, []byte("a/b 2s\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readCompiles(log); err == nil {
		t.Error("readCompiles took a malformed line")
	}
}
