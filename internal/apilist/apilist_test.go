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

var update = flag.Bool("update", false, "rewrite api/public.txt and api/generated.txt from the code")

const (
	root      = "../.."
	listing   = "api/public.txt"
	generated = "api/generated.txt"
	changelog = "CHANGELOG.md"
)

// listings are the committed listings and the packages each lists.
var listings = []struct {
	file string
	pkgs []string
}{{listing, Packages}, {generated, Generated}}

// current returns the listing of the packages pkgs, as the code is.
func current(t *testing.T, pkgs []string) []string {
	t.Helper()
	var all []string
	for _, p := range pkgs {
		lines, err := List(filepath.Join(root, p), p)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, lines...)
	}
	slices.Sort(all)
	return all
}

// TestAPI fails when the exported API of the user packages differs from
// api/public.txt, or the names generated for the cases of Generated from
// api/generated.txt: a change to what users import or to the names they
// are given is made on purpose, by rewriting the listing (-update) and
// saying what changed, and how to keep the old, in CHANGELOG.md, which
// TestAPIChangelog checks.
func TestAPI(t *testing.T) {
	for _, l := range listings {
		checkListing(t, l.file, current(t, l.pkgs))
	}
}

// checkListing compares the committed listing file with got.
func checkListing(t *testing.T, listing string, got []string) {
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
		t.Errorf("the API differs from %s:\n%s\nIf the change is meant, run `go test ./internal/apilist -run TestAPI -update` and say what changed, and how to keep old code building, in %s.",
			listing, strings.Join(slices.Concat(removed, added), "\n"), changelog)
	}
	if !slices.IsSorted(want) {
		t.Errorf("%s is not sorted: rewrite it with -update", listing)
	}
}

// TestAPIChangelog fails when a commit changed api/public.txt or
// api/generated.txt without changing CHANGELOG.md: every change to the
// public API, and to the names the generator gives, is announced.
func TestAPIChangelog(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git: the history cannot be read")
	}
	if err := exec.Command("git", "-C", root, "rev-parse", "HEAD").Run(); err != nil {
		t.Skipf("not a git checkout (%v)", err)
	}
	// go test caches a passing result by the files a test opens, not by
	// the commands it runs: reading what names HEAD's commit makes a new
	// commit run the check again.
	if head, err := os.ReadFile(filepath.Join(root, ".git", "HEAD")); err == nil {
		if ref, ok := strings.CutPrefix(strings.TrimSpace(string(head)), "ref: "); ok {
			os.ReadFile(filepath.Join(root, ".git", ref))
		}
		os.ReadFile(filepath.Join(root, ".git", "packed-refs"))
	}
	for _, bad := range unannounced(t, root) {
		t.Error(bad)
	}
}

// unannounced returns the commits of the repository at dir that change
// the listing and not the changelog.
func unannounced(t *testing.T, dir string) []string {
	t.Helper()
	out, err := exec.Command("git", "-C", dir, "log", "--format=%H %s", "--", listing, generated).Output()
	if err != nil {
		t.Fatal(err)
	}
	var bad []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if line == "" {
			continue
		}
		hash, subject, _ := strings.Cut(line, " ")
		files, err := exec.Command("git", "-C", dir, "show", "--format=", "--name-only", hash).Output()
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(strings.Fields(string(files)), changelog) {
			bad = append(bad, "commit "+hash[:12]+" ("+subject+") changes "+listing+" or "+generated+" but not "+changelog)
		}
	}
	return bad
}

// TestUnannounced runs the history check on a repository of two commits,
// the second changing the listing alone.
func TestUnannounced(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	git := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(name, text string) {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git("init", "-q")
	write(listing, "pkg oasrt, func A()\n")
	write(changelog, "- A\n")
	git("add", ".")
	git("commit", "-q", "-m", "announced")
	write(listing, "pkg oasrt, func A()\npkg oasrt, func B()\n")
	git("commit", "-q", "-am", "silent")
	bad := unannounced(t, dir)
	if len(bad) != 1 || !strings.Contains(bad[0], "(silent)") {
		t.Errorf("unannounced = %q, want the one silent commit", bad)
	}
}

// TestList checks the lines of each kind of declaration.
func TestList(t *testing.T) {
	dir := t.TempDir()
	src := `//go:build go1.27

package p

type Kind uint8

const (
	A Kind = iota
	B
	hidden
)

const Size = 1 << 10

var ErrX error

type S struct {
	Exported int
	hidden   int
	*Embedded
}

type Embedded struct{}

type I interface{ M(x int) error }

type Alias = S

func F[T any](x T) (T, error) { return x, nil }

func (s *S) Method() {}

func (s *S) hidden() {}

func (k hiddenType) Method() {}

type hiddenType int
`
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := List(dir, "p")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"pkg p, const A Kind",
		"pkg p, const B Kind",
		"pkg p, const Size = 1 << 10",
		"pkg p, func F[T any](x T) (T, error)",
		"pkg p, method (*S) Method()",
		"pkg p, type Alias = S",
		"pkg p, type Embedded struct",
		"pkg p, type I interface",
		"pkg p, type I interface, M(x int) error",
		"pkg p, type Kind uint8",
		"pkg p, type S struct",
		"pkg p, type S struct, Exported int",
		"pkg p, type S struct, embedded *Embedded",
		"pkg p, var ErrX error",
	}
	for i := range want {
		want[i] += " // go:build go1.27"
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestConfigsAreData fails when a configuration type of oashttp, which
// users fill through options and may read, gains an exported method: the
// behavior a generated server or client builds on its configuration lives
// in oashttpimpl (Server, Client, HTTPValidator), where it can change
// with the generated code.
func TestConfigsAreData(t *testing.T) {
	for _, l := range current(t, Packages) {
		for _, c := range []string{"ServerConfig", "ClientConfig", "ValidatorConfig", "CallConfig"} {
			if strings.HasPrefix(l, "pkg oasrt/oashttp, method (*"+c+")") || strings.HasPrefix(l, "pkg oasrt/oashttp, method ("+c+")") {
				t.Errorf("%s: a configuration has no methods; put the behavior in oashttpimpl", l)
			}
		}
	}
}
