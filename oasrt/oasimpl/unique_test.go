package oasimpl

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/oasgen/oasgen/oasrt"
)

func TestCanonNumber(t *testing.T) {
	same := [][]string{
		{"1", "1.0", "1.00", "10e-1", "0.1e1", "100E-2", "1e0", "1e+0"},
		{"0", "-0", "0.0", "0e5", "-0.000e-3"},
		{"-12.5", "-125e-1", "-0.125e2", "-12.50"},
		{"1e400", "10e399", "0.1e401"},
		{"1e-99999999999999999999999", "10e-100000000000000000000000"},
		{"123456789012345678901234567890", "1.23456789012345678901234567890e29"},
	}
	form := func(s string) string { return string(appendCanonNumber(nil, []byte(s))) }
	for _, group := range same {
		for _, s := range group[1:] {
			if form(s) != form(group[0]) {
				t.Errorf("%s is %q, %s is %q", s, form(s), group[0], form(group[0]))
			}
		}
	}
	differ := []string{"1", "-1", "10", "0.1", "1.000000000000000000001", "2", "1e400", "1e-400", "0"}
	seen := map[string]string{}
	for _, s := range differ {
		if o, ok := seen[form(s)]; ok {
			t.Errorf("%s and %s have the same form %q", s, o, form(s))
		}
		seen[form(s)] = s
	}
}

func TestRawDuplicate(t *testing.T) {
	tests := []struct {
		raw  string
		i, j int
	}{
		{`[1.0, 1]`, 0, 1},
		{`[1.0, 1.00, 1]`, 0, 1},
		{`[{"a":1,"b":2},{"b":2,"a":1}]`, 0, 1},
		{`["a\u0062", "ab"]`, 0, 1},
		{`[{"a":[1,{"x":2.0,"y":"z"}]}, {"a":[1.0,{"y":"z","x":2}]}]`, 0, 1},
		{`[0, -0.0]`, 0, 1},
		{`[1, "1", true, null, [1], {"1":1}, [], {}, [[]], 1.5]`, -1, -1},
		{`[{"a":1,"b":2},{"a":2,"b":1}]`, -1, -1},
		{`[{"a":1},{"a":1,"b":1}]`, -1, -1},
		{`[["a","b"],["b","a"]]`, -1, -1},
		{`[1, 2, 3, 2, 1]`, 1, 3}, // the first item equal to an earlier one
		{`[5, 6, 7, 7, 5]`, 2, 3},
		{`[false, true, false]`, 0, 2},
		{`[]`, -1, -1},
		{`{"a":1}`, -1, -1},
	}
	for _, tt := range tests {
		if i, j := RawDuplicate([]byte(tt.raw)); i != tt.i || j != tt.j {
			t.Errorf("%s: got %d, %d, want %d, %d", tt.raw, i, j, tt.i, tt.j)
		}
	}
}

func TestDuplicateFuncJSONEquality(t *testing.T) {
	raw := func(w *Writer, e *[]byte) { w.RawJSON(*e) }
	items := [][]byte{[]byte(`{"a":1,"b":[2]}`), []byte(`1`), []byte(`{"b":[2.0],"a":1.0}`)}
	if i, j := DuplicateFunc(items, raw); i != 0 || j != 2 {
		t.Errorf("reordered object: got %d, %d, want 0, 2", i, j)
	}
	dec := func(w *Writer, e *oasrt.Decimal) { w.Raw(string(*e)) }
	if i, j := DuplicateFunc([]oasrt.Decimal{"1.0", "2", "1"}, dec); i != 0 || j != 2 {
		t.Errorf("decimals: got %d, %d, want 0, 2", i, j)
	}
	// A raw value that is not JSON is compared as written.
	if i, j := DuplicateFunc([][]byte{[]byte(`{`), []byte(`{`), []byte(`[`)}, raw); i != 0 || j != 1 {
		t.Errorf("not JSON: got %d, %d, want 0, 1", i, j)
	}
}

// TestUniqueLarge checks that uniqueItems on a long array is not
// quadratic: 100000 distinct objects (5e9 pairs) are compared in well
// under the time a pairwise comparison would take.
func TestUniqueLarge(t *testing.T) {
	var b strings.Builder
	b.WriteByte('[')
	n := 100000
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"b":%d.0,"a":[%d]}`, i, n-i)
	}
	b.WriteString(`,{"a":[1],"b":99999}]`)
	start := time.Now()
	i, j := RawDuplicate([]byte(b.String()))
	if i != n-1 || j != n {
		t.Errorf("got %d, %d, want %d, %d", i, j, n-1, n)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("%d items took %v", n, d)
	}
}
