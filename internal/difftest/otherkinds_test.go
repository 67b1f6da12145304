package difftest

import (
	"testing"

	"github.com/oasgen/oasgen/testdata/allofkinds"
	"github.com/oasgen/oasgen/testdata/otherkinds"
	"github.com/oasgen/oasgen/testdata/unionexact"
)

// TestOtherKinds: a schema without type takes every kind of value, as
// JSON Schema says, while its properties make it a struct; `type: object`
// keeps a struct to objects; an enum of mixed kinds compares JSON values;
// a default that breaks its own schema is not applied.
func TestOtherKinds(t *testing.T) {
	loose := func() codec { return new(otherkinds.Loose) }
	short := func() codec { return new(otherkinds.Short) }
	typed := func() codec { return new(otherkinds.Typed) }
	mixed := func() codec { return new(otherkinds.Mixed) }
	defaults := func() codec { return new(otherkinds.Defaults) }
	runRoundTrips(t, []roundTrip{
		{name: "object", doc: `{"id":1,"name":"a"}`, into: loose},
		{name: "number", doc: `12`, into: loose},
		{name: "string", doc: `"x"`, into: loose},
		{name: "array", doc: `[1,{"id":"no"}]`, into: loose},
		{name: "null", doc: `null`, into: loose},
		{name: "object checked", doc: `{"name":"a"}`, into: loose, wantErr: `$: missing required property "id" (offset 11)`},
		{name: "integral number", doc: `{"id":1.0}`, into: loose, out: `{"id":1}`},
		{name: "fraction", doc: `{"id":1.5}`, into: loose, wantErr: `$.id: expected integer, got number 1.5 (offset 6)`},
		{name: "short string", doc: `"abc"`, into: short},
		{name: "long string", doc: `"abcd"`, into: short, wantErr: `$: length 4 is greater than maxLength 3 (offset 0)`},
		{name: "other kind in a property", doc: `{"loose":true}`, into: typed},
		{name: "null through a nested anyOf", doc: `{"maybe":null}`, into: typed},
		{name: "string beside it", doc: `{"maybe":"x"}`, into: typed},
		{name: "typed rejects", doc: `true`, into: typed, wantErr: `$: expected object, got boolean (offset 0)`},
		{name: "type null beside items", doc: `{"nothing":null}`, into: typed},
		{name: "no array for type null", doc: `{"nothing":["a"]}`, into: typed, wantErr: `$.nothing: expected null, got array (offset 11)`},
		{name: "mixed enum array", doc: `[]`, into: mixed},
		{name: "mixed enum object", doc: `{"foo":12}`, into: mixed},
		{name: "mixed enum number", doc: `6`, into: mixed},
		{name: "mixed enum other", doc: `{"foo":false}`, into: mixed, wantErr: `$: {"foo":false} is not one of the enum's values (offset 0)`},
		{name: "default breaking the schema", doc: `{}`, into: defaults, out: `{"ok":2}`},
	})
	var v otherkinds.Loose
	if err := v.UnmarshalJSON([]byte(`[1]`)); err != nil || string(v.Other()) != `[1]` || v.ID != 0 {
		t.Errorf("Other() = %s, %v; want [1]", v.Other(), err)
	}
	if err := v.UnmarshalJSON([]byte(`{"id":2}`)); err != nil || v.Other() != nil || v.ID != 2 {
		t.Errorf("after an object: Other() = %s, ID %d, %v", v.Other(), v.ID, err)
	}
	if err := v.SetOther([]byte(`{"id":3}`)); err == nil {
		t.Error("SetOther took an object")
	}
	if err := v.SetOther([]byte(`"a"`)); err != nil {
		t.Fatal(err)
	}
	if out, err := v.MarshalJSON(); err != nil || string(out) != `"a"` {
		t.Errorf("MarshalJSON = %s, %v; want \"a\"", out, err)
	}
	var s otherkinds.Short
	if err := s.SetOther([]byte(`"abcd"`)); err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(); err == nil {
		t.Error("Validate took a string longer than maxLength")
	}
}

// TestUnionsAsJSONSchema: the disagreements with JSON Schema the
// JSON-Schema-Test-Suite and the differential fuzzer found in unions and
// allOf (docs/conformance.md; testdata/unionexact and testdata/allofkinds), each decided as the reference validator
// decides it.
func TestUnionsAsJSONSchema(t *testing.T) {
	requiredOnly := func() codec { return new(unionexact.RequiredOnly) }
	numberOrTriple := func() codec { return new(unionexact.NumberOrTriple) }
	typeless := func() codec { return new(unionexact.TypelessOrInteger) }
	numberAndObject := func() codec { return new(allofkinds.NumberAndObject) }
	stringAllOf := func() codec { return new(allofkinds.StringAllOf) }
	dependent := func() codec { return new(unionexact.DependentOrTrue) }
	nestedAnyOf := func() codec { return new(unionexact.NestedAnyOf) }
	falseOrLoose := func() codec { return new(unionexact.FalseOrLoose) }
	objectOneOf := func() codec { return new(allofkinds.ObjectOneOf) }
	runRoundTrips(t, []roundTrip{
		// A required key no property declares is checked by the variant.
		{name: "required declared", doc: `{"a":1}`, into: requiredOnly},
		{name: "required by pattern", doc: `{"xx":1}`, into: requiredOnly},
		{name: "both variants", doc: `{"a":1,"xx":1}`, into: requiredOnly, wantErr: `$: the value matches 2 oneOf members, not exactly one (checked on the JSON value as a whole) (offset 0)`},
		{name: "neither variant", doc: `{"b":1}`, into: requiredOnly, wantErr: `$: missing required property "xx" (offset 6)`},
		// oneOf of number and integer: an integer both accept is no match.
		{name: "fraction", doc: `2.5`, into: numberOrTriple},
		{name: "integer not a multiple", doc: `4`, into: numberOrTriple},
		{name: "integer matching both", doc: `3`, into: numberOrTriple, wantErr: `$: the value matches both Int64 and Float64, but NumberOrTriple is oneOf (offset 0)`},
		{name: "integral fraction matching both", doc: `6.0`, into: numberOrTriple, wantErr: `$: the value matches both Int64 and Float64, but NumberOrTriple is oneOf (offset 0)`},
		// A variant without type takes every kind.
		{name: "number only the typeless variant takes", doc: `11.5`, into: typeless},
		{name: "string", doc: `"ab"`, into: typeless},
		{name: "array", doc: `[4,"b1"]`, into: typeless},
		{name: "null", doc: `null`, into: typeless},
		{name: "integer both take", doc: `1`, into: typeless, wantErr: `$: the value matches both Int64 and TypelessOrInteger1, but TypelessOrInteger is oneOf (offset 0)`},
		{name: "object", doc: `{"a":1}`, into: typeless, out: `{}`},
		{name: "object the variant forbids", doc: `{"b":1}`, into: typeless, wantErr: `$.b: no value is valid here (the schema is false), got number (offset 5)`},
		// allOf of a number and an object: nothing is valid.
		{name: "empty object", doc: `{}`, into: numberAndObject, wantErr: `$: allOf member 0: expected number, got object (checked on the JSON value as a whole) (offset 0)`},
		{name: "object", doc: `{"a":-2}`, into: numberAndObject, wantErr: `$: 1 properties, more than maxProperties 0 (offset 0)`},
		{name: "number", doc: `1`, into: numberAndObject, wantErr: `$: allOf member 1: expected object, got number (checked on the JSON value as a whole) (offset 0)`},
		// allOf of properties without type and a string: a string.
		{name: "string", doc: `"b1"`, into: stringAllOf},
		{name: "short string", doc: `"b"`, into: stringAllOf, wantErr: `$: allOf member 1: length 1 is less than minLength 2 (checked on the JSON value as a whole) (offset 0)`},
		{name: "object", doc: `{}`, into: stringAllOf, wantErr: `$: allOf member 1: expected string, got object (checked on the JSON value as a whole) (offset 0)`},
		// dependentSchemas the variant's Go type does not check.
		{name: "dependent schema fails: true alone matches", doc: `{"foo":2.5}`, into: dependent},
		{name: "both match", doc: `{"bar":1}`, into: dependent, wantErr: `$: the value matches 2 oneOf members, not exactly one (checked on the JSON value as a whole) (offset 0)`},
		{name: "not an object", doc: `1`, into: dependent},
		// A union inside a oneOf counts once.
		{name: "inner anyOf only", doc: `4`, into: nestedAnyOf},
		{name: "inner anyOf by pattern", doc: `"a1"`, into: nestedAnyOf},
		{name: "both", doc: `2`, into: nestedAnyOf, wantErr: `$: the value matches both NestedAnyOf1 and NestedAnyOf2, but NestedAnyOf is oneOf (offset 0)`},
		{name: "neither", doc: `"a"`, into: nestedAnyOf, wantErr: `$: "a" does not match the pattern [0-9] (offset 0)`},
		// anyOf of false and a variant without type.
		{name: "number", doc: `5.5`, into: falseOrLoose},
		{name: "date string", doc: `"2020-01-02"`, into: falseOrLoose},
		{name: "boolean", doc: `false`, into: falseOrLoose},
		{name: "empty string", doc: `""`, into: falseOrLoose, wantErr: `$: a value of kind string matches no variant of FalseOrLoose (first variant: $: length 0 is less than minLength 1 (offset 0)) (offset 0)`},
		{name: "bad object", doc: `{"n":"x"}`, into: falseOrLoose, wantErr: `$: a value of kind object matches no variant of FalseOrLoose (first variant: $.n: expected integer, got string (offset 5)) (offset 0)`},
		// allOf of maxProperties and a oneOf of an object and an array:
		// maxProperties counts the keys the struct skips, and the oneOf
		// inside the member is a warning, so the whole-value check takes it.
		{name: "one property", doc: `{"a":2.0}`, into: objectOneOf, out: `{}`},
		{name: "two properties", doc: `{"a":2.0,"b":-2}`, into: objectOneOf, wantErr: `$: 2 properties, more than maxProperties 1 (offset 0)`},
		{name: "array", doc: `[]`, into: objectOneOf, wantErr: `$: expected object, got array (offset 0)`},
	})
}
