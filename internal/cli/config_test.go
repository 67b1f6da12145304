package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/internal/gen"
	"github.com/oasgen/oasgen/internal/ir"
)

func TestLoadConfig(t *testing.T) {
	tests := []struct {
		name    string
		file    string
		want    func(c *genConfig) bool
		wantErr string
	}{
		{
			name: "everything",
			file: "version: 1\ninput: spec/openapi.yaml\noutput: api\npackage: petapi\ngenerate: [client]\nunchecked-patterns: true\n" +
				"include:\n  tags: [pets, stores]\n  operations: getPet\n  paths: [/pets/]\nexclude:\n  operations: [deletePet]\n",
			want: func(c *genConfig) bool {
				return strings.HasSuffix(c.input, filepath.Join("spec", "openapi.yaml")) && strings.HasSuffix(c.output, "api") &&
					c.pkg == "petapi" && c.parts == gen.Models|gen.Client && c.uncheckedPatterns &&
					len(c.include.tags) == 2 && c.include.ids[0] == "getPet" && c.include.paths[0] == "/pets/" && c.exclude.ids[0] == "deletePet"
			},
		},
		{name: "no version", file: "generate: [client]\n", wantErr: "oasgen.yaml:1:1: version: 1 is required"},
		{name: "later version", file: "version: 2\n", wantErr: `oasgen.yaml:1:10: version: this oasgen reads version 1, not "2"`},
		{name: "unknown setting", file: "version: 1\noutptu: api\n", wantErr: `oasgen.yaml:2:1: unknown setting "outptu"; did you mean output? (see docs/config.md)`},
		{name: "unknown part", file: "version: 1\ngenerate: [models, sever]\n", wantErr: `oasgen.yaml:2:11: generate: unknown part "sever"; did you mean server? (want models, server, client, streams, validator or all)`},
		{name: "unknown filter", file: "version: 1\ninclude:\n  tag: [pets]\n", wantErr: `oasgen.yaml:3:3: include: unknown filter "tag"; did you mean tags? (want tags, operations or paths)`},
		{name: "path not a prefix", file: "version: 1\nexclude:\n  paths: [pets]\n", wantErr: `oasgen.yaml:3:10: exclude.paths: "pets" is not a path prefix`},
		{name: "list of mappings", file: "version: 1\ninclude:\n  tags: [{a: b}]\n", wantErr: `oasgen.yaml:3:10: include.tags: want a string`},
		{name: "not a mapping", file: "- version\n", wantErr: "oasgen.yaml:1:1: want a mapping"},
		{
			name: "pagination",
			file: "version: 1\npagination:\n  listCustomers: {style: cursor, param: after, next: next_cursor, items: data}\n  listLabels: false\n",
			want: func(c *genConfig) bool {
				d, off := c.pages["listCustomers"], c.pages["listLabels"]
				return d != nil && d.Style == "cursor" && d.Param == "after" && d.Next == "next_cursor" && d.Items == "data" && d.Line == 3 &&
					off != nil && off.Off
			},
		},
		{name: "pagination key", file: "version: 1\npagination:\n  listCustomers: {stlye: cursor}\n", wantErr: `oasgen.yaml:3:19: pagination.listCustomers: unknown key "stlye"; did you mean style? (want style, param, next or items)`},
		{name: "bad boolean", file: "version: 1\nunchecked-patterns: yes please\n", wantErr: "oasgen.yaml:2:21: unchecked-patterns: want true or false"},
		{name: "model packages", file: "version: 1\nmodel-packages: 8\n", want: func(c *genConfig) bool { return c.modelPackages == 8 }},
		{name: "model packages zero", file: "version: 1\nmodel-packages: 0\n", wantErr: `oasgen.yaml:2:17: model-packages: want a number from 1 to 64, not "0"`},
		{name: "model packages list", file: "version: 1\nmodel-packages: [2]\n", wantErr: `oasgen.yaml:2:17: model-packages: want a number`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "oasgen.yaml")
			if err := os.WriteFile(path, []byte(tt.file), 0o644); err != nil {
				t.Fatal(err)
			}
			c, err := loadConfig(path)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !tt.want(c) {
				t.Errorf("config %+v", c)
			}
		})
	}
}

func TestSelect(t *testing.T) {
	ops := []*ir.Operation{
		{ID: "listPets", Path: "/pets", Tags: []string{"pets"}},
		{ID: "deletePet", Path: "/pets/{id}", Tags: []string{"pets", "admin"}},
		{ID: "listStores", Path: "/stores", Tags: []string{"stores"}},
	}
	tests := []struct {
		name             string
		include, exclude opFilter
		want             string
	}{
		{name: "nothing listed", want: "listPets deletePet listStores"},
		{name: "by tag", include: opFilter{tags: []string{"pets"}}, want: "listPets deletePet"},
		{name: "by id", include: opFilter{ids: []string{"listStores"}}, want: "listStores"},
		{name: "by path prefix", include: opFilter{paths: []string{"/pets/"}}, want: "deletePet"},
		{name: "include then exclude", include: opFilter{tags: []string{"pets"}}, exclude: opFilter{tags: []string{"admin"}}, want: "listPets"},
		{name: "exclude only", exclude: opFilter{paths: []string{"/stores"}}, want: "listPets deletePet"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &genConfig{include: tt.include, exclude: tt.exclude}
			var got []string
			for _, o := range ops {
				if c.keep(o) {
					got = append(got, o.ID)
				}
			}
			if strings.Join(got, " ") != tt.want {
				t.Errorf("kept %q, want %q", got, tt.want)
			}
		})
	}
}

func TestSelectionErrors(t *testing.T) {
	spec := "../../testdata/selection/openapi.yaml"
	tests := []struct {
		name    string
		args    []string
		wantErr string
	}{
		{name: "misspelt tag", args: []string{"-tags", "pest"}, wantErr: `no operation of the spec has tag "pest"`},
		{name: "misspelt exclusion", args: []string{"-exclude-operations", "deletPet"}, wantErr: `no operation of the spec has operation "deletPet"`},
		{name: "nothing left", args: []string{"-tags", "pets", "-exclude-tags", "pets"}, wantErr: "the selection keeps no operation"},
		{name: "unknown part", args: []string{"-parts", "models,cleint"}, wantErr: `unknown part "cleint"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			args := append([]string{"generate", "-i", spec, "-o", t.TempDir()}, tt.args...)
			if code := Run(args, nil, &out, &out); code == exitOK || !strings.Contains(out.String(), tt.wantErr) {
				t.Errorf("exit %d, output %q; want an error with %q", code, out.String(), tt.wantErr)
			}
		})
	}
}

// TestFlagsOverConfig checks that flags win over the config file.
func TestFlagsOverConfig(t *testing.T) {
	dir := t.TempDir()
	cfg := "version: 1\ninput: " + filepath.Join("..", "..", "..", "..", "..", "..") + "/nonexistent.yaml\noutput: out\ngenerate: [models]\n"
	path := filepath.Join(dir, "oasgen.yaml")
	if err := os.WriteFile(path, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs("../../testdata/selection/openapi.yaml")
	var out strings.Builder
	if code := Run([]string{"generate", "-config", path, "-i", abs, "-parts", "server", "-tags", "stores"}, nil, &out, &out); code != exitOK {
		t.Fatalf("exit %d: %s", code, out.String())
	}
	for _, name := range []string{"oas_models_gen.go", "oas_server_gen.go", "oas_router_gen.go"} {
		if _, err := os.Stat(filepath.Join(dir, "out", name)); err != nil {
			t.Errorf("%s not written to the config's output: %v", name, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "out", "oas_client_gen.go")); err == nil {
		t.Error("the client was generated though -parts server asked for none")
	}
	if !strings.Contains(out.String(), "1 operations") {
		t.Errorf("output %q: want one operation (listStores)", out.String())
	}
}

// TestStreamsPart checks that the streaming API is the streams part: in
// by default and with -parts streams or all, and otherwise left out with
// the hooks its methods use in the codecs (a stale oas_stream_gen.go is
// removed).
func TestStreamsPart(t *testing.T) {
	spec, _ := filepath.Abs("../../testdata/arrays/openapi.yaml")
	dir := t.TempDir()
	for _, tt := range []struct {
		parts   []string
		streams bool
	}{
		{nil, true},
		{[]string{"-parts", "models"}, false},
		{[]string{"-parts", "models,streams"}, true},
		{[]string{"-parts", "client"}, false},
		{[]string{"-parts", "all"}, true},
	} {
		var out strings.Builder
		if code := Run(append([]string{"generate", "-i", spec, "-o", dir}, tt.parts...), nil, &out, &out); code != exitOK {
			t.Fatalf("%v: exit %d: %s", tt.parts, code, out.String())
		}
		_, err := os.Stat(filepath.Join(dir, "oas_stream_gen.go"))
		if got := err == nil; got != tt.streams {
			t.Errorf("%v: oas_stream_gen.go written: %v, want %v", tt.parts, got, tt.streams)
		}
		codec, err := os.ReadFile(filepath.Join(dir, "oas_json_gen.go"))
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(string(codec), ".Streams(&v."); got != tt.streams {
			t.Errorf("%v: the codecs have the stream hooks: %v, want %v", tt.parts, got, tt.streams)
		}
	}
}

// TestJSONTokens checks that the objects' EncodeTokens methods come with
// -json-tokens or json-tokens: true in the config file (the flag wins),
// and not by default (MarshalJSONTo then always goes through the Writer).
func TestJSONTokens(t *testing.T) {
	spec, _ := filepath.Abs("../../testdata/arrays/openapi.yaml")
	dir := t.TempDir()
	on := filepath.Join(dir, "on.yaml")
	if err := os.WriteFile(on, []byte("version: 1\njson-tokens: true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args   []string
		tokens bool
	}{
		{nil, false},
		{[]string{"-json-tokens"}, true},
		{[]string{"-config", on}, true},
		{[]string{"-config", on, "-json-tokens=false"}, false},
	} {
		var out strings.Builder
		if code := Run(append([]string{"generate", "-i", spec, "-o", filepath.Join(dir, "out")}, tt.args...), nil, &out, &out); code != exitOK {
			t.Fatalf("%v: exit %d: %s", tt.args, code, out.String())
		}
		v2, err := os.ReadFile(filepath.Join(dir, "out", "oas_jsonv2_gen.go"))
		if err != nil {
			t.Fatal(err)
		}
		methods := strings.Contains(string(v2), ") EncodeTokens(t *oasimpl.Tokens) {")
		calls := strings.Contains(string(v2), ".EncodeTokensTo(enc, v.EncodeJSON, v.EncodeTokens)")
		if methods != tt.tokens || calls != tt.tokens {
			t.Errorf("%v: EncodeTokens methods %v, called %v; want %v", tt.args, methods, calls, tt.tokens)
		}
	}
}

// TestConfigPagination: the config file's pagination wins over the spec's
// x-oasgen-pagination, turns the Link detection off, and an operationId
// the spec does not have is an error at its line.
func TestConfigPagination(t *testing.T) {
	spec, _ := filepath.Abs("../../testdata/pages/openapi.yaml")
	for _, tt := range []struct {
		name      string
		pages     string
		want, not []string
		wantErr   string
	}{
		{"as the spec says", "", []string{"ListIssuesAll", "ListCustomersAll"}, []string{"ListLabelsAll"}, ""},
		{"config wins", "  listLabels: {style: link}\n  listIssues: false\n  listTags: {style: cursor, param: page, next: x}\n",
			[]string{"ListLabelsAll"}, []string{"ListIssuesAll"}, "oasgen.yaml:7:13: GET /tags: pagination.listTags: param \"page\" is not a query parameter of the operation holding a string"},
		{"unknown operation", "  listLables: false\n", nil, nil, `oasgen.yaml:5:15: pagination: the spec has no operation "listLables"; did you mean listLabels?`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			cfg := "version: 1\ninput: " + spec + "\noutput: out\n"
			if tt.pages != "" {
				cfg += "pagination:\n" + tt.pages
			}
			path := filepath.Join(dir, "oasgen.yaml")
			if err := os.WriteFile(path, []byte(cfg), 0o644); err != nil {
				t.Fatal(err)
			}
			var out strings.Builder
			code := Run([]string{"generate", "-config", path}, nil, &out, &out)
			if tt.wantErr != "" {
				if code == exitOK || !strings.Contains(out.String(), tt.wantErr) {
					t.Fatalf("exit %d, output %q; want %q", code, out.String(), tt.wantErr)
				}
				if tt.want == nil {
					return
				}
				// Fix the one error and generate.
				cfg = strings.Replace(cfg, "  listTags: {style: cursor, param: page, next: x}\n", "", 1)
				if err := os.WriteFile(path, []byte(cfg), 0o644); err != nil {
					t.Fatal(err)
				}
				out.Reset()
				code = Run([]string{"generate", "-config", path}, nil, &out, &out)
			}
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, out.String())
			}
			src, err := os.ReadFile(filepath.Join(dir, "out", "oas_client_gen.go"))
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range tt.want {
				if !strings.Contains(string(src), ") "+m+"(") {
					t.Errorf("no method %s", m)
				}
			}
			for _, m := range tt.not {
				if strings.Contains(string(src), ") "+m+"(") {
					t.Errorf("method %s generated", m)
				}
			}
		})
	}
}

// TestSelectionWarnings: the warnings about operations and schemas a
// selection leaves out are left out with them; the others stay.
func TestSelectionWarnings(t *testing.T) {
	const spec = `openapi: 3.1.0
info: {title: t, version: "1"}
paths:
  /pets:
    get:
      operationId: listPets
      tags: [pets]
      responses:
        "200":
          description: ok
          links:
            self: {operationId: listPets}
  /levels:
    get:
      operationId: getLevel
      tags: [levels]
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Level"}
components:
  schemas:
    Level:
      oneOf: [{type: integer, format: int32}, {type: integer, format: int64}]
`
	path := filepath.Join(t.TempDir(), "openapi.yaml")
	if err := os.WriteFile(path, []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	const link, level = "link self is not generated", "Level: variants"
	tests := []struct {
		tags       []string
		want, gone []string
	}{
		{tags: nil, want: []string{link, level}},
		{tags: []string{"pets"}, want: []string{link}, gone: []string{level}},
		{tags: []string{"levels"}, want: []string{level}, gone: []string{link}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.tags, ","), func(t *testing.T) {
			res, err := generate(&genConfig{input: path, pkg: "api", include: opFilter{tags: tt.tags}})
			if err != nil {
				t.Fatal(err)
			}
			var all strings.Builder
			for _, d := range res.Diagnostics {
				all.WriteString(d.String() + "\n")
			}
			for _, w := range tt.want {
				if !strings.Contains(all.String(), w) {
					t.Errorf("no warning %q in:\n%s", w, &all)
				}
			}
			for _, g := range tt.gone {
				if strings.Contains(all.String(), g) {
					t.Errorf("warning %q about what was not selected:\n%s", g, &all)
				}
			}
		})
	}
}

// TestWriteFilesRemovesStale: generating again with another layout removes
// what the last generation wrote and this one does not: the split models'
// and the operations' packages when the models are no longer split, and
// the server's package when the server is no longer generated, or the
// client's when the client is not.
func TestWriteFilesRemovesStale(t *testing.T) {
	spec, _ := filepath.Abs("../../testdata/split/openapi.yaml")
	mod := t.TempDir()
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module example.com/stale\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(mod, "api")
	exists := func(rel string) bool {
		_, err := os.Stat(filepath.Join(dir, filepath.FromSlash(rel)))
		return err == nil
	}
	for _, tt := range []struct {
		args                        []string
		models, ops, server, client bool
	}{
		{[]string{"-model-packages", "3"}, true, true, true, true},
		{nil, false, false, false, false},
		{[]string{"-model-packages", "3"}, true, true, true, true},
		{[]string{"-model-packages", "3", "-parts", "client"}, true, false, false, false},
		{[]string{"-model-packages", "3", "-parts", "server"}, true, true, true, false},
		{[]string{"-model-packages", "3", "-parts", "models"}, true, false, false, false},
	} {
		var out strings.Builder
		if code := Run(append([]string{"generate", "-i", spec, "-o", dir}, tt.args...), nil, &out, &out); code != exitOK {
			t.Fatalf("%v: exit %d: %s", tt.args, code, out.String())
		}
		for _, d := range []struct {
			dir  string
			want bool
		}{{gen.ModelsDir, tt.models}, {gen.OpsDir, tt.ops}, {gen.RouteDir, tt.server}, {gen.ServerDir, tt.server}, {gen.ClientDir, tt.client}} {
			if got := exists(d.dir); got != d.want {
				t.Errorf("%v: %s exists: %v, want %v", tt.args, d.dir, got, d.want)
			}
		}
		if got := exists("internal"); got != tt.models {
			t.Errorf("%v: internal exists: %v", tt.args, got)
		}
		if got := exists("oas_api_gen.go"); got != tt.ops {
			t.Errorf("%v: oas_api_gen.go exists: %v", tt.args, got)
		}
		if got := exists("oas_router_gen.go"); got != (tt.args == nil) {
			t.Errorf("%v: oas_router_gen.go exists: %v", tt.args, got)
		}
	}
}

// TestRouterPackagesRemoved: a router split into packages under
// internal/oasroute (past routeLines lines) leaves no directory behind when
// the next generation does not split it.
func TestRouterPackagesRemoved(t *testing.T) {
	// 9 resources of 20 operations: the router matches each resource
	// with a function of its own.
	var spec strings.Builder
	spec.WriteString("openapi: 3.0.3\ninfo: {title: routes, version: '1'}\npaths:\n")
	for i := range 9 {
		for j := range 20 {
			fmt.Fprintf(&spec, "  /r%d/x%d: {get: {operationId: r%dx%d, responses: {'200': {description: ok}}}}\n", i, j, i, j)
		}
	}
	mod := t.TempDir()
	specPath := filepath.Join(mod, "openapi.yaml")
	if err := os.WriteFile(specPath, []byte(spec.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module example.com/routes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(mod, "api")
	sub := filepath.Join(dir, filepath.FromSlash(gen.RouteDir), "r01")
	defer func(n int) { routeLines = n }(routeLines)
	for _, lines := range []int{100, 50_000} {
		routeLines = lines
		var out strings.Builder
		if code := Run([]string{"generate", "-i", specPath, "-o", dir, "-model-packages", "2"}, nil, &out, &out); code != exitOK {
			t.Fatalf("routeLines %d: exit %d: %s", lines, code, out.String())
		}
		if _, err := os.Stat(sub); (err == nil) != (lines == 100) {
			t.Errorf("routeLines %d: %s exists: %v", lines, sub, err == nil)
		}
	}
}
