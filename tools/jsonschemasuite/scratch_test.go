package main

import (
	"bytes"
	"io"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

func TestScratch(t *testing.T) {
	cases := []struct {
		schema string
		insts  []string
	}{
		{`{"type":"string","allOf":[{"pattern":"^a"}]}`, []string{`"ba"`, `"ab"`, `1`}},
		{`{"type":"integer","allOf":[{"enum":[""]}]}`, []string{`1`, `""`}},
		{`{"type":"object","oneOf":[{"type":"array"}]}`, []string{`[]`, `{}`}},
		{`{"properties":{"label":{"type":"string"},"otherLabel":{"type":"string"},"amount":{"type":"integer"}},"oneOf":[{"required":["label","amount"]},{"required":["otherLabel","amount"]}]}`, []string{`{}`, `{"label":"a","amount":1}`, `{"label":"a","otherLabel":"b","amount":1}`, `{"otherLabel":"b","amount":1}`}},
		{`{"type":"object","properties":{"label":{"type":"string"},"otherLabel":{"type":"string"},"amount":{"type":"integer"}},"oneOf":[{"required":["label","amount"]},{"required":["otherLabel","amount"]}]}`, []string{`{}`, `{"label":"a","amount":1}`, `{"label":"a","otherLabel":"b","amount":1}`, `{"otherLabel":"b","amount":1}`}},
		{`{"anyOf":[{"minProperties":2},{"required":["a"]}]}`, []string{`{}`, `{"a":1}`, `{"b":1,"c":2}`, `1`}},
		{`{"type":"object","anyOf":[{"minProperties":2},{"required":["a"]}]}`, []string{`{}`, `{"a":1}`, `{"b":1,"c":2}`, `1`}},
		{`{"oneOf":[true,{"type":["array","null"]}]}`, []string{`null`, `1`, `[]`}},
		{`{"type":["array","object","null"]}`, []string{`null`, `1`, `[]`, `{}`}},
		{`{"anyOf":[{"type":"null"},{"type":"string"}]}`, []string{`null`, `1`, `"a"`}},
		{`{"items":{"anyOf":[{"type":["string","null"]},{"type":"boolean"}]}}`, []string{`[null]`, `[1]`, `["a",true]`}},
		{`{"type":"array","items":{"anyOf":[{"type":["string","null"]},{"type":"boolean"}]}}`, []string{`[null]`, `[1]`, `["a",true]`}},
		{`{"type":"object","allOf":[{"properties":{"a":{"type":"string"}}},{"properties":{"a":{"type":"integer"}}}]}`, []string{`{}`, `{"a":1}`, `{"a":"x"}`}},
		{`{"type":"object","allOf":[{"properties":{"a":{"type":"number"}}},{"properties":{"a":{"type":"integer"}}}]}`, []string{`{}`, `{"a":1}`, `{"a":1.5}`}},
		{`{"type":["array","object","null"],"properties":{"a":{"type":"string"}}}`, []string{`null`, `1`, `[]`, `{}`}},
		{`{"type":["array","object","null"],"items":{"type":"string"}}`, []string{`null`, `1`, `[]`, `{}`}},
		{`{"type":"array","items":{"type":["array","object","null"]}}`, []string{`[null]`, `[1]`, `[[]]`, `[{}]`}},
		{`{"type":"array","items":{"type":["array","object","null"],"properties":{"a":{"type":"string"}}}}`, []string{`[null]`, `[1]`, `[[]]`, `[{}]`}},
		{`{"anyOf":[{"type":"null"},{"type":"object","properties":{"a":{"type":"string"}}}]}`, []string{`null`, `1`, `{}`}},
		{`{"anyOf":[{"type":"null"},{"type":"array"},{"type":"object"}]}`, []string{`null`, `1`, `{}`}},
		{`{"type":"array","items":{"anyOf":[{"type":"null"},{"type":"object","properties":{"a":{"type":"string"}}}]}}`, []string{`[null]`, `[1]`, `[{}]`}},
		{`{"anyOf":[{"type":["string","null"]},{"type":"boolean"}]}`, []string{`null`, `1`, `"a"`}},
		{`{"oneOf":[{"type":"null"},{"type":"string"}]}`, []string{`null`, `1`, `"a"`}},
	}
	u := &unit{Rel: "scratch.json", Set: "fuzz", metaschema: "draft/2020-12/schema"}
	for _, c := range cases {
		comp := jsonschema.NewCompiler()
		comp.DefaultDraft(jsonschema.Draft2020)
		doc, _ := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(c.schema)))
		comp.AddResource("schema.json", doc)
		sch, err := comp.Compile("schema.json")
		if err != nil {
			t.Fatal(err)
		}
		g := &group{Description: c.schema, Schema: []byte(c.schema)}
		for _, in := range c.insts {
			inst, _ := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(in)))
			g.Tests = append(g.Tests, &test{Description: in, Data: []byte(in), Valid: sch.Validate(inst) == nil})
		}
		u.Groups = append(u.Groups, g)
	}
	res, err := runUnits([]*unit{u}, "/tmp/ec", io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res.Results {
		if r.Outcome != outPass {
			t.Errorf("%s %s: %s (valid=%v): %s", r.Group.Schema, r.Test.Data, r.Outcome, r.Test.Valid, r.Err)
		}
	}
}
