package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"
)

var fuzzUnions = flag.Int("fuzz.unions", 60, "TestDifferentialUnions: how many random union schemas")

// TestDifferentialUnions is TestDifferential for unions of object
// variants, the shapes whose variants are decided from the keys present
// and the values' validity (ir.Union.Facts) or tried in turn: oneOf and
// anyOf of two to four objects with shared and own keys, required sets,
// closed objects, variants of one type or of several kinds under one key,
// and unions nested in a variant's property. Any disagreement fails it,
// warned or not: these shapes are meant to be exact.
func TestDifferentialUnions(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a scratch module")
	}
	r := rand.New(rand.NewPCG(*fuzzSeed, 46))
	var groups []*group
	for i := 0; i < *fuzzUnions; i++ {
		raw, err := json.Marshal(randUnion(r, 0))
		if err != nil {
			t.Fatal(err)
		}
		var instances [][]byte
		for j := 0; j < 12; j++ {
			data, err := json.Marshal(randUnionInstance(r, 0))
			if err != nil {
				t.Fatal(err)
			}
			instances = append(instances, data)
		}
		groups = append(groups, referenceGroup(t, raw, instances))
	}
	judge(t, fmt.Sprintf("fuzzunions/seed%d.json", *fuzzSeed), groups, notPassed)
}

// unionKeys are the keys of random union variants and instances: few, so
// that variants share them and instances hit them.
var unionKeys = []string{"type", "num", "str", "b"}

// randUnion returns a oneOf or anyOf of object variants.
func randUnion(r *rand.Rand, depth int) map[string]any {
	kw := "oneOf"
	if r.IntN(3) == 0 {
		kw = "anyOf"
	}
	n := 2 + r.IntN(3)
	// A key's type, shared by the variants that declare it unless a
	// variant draws one of its own.
	shared := map[string]any{}
	for _, k := range unionKeys {
		shared[k] = randUnionProp(r, depth)
	}
	variants := make([]any, n)
	for i := range variants {
		v := map[string]any{"type": "object"}
		props := map[string]any{}
		var required []string
		for _, k := range unionKeys {
			if r.IntN(2) == 0 {
				continue
			}
			if r.IntN(4) == 0 {
				props[k] = randUnionProp(r, depth)
			} else {
				props[k] = shared[k]
			}
			if r.IntN(2) == 0 {
				required = append(required, k)
			}
		}
		v["properties"] = props
		if len(required) > 0 {
			v["required"] = required
		}
		if r.IntN(4) == 0 {
			v["additionalProperties"] = false
		}
		variants[i] = v
	}
	return map[string]any{kw: variants}
}

// randUnionProp returns the schema of a variant's property: a scalar type,
// sometimes with a constraint, or a union nested one level.
func randUnionProp(r *rand.Rand, depth int) any {
	switch r.IntN(7) {
	case 0:
		return map[string]any{"type": "string"}
	case 1:
		return map[string]any{"type": "string", "minLength": 2}
	case 2:
		return map[string]any{"type": "integer"}
	case 3:
		return map[string]any{"type": "integer", "minimum": 1}
	case 4:
		return map[string]any{"type": "boolean"}
	case 5:
		return map[string]any{"type": []any{"string", "null"}}
	}
	if depth >= 1 {
		return map[string]any{"type": "integer", "maximum": 2}
	}
	return randUnion(r, depth+1)
}

// randUnionInstance returns an object with some of the union keys, each a
// value of a random kind, sometimes an object of the same kind.
func randUnionInstance(r *rand.Rand, depth int) any {
	if depth == 0 && r.IntN(10) == 0 {
		return []any{1, "x", nil, true}[r.IntN(4)] // not an object
	}
	m := map[string]any{}
	for _, k := range unionKeys {
		if r.IntN(2) == 0 {
			continue
		}
		switch r.IntN(7) {
		case 0:
			m[k] = []string{"", "a", "ab"}[r.IntN(3)]
		case 1, 2:
			m[k] = r.IntN(4) - 1
		case 3:
			m[k] = r.IntN(2) == 0
		case 4:
			m[k] = nil
		case 5:
			m[k] = 1.5
		case 6:
			if depth == 0 {
				m[k] = randUnionInstance(r, depth+1)
			} else {
				m[k] = map[string]any{}
			}
		}
	}
	if r.IntN(8) == 0 {
		m["other"] = 1
	}
	return m
}
