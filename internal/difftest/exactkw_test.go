package difftest

import (
	"testing"

	"github.com/oasgen/oasgen/testdata/exactkw"
)

// TestExactKeywords: the keywords issue 46 found unchecked or misapplied
// (testdata/exactkw), each document decided as JSON Schema 2020-12
// decides it: object keywords beside a type array, required on a map,
// minProperties counting every member, enum and const beside the other
// keywords and of other kinds than type, keywords without type.
func TestExactKeywords(t *testing.T) {
	objectOrString := func() codec { return new(exactkw.ObjectOrString) }
	arrayOrObject := func() codec { return new(exactkw.ArrayOrObject) }
	objectOrBoolean := func() codec { return new(exactkw.ObjectOrBoolean) }
	objectOrNull := func() codec { return new(exactkw.ObjectOrNull) }
	oneOfTypeArray := func() codec { return new(exactkw.OneOfTypeArray) }
	viaRef := func() codec { return new(exactkw.ViaRef) }
	requiredMap := func() codec { return new(exactkw.RequiredMap) }
	countedMap := func() codec { return new(exactkw.CountedMap) }
	namedMap := func() codec { return new(exactkw.NamedMap) }
	atLeastTwo := func() codec { return new(exactkw.AtLeastTwo) }
	patternEnum := func() codec { return new(exactkw.PatternEnum) }
	minimumEnum := func() codec { return new(exactkw.MinimumEnum) }
	stringEnumNumber := func() codec { return new(exactkw.StringEnumNumber) }
	stringEnumBoolean := func() codec { return new(exactkw.StringEnumBoolean) }
	integerEnumStrings := func() codec { return new(exactkw.IntegerEnumStrings) }
	objectEnum := func() codec { return new(exactkw.ObjectEnum) }
	arrayEnum := func() codec { return new(exactkw.ArrayEnum) }
	integerEnumBoolean := func() codec { return new(exactkw.IntegerEnumBoolean) }
	nullEnumMember := func() codec { return new(exactkw.NullEnumMember) }
	closedUntyped := func() codec { return new(exactkw.ClosedUntyped) }
	propertiesAndItems := func() codec { return new(exactkw.PropertiesAndItems) }
	runRoundTrips(t, []roundTrip{
		// A type array keeps the object keywords for its object kind.
		{name: "object without the required key", doc: `{}`, into: objectOrString, wantErr: `$: missing required property "c" (offset 1)`},
		{name: "object", doc: `{"c":1}`, into: objectOrString},
		{name: "string", doc: `"x"`, into: objectOrString},
		{name: "array or object: object without c", doc: `{"d":1}`, into: arrayOrObject, wantErr: `$: missing required property "c" (offset 6)`},
		{name: "array or object: array", doc: `[1]`, into: arrayOrObject},
		{name: "array or object: short array", doc: `[]`, into: arrayOrObject, wantErr: `$: 0 items, fewer than minItems 1 (offset 0)`},
		{name: "object or boolean: empty object", doc: `{}`, into: objectOrBoolean, wantErr: `$: missing required property "c" (offset 1)`},
		{name: "object or boolean: boolean", doc: `true`, into: objectOrBoolean},
		{name: "object or null: empty object", doc: `{}`, into: objectOrNull, wantErr: `$: missing required property "c" (offset 0)`},
		{name: "object or null: null", doc: `null`, into: objectOrNull},
		{name: "type array enum: object member", doc: `{"a":1}`, into: func() codec { return new(exactkw.ObjectOrStringEnum) }},
		{name: "type array enum: other object", doc: `{"a":2}`, into: func() codec { return new(exactkw.ObjectOrStringEnum) }, wantErr: `$: {"a":2} is not one of the enum's values (offset 0)`},
		{name: "type array enum: string member", doc: `"x"`, into: func() codec { return new(exactkw.ObjectOrStringEnum) }},
		{name: "type array keys: long name", doc: `{"ab":1}`, into: func() codec { return new(exactkw.ObjectOrStringKeys) }, wantErr: `$.ab: property name does not match propertyNames (offset 6)`},
		{name: "type array keys: dependent missing", doc: `{"a":1}`, into: func() codec { return new(exactkw.ObjectOrStringKeys) }, wantErr: `$: missing property "b", required with "a" (dependentRequired) (offset 6)`},
		{name: "type array keys: object", doc: `{"a":1,"b":2}`, into: func() codec { return new(exactkw.ObjectOrStringKeys) }},
		{name: "type array keys: string", doc: `"long"`, into: func() codec { return new(exactkw.ObjectOrStringKeys) }},
		{name: "inside oneOf: empty object", doc: `{}`, into: oneOfTypeArray, wantErr: `$: missing required property "c" (offset 1)`},
		{name: "inside oneOf: object", doc: `{"c":true}`, into: oneOfTypeArray},
		{name: "inside oneOf: integer", doc: `2`, into: oneOfTypeArray},
		{name: "through $ref: empty object", doc: `{"p":{}}`, into: viaRef, wantErr: `$.p: missing required property "c" (offset 6)`},
		{name: "through $ref: string", doc: `{"p":"x"}`, into: viaRef},
		// A map keeps required, and its counts.
		{name: "map without c", doc: `{"d":1}`, into: requiredMap, wantErr: `$: missing required property "c" (offset 6)`},
		{name: "map", doc: `{"c":null}`, into: requiredMap},
		{name: "counted map without c", doc: `{"a":1,"b":2}`, into: countedMap, wantErr: `$: missing required property "c" (offset 12)`},
		{name: "counted map too small", doc: `{"c":1}`, into: countedMap, wantErr: `$: 1 properties, fewer than minProperties 2 (offset 0)`},
		{name: "counted map", doc: `{"a":2,"c":1}`, into: countedMap},
		{name: "counted map too big", doc: `{"a":1,"b":2,"c":3,"d":4}`, into: countedMap, wantErr: `$: more properties than maxProperties 3 (offset 0)`},
		{name: "named map", doc: `{"ab":1}`, into: namedMap},
		{name: "named map: long name", doc: `{"abc":1}`, into: namedMap, wantErr: `$.abc: property name does not match propertyNames (offset 7)`},
		{name: "inline map", doc: `{"m":{"a":1,"b":2,"c":3}}`, into: func() codec { return new(exactkw.MapHolder) }},
		{name: "inline map: long name", doc: `{"m":{"abc":1,"c":3}}`, into: func() codec { return new(exactkw.MapHolder) }, wantErr: `$.m.abc: property name does not match propertyNames (offset 12)`},
		{name: "inline map: dependent missing", doc: `{"m":{"a":1,"c":3}}`, into: func() codec { return new(exactkw.MapHolder) }, wantErr: `$.m: missing property "b", required with "a" (dependentRequired) (offset 17)`},
		// minProperties counts the members no property declares.
		{name: "two undeclared members", doc: `{"b":1,"c":2}`, into: atLeastTwo},
		{name: "declared and undeclared", doc: `{"a":1,"b":2}`, into: atLeastTwo},
		{name: "one member", doc: `{"b":1}`, into: atLeastTwo, wantErr: `$: 1 properties, fewer than minProperties 2 (offset 0)`},
		// An enum member the other keywords reject is no value.
		{name: "enum member failing the pattern", doc: `"a"`, into: patternEnum, wantErr: `$: "a" is not a valid PatternEnum (offset 0)`},
		{name: "enum member", doc: `"b"`, into: patternEnum},
		{name: "enum member below the minimum", doc: `1`, into: minimumEnum, wantErr: `$: 1 is not a valid MinimumEnum (offset 0)`},
		{name: "enum member above it", doc: `6`, into: minimumEnum},
		// Enum values of another kind than type are no values.
		{name: "number member of a string enum", doc: `"-1"`, into: stringEnumNumber, wantErr: `$: no value is valid here (the schema is false), got string (offset 0)`},
		{name: "boolean member of a string enum", doc: `"true"`, into: stringEnumBoolean, wantErr: `$: "true" is not a valid StringEnumBoolean (offset 0)`},
		{name: "string member of a string enum", doc: `"a"`, into: stringEnumBoolean},
		{name: "string members of an integer enum", doc: `1`, into: integerEnumStrings, wantErr: `$: no value is valid here (the schema is false), got number (offset 0)`},
		{name: "object enum: other object", doc: `{}`, into: objectEnum, wantErr: `$: {} is not one of the enum's values (offset 0)`},
		{name: "object enum: member", doc: `{"a":1}`, into: objectEnum},
		{name: "object enum: equal member", doc: `{"a":1.0}`, into: objectEnum},
		{name: "allOf enum: member", doc: `{"a":1}`, into: func() codec { return new(exactkw.AllOfEnum) }},
		{name: "allOf enum: member allOf rejects", doc: `{"a":"x"}`, into: func() codec { return new(exactkw.AllOfEnum) }, wantErr: `$: {"a":"x"} is not one of the enum's values (offset 0)`},
		{name: "array enum of a number", doc: `[]`, into: arrayEnum, wantErr: `$: no value is valid here (the schema is false), got array (offset 0)`},
		{name: "integer enum with a boolean: 3", doc: `3`, into: integerEnumBoolean},
		{name: "integer enum with a boolean: true", doc: `true`, into: integerEnumBoolean, wantErr: `$: expected integer, got boolean (offset 0)`},
		// A null enum member makes a member of a union nullable.
		{name: "null of the null enum member", doc: `[null,6,"x"]`, into: func() codec { return new(exactkw.NullEnumMembers) }},
		{name: "6 of the null enum member", doc: `6`, into: nullEnumMember},
		{name: "string member", doc: `"x"`, into: nullEnumMember},
		{name: "neither", doc: `7`, into: nullEnumMember, wantErr: `$: 7 is not a valid NullEnum (offset 0)`},
		// A not over unchecked keywords rejects only what it rules out.
		{name: "not condition: number", doc: `10`, into: func() codec { return new(exactkw.NotCondition) }},
		{name: "not condition: empty string", doc: `""`, into: func() codec { return new(exactkw.NotCondition) }},
		{name: "not condition: boolean", doc: `true`, into: func() codec { return new(exactkw.NotCondition) }, wantErr: `$: the value matches the schema's not (checked on the JSON value as a whole) (offset 0)`},
		// Keywords without type apply to their kind only.
		{name: "closed, untyped: a member", doc: `{"c":0}`, into: closedUntyped, wantErr: `$: 1 properties, more than maxProperties 0 (offset 0)`},
		{name: "closed, untyped: empty object", doc: `{}`, into: closedUntyped},
		{name: "closed, untyped: number", doc: `1`, into: closedUntyped},
		{name: "closed, untyped: array", doc: `[1]`, into: closedUntyped},
		{name: "items on arrays: no match", doc: `[1]`, into: propertiesAndItems, wantErr: `$: 0 of 1 items match items (offset 0)`},
		{name: "items on arrays: match", doc: `[2,2]`, into: propertiesAndItems},
		{name: "properties on objects", doc: `{"a":[1]}`, into: propertiesAndItems},
		{name: "a number", doc: `1`, into: propertiesAndItems},
	})
}
