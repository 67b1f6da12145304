package difftest

import (
	"encoding/json"
	"testing"

	"github.com/oasgen/oasgen/testdata/keywords"
)

// roundTrip is one document for a type without an encoding/json mirror:
// decoded, it re-encodes to out (to doc when out is empty) and passes
// Validate; or it is rejected with exactly wantErr.
type roundTrip struct {
	name    string
	doc     string
	into    func() codec
	out     string
	wantErr string
}

func runRoundTrips(t *testing.T, cases []roundTrip) {
	t.Helper()
	for _, tc := range cases {
		v := tc.into()
		err := v.UnmarshalJSON([]byte(tc.doc))
		if tc.wantErr != "" {
			if err == nil || err.Error() != tc.wantErr {
				t.Errorf("%s: %s: err = %v\nwant %s", tc.name, tc.doc, err, tc.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %s: %v", tc.name, tc.doc, err)
			continue
		}
		if err := v.(validator).Validate(); err != nil {
			t.Errorf("%s: %s: decoded, but Validate says %v", tc.name, tc.doc, err)
		}
		out, err := v.MarshalJSON()
		want := tc.out
		if want == "" {
			want = tc.doc
		}
		if err != nil || string(out) != want {
			t.Errorf("%s: re-encoded %s, %v; want %s", tc.name, out, err, want)
		}
	}
}

func TestTypeArrays(t *testing.T) {
	scalar := func() codec { return new(keywords.Scalar) }
	loose := func() codec { return new(keywords.Loose) }
	count := func() codec { return new(keywords.Count) }
	mixed := func() codec { return new(keywords.Mixed) }
	mode := func() codec { return new(keywords.Mode) }
	holder := func() codec { return new(keywords.Holder) }
	runRoundTrips(t, []roundTrip{
		{name: "string", doc: `"abc"`, into: scalar},
		{name: "integer", doc: `42`, into: scalar},
		{name: "string too long", doc: `"abcdef"`, into: scalar, wantErr: `$: length 6 is greater than maxLength 5 (offset 0)`},
		{name: "integer below minimum", doc: ` -1`, into: scalar, wantErr: `$: -1 is less than minimum 0 (offset 1)`},
		{name: "fraction is no integer", doc: `1.5`, into: scalar, wantErr: `$: expected integer, got number 1.5 (offset 0)`},
		{name: "kind of no variant", doc: `true`, into: scalar, wantErr: `$: a value of kind boolean matches no variant of Scalar (offset 0)`},
		{name: "null not allowed", doc: `null`, into: scalar, wantErr: `$: a value of kind null matches no variant of Scalar (offset 0)`},
		{name: "loose number", doc: `-2.5`, into: loose},
		{name: "loose bool", doc: `false`, into: loose},
		{name: "integer literal", doc: `7`, into: count},
		{name: "fraction", doc: `7.5`, into: count},
		{name: "past int64 is a number", doc: `1e400`, into: count, wantErr: `$: number 1e400 out of range for float64 (offset 0)`},
		{name: "object", doc: `{"id":1}`, into: mixed},
		{name: "object checked", doc: `{}`, into: mixed, wantErr: `$: missing required property "id" (offset 1)`},
		{name: "array", doc: `["a","b"]`, into: mixed},
		{name: "array item checked", doc: `["a",1]`, into: mixed, wantErr: `$[1]: expected string, got number (offset 5)`},
		{name: "enum string", doc: `"auto"`, into: mode},
		{name: "enum integer", doc: `1`, into: mode},
		{name: "enum integer outside", doc: `2`, into: mode, wantErr: `$: 2 is not a valid ModeAsInteger (offset 0)`},
		{name: "enum string outside", doc: `"manual"`, into: mode, wantErr: `$: "manual" is not a valid ModeAsString (offset 0)`},
		{name: "fields", doc: `{"scalar":3,"flag":"yes","maybe":null,"free":{"a":[1]}}`, into: holder},
		{name: "nullable field value", doc: `{"maybe":"x","free":true}`, into: holder},
		{name: "nested path", doc: `{"flag":1}`, into: holder, wantErr: `$.flag: a value of kind number matches no variant of HolderFlag (offset 8)`},
	})
	var s keywords.Scalar
	if err := json.Unmarshal([]byte(`12`), &s); err != nil || s.Type != keywords.ScalarInteger || s.Integer != 12 {
		t.Errorf("Scalar 12: %+v, %v", s, err)
	}
	var c keywords.Count
	if err := json.Unmarshal([]byte(`12.0`), &c); err != nil || c.Type != keywords.CountNumber || c.Number != 12 {
		t.Errorf("Count 12.0: %+v, %v", c, err)
	}
	// Validate checks the variant that is set, and that one is.
	if err := (&keywords.Scalar{Type: keywords.ScalarString, String: "toolong"}).Validate(); err == nil || err.Error() != "$: length 7 is greater than maxLength 5" {
		t.Errorf("Validate: %v", err)
	}
	if err := (&keywords.Scalar{}).Validate(); err == nil {
		t.Error("Validate accepts a value with no variant set")
	}
}
