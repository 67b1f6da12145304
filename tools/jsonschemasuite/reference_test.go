package main

import (
	"bytes"
	"io"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// referenceGroup returns the group of a 2020-12 schema and its instances,
// each marked valid or not as the reference validator
// (santhosh-tekuri/jsonschema, which passes the JSON-Schema-Test-Suite)
// judges it.
func referenceGroup(t *testing.T, schema []byte, instances [][]byte) *group {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.AddResource("schema.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("schema.json")
	if err != nil {
		t.Fatalf("the reference refuses %s: %v", schema, err)
	}
	g := &group{Description: string(schema), Schema: schema}
	for _, data := range instances {
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		g.Tests = append(g.Tests, &test{Description: string(data), Data: data, Valid: sch.Validate(inst) == nil})
	}
	return g
}

// judge runs the groups through the suite's harness (generated decoders:
// UnmarshalJSON, then Validate) as the file rel and fails on every
// instance disagree reports, logging the tally of outcomes.
func judge(t *testing.T, rel string, groups []*group, disagree func(outcome string) bool) {
	t.Helper()
	u := &unit{Rel: rel, Set: "fuzz", metaschema: "draft/2020-12/schema", Groups: groups}
	res, err := runUnits([]*unit{u}, t.TempDir(), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	tally := map[string]int{}
	for _, r := range res.Results {
		tally[r.Outcome]++
		if disagree(r.Outcome) {
			t.Errorf("schema %s, instance %s: oasgen %s (reference: valid=%v): %s", r.Group.Schema, r.Test.Data, r.Outcome, r.Test.Valid, r.Err)
		}
	}
	t.Logf("outcomes: %v", tally)
}

// unwarned is the disagreement of the random schemas: oasgen rejects what
// the reference accepts, or accepts what it rejects with no generation
// warning for the schema, or has no decoder.
func unwarned(outcome string) bool {
	return outcome == outRejectsValid || outcome == outAcceptsSilent || outcome == outNoDecoder
}

// notPassed is the disagreement of shapes meant to be exact: anything but a pass.
func notPassed(outcome string) bool { return outcome != outPass }
