package apilist

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite api/public.txt from the code")

const (
	root      = "../.."
	listing   = "api/public.txt"
	changelog = "CHANGELOG.md"
)

// current returns the listing of every user package, as the code is.
func current(t *testing.T) []string {
	t.Helper()
	var all []string
	for _, p := range Packages {
		lines, err := List(filepath.Join(root, p), p)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, lines...)
	}
	return all
}

// TestAPI fails when the exported API of the user packages differs from
// api/public.txt: a change to what users import is made on purpose, by
// rewriting the listing (-update) and saying what changed in CHANGELOG.md,
// which TestAPIChangelog checks.
func TestAPI(t *testing.T) {
	got := current(t)
	path := filepath.Join(root, listing)
	if *update {
		if err := os.WriteFile(path, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	var added, removed []string
	for _, l := range got {
		if _, found := slices.BinarySearch(want, l); !found {
			added = append(added, "+ "+l)
		}
	}
	for _, l := range want {
		if _, found := slices.BinarySearch(got, l); !found {
			removed = append(removed, "- "+l)
		}
	}
	if len(added)+len(removed) > 0 {
		t.Errorf("the public API differs from %s:\n%s\nIf the change is meant, run `go test ./internal/apilist -run TestAPI -update` and say what changed, and how to keep old code building, in %s.",
			listing, strings.Join(slices.Concat(removed, added), "\n"), changelog)
	}
	if !slices.IsSorted(want) {
		t.Errorf("%s is not sorted: rewrite it with -update", listing)
	}
}

// TestAPIChangelog fails when a commit changed api/public.txt without
// changing CHANGELOG.md: every change to the public API is announced.
func TestAPIChangelog(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git: the history cannot be read")
	}
	out, err := exec.Command("git", "-C", root, "log", "--format=%H %s", "--", listing).Output()
	if err != nil {
		t.Skipf("not a git checkout with history (%v)", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if line == "" {
			continue
		}
		hash, subject, _ := strings.Cut(line, " ")
		files, err := exec.Command("git", "-C", root, "show", "--format=", "--name-only", hash).Output()
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(strings.Fields(string(files)), changelog) {
			t.Errorf("commit %.12s (%s) changes %s but not %s", hash, subject, listing, changelog)
		}
	}
}
