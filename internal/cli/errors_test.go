package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSpecErrors generates each spec under testdata/errors and compares the
// error with the committed .err file; -update rewrites them.
func TestSpecErrors(t *testing.T) {
	specs, _ := filepath.Glob("../../testdata/errors/*.yaml")
	if len(specs) == 0 {
		t.Fatal("no error cases")
	}
	for _, spec := range specs {
		t.Run(filepath.Base(spec), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := Run([]string{"generate", "-i", spec, "-o", t.TempDir()}, nil, &stdout, &stderr)
			if code != exitSpec {
				t.Fatalf("exit code %d, want %d; stderr:\n%s", code, exitSpec, stderr.String())
			}
			got := stderr.String()
			golden := strings.TrimSuffix(spec, ".yaml") + ".err"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("error:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

func TestUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		out  string
	}{
		{nil, exitUsage, "Usage:"},
		{[]string{"frobnicate"}, exitUsage, `unknown command "frobnicate"`},
		{[]string{"generate", "-i", "x.yaml"}, exitUsage, "-o DIR is required"},
		{[]string{"generate", "-o", "x", "-p", "Bad-Name"}, exitUsage, "not a valid Go package name"},
		{[]string{"generate", "-h"}, exitOK, "Usage: oasgen generate"},
		{[]string{"version"}, exitOK, "oasgen (devel)"},
		{[]string{"help", "generate"}, exitOK, "oas_client_gen.go    the Client"},
		{[]string{"help", "lint"}, exitOK, "Usage: oasgen lint"},
		{[]string{"help", "bench"}, exitOK, "Usage: oasgen bench"},
		{[]string{"help", "version"}, exitOK, "Usage: oasgen version"},
		{[]string{"help", "frobnicate"}, exitUsage, `unknown command "frobnicate"`},
		{[]string{"generate", "-i", "a.yaml", "b.yaml", "-o", "x"}, exitUsage, "the spec is given twice"},
		{[]string{"generate", "a.yaml", "b.yaml"}, exitUsage, "want one spec"},
		{[]string{"lint"}, exitUsage, "want one spec"},
		{[]string{"lint", "-i", "a.yaml", "b.yaml"}, exitUsage, "the spec is given twice"},
		{[]string{"bench", "--schema", "Pet", "--data", "p.json"}, exitUsage, "a spec is required"},
	} {
		var out bytes.Buffer
		if code := Run(tc.args, nil, &out, &out); code != tc.code || !strings.Contains(out.String(), tc.out) {
			t.Errorf("oasgen %v: exit %d, output %q; want %d and %q", tc.args, code, out.String(), tc.code, tc.out)
		}
	}
}

// TestUsageLine checks that a command line a command cannot run is one
// line on stderr, with a hint, and no usage below it.
func TestUsageLine(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"generate", "-nope"}, "oasgen: unknown flag -nope for generate (oasgen help generate)\n"},
		{[]string{"generate", "-model-package", "3"}, "oasgen: unknown flag -model-package for generate; did you mean -model-packages? (oasgen help generate)\n"},
		{[]string{"generate", "--jsontokens"}, "oasgen: unknown flag -jsontokens for generate; did you mean -json-tokens? (oasgen help generate)\n"},
		{[]string{"generate", "-o"}, "oasgen generate: flag needs an argument: -o (oasgen help generate)\n"},
		{[]string{"generate", "a.yaml", "b.yaml"}, "oasgen generate: want one spec, got [\"a.yaml\" \"b.yaml\"] (oasgen help generate)\n"},
		{[]string{"lint", "-dsable", "x", "a.yaml"}, "oasgen: unknown flag -dsable for lint; did you mean -disable? (oasgen help lint)\n"},
		{[]string{"lint"}, "oasgen lint: want one spec (oasgen help lint)\n"},
		{[]string{"bench", "--shema", "Pet"}, "oasgen: unknown flag -shema for bench; did you mean -schema? (oasgen help bench)\n"},
		{[]string{"genrate"}, "oasgen: unknown command \"genrate\"; did you mean generate? (oasgen help)\n"},
		{[]string{"help", "lnt"}, "oasgen help: unknown command \"lnt\"; did you mean lint? (oasgen help)\n"},
	} {
		var stdout, stderr bytes.Buffer
		code := Run(tc.args, nil, &stdout, &stderr)
		if code != exitUsage || stderr.String() != tc.want || stdout.Len() != 0 {
			t.Errorf("oasgen %v: exit %d, stderr %q, stdout %q; want %d and %q", tc.args, code, stderr.String(), stdout.String(), exitUsage, tc.want)
		}
	}
}

func TestGenerateEmbeddedPetstore(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "petstore")
	var stdout, stderr bytes.Buffer
	if code := Run([]string{"generate", "-o", dir}, nil, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, name := range []string{"oas_models_gen.go", "oas_json_gen.go"} {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		want, _ := os.ReadFile(filepath.Join("../../testdata/petstore", name))
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from testdata/petstore: the embedded spec and the golden case must be the same", name)
		}
	}
	if !strings.Contains(stdout.String(), "package petstore: 9 types, 19 operations") {
		t.Errorf("stdout: %s", stdout.String())
	}
}
