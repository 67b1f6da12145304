package difftest

import (
	"testing"

	"github.com/oasgen/oasgen/testdata/refsiblings"
)

// TestRefSiblings checks testdata/refsiblings' decoders against what
// JSON Schema 2020-12 says of keywords beside a $ref: they apply together
// with the referenced schema; a $ref in enum values is a value, and so is
// the text "$ref" as an item of a list (required, enum).
func TestRefSiblings(t *testing.T) {
	cases := []struct {
		name string
		into func() codec
		doc  string
		ok   bool
	}{
		{"annotations only", func() codec { return new(refsiblings.Order) }, `{"billing":{"street":"s"}}`, true},
		{"required beside $ref met", func() codec { return new(refsiblings.Order) }, `{"shipping":{"city":"c"}}`, true},
		{"required beside $ref unmet", func() codec { return new(refsiblings.Order) }, `{"shipping":{"street":"s"}}`, false},
		{"maxItems beside $ref met", func() codec { return new(refsiblings.Order) }, `{"tags":["a","b"]}`, true},
		{"maxItems beside $ref unmet", func() codec { return new(refsiblings.Order) }, `{"tags":["a","b","c"]}`, false},
		{"$ref into $defs", func() codec { return new(refsiblings.Order) }, `{"code":"AB-123"}`, true},
		{"$ref into $defs, pattern unmet", func() codec { return new(refsiblings.Order) }, `{"code":"ab-123"}`, false},
		{"$ref in enum is a value", func() codec { return new(refsiblings.Order) }, `{"marker":{"$ref":"#/nowhere"}}`, true},
		{"another object than the enum's", func() codec { return new(refsiblings.Order) }, `{"marker":{}}`, false},
		{"properties of the $ref and beside it", func() codec { return new(refsiblings.Closed) }, `{"city":"c","zip":"1"}`, true},
		{"unevaluated property beside $ref", func() codec { return new(refsiblings.Closed) }, `{"city":"c","other":1}`, false},
		{"a required property named $ref", func() codec { return new(refsiblings.Member) }, `{"value":"v","$ref":"u","kind":"$ref"}`, true},
		{"the required property $ref missing", func() codec { return new(refsiblings.Member) }, `{"value":"v"}`, false},
		{"another value than the enum's $ref", func() codec { return new(refsiblings.Member) }, `{"value":"v","$ref":"u","kind":"ref"}`, false},
	}
	for _, tc := range cases {
		v := tc.into()
		err := v.UnmarshalJSON([]byte(tc.doc))
		switch {
		case tc.ok && err != nil:
			t.Errorf("%s: %s: %v", tc.name, tc.doc, err)
		case !tc.ok && err == nil:
			t.Errorf("%s: %s accepted", tc.name, tc.doc)
		}
	}
}
