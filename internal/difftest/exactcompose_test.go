package difftest

import (
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/testdata/exactcompose"
	"github.com/oasgen/oasgen/testdata/exactcompose30"
)

// TestExactComposition: composition the decoder once got wrong (issue 46),
// each decided as JSON Schema decides it (testdata/exactcompose and
// exactcompose30): allOf members without type beside a primitive's type,
// type beside oneOf, oneOf and anyOf of constraints beside properties,
// null through unions and allOf, allOf members giving a property types no
// value has both of, a discriminated oneOf of one variant.
func TestExactComposition(t *testing.T) {
	prefixed := func() codec { return new(exactcompose.PrefixedString) }
	noInteger := func() codec { return new(exactcompose.NoInteger) }
	objectNotArray := func() codec { return new(exactcompose.ObjectNotArray) }
	payment := func() codec { return new(exactcompose.Payment) }
	sizeOrA := func() codec { return new(exactcompose.SizeOrA) }
	nullItems := func() codec { return new(exactcompose.NullItems) }
	conflict := func() codec { return new(exactcompose.Conflict) }
	oneTagged := func() codec { return new(exactcompose.OneTagged) }
	holder := func() codec { return new(exactcompose.Holder) }
	holder30 := func() codec { return new(exactcompose30.Holder) }
	runRoundTrips(t, []roundTrip{
		{name: "pattern of an allOf member", doc: `"ab"`, into: prefixed},
		{name: "pattern of an allOf member fails", doc: `"ba"`, into: prefixed, wantErr: `$: allOf member 0: "ba" does not match the pattern ^a (checked on the JSON value as a whole) (offset 0)`},
		{name: "enum of another kind in an allOf member", doc: `1`, into: noInteger, wantErr: `$: allOf member 0: 1 is not one of the enum's values (checked on the JSON value as a whole) (offset 0)`},
		{name: "type beside oneOf", doc: `[]`, into: objectNotArray, wantErr: `$: expected object, got array (offset 0)`},
		{name: "object member", doc: `{"a":1}`, into: objectNotArray},
		{name: "object member fails", doc: `{}`, into: objectNotArray, wantErr: `$: missing required property "a" (offset 0)`},
		{name: "one branch", doc: `{"label":"a","amount":1}`, into: payment},
		{name: "the other branch", doc: `{"otherLabel":"b","amount":1}`, into: payment},
		{name: "no branch", doc: `{}`, into: payment, wantErr: `$: the value matches 0 oneOf members, not exactly one (checked on the JSON value as a whole) (offset 0)`},
		{name: "both branches", doc: `{"label":"a","otherLabel":"b","amount":1}`, into: payment, wantErr: `$: the value matches 2 oneOf members, not exactly one (checked on the JSON value as a whole) (offset 0)`},
		{name: "a number matches both branches", doc: `5`, into: payment, wantErr: `$: the value matches 2 oneOf members, not exactly one (checked on the JSON value as a whole) (offset 0)`},
		{name: "required member of anyOf", doc: `{"a":1}`, into: sizeOrA},
		{name: "size member of anyOf", doc: `{"b":1,"c":2}`, into: sizeOrA},
		{name: "no anyOf member", doc: `{}`, into: sizeOrA, wantErr: `$: the value matches no anyOf member (checked on the JSON value as a whole) (offset 0)`},
		{name: "null item", doc: `[null,"a",true]`, into: nullItems},
		{name: "number item", doc: `[1]`, into: nullItems, wantErr: `$[0]: a value of kind number matches no variant of NullItemsItem (offset 1)`},
		{name: "disjoint property absent", doc: `{}`, into: conflict},
		{name: "disjoint property present", doc: `{"a":1}`, into: conflict, wantErr: `$.a: no value is valid here (the schema is false), got number (offset 5)`},
		{name: "property only null", doc: `{"b":null}`, into: conflict},
		{name: "property only null, string", doc: `{"b":"x"}`, into: conflict, wantErr: `$.b: expected null, got string (offset 5)`},
		{name: "one variant's tag", doc: `{"type":"asn","asn":1}`, into: oneTagged},
		{name: "one variant, unknown tag", doc: `{"type":"bogus","asn":1}`, into: oneTagged, wantErr: `$: OneTagged: unknown type "bogus" (offset 0)`},
		{name: "null matching two oneOf members", doc: `{"trueOrArray":null}`, into: holder, wantErr: `$.trueOrArray: the value matches 2 oneOf members, not exactly one (checked on the JSON value as a whole) (offset 15)`},
		{name: "array of oneOf", doc: `{"trueOrArray":[1]}`, into: holder, wantErr: `$.trueOrArray: the value matches 2 oneOf members, not exactly one (checked on the JSON value as a whole) (offset 15)`},
		{name: "number of oneOf", doc: `{"trueOrArray":1}`, into: holder},
		{name: "null of anyOf", doc: `{"nullOrObject":null,"stringOrNull":null,"several":null}`, into: holder},
		{name: "values of anyOf", doc: `{"nullOrObject":{"a":"x"},"stringOrNull":false,"several":[1]}`, into: holder},
		{name: "type with null beside oneOf", doc: `{"objectOneOf":{"b":1}}`, into: holder},
		{name: "type with null beside oneOf, null", doc: `{"objectOneOf":null}`, into: holder, wantErr: `$.objectOneOf: expected object, got null (offset 15)`},
		{name: "type with null beside oneOf, boolean", doc: `{"objectOneOf":false}`, into: holder, wantErr: `$.objectOneOf: expected object, got boolean (offset 15)`},
		{name: "several types", doc: `{"several":{}}`, into: holder},
		{name: "several types, other kind", doc: `{"several":1}`, into: holder, wantErr: `$.several: a value of kind number matches no variant of HolderSeveral (offset 11)`},
		{name: "3.0 allOf of a nullable object", doc: `{"droplet":null,"inline":null}`, into: holder30},
		{name: "3.0 allOf of a nullable object, objects", doc: `{"droplet":{"id":1},"inline":{"name":"a"}}`, into: holder30},
	})
	// Validate checks what decoding checks.
	p := exactcompose.Payment{Label: oasrt.NewOpt("a"), OtherLabel: oasrt.NewOpt("b"), Amount: oasrt.NewOpt[int64](1)}
	if err := p.Validate(); err == nil {
		t.Error("Validate took a Payment matching both oneOf members")
	}
	if err := (&exactcompose.Payment{}).Validate(); err == nil {
		t.Error("Validate took a Payment matching no oneOf member")
	}
	var n exactcompose.Payment
	if err := n.UnmarshalJSON([]byte(`5`)); err == nil {
		t.Fatal("decoded 5 as a Payment")
	}
	if err := n.SetOther([]byte(`5`)); err != nil {
		t.Fatal(err)
	}
	if err := n.Validate(); err == nil {
		t.Error("Validate took 5, matching both oneOf members, for a Payment")
	}
	if err := (&exactcompose.SizeOrA{}).Validate(); err == nil {
		t.Error("Validate took a SizeOrA matching no anyOf member")
	}
	s := exactcompose.PrefixedString("ba")
	if err := s.Validate(); err == nil {
		t.Error(`Validate took "ba" for PrefixedString`)
	}
}
