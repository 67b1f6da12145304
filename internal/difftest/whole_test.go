package difftest

import (
	"strings"
	"testing"

	"github.com/oasgen/oasgen/testdata/unevaluated"
)

// TestWholeValue checks the keywords testdata/unevaluated's Go types do
// not hold, which its decoders check on the JSON value as a whole:
// unevaluatedProperties and unevaluatedItems beside applicators,
// dependentSchemas, oneOf exclusivity, contains and if/then/else.
func TestWholeValue(t *testing.T) {
	cases := []struct {
		name string
		into func() codec
		doc  string
		ok   bool
	}{
		{"allOf evaluates name", func() codec { return new(unevaluated.Extended) }, `{"id":1,"name":"a"}`, true},
		{"unevaluated property", func() codec { return new(unevaluated.Extended) }, `{"id":1,"other":2}`, false},
		{"anyOf member that holds", func() codec { return new(unevaluated.Either) }, `{"kind":"k","a":1}`, true},
		{"both anyOf members hold", func() codec { return new(unevaluated.Either) }, `{"a":1,"b":"x"}`, true},
		{"property of a member that fails", func() codec { return new(unevaluated.Either) }, `{"a":1,"b":2}`, false},
		{"prefixItems of allOf", func() codec { return new(unevaluated.Couple) }, `["a",1]`, true},
		{"unevaluated item", func() codec { return new(unevaluated.Couple) }, `["a",1,true]`, false},
		{"dependentSchemas met", func() codec { return new(unevaluated.Payment) }, `{"card":"x","billing":"y"}`, true},
		{"dependentSchemas unmet", func() codec { return new(unevaluated.Payment) }, `{"card":"x"}`, false},
		{"no card, nothing required", func() codec { return new(unevaluated.Payment) }, `{"billing":"y"}`, true},
		{"contains", func() codec { return new(unevaluated.Scores) }, `[1,12]`, true},
		{"contains none", func() codec { return new(unevaluated.Scores) }, `[1,2]`, false},
		{"if then", func() codec { return new(unevaluated.Shipping) }, `{"country":"NL","postcode":"1234AB"}`, true},
		{"if not then", func() codec { return new(unevaluated.Shipping) }, `{"country":"NL","postcode":"x"}`, false},
		{"not if", func() codec { return new(unevaluated.Shipping) }, `{"country":"BE","postcode":"x"}`, true},
	}
	for _, tc := range cases {
		v := tc.into()
		err := v.UnmarshalJSON([]byte(tc.doc))
		switch {
		case tc.ok && err != nil:
			t.Errorf("%s: %s: %v", tc.name, tc.doc, err)
		case !tc.ok && err == nil:
			t.Errorf("%s: %s accepted", tc.name, tc.doc)
		case !tc.ok && !strings.Contains(err.Error(), "as a whole"):
			t.Errorf("%s: %s: %v, want the whole-value check's error", tc.name, tc.doc, err)
		}
	}
	// The error says which keyword failed, on which member.
	var e unevaluated.Extended
	err := e.UnmarshalJSON([]byte(`{"id":1,"other":2}`))
	want := `$: unevaluated property "other": no value is valid here (the schema is false), got number (checked on the JSON value as a whole) (offset 0)`
	if err == nil || err.Error() != want {
		t.Errorf("err = %v\nwant %s", err, want)
	}
}
