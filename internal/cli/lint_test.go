package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/internal/lint"
)

// TestLintRules runs every rule on its positive case, whose findings must
// match the committed .txt exactly, and on its negative case, which must
// give it nothing to say.
func TestLintRules(t *testing.T) {
	for _, r := range lint.Rules() {
		t.Run(r.ID, func(t *testing.T) {
			base := filepath.Join("../../testdata/lint", r.ID)
			only := func(path string) []lint.Finding {
				all, err := Lint(path, lint.Config{})
				if err != nil {
					t.Fatal(err)
				}
				var mine []lint.Finding
				for _, f := range all {
					if f.Rule == r.ID {
						mine = append(mine, f)
					}
				}
				return mine
			}
			pos := only(base + ".pos.yaml")
			if len(pos) == 0 {
				t.Fatalf("%s.pos.yaml: the rule found nothing", base)
			}
			var got bytes.Buffer
			if err := lint.WriteText(&got, pos); err != nil {
				t.Fatal(err)
			}
			golden := base + ".pos.txt"
			if *update {
				if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got.String() != string(want) {
				t.Errorf("findings:\n%s\nwant:\n%s", got.String(), want)
			}
			if neg := only(base + ".neg.yaml"); len(neg) > 0 {
				t.Errorf("%s.neg.yaml: unexpected findings: %v", base, neg)
			}
		})
	}
}

func TestLintCommand(t *testing.T) {
	spec := "../../testdata/lint/duplicate-operation-id.pos.yaml"
	run := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := Run(append([]string{"lint"}, args...), nil, &out, &errb)
		return code, out.String(), errb.String()
	}
	if code, out, _ := run("-severity", "duplicate-operation-id=error", spec); code != exitSpec || !strings.Contains(out, "error: duplicate-operation-id") {
		t.Errorf("an error finding: exit %d, output %q", code, out)
	}
	if code, out, _ := run(spec); code != exitOK || !strings.Contains(out, "warning: duplicate-operation-id") {
		t.Errorf("a warning: exit %d, output %q", code, out)
	}
	if code, _, _ := run("-fail-on", "warning", "-disable", "duplicate-operation-id", spec); code != exitOK {
		t.Errorf("with the rule disabled: exit %d", code)
	}
	if code, out, _ := run("-fail-on", "warning", "-severity", "duplicate-operation-id=info", spec); code != exitOK || !strings.Contains(out, "info: duplicate-operation-id") {
		t.Errorf("with the severity lowered: exit %d, %q", code, out)
	}
	if code, _, _ := run("-fail-on", "info", "../../testdata/lint/integer-format.pos.yaml"); code != exitSpec {
		t.Errorf("-fail-on info with an info finding: exit %d", code)
	}
	if code, _, errs := run("-disable", "nope", spec); code != exitUsage || !strings.Contains(errs, `unknown rule "nope"`) {
		t.Errorf("unknown rule: exit %d, %q", code, errs)
	}
	// JSON output parses and carries positions.
	_, out, _ := run("-format", "json", spec)
	var findings []map[string]any
	if err := json.Unmarshal([]byte(out), &findings); err != nil || len(findings) != 1 || findings[0]["line"].(float64) != 9 {
		t.Errorf("json output %s: %v", out, err)
	}
	// SARIF output names the rule and the region.
	_, out, _ = run("-format", "sarif", spec)
	var log struct {
		Version string
		Runs    []struct {
			Results []struct {
				RuleID    string
				Locations []struct {
					PhysicalLocation struct {
						Region struct{ StartLine, StartColumn int }
					}
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil || log.Version != "2.1.0" || len(log.Runs) != 1 ||
		len(log.Runs[0].Results) != 1 || log.Runs[0].Results[0].RuleID != "duplicate-operation-id" ||
		log.Runs[0].Results[0].Locations[0].PhysicalLocation.Region.StartLine != 9 {
		t.Errorf("sarif output %s: %v", out, err)
	}
	// A config file tunes rules.
	cfg := filepath.Join(t.TempDir(), "lint.yaml")
	os.WriteFile(cfg, []byte("fail-on: warning\nrules:\n  deep-nesting: {severity: error, max-depth: 2}\n  unused-component: off\n"), 0o644)
	code, out, _ := run("-config", cfg, "../../testdata/lint/deep-nesting.neg.yaml")
	if code != exitSpec || !strings.Contains(out, "error: deep-nesting") || !strings.Contains(out, "(limit 2)") {
		t.Errorf("config: exit %d, %q", code, out)
	}
	os.WriteFile(cfg, []byte("fail_on: warning\n"), 0o644)
	if code, _, errs := run("-config", cfg, spec); code != exitUsage || !strings.HasSuffix(errs, `lint.yaml:1:1: unknown setting "fail_on"; did you mean fail-on? (want fail-on or rules)`+"\n") {
		t.Errorf("bad config setting: exit %d, %q", code, errs)
	}
	os.WriteFile(cfg, []byte("rules:\n  deep-nestng: {severity: error}\n"), 0o644)
	if code, _, errs := run("-config", cfg, spec); code != exitUsage || !strings.HasSuffix(errs, `lint.yaml:2:16: unknown rule "deep-nestng"; did you mean deep-nesting?`+"\n") {
		t.Errorf("misspelt rule: exit %d, %q", code, errs)
	}
	os.WriteFile(cfg, []byte("rules:\n  no-such-rule: off\n"), 0o644)
	if code, _, errs := run("-config", cfg, spec); code != exitUsage || !strings.Contains(errs, `lint.yaml:2:17: unknown rule "no-such-rule"`) {
		t.Errorf("bad config: exit %d, %q", code, errs)
	}
}

// TestLintOutput pins lint's text output: a summary by rule by default,
// every finding and the count of each rule with -v, errors only with -q;
// no line wider than the width.
func TestLintOutput(t *testing.T) {
	t.Setenv("COLUMNS", "90")
	const spec = "../../testdata/specmistakes/openapi.yaml"
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{nil, exitOK, `warning: duplicate-operation-id, once, at ../../testdata/specmistakes/openapi.yaml:22:5
	operationId "listTodos" of GET /lists/todos is already used at ../../testdata/s...
	fix: give each operation its own operationId
warning: undeclared-path-param, once, at ../../testdata/specmistakes/openapi.yaml:10:5
	GET /todos/{todoId}: the path has {todoId} but no path parameter "todoId" is de...
	fix: declare {name: todoId, in: path, required: true, schema: {...}}
warning: unused-path-param, once, at ../../testdata/specmistakes/openapi.yaml:18:11
	GET /todos declares path parameter "listId", which the path does not contain
	fix: add {listId} to the path, or make it a query parameter
3 warnings of 3 rules; -v lists each one
`},
		{[]string{"-v"}, exitOK, `../../testdata/specmistakes/openapi.yaml:10:5: warning undeclared-path-param
	GET /todos/{todoId}: the path has {todoId} but no path parameter "todoId" is de...
	fix: declare {name: todoId, in: path, required: true, schema: {...}}
../../testdata/specmistakes/openapi.yaml:18:11: warning unused-path-param
	GET /todos declares path parameter "listId", which the path does not contain
	fix: add {listId} to the path, or make it a query parameter
../../testdata/specmistakes/openapi.yaml:22:5: warning duplicate-operation-id
	operationId "listTodos" of GET /lists/todos is already used at ../../testdata/s...
	fix: give each operation its own operationId

      1  warning  duplicate-operation-id
      1  warning  undeclared-path-param
      1  warning  unused-path-param
3 warnings of 3 rules
`},
		{[]string{"-q"}, exitOK, ""},
		{[]string{"-q", "-severity", "unused-path-param=error"}, exitSpec, `error: unused-path-param, once, at ../../testdata/specmistakes/openapi.yaml:18:11
	GET /todos declares path parameter "listId", which the path does not contain
	fix: add {listId} to the path, or make it a query parameter
1 error of 1 rule; -v lists each one
`},
	} {
		var out, errb bytes.Buffer
		code := Run(append(append([]string{"lint"}, tc.args...), spec), nil, &out, &errb)
		if code != tc.code || out.String() != tc.want || errb.Len() != 0 {
			t.Errorf("lint %v: exit %d, stderr %q, output:\n%s\nwant exit %d and:\n%s", tc.args, code, errb.String(), out.String(), tc.code, tc.want)
		}
		for _, line := range strings.Split(out.String(), "\n") {
			if n := len(strings.Replace(line, "\t", "        ", 1)); n > 90 {
				t.Errorf("lint %v: a line of %d columns: %s", tc.args, n, line)
			}
		}
	}
}

// TestSeveritiesAgree: what generate stops on, lint calls an error; what
// generate goes on past with a warning, lint calls a warning. The
// mistakes are an operationId used twice (as a path item $ref'ed from two
// paths makes it), a path parameter missing or left over, and patterns
// RE2 cannot run: with lookaround (generate fails) or past RE2's limits
// (generate warns).
func TestSeveritiesAgree(t *testing.T) {
	const head = "openapi: 3.0.3\ninfo: {title: t, version: '1'}\n"
	for _, tc := range []struct {
		name, doc string
		rule      string
		stops     bool
	}{
		{"path item twice", head + "paths:\n  /a: {$ref: '#/components/pathItems/p'}\n  /b: {$ref: '#/components/pathItems/p'}\ncomponents:\n  pathItems:\n    p:\n      get: {operationId: get, responses: {'204': {description: ok}}}\n",
			"duplicate-operation-id", false},
		{"undeclared path parameter", head + "paths:\n  /a/{id}:\n    get: {operationId: get, responses: {'204': {description: ok}}}\n  /b:\n    get: {operationId: other, responses: {'204': {description: ok}}}\n",
			"undeclared-path-param", false},
		{"unused path parameter", head + "paths:\n  /a:\n    get:\n      operationId: get\n      parameters: [{name: id, in: path, required: true, schema: {type: string}}]\n      responses: {'204': {description: ok}}\n",
			"unused-path-param", false},
		{"adjacent path parameters", head + "paths:\n  /a/{x}{y}:\n    get:\n      operationId: get\n      parameters: [{name: x, in: path, required: true, schema: {type: string}}, {name: y, in: path, required: true, schema: {type: string}}]\n      responses: {'204': {description: ok}}\n  /b:\n    get: {operationId: other, responses: {'204': {description: ok}}}\n",
			"adjacent-path-params", false},
		{"pattern past RE2's limits", head + "paths: {}\ncomponents:\n  schemas:\n    A: {type: string, pattern: 'a{1001}'}\n",
			"pattern-re2", false},
		{"pattern with lookaround", head + "paths: {}\ncomponents:\n  schemas:\n    A: {type: string, pattern: 'a(?=b)c'}\n",
			"pattern-re2", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			spec := filepath.Join(t.TempDir(), "openapi.yaml")
			if err := os.WriteFile(spec, []byte(tc.doc), 0o644); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			code := Run([]string{"generate", "-i", spec, "-o", t.TempDir()}, nil, &stdout, &stderr)
			if stopped := code != exitOK; stopped != tc.stops {
				t.Errorf("generate: exit %d, stderr:\n%s", code, stderr.String())
			}
			if !tc.stops && !strings.HasPrefix(stderr.String(), "warning: ") {
				t.Errorf("generate warns of nothing: %q", stderr.String())
			}
			findings, err := Lint(spec, lint.Config{})
			if err != nil {
				t.Fatal(err)
			}
			want := map[bool]lint.Severity{false: lint.Warning, true: lint.Error}[tc.stops]
			found := false
			for _, f := range findings {
				if f.Rule == tc.rule {
					found = true
					if f.Severity != want {
						t.Errorf("lint: %s, want %s", f, want)
					}
				}
			}
			if !found {
				t.Errorf("lint: no %s finding in %v", tc.rule, findings)
			}
		})
	}
}
