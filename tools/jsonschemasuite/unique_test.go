package main

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestDifferentialUnique judges uniqueItems on arrays of every kind of
// item whose Go value holds all of its JSON (numbers, strings, free-form
// values, arrays, maps) with the reference validator and with oasgen's
// decoders: every array of two or three items drawn from values that are
// equal as JSON but written differently (1, 1.0, 10e-1; objects in
// another key order; escaped strings), and values that differ.
func TestDifferentialUnique(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a scratch module")
	}
	schemas := []string{
		`{"uniqueItems": true}`,
		`{"type": "array", "uniqueItems": true}`,
		`{"type": "array", "uniqueItems": true, "items": {"type": "number"}}`,
		`{"type": "array", "uniqueItems": true, "items": {"type": "integer"}}`,
		`{"type": "array", "uniqueItems": true, "items": {"type": "string"}}`,
		`{"type": "array", "uniqueItems": true, "items": {"type": "object"}}`,
		`{"type": "array", "uniqueItems": true, "items": {"type": "object", "additionalProperties": {"type": "number"}}}`,
		`{"type": "array", "uniqueItems": true, "items": {"type": "array"}}`,
		`{"type": "array", "uniqueItems": true, "items": {"type": "array", "items": {"type": "number"}}}`,
		`{"type": "array", "uniqueItems": true, "prefixItems": [{"type": "number"}, {"type": "object"}]}`,
	}
	pool := []string{
		`1`, `1.0`, `10e-1`, `2`, `-0`, `0.0`, `1.5`, `15e-1`,
		`"a"`, `"\u0061"`, `"b"`,
		`{"a":1,"b":2}`, `{"b":2,"a":1}`, `{"a":1.0,"b":2}`, `{"a":1}`, `{"a":[1,{"x":"y"}]}`, `{"a":[1.0,{"x":"\u0079"}]}`,
		`[1,2]`, `[2,1]`, `[1.0,2]`, `[]`, `{}`,
	}
	var instances [][]byte
	for i, a := range pool {
		for j, b := range pool {
			if j < i {
				continue
			}
			instances = append(instances, []byte("["+a+","+b+"]"))
			if j == i+1 {
				instances = append(instances, []byte("["+b+",2,"+a+"]"))
			}
		}
	}
	u := &unit{Rel: "fuzz/unique.json", Set: "fuzz", metaschema: "draft/2020-12/schema"}
	for _, s := range schemas {
		c := jsonschema.NewCompiler()
		c.DefaultDraft(jsonschema.Draft2020)
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(s))
		if err != nil {
			t.Fatal(err)
		}
		if err := c.AddResource("schema.json", doc); err != nil {
			t.Fatal(err)
		}
		sch, err := c.Compile("schema.json")
		if err != nil {
			t.Fatalf("the reference refuses %s: %v", s, err)
		}
		grp := &group{Description: s, Schema: []byte(s)}
		for _, data := range instances {
			inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			grp.Tests = append(grp.Tests, &test{Description: string(data), Data: data, Valid: sch.Validate(inst) == nil})
		}
		u.Groups = append(u.Groups, grp)
	}
	res, err := runUnits([]*unit{u}, t.TempDir(), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	tally := map[string]int{}
	for _, r := range res.Results {
		tally[r.Outcome]++
		switch r.Outcome {
		case outRejectsValid, outAcceptsSilent, outNoDecoder:
			t.Errorf("schema %s, instance %s: oasgen %s (reference: valid=%v): %s", r.Group.Schema, r.Test.Data, r.Outcome, r.Test.Valid, r.Err)
		}
	}
	t.Logf("outcomes: %v", tally)
}
