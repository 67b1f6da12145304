package main

import (
	"testing"
)

// TestDifferentialFindings judges, as TestDifferential does, the schemas
// the differential fuzzer found decided wrongly in composition (issue 46;
// docs/conformance.md, "Composition"), each with the instances it was
// wrong on and their neighbours, so a seed's finding stays fixed when the
// generator of random schemas changes. The reference validator decides
// each instance; every one must pass.
func TestDifferentialFindings(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a scratch module")
	}
	cases := []struct {
		schema string
		data   []string
	}{
		// Constraint-only branches beside properties, without type.
		{`{"anyOf":[{"required":["b","foo"]},{"required":["foo","a"]}],"properties":{"a":{"maxLength":0,"type":"string"},"foo":{"type":"boolean"}}}`, []string{`2`, `null`, `{}`, `{"foo":true,"a":""}`}},
		{`{"oneOf":[{"required":["b"]},{"required":["foo"]}],"properties":{"a":{"type":"string"}}}`, []string{`2`, `null`, `{}`, `{"foo":true}`, `{"b":1,"foo":2}`}},
		{`{"anyOf":[{"minProperties":1},{"required":["b","foo"]}],"properties":{"b":{"maxProperties":0,"type":"object"}}}`, []string{`{"a":-1,"foo":[2]}`, `{"foo":null}`, `{}`}},
		// Such a struct inside unions of unions.
		{`{"oneOf":[{"type":["object","null"]},{"anyOf":[{"type":"null"},{"anyOf":[{"minProperties":2},{"required":["foo"]}],"properties":{"a":true}}]}]}`, []string{`2.0`, `[1]`, `"abc"`, `true`, `null`, `{}`}},
		// type beside a union.
		{`{"oneOf":[{"type":"boolean"},{"exclusiveMaximum":2.5,"type":"number"}],"type":"integer"}`, []string{`-0.5`, `-1`, `3`}},
		{`{"oneOf":[{"type":"boolean"},{"required":["b"],"type":"object"}],"type":"null"}`, []string{`null`, `false`, `{"b":1}`}},
		{`{"oneOf":[{"type":"boolean"},{"required":["b"],"type":"object"}],"type":["object","null"]}`, []string{`null`, `false`, `{"b":1}`, `{}`}},
		// A free-form if whose schema is not checked exactly.
		{`{"else":{"minLength":0},"if":{"not":{"prefixItems":[true],"type":"array"}},"then":{"type":"null"}}`, []string{`[0]`, `[]`, `null`, `1`}},
		// Null through unions.
		{`{"oneOf":[false,{"oneOf":[false,{"type":"boolean"},{"anyOf":[{"type":"null"},{"type":"null"}]}]},{"anyOf":[true,{"type":"null"}]}]}`, []string{`null`, `true`, `1`}},
		{`{"oneOf":[{"type":["string","null"]},{"oneOf":[{"type":"null"},{"type":"null"}]}]}`, []string{`null`, `"a"`, `1`}},
		{`{"anyOf":[{"type":["string","null"]},{"type":"boolean"}]}`, []string{`null`, `1`, `"a"`}},
		// A member whose type takes null and whose const does not takes
		// no value: null is the other member's alone.
		{`{"oneOf":[false,{"const":"b1","type":"null"},{"anyOf":[{"type":"array","uniqueItems":true},{"type":"null"}]}]}`, []string{`null`, `"b1"`, `[1,1.0]`, `[1]`}},
		{`{"items":{"anyOf":[{"type":["string","null"]},{"type":"boolean"}]}}`, []string{`[null]`, `[1]`, `["a",true]`}},
	}
	var groups []*group
	for _, c := range cases {
		var instances [][]byte
		for _, data := range c.data {
			instances = append(instances, []byte(data))
		}
		groups = append(groups, referenceGroup(t, []byte(c.schema), instances))
	}
	judge(t, "fuzz/findings.json", groups, notPassed)
}
