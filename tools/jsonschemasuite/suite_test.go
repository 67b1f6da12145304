package main

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite passing.txt with the tests that pass now")

// TestSuite runs the JSON-Schema-Test-Suite when it is installed (go run
// ./tools/jsonschemasuite -install, or JSONSCHEMA_SUITE_DIR naming the
// -dir it was installed into) and fails when a test of the baseline no
// longer passes.
func TestSuite(t *testing.T) {
	dir := os.Getenv("JSONSCHEMA_SUITE_DIR")
	if dir == "" {
		dir = filepath.Join("..", "..", ".jsonschemasuite")
	}
	tests := filepath.Join(dir, pipPackage+"-"+pipVersion, "tests")
	if _, err := os.Stat(filepath.Join(tests, "draft2020-12")); err != nil {
		t.Skipf("the suite is not installed in %s: run go run ./tools/jsonschemasuite -install", dir)
	}
	res, err := Run(tests, t.TempDir(), "", io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile("passing.txt", []byte(res.Passing()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	baseline, err := os.ReadFile("passing.txt")
	if err != nil {
		t.Fatal(err)
	}
	if lost := res.Regressions(string(baseline), ""); len(lost) > 0 {
		t.Errorf("%d tests of the baseline (passing.txt) no longer pass:\n%s", len(lost), strings.Join(lost, "\n"))
	}
	if now, before := strings.Count(res.Passing(), "\n"), strings.Count(string(baseline), "\n"); now > before {
		t.Logf("%d tests pass, %d in the baseline: go test ./tools/jsonschemasuite -run TestSuite -update records them", now, before)
	}
}

func TestPrepare(t *testing.T) {
	u31 := &unit{metaschema: "draft/2020-12/schema"}
	u30 := &unit{metaschema: "draft-04/schema", openapi30: true}
	tests := []struct {
		name    string
		u       *unit
		schema  string
		want    string
		wantErr string
	}{
		{"root ref", u31, `{"properties": {"foo": {"$ref": "#"}}}`, `{"properties":{"foo":{"$ref":"#/components/schemas/G001"}}}`, ""},
		{"pointer ref and own $schema", u31, `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"a": {"type": "integer"}}, "items": {"$ref": "#/$defs/a"}}`,
			`{"$defs":{"a":{"type":"integer"}},"items":{"$ref":"#/components/schemas/G001/$defs/a"}}`, ""},
		{"a property named $ref is data", u31, `{"properties": {"$ref": {"type": "string"}}}`, `{"properties":{"$ref":{"type":"string"}}}`, ""},
		{"a const holding $ref is data", u31, `{"const": {"$ref": "http://x"}}`, `{"const":{"$ref":"http://x"}}`, ""},
		{"numbers keep their text", u31, `{"multipleOf": 0.0001, "maximum": 1e308}`, `{"maximum":1e308,"multipleOf":0.0001}`, ""},
		{"remote ref", u31, `{"items": {"$ref": "http://localhost:1234/integer.json"}}`, "", "remote $ref"},
		{"anchor ref", u31, `{"$ref": "#foo"}`, "", "$ref to an anchor"},
		{"$id", u31, `{"$defs": {"a": {"$id": "http://x/a"}}}`, "", "$id"},
		{"dynamicRef", u31, `{"items": {"$dynamicRef": "#items"}}`, "", "$dynamicRef"},
		{"other dialect", u31, `{"$schema": "http://json-schema.org/draft-04/schema#"}`, "", "$schema of another dialect"},
		{"3.0 boolean subschema", u30, `{"items": false}`, "", "boolean schema (OpenAPI 3.0 has none)"},
		{"3.0 additionalProperties false", u30, `{"additionalProperties": false}`, `{"additionalProperties":false}`, ""},
		{"3.0 type array", u30, `{"type": ["integer", "string"]}`, "", "type array (not in OpenAPI 3.0)"},
		{"3.0 patternProperties", u30, `{"patternProperties": {"f.*o": {}}}`, "", "patternProperties (not in OpenAPI 3.0)"},
		{"3.0 definitions ref", u30, `{"$schema": "http://json-schema.org/draft-04/schema#", "definitions": {"a": {}}, "$ref": "#/definitions/a"}`,
			`{"$ref":"#/components/schemas/G001/definitions/a","definitions":{"a":{}}}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, why := prepare([]byte(tt.schema), tt.u, "G001")
			if why != tt.wantErr {
				t.Fatalf("why = %q, want %q", why, tt.wantErr)
			}
			if string(got) != tt.want {
				t.Errorf("got %s\nwant %s", got, tt.want)
			}
		})
	}
}
