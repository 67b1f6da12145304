package difftest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oasimpl"
	"github.com/oasgen/oasgen/testdata/uniqueobjects"
)

// TestUniqueItemsJSONEquality checks uniqueItems on typed arrays (issue 46):
// the decoders compare items as JSON values, whatever Go type holds them
// (numbers by value, objects whatever their key order, strings
// unescaped), from a byte slice and from a stream read through a buffer
// shorter than the array.
func TestUniqueItemsJSONEquality(t *testing.T) {
	type decoder interface {
		DecodeJSON(r *oasimpl.Reader) error
	}
	values := func() decoder { return new(uniqueobjects.Values) }
	bags := func() decoder { return new(uniqueobjects.Bags) }
	amounts := func() decoder { return new(uniqueobjects.Amounts) }
	ratios := func() decoder { return new(uniqueobjects.Ratios) }
	stamps := func() decoder { return new(uniqueobjects.Stamps) }
	words := func() decoder { return new(uniqueobjects.Words) }
	path := func() decoder { return new(uniqueobjects.Path) }
	dup := func(i, j int) string {
		return fmt.Sprintf("$: items %d and %d are equal; uniqueItems is set (offset 0)", i, j)
	}
	tests := []struct {
		doc     string
		into    func() decoder
		wantErr string
	}{
		{`[1.0, 1]`, values, dup(0, 1)},
		{`[1.0, 1.00, 1]`, values, dup(0, 1)},
		{`[{"a":1,"b":2},{"b":2,"a":1}]`, values, dup(0, 1)},
		{`[[1,{"a":"x"}],[1.0,{"a":"\u0078"}]]`, values, dup(0, 1)},
		{`[1, "1", [1], {"a":1}, {"a":1,"b":1}, null, true]`, values, ""},
		{`[{"a":1,"b":2},{"b":2,"a":1}]`, bags, dup(0, 1)},
		{`[{"a":1},{"a":1.0}]`, bags, dup(0, 1)},
		{`[{"a":1},{"a":2},{"b":1}]`, bags, ""},
		{`[1.0, 1]`, amounts, dup(0, 1)},
		{`[1.0, 2, 1e0]`, amounts, dup(0, 2)},
		{`[1, 1.5, 15e-1]`, ratios, dup(1, 2)},
		{`[1, 1.0000000000000000001]`, ratios, ""}, // one float64, two numbers
		{`["2024-01-01T00:00:00Z", "2024-01-01T00:00:00Z"]`, stamps, dup(0, 1)},
		{`["2024-01-01T00:00:00Z", "2024-01-01T00:00:00.000Z"]`, stamps, ""}, // one instant, two strings
		{`["a", "\u0061"]`, words, dup(0, 1)},
		{`[{"x":1,"y":2},{"y":2,"x":1}]`, path, dup(0, 1)},
		{`[{"x":1},{"x":1,"z":0}]`, path, ""}, // z is kept out of the Go value, not out of the JSON one
	}
	for _, tt := range tests {
		for _, size := range []int{0, 8} {
			v := tt.into()
			var r oasimpl.Reader
			if size == 0 {
				r.Reset([]byte(tt.doc))
			} else {
				r.BufferSize = size
				r.ResetReader(strings.NewReader(tt.doc))
			}
			err := r.Finish(v.DecodeJSON(&r))
			if got := fmt.Sprint(err); tt.wantErr == "" && err != nil || tt.wantErr != "" && got != tt.wantErr {
				t.Errorf("%T %s (buffer %d): err = %v, want %q", v, tt.doc, size, err, tt.wantErr)
			}
		}
	}
	// Validate compares the Go values' encodings as JSON values.
	amts := uniqueobjects.Amounts{"1.0", "2", "1"}
	if err := amts.Validate(); err == nil || err.Error() != "$: items 0 and 2 are equal; uniqueItems is set" {
		t.Errorf("Amounts.Validate = %v", err)
	}
	bag := uniqueobjects.Bags{oasrt.Raw(`{"a":1,"b":[2]}`), oasrt.Raw(`{"b":[2.0],"a":1.0}`)}
	if err := bag.Validate(); err == nil || err.Error() != "$: items 0 and 1 are equal; uniqueItems is set" {
		t.Errorf("Bags.Validate = %v", err)
	}
}
