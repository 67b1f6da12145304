package main

import (
	"testing"
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
	var groups []*group
	for _, s := range schemas {
		groups = append(groups, referenceGroup(t, []byte(s), instances))
	}
	judge(t, "fuzz/unique.json", groups, unwarned)
}
