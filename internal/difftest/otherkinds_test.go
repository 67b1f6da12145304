package difftest

import (
	"testing"

	"github.com/oasgen/oasgen/testdata/otherkinds"
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
