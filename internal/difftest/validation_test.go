package difftest

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oasimpl"

	"github.com/oasgen/oasgen/testdata/validation"
)

// account is a valid Account document with one property replaced.
func account(key, value string) string {
	props := map[string]string{
		"handle": `"abc"`, "age": `13`, "tags": `["a"]`,
	}
	props[key] = value
	var b strings.Builder
	b.WriteString(`{"handle":` + props["handle"] + `,"age":` + props["age"] + `,"tags":` + props["tags"])
	if key != "handle" && key != "age" && key != "tags" {
		b.WriteString(`,"` + key + `":` + value)
	}
	b.WriteString("}")
	return b.String()
}

// TestConstraintsAccept decodes values on the edge of every constraint.
func TestConstraintsAccept(t *testing.T) {
	cases := [][2]string{
		{"handle", `"abc"`}, {"handle", `"abcdefghijkl"`}, {"handle", `"a_1"`},
		{"display", `"日本語x"`}, // 4 characters, 10 bytes
		{"age", `13`}, {"age", `130`},
		{"score", `1e-300`}, {"score", `99.99999`},
		{"legacyScore", `0`}, {"legacyScore", `1`}, {"legacyScore", `-0`},
		{"price", `0.07`}, {"price", `1.1`}, {"price", `19.99`}, {"price", `0.3`}, {"price", `1e2`},
		{"step", `-15`}, {"step", `0`},
		{"odd", `4000000000`}, {"odd", `1`},
		{"tags", `["a","b","c","eight888"]`}, {"tags", `["é"]`},
		{"labels", `{"a":0,"b":1,"c":2}`},
		{"points", `[{"x":-10},{"x":10,"y":0},{"z":1,"y":1}]`},
		{"points", `[{"x":1,"junk":[1,2,3]}]`}, // unknown keys are skipped and do not count
		{"ratio", `0.5`}, {"code", `"ÉZ-123"`},
		{"when", `["2024-01-01T00:00:00Z","2024-01-01T09:00:00+09:00"]`}, // the same instant, different values
	}
	for _, c := range cases {
		doc := account(c[0], c[1])
		var a validation.Account
		if err := a.UnmarshalJSON([]byte(doc)); err != nil {
			t.Errorf("%s: %v", doc, err)
			continue
		}
		if err := a.Validate(); err != nil {
			t.Errorf("%s: decoded, but Validate says %v", doc, err)
		}
	}
}

// TestConstraintsReject decodes values just past every constraint: each
// error names the property's path and the offset of the value.
func TestConstraintsReject(t *testing.T) {
	cases := []struct{ key, value, mark, want string }{
		{"handle", `"ab"`, ``, `$.handle: length 2 is less than minLength 3`},
		{"handle", `"abcdefghijklm"`, ``, `$.handle: length 13 is greater than maxLength 12`},
		{"handle", `"Abc"`, ``, `$.handle: "Abc" does not match the pattern ^[a-z][a-z0-9_]*$`},
		{"display", `"日本語xy"`, ``, `$.display: length 5 is greater than maxLength 4`},
		{"age", `12`, ``, `$.age: 12 is less than minimum 13`},
		{"age", `131`, ``, `$.age: 131 is greater than maximum 130`},
		{"score", `0`, ``, `$.score: 0 is not greater than exclusiveMinimum 0`},
		{"score", `100`, ``, `$.score: 100 is not less than exclusiveMaximum 100`},
		{"legacyScore", `1.0000001`, ``, `$.legacyScore: 1.0000001 is greater than maximum 1`},
		{"price", `0.001`, ``, `$.price: 0.001 is not a multiple of 0.01`},
		{"price", `-0.01`, ``, `$.price: -0.01 is less than minimum 0`},
		{"step", `7`, ``, `$.step: 7 is not a multiple of 5`},
		{"odd", `0`, ``, `$.odd: 0 is less than minimum 1`},
		{"odd", `4000000001`, ``, `$.odd: 4000000001 is greater than maximum 4000000000`},
		{"tags", `[]`, ``, `$.tags: 0 items, fewer than minItems 1`},
		{"tags", `["a","b","c","d","e"]`, ``, `$.tags: more than maxItems 4 items`},
		{"tags", `["a","b","a"]`, ``, `$.tags: items 0 and 2 are equal; uniqueItems is set`},
		{"tags", `["a",""]`, `""`, `$.tags[1]: length 0 is less than minLength 1`},
		{"email", `"not an email"`, ``, `$.email: invalid email "not an email"`},
		{"labels", `{"a":0,"b":1,"c":2,"d":3}`, ``, `$.labels: more properties than maxProperties 3`},
		{"labels", `{"a":-1}`, `-1`, `$.labels.a: -1 is less than minimum 0`},
		{"points", `[{"x":1},{"x":1}]`, ``, `$.points: items 0 and 1 are equal; uniqueItems is set`},
		{"points", `[{}]`, `{}`, `$.points[0]: 0 properties, fewer than minProperties 1`},
		{"points", `[{"x":1,"y":2,"z":3}]`, `{`, `$.points[0]: 3 properties, more than maxProperties 2`},
		{"points", `[{"x":11}]`, `11`, `$.points[0].x: 11 is greater than maximum 10`},
		{"ratio", `1.5`, ``, `$.ratio: 1.5 is greater than maximum 1`},
		{"code", `"ab-123"`, ``, `$.code: "ab-123" does not match the pattern ^\p{Lu}{2}-\d{3}$`},
		{"when", `["2024-01-01T00:00:00Z","2024-01-01T00:00:00Z"]`, ``, `$.when: items 0 and 1 are equal; uniqueItems is set`},
	}
	for _, c := range cases {
		doc := account(c.key, c.value)
		// The offset is that of the failing value: the property's value,
		// or the part of it mark names.
		at := strings.Index(doc, `"`+c.key+`":`) + len(c.key) + 3 + strings.Index(c.value, c.mark)
		want := fmt.Sprintf("%s (offset %d)", c.want, at)
		var a validation.Account
		err := a.UnmarshalJSON([]byte(doc))
		if err == nil || err.Error() != want {
			t.Errorf("%s:\n got %v\nwant %s", doc, err, want)
		}
	}
}

// TestMaxItemsStopsEarly: a long array is rejected at the item past
// maxItems, before the rest is read or stored.
func TestMaxItemsStopsEarly(t *testing.T) {
	doc := `{"handle":"abc","age":13,"tags":["a","b","c","d",` + strings.Repeat(`"x",`, 100000) + `"y"]}`
	var a validation.Account
	allocs := testing.AllocsPerRun(5, func() {
		a = validation.Account{}
		if err := a.UnmarshalJSON([]byte(doc)); err == nil || !strings.Contains(err.Error(), "more than maxItems 4") {
			t.Fatalf("err = %v", err)
		}
	})
	if len(a.Tags) > 4 {
		t.Errorf("kept %d tags", len(a.Tags))
	}
	if allocs > 20 {
		t.Errorf("%v allocations to reject an over-long array; it should stop at the fifth item", allocs)
	}
}

// TestValidate builds values in Go: Validate names every failing path.
func TestValidate(t *testing.T) {
	tenth := 0.1 // a variable: constant arithmetic would be exact
	a := validation.Account{
		Handle: "Ab",
		Age:    200,
		Tags:   []string{"ok", "ok", ""},
		Price:  oasrt.Opt[float64]{Set: true, Value: tenth + 0.2}, // 0.30000000000000004: not a multiple of 0.01
		Labels: map[string]int64{"b": -2, "a": -1},
		Points: []validation.Point{{}, {X: oasrt.Opt[int32]{Set: true, Value: 99}}},
		Code:   oasrt.Opt[validation.Code]{Set: true, Value: "XX-1"},
		When:   []time.Time{time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)},
	}
	err := a.Validate()
	var es oasrt.Errors
	if !errors.As(err, &es) {
		t.Fatalf("Validate = %v, want oasrt.Errors", err)
	}
	want := []string{
		`$.handle: length 2 is less than minLength 3`,
		`$.handle: "Ab" does not match the pattern ^[a-z][a-z0-9_]*$`,
		`$.age: 200 is greater than maximum 130`,
		`$.price: 0.30000000000000004 is not a multiple of 0.01`,
		`$.tags: items 0 and 1 are equal; uniqueItems is set`,
		`$.tags[2]: length 0 is less than minLength 1`,
		`$.labels.a: -1 is less than minimum 0`,
		`$.labels.b: -2 is less than minimum 0`,
		`$.points[0]: 0 properties, fewer than minProperties 1`,
		`$.points[1].x: 99 is greater than maximum 10`,
		`$.code: "XX-1" does not match the pattern ^\p{Lu}{2}-\d{3}$`,
		`$.when: items 0 and 1 are equal; uniqueItems is set`,
	}
	if len(es) != len(want) {
		t.Fatalf("got %d errors, want %d:\n%v", len(es), len(want), err)
	}
	for i, e := range es {
		if e.Error() != want[i] {
			t.Errorf("error %d:\n got %s\nwant %s", i, e, want[i])
		}
	}

	ok := validation.Account{Handle: "abc", Age: 13, Tags: []string{"a"}}
	if err := ok.Validate(); err != nil {
		t.Errorf("valid account: %v", err)
	}
	bad := validation.Account{Handle: "abc", Age: 13} // no tags: fewer than minItems
	if err := bad.Validate(); err == nil || !errors.As(err, new(*oasrt.Error)) || err.Error() != "$.tags: 0 items, fewer than minItems 1" {
		t.Errorf("one failure: Validate = %v, want a single *oasrt.Error", err)
	}
	var bogus validation.Code = "AB-123"
	if err := bogus.Validate(); err != nil {
		t.Errorf("Code %q: %v", bogus, err)
	}
}

// TestConst: a string or integer const is an enum of one value.
func TestConst(t *testing.T) {
	var c validation.Circle
	if err := c.UnmarshalJSON([]byte(`{"kind":"circle","r":1,"version":2}`)); err != nil {
		t.Fatal(err)
	}
	for doc, want := range map[string]string{
		`{"kind":"square","r":1}`:             `$.kind: "square" is not a valid CircleKind (offset 8)`,
		`{"kind":"circle","r":1,"version":3}`: `$.version: 3 is not a valid CircleVersion (offset 33)`,
	} {
		if err := c.UnmarshalJSON([]byte(doc)); err == nil || err.Error() != want {
			t.Errorf("%s: got %v, want %s", doc, err, want)
		}
	}
	bad := validation.Circle{Kind: "square", R: 1}
	if err := bad.Validate(); err == nil || err.Error() != `$.kind: "square" is not a valid CircleKind` {
		t.Errorf("Validate = %v", err)
	}
}

// TestDefaults: absent optional properties get their defaults; present
// ones, null included, keep what the document says.
func TestDefaults(t *testing.T) {
	var s validation.Settings
	if err := s.UnmarshalJSON([]byte(`{"label":"mine","note":null}`)); err != nil {
		t.Fatal(err)
	}
	got, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	want := `{"theme":"dark","pageSize":20,"ratio":0.5,"label":"mine","beta":false,"note":null}`
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if s.Since.Set || s.Count.Set {
		t.Errorf("defaults oasgen does not apply were set: %+v", s)
	}
	// A value that is present is checked as always.
	if err := s.UnmarshalJSON([]byte(`{"pageSize":0}`)); err == nil || err.Error() != "$.pageSize: 0 is less than minimum 1 (offset 12)" {
		t.Errorf("pageSize 0: %v", err)
	}
}

// TestDirections: readOnly properties are left out of requests and not
// required in them; writeOnly ones likewise in responses.
func TestDirections(t *testing.T) {
	doc := []byte(`{"name":"ann","password":"secret-pw"}`)
	var u validation.User
	var r oasimpl.Reader
	r.Reset(doc)
	if err := u.DecodeJSON(&r); err == nil || err.Error() != `$: missing required property "id" (offset 36)` {
		t.Errorf("either direction: %v", err)
	}
	r.Reset(doc)
	r.Direction = oasimpl.InRequest
	if err := u.DecodeJSON(&r); err != nil {
		t.Errorf("request without the readOnly id: %v", err)
	}
	r.Reset([]byte(`{"id":7,"name":"ann"}`))
	r.Direction = oasimpl.InResponse
	if err := u.DecodeJSON(&r); err != nil {
		t.Errorf("response without the writeOnly password: %v", err)
	}

	u = validation.User{ID: 7, Name: "ann", Password: "secret-pw"}
	for dir, want := range map[oasimpl.Direction]string{
		oasimpl.AnyDirection: `{"id":7,"name":"ann","password":"secret-pw"}`,
		oasimpl.InRequest:    `{"name":"ann","password":"secret-pw"}`,
		oasimpl.InResponse:   `{"id":7,"name":"ann"}`,
	} {
		var w oasimpl.Writer
		w.Direction = dir
		u.EncodeJSON(&w)
		if string(w.Buf) != want {
			t.Errorf("direction %d: %s, want %s", dir, w.Buf, want)
		}
	}
	// Pooled writers start with no direction.
	if b, _ := u.MarshalJSON(); string(b) != `{"id":7,"name":"ann","password":"secret-pw"}` {
		t.Errorf("MarshalJSON: %s", b)
	}
}

// TestFloat32Bounds: a float32's bounds and multipleOf hold for the values
// as written, though 0.1 widens to 0.10000000149011612.
func TestFloat32Bounds(t *testing.T) {
	for _, ok := range []string{"0.1", "0.2", "0.3"} {
		var g validation.Gauge
		if err := g.UnmarshalJSON([]byte(`{"level":` + ok + `}`)); err != nil {
			t.Errorf("%s: %v", ok, err)
		} else if err := g.Validate(); err != nil {
			t.Errorf("%s: decoded, but Validate says %v", ok, err)
		}
	}
	for doc, want := range map[string]string{
		`{"level":0.31}`: `$.level: 0.31 is greater than maximum 0.3 (offset 9)`,
		`{"level":0.09}`: `$.level: 0.09 is less than minimum 0.1 (offset 9)`,
		`{"level":0.15}`: `$.level: 0.15 is not a multiple of 0.1 (offset 9)`,
	} {
		var g validation.Gauge
		if err := g.UnmarshalJSON([]byte(doc)); err == nil || err.Error() != want {
			t.Errorf("%s: got %v, want %s", doc, err, want)
		}
	}
}
