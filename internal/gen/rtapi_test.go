package gen

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// userDocs are the pages users read: the guides, and the references of
// what is generated (generated-code.md, http.md), which name the runtime
// types generated code shows its users; design.md, a map of the code, does
// not count. The references name a few helpers too (oasimpl.Grow), which so
// pass unlisted. userCode are the hand-written programs that use generated
// code.
var (
	userDocs = []string{"README.md", "docs/client.md", "docs/server.md", "docs/streams.md", "docs/webhooks.md", "docs/doors.md", "docs/config.md", "docs/validate.md", "docs/testing.md", "docs/generated-code.md", "docs/validation.md", "docs/composition.md", "docs/http.md"}
	userCode = []string{"examples", "contrib"}
	// generated holds generated code: every golden, the example's API and
	// the benchmark's packages.
	generated = []string{"testdata", "examples/petstore/api", "examples/validate/api", "bench/internal/oasgen"}
)

// generatedOnly are the names of the user-facing runtime packages (oasrt and
// oashttp) that generated code uses and no user page or program does, with
// why each stays where users look rather than in oasimpl or oashttpimpl.
// Each is one users may call as well: an error path helper a hand-written
// decoder calls, an option.
var generatedOnly = map[string]string{
	// oasrt
	"AtKey":   errorPath,
	"AtIndex": errorPath,
	// oashttp
	"CallURL": "a CallOption, which users give as well",
}

// The reasons a generated-only name stays in oasrt or oashttp.
const (
	errorPath = "builds an Error's unexported path; a hand-written decoder calls it too"
)

// TestUserRuntimeSmall keeps oasrt and oashttp for what users touch: a name
// of theirs that generated code uses must be shown to users (in a user page
// or program) or be listed in generatedOnly with its reason; a helper only
// generated code needs belongs in oasimpl or oashttpimpl. It also fails on
// an entry of generatedOnly that no longer applies, so the list stays true.
func TestUserRuntimeSmall(t *testing.T) {
	root := "../.."
	read := func(paths []string, keep func(string) bool) string {
		var b strings.Builder
		for _, p := range paths {
			filepath.WalkDir(filepath.Join(root, p), func(path string, d os.DirEntry, err error) error {
				if err != nil || d.IsDir() || !keep(path) {
					return err
				}
				src, err := os.ReadFile(path)
				b.Write(src)
				return err
			})
		}
		return b.String()
	}
	isGen := func(p string) bool { return strings.HasSuffix(p, "_gen.go") }
	gen := read(generated, isGen)
	user := read(userDocs, func(string) bool { return true }) +
		read(userCode, func(p string) bool { return strings.HasSuffix(p, ".go") && !isGen(p) })
	uses := func(text, pkg string) map[string]bool {
		m := map[string]bool{}
		for _, n := range regexp.MustCompile(`\b`+pkg+`\.([A-Z]\w*)`).FindAllStringSubmatch(text, -1) {
			m[n[1]] = true
		}
		return m
	}
	var bad []string
	seen := map[string]bool{}
	for _, pkg := range []string{"oasrt", "oashttp"} {
		dir := map[string]string{"oasrt": "oasrt", "oashttp": "oasrt/oashttp"}[pkg]
		impl := map[string]string{"oasrt": "oasimpl", "oashttp": "oashttpimpl"}[pkg]
		genUses, userUses := uses(gen, pkg), uses(user, pkg)
		for n := range exported(t, filepath.Join(root, dir)) {
			seen[n] = true
			_, listed := generatedOnly[n]
			switch {
			case genUses[n] && !userUses[n] && !listed:
				bad = append(bad, pkg+"."+n+": used by generated code only; move it to "+impl+" or list it in generatedOnly")
			case listed && (!genUses[n] || userUses[n]):
				bad = append(bad, pkg+"."+n+": listed in generatedOnly but no longer generated-only")
			}
		}
	}
	for n := range generatedOnly {
		if !seen[n] {
			bad = append(bad, n+": listed in generatedOnly but declared by neither oasrt nor oashttp")
		}
	}
	sort.Strings(bad)
	for _, b := range bad {
		t.Error(b)
	}
}
