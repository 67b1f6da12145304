package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

var (
	fuzzSchemas = flag.Int("fuzz.schemas", 40, "TestDifferential: how many random schemas")
	fuzzSeed    = flag.Uint64("fuzz.seed", 1, "TestDifferential: the seed of the random schemas and instances")
)

// TestDifferential judges random instances of random schemas with a
// reference validator (santhosh-tekuri/jsonschema, which passes the
// JSON-Schema-Test-Suite) and with the decoders oasgen generates for the
// same schemas (through the suite's harness: UnmarshalJSON, then
// Validate), and fails where they disagree: oasgen rejects what the
// reference accepts, or accepts what it rejects with no generation warning
// for the schema. A fixed budget runs by default; -fuzz.schemas and
// -fuzz.seed run more or others.
func TestDifferential(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a scratch module")
	}
	r := rand.New(rand.NewPCG(*fuzzSeed, 12))
	var groups []*group
	for i := 0; i < *fuzzSchemas; i++ {
		raw, err := json.Marshal(randSchema(r, 0))
		if err != nil {
			t.Fatal(err)
		}
		var instances [][]byte
		for j := 0; j < 8; j++ {
			data, err := json.Marshal(randInstance(r, 0))
			if err != nil {
				t.Fatal(err)
			}
			instances = append(instances, data)
		}
		groups = append(groups, referenceGroup(t, raw, instances))
	}
	judge(t, fmt.Sprintf("fuzz/seed%d.json", *fuzzSeed), groups, unwarned)
}

// keys are the property names of random schemas and instances, few so
// that they meet.
var keys = []string{"a", "b", "foo"}

// randSchema returns a random schema of JSON Schema 2020-12 as a JSON
// value. A schema with items has the matching type: one without type is
// an array in oasgen (docs/validation.md, "Schemas without type"), a
// known deviation the fuzzer does not look for; one with properties may
// have none.
func randSchema(r *rand.Rand, depth int) map[string]any {
	s := map[string]any{}
	sub := func() any {
		if depth >= 2 || r.IntN(6) == 0 {
			return r.IntN(2) == 0
		}
		return randSchema(r, depth+1)
	}
	if r.IntN(5) == 0 {
		return randComposition(r, depth, sub)
	}
	kind := []string{"", "", "string", "integer", "number", "boolean", "array", "object", "null", "map", "multi"}[r.IntN(11)]
	switch kind {
	case "":
	case "map":
		// An object of additional properties only, with the object
		// keywords a map must keep.
		s["type"] = "object"
		s["additionalProperties"] = sub()
		switch r.IntN(4) {
		case 0:
			s["required"] = []string{keys[r.IntN(len(keys))]}
		case 1:
			s["minProperties"] = r.IntN(3)
		case 2:
			s["propertyNames"] = map[string]any{"maxLength": r.IntN(3) + 1}
		case 3:
			s["required"] = []string{keys[r.IntN(len(keys))]}
			s["maxProperties"] = r.IntN(3)
		}
		listed(r, s)
		return s
	case "multi":
		// A type array with the keywords of each of its kinds.
		types := [][]string{{"object", "string"}, {"array", "object"}, {"object", "boolean"}, {"object", "null"}, {"array", "integer"}, {"string", "integer", "null"}}[r.IntN(6)]
		s["type"] = types
		for _, t := range types {
			switch t {
			case "object":
				switch r.IntN(4) {
				case 0:
					s["required"] = []string{keys[r.IntN(len(keys))]}
				case 1:
					s["minProperties"] = r.IntN(3)
				case 2:
					s["properties"] = map[string]any{keys[r.IntN(len(keys))]: sub()}
				case 3:
					s["maxProperties"] = r.IntN(2)
				}
			case "array":
				switch r.IntN(3) {
				case 0:
					s["minItems"] = r.IntN(3)
				case 1:
					s["items"] = sub()
				case 2:
					s["uniqueItems"] = true
				}
			case "string":
				s["minLength"] = r.IntN(3)
			case "integer":
				s["minimum"] = r.IntN(5) - 2
			}
		}
		listed(r, s)
		return s
	default:
		s["type"] = kind
	}
	defer listed(r, s)
	numbers := func() {
		switch r.IntN(4) {
		case 0:
			s["minimum"] = r.IntN(5) - 2
		case 1:
			s["exclusiveMaximum"] = float64(r.IntN(9)) / 2
		case 2:
			s["multipleOf"] = []any{2, 0.5, 3}[r.IntN(3)]
		}
	}
	strs := func() {
		switch r.IntN(4) {
		case 0:
			s["minLength"] = r.IntN(3)
		case 1:
			s["maxLength"] = r.IntN(3)
		case 2:
			s["pattern"] = []string{"^a", "b$", "[0-9]"}[r.IntN(3)]
		case 3:
			s["format"] = []string{"date", "email", "ipv4", "uri"}[r.IntN(4)]
		}
	}
	switch kind {
	case "string":
		strs()
	case "integer", "number":
		numbers()
	case "array":
		switch r.IntN(7) {
		case 0:
			s["items"] = sub()
		case 1:
			s["prefixItems"] = []any{sub()}
		case 2:
			s["minItems"] = r.IntN(3)
		case 3:
			s["uniqueItems"] = true
		case 4:
			s["maxItems"] = r.IntN(3)
		case 5:
			s["contains"] = sub()
		case 6:
			// Checked on the value as a whole: what allOf evaluates
			// counts for unevaluatedItems.
			s["prefixItems"] = []any{sub()}
			s["allOf"] = []any{map[string]any{"type": "array", "prefixItems": []any{true, sub()}}}
			s["unevaluatedItems"] = sub()
		}
	case "object":
		switch r.IntN(7) {
		case 0, 1:
			s["properties"] = map[string]any{keys[r.IntN(len(keys))]: sub()}
			if r.IntN(2) == 0 {
				s["additionalProperties"] = false
			}
		case 2:
			s["required"] = []string{keys[r.IntN(len(keys))]}
		case 3:
			s["minProperties"] = r.IntN(3)
		case 4:
			s["maxProperties"] = r.IntN(2)
		case 5:
			s["dependentSchemas"] = map[string]any{keys[r.IntN(len(keys))]: sub()}
		case 6:
			// Checked on the value as a whole: what allOf evaluates
			// counts for unevaluatedProperties.
			s["properties"] = map[string]any{keys[r.IntN(len(keys))]: sub()}
			s["allOf"] = []any{map[string]any{"type": "object", "properties": map[string]any{keys[r.IntN(len(keys))]: sub()}}}
			s["unevaluatedProperties"] = sub()
		}
	case "":
		// Without type: the keywords of each kind apply to their kind,
		// and the subschemas of free-form values.
		switch r.IntN(13) {
		case 0:
			numbers()
		case 1:
			strs()
		case 2:
			s["minItems"] = r.IntN(3)
		case 3:
			s["required"] = []string{keys[r.IntN(len(keys))]}
		case 4:
			s["not"] = sub()
		case 5:
			s["allOf"] = []any{sub(), sub()}
		case 6:
			s["anyOf"] = []any{sub(), sub()}
		case 7:
			s["oneOf"] = []any{sub(), sub()}
		case 8:
			s["if"], s["then"], s["else"] = sub(), sub(), sub()
		case 9:
			s["contains"] = sub()
		case 10:
			s["const"] = randInstance(r, 1)
		case 11:
			// A struct that takes the other kinds too.
			s["properties"] = map[string]any{keys[r.IntN(len(keys))]: sub()}
			switch r.IntN(3) {
			case 0:
				strs()
			case 1:
				s["items"] = sub() // applies to arrays only
			}
		case 12:
			// additionalProperties alone: objects must be empty, other
			// kinds are valid.
			s["additionalProperties"] = false
		}
	}
	return s
}

// listed adds, to one schema in three, an enum or a const of values of
// every kind beside the schema's other keywords: the values those reject
// are no values of the schema.
func listed(r *rand.Rand, s map[string]any) {
	switch r.IntN(6) {
	case 0:
		vals := make([]any, 1+r.IntN(4))
		for i := range vals {
			vals[i] = randInstance(r, 1)
		}
		s["enum"] = vals
	case 1:
		s["const"] = randInstance(r, 1)
	}
}

// randComposition returns a random schema of the composition shapes
// issue 46 found decided wrongly: branches that only constrain the
// surrounding object, boolean schemas and null inside unions, nested
// unions, type beside a union, allOf members without type beside a
// primitive's type, and allOf members giving one property different
// types.
func randComposition(r *rand.Rand, depth int, sub func() any) map[string]any {
	key := func() string { return keys[r.IntN(len(keys))] }
	union := []string{"oneOf", "anyOf"}[r.IntN(2)]
	kinds := []string{"string", "integer", "number", "boolean", "array", "object", "null"}
	kind := func() string { return kinds[r.IntN(len(kinds))] }
	nonNull := func() string { return kinds[r.IntN(len(kinds)-1)] }
	switch r.IntN(8) {
	case 0:
		// Constraint-only branches beside properties.
		s := map[string]any{"properties": map[string]any{key(): sub(), key(): sub()}}
		if r.IntN(2) == 0 {
			s["type"] = "object"
		}
		branch := func() any {
			switch r.IntN(3) {
			case 0:
				i := r.IntN(len(keys))
				return map[string]any{"required": []string{keys[i], keys[(i+1)%len(keys)]}}
			case 1:
				return map[string]any{"minProperties": r.IntN(3)}
			}
			return map[string]any{"required": []string{key()}}
		}
		s[union] = []any{branch(), branch()}
		return s
	case 1:
		// A boolean schema beside a member that takes null.
		return map[string]any{union: []any{r.IntN(2) == 0, map[string]any{"type": []string{nonNull(), "null"}}}}
	case 2:
		// Nested unions with null.
		inner := map[string]any{[]string{"oneOf", "anyOf"}[r.IntN(2)]: []any{map[string]any{"type": "null"}, sub()}}
		return map[string]any{union: []any{map[string]any{"type": []string{nonNull(), "null"}}, inner}}
	case 3:
		// Type arrays with null, alone or as items.
		t := []string{"array", "object", "null"}
		if r.IntN(2) == 0 {
			return map[string]any{"type": t}
		}
		return map[string]any{"type": "array", "items": map[string]any{union: []any{map[string]any{"type": []string{nonNull(), "null"}}, map[string]any{"type": kind()}}}}
	case 4:
		// Type beside a union whose members have other types.
		return map[string]any{"type": kind(), union: []any{map[string]any{"type": kind()}, sub()}}
	case 5:
		// allOf members without type beside a primitive's type.
		m := map[string]any{}
		switch r.IntN(3) {
		case 0:
			m["pattern"] = []string{"^a", "b$"}[r.IntN(2)]
		case 1:
			m["enum"] = []any{"", "a", 1, 2.5, nil}[:1+r.IntN(5)]
		default:
			m["minimum"] = r.IntN(3)
		}
		return map[string]any{"type": []string{"string", "integer", "number"}[r.IntN(3)], "allOf": []any{m}}
	case 6:
		// allOf members giving one property different types.
		k := key()
		prop := func() any {
			t := any(kind())
			if r.IntN(3) == 0 {
				t = []string{nonNull(), "null"}
			}
			return map[string]any{"type": "object", "properties": map[string]any{k: map[string]any{"type": t}}}
		}
		return map[string]any{"allOf": []any{prop(), prop()}}
	}
	// A boolean schema among members, and a union of unions.
	return map[string]any{union: []any{r.IntN(2) == 0, sub(), map[string]any{"anyOf": []any{sub(), map[string]any{"type": "null"}}}}}
}

// randInstance returns a random JSON value; numbers are integers,
// fractions, and integral numbers written with a fraction or exponent.
func randInstance(r *rand.Rand, depth int) any {
	n := 8
	if depth >= 2 {
		n = 6 // scalars only
	}
	switch r.IntN(n) {
	case 0:
		return nil
	case 1:
		return r.IntN(2) == 0
	case 2:
		return r.IntN(9) - 3
	case 3:
		return float64(r.IntN(20)-5) + 0.5
	case 4:
		return []string{"", "a", "ab", "abc", "b1", "2020-01-02", "x@example.com", "10.0.0.1", "https://example.com/", strings.Repeat("é", 2)}[r.IntN(10)]
	case 5:
		return json.Number([]string{"2", "2.0", "1e1"}[r.IntN(3)])
	case 6:
		a := make([]any, r.IntN(4))
		for i := range a {
			a[i] = randInstance(r, depth+1)
		}
		return a
	}
	m := map[string]any{}
	for range r.IntN(4) {
		m[keys[r.IntN(len(keys))]] = randInstance(r, depth+1)
	}
	return m
}
