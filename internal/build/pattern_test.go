package build

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/internal/ir"
)

func TestTranslatePattern(t *testing.T) {
	checkMeaning(t, plainCases)
}

// plainCases are patterns with one RE2 form.
var plainCases = []patternCase{
	{`^[a-z]+$`, []string{"abc"}, []string{"", "aBc", "abc\n"}},
	{`^\d{3}-\d{4}$`, []string{"555-1234"}, []string{"5551234", "٣٣٣-1234"}},
	{`^\s+$`, []string{" \t", "\u00a0", "\u2003", "\ufeff"}, []string{"x"}},
	{`^\S+$`, []string{"abc"}, []string{"a\u00a0b"}},
	{`^[\s,]+$`, []string{", \u3000"}, []string{"a"}},
	{`^a.c$`, []string{"abc", "a\tc"}, []string{"a\nc", "a\rc", "a\u2028c"}},
	{`^\u00e9\u{1F600}$`, []string{"é😀"}, []string{"e😀"}},
	{`^\uD83D\uDE00$`, []string{"😀"}, []string{"x"}},
	{`^\/api\/v1$`, []string{"/api/v1"}, nil},
	{`^(?<year>\d{4})-(?<month>\d{2})$`, []string{"2024-01"}, []string{"24-01"}},
	{`^[^]$`, []string{"\n", "x"}, []string{""}},
	{`^\cJ$`, []string{"\n"}, []string{"J"}},
	{`^a\0b$`, []string{"a\x00b"}, nil},
	{`^[\b]$`, []string{"\b"}, []string{"b"}},
	{`^[a\-z]$`, []string{"-", "a"}, []string{"b"}},
	{`^\p{Lu}`, []string{"Édith"}, []string{"édith"}},
	{`colou?r`, []string{"my colour", "color!"}, []string{"colr"}},
}

type patternCase struct {
	pattern     string
	match, miss []string
}

// checkMeaning translates each pattern and checks that the translation
// matches the strings an ECMA-262 engine matches, and no other.
func checkMeaning(t *testing.T, cases []patternCase) {
	t.Helper()
	for _, c := range cases {
		res, err := TranslatePattern(c.pattern)
		if err != nil {
			t.Errorf("%q: %v", c.pattern, err)
			continue
		}
		for _, s := range c.match {
			if !matchAll(res, s) {
				t.Errorf("%q (RE2 %v) does not match %q", c.pattern, res, s)
			}
		}
		for _, s := range c.miss {
			if matchAll(res, s) {
				t.Errorf("%q (RE2 %v) matches %q", c.pattern, res, s)
			}
		}
	}
}

func matchAll(res []ir.Regexp, s string) bool {
	for _, r := range res {
		if regexp.MustCompile(r.Expr).MatchString(s) != r.Match {
			return false
		}
	}
	return true
}

// TestPatternCasesNode checks the expectations of the tables against an
// ECMA-262 engine, node's, when node is installed.
func TestPatternCasesNode(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	type job struct {
		Pattern string
		Input   string
		Want    bool
	}
	var jobs []job
	for _, c := range append(plainCases[:len(plainCases):len(plainCases)], lookaroundCases...) {
		for _, s := range c.match {
			jobs = append(jobs, job{c.pattern, s, true})
		}
		for _, s := range c.miss {
			jobs = append(jobs, job{c.pattern, s, false})
		}
	}
	in, err := json.Marshal(jobs)
	if err != nil {
		t.Fatal(err)
	}
	const script = `const jobs = JSON.parse(require("fs").readFileSync(0, "utf8"));
for (const j of jobs) {
  if (new RegExp(j.Pattern, "u").test(j.Input) !== j.Want) console.log(JSON.stringify(j));
}`
	cmd := exec.Command(node, "-e", script)
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	for line := range strings.Lines(string(out)) {
		t.Errorf("node disagrees with the table: %s", strings.TrimSpace(line))
	}
}

// lookaroundCases are patterns with lookarounds that have an RE2 form,
// most of them from the APIs.guru corpus, with strings an ECMA-262 engine
// (the u flag, as JSON Schema says) matches and does not.
var lookaroundCases = []patternCase{
	{`^(?!\s*$).+`, []string{"a", " a", "a\n", "a  "}, []string{"", "  ", "\u00a0\t", "\n", "\na"}},
	{`^(?=.*[A-Z])(?=.*\d)[A-Za-z\d]{8,}$`, []string{"Passw0rdX", "1234567A"}, []string{"password1", "PASSWORDX", "Pa1", "Passw0rd!", "Passw0rd\n"}},
	{`^(?!foo$)[a-z]+$`, []string{"food", "fo", "afoo"}, []string{"foo", "FOO", ""}},
	{`(?!^.*--)(?!^[0-9]+$)(?!^-)(?!.*-$)^[A-Za-z0-9-]+$`, []string{"a-b", "123a", "a"}, []string{"a--b", "123", "-a", "a-", ""}},
	{`(?=^.{2,256}$)(?!.*\s)[0-9a-zA-Z-_.:=+@]*$`, []string{"ab", "a:b", "a=+"}, []string{"a", "a b", "", "ab\u00a0"}},
	{`(^(?!_{2}))(^[a-zA-Z0-9_]+$)`, []string{"_a", "a__", "_"}, []string{"__a", "a-", ""}},
	{`^(^(?!aws:).[\p{L}\p{Z}\p{N}_.:/=+\-@]*)$`, []string{"a", "awsx:", "ąb c"}, []string{"aws:x", "", "a!"}},
	{`^(?:(?!admin)\w+)$`, []string{"bob", "Admin"}, []string{"admin", "admin1", "bob!"}},
	{`^(?<name>(?!x))\w`, []string{"ab"}, []string{"xa", ""}},
	{`^(?=.*a|^b)c`, []string{"cab", "ca"}, []string{"cb", "bc", "c"}},
	{`^(?=^\$)(?=^\S+$).*$`, []string{"$a", "$"}, []string{"a", "$ a", ""}},
	{`^(?!aws:).{1,128}$`, []string{"aw:", "x"}, []string{"aws:x", "", "a\nb"}},
	{`^(?=.{3,100}$).+@.+[.].+$`, []string{"a@b.c"}, []string{"@b.c", "a@b", "a@"}},
	{`^[0-9A-Za-z\.\-_]*(?<!\.)$`, []string{"a.b", "", "a"}, []string{"a.", "."}},
	{`^(?!\s).*(?<!\s)$`, []string{"a b", "a", ""}, []string{" a", "a ", " ", "a\u3000"}},
	{`^(?!-)[A-Za-z0-9-].*(?<!-)$`, []string{"a-b", "a"}, []string{"-a", "a-", "-"}},
	{`([a-zA-Z0-9]([a-zA-Z0-9-]){0,62})(?<!-)$`, []string{"ab", "-ab", "a-b"}, []string{"ab-", "-", ""}},
	{`^[0-9a-z\.\-_]*(?!\.)$`, []string{"a.", "", "a"}, []string{"A"}},
	{`^a(?=b?)$`, []string{"a"}, []string{"ab", ""}},
	{`^a(?=b)$`, nil, []string{"a", "ab"}},
	{`^a(?<=^a)$`, []string{"a"}, []string{"ba", "aa"}},
	{`^(?!a)`, []string{"", "b", "ba"}, []string{"a", "ab"}},
	{`^(?=a)$`, nil, []string{"", "a"}},
	{`^(?![\]])[a\]]+$`, []string{"a]"}, []string{"]a"}},
	{`^(?!\u{61})\w{2}$`, []string{"ba"}, []string{"ab"}},
	// Lookaheads after characters of fixed count.
	{`^[a-z](?!.*--)(?!.*-$)[0-9a-z\-]*$`, []string{"a", "a-b", "ab-c"}, []string{"a--b", "ab-", "-ab", ""}},
	{`^[$a-z0-9](?!.*--)[-a-z0-9]{1,61}[a-z0-9]$`, []string{"$ab", "a-bc"}, []string{"a--b", "a"}},
	{`^\x41\u00e9.(?=\d)\w+$`, []string{"Aé-1", "Aéx12"}, []string{"Aé-x", "Aé1"}},
	{`^é\cJ(?!x)`, []string{"é\ny", "é\n"}, []string{"é\nx", "e\ny"}},
	{`^\p{Lu}(?=\p{Ll})`, []string{"Ab"}, []string{"AB", "A"}},
	// Repeats past RE2's 1000 at an end that is not anchored.
	{`arn:[a-z]{1,63}:[^/].{0,1023}`, []string{"arn:aws:x", "xarn:a:b/c"}, []string{"arn:aws:/x", "arn:aws:"}},
	{`^.{1,2097152}`, []string{"x", "x\n"}, []string{"", "\nx"}},
	{`[a-z]{2,5000}1$`, []string{"ab1", "-ab1"}, []string{"a1", "ab1-"}},
	{`.{16,1024}`, []string{"0123456789abcdef"}, []string{"0123456789abcde"}},
	{`\p{ASCII}{0,8192}`, []string{"", "é"}, nil},
	{`(?!^-)^[a-z]+(?:-[a-z]+){0,1500}`, []string{"a-b", "a-"}, []string{"-a"}},
}

func TestTranslatePatternLookarounds(t *testing.T) {
	checkMeaning(t, lookaroundCases)
}

// TestConstructErrors checks which untranslatable patterns are errors of
// generation (lookaround and backreferences, which RE2 lacks by design)
// and which stay warnings (RE2's limits, patterns that are not ECMA-262).
func TestConstructErrors(t *testing.T) {
	for p, want := range map[string]bool{
		`^(a)\1$`:         true,
		`^((?!-).)+$`:     true,
		`(?<=\$)\d+`:      true,
		`^a{2000}$`:       false,
		`^\p{Print}+$`:    false,
		`^[a-z]{0,2048}$`: false,
	} {
		_, err := TranslatePattern(p)
		if err == nil || IsConstructError(err) != want {
			t.Errorf("%q: error %v, want IsConstructError %v", p, err, want)
		}
	}
}

func TestTranslatePatternRejects(t *testing.T) {
	cases := map[string]string{
		`(?!aws:)[a-z]+`:      "lookahead",
		`^((?!-).)+$`:         "lookahead",
		`^(?!a)b|c`:           "lookahead",
		`^(?=a)*b`:            "lookahead",
		`^a*(?=b)c$`:          "lookahead",
		`^\b(?=b)c$`:          "lookahead",
		`^(a|b)(?=b)`:         "lookahead",
		`a(?=b)c$`:            "lookahead",
		`^(?!(?=a)b)`:         `(?!(?=a)b): lookahead "(?="`,
		`^(?!.*?(.)\1{3})a*$`: `(?!.*?(.)\1{3}): backreference \1`,
		`(?<=\$)\d+`:          "lookbehind",
		`^(a)\1$`:             "backreference",
		`^(?<q>['"]).*\k<q>$`: "named backreference",
		`^a{2000}$`:           "RE2 cannot compile",
		`^a{2000}`:            "RE2 cannot compile",
		`^a{1,2000}$`:         "RE2 cannot compile",
		`\`:                   "lone backslash",
		`^\u12$`:              `bad \u escape`,
		`^\p{Script=Greek}+$`: "RE2 cannot compile",
	}
	for p, want := range cases {
		_, err := TranslatePattern(p)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got error %v, want one mentioning %q", p, err, want)
		}
	}
}
