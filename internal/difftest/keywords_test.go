package difftest

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oasimpl"

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
		{name: "const of several types", doc: `2.5`, into: func() codec { return new(keywords.Fixed) }},
		{name: "const of several types: other value", doc: `2`, into: func() codec { return new(keywords.Fixed) }, wantErr: `$: 2 is not the const 2.5 (offset 0)`},
		{name: "const of several types: other type", doc: `"2.5"`, into: func() codec { return new(keywords.Fixed) }, wantErr: `$: a value of kind string matches no variant of Fixed (offset 0)`},
	})
	var s keywords.Scalar
	if err := json.Unmarshal([]byte(`12`), &s); err != nil || s.Type != keywords.ScalarInteger || s.Integer != 12 {
		t.Errorf("Scalar 12: %+v, %v", s, err)
	}
	var c keywords.Count
	if err := json.Unmarshal([]byte(`12.0`), &c); err != nil || c.Type != keywords.CountInteger || c.Integer != 12 {
		t.Errorf("Count 12.0: %+v, %v", c, err) // JSON Schema's integer
	}
	if err := json.Unmarshal([]byte(`12.5`), &c); err != nil || c.Type != keywords.CountNumber || c.Number != 12.5 {
		t.Errorf("Count 12.5: %+v, %v", c, err)
	}
	// Validate checks the variant that is set, and that one is.
	if err := (&keywords.Scalar{Type: keywords.ScalarString, String: "toolong"}).Validate(); err == nil || err.Error() != "$: length 7 is greater than maxLength 5" {
		t.Errorf("Validate: %v", err)
	}
	if err := (&keywords.Scalar{}).Validate(); err == nil {
		t.Error("Validate accepts a value with no variant set")
	}
}

func TestTuples(t *testing.T) {
	point := func() codec { return new(keywords.Point) }
	record := func() codec { return new(keywords.Record) }
	open := func() codec { return new(keywords.Open) }
	track := func() codec { return new(keywords.Track) }
	runRoundTrips(t, []roundTrip{
		{name: "required positions", doc: `[1.5,-2]`, into: point},
		{name: "optional position", doc: `[ 1 , 2 , "km" ]`, into: point, out: `[1,2,"km"]`},
		{name: "too few", doc: `[1]`, into: point, wantErr: `$: 1 items, fewer than minItems 2 (offset 0)`},
		{name: "none", doc: `[]`, into: point, wantErr: `$: 0 items, fewer than minItems 2 (offset 0)`},
		{name: "items: false", doc: `[1,2,"m",4]`, into: point, wantErr: `$: more than 3 items; items after prefixItems are not allowed (offset 0)`},
		{name: "position checked", doc: `[1,2,"mile"]`, into: point, wantErr: `$[2]: length 4 is greater than maxLength 3 (offset 5)`},
		{name: "position kind", doc: `[1,"2"]`, into: point, wantErr: `$[1]: expected number, got string (offset 3)`},
		{name: "not an array", doc: `{"0":1}`, into: point, wantErr: `$: expected array, got object (offset 0)`},
		{name: "rest", doc: `["a",null,[0,0],true,false]`, into: record},
		{name: "short", doc: `["a"]`, into: record},
		{name: "nested tuple checked", doc: `["a",1,[0]]`, into: record, wantErr: `$[2]: 1 items, fewer than minItems 2 (offset 7)`},
		{name: "rest kind", doc: `["a",1,[0,0],1]`, into: record, wantErr: `$[3]: expected boolean, got number (offset 13)`},
		{name: "maxItems", doc: `["a",1,[0,0],true,true,true]`, into: record, wantErr: `$: more than maxItems 5 items (offset 0)`},
		{name: "any rest", doc: `[3,{"a":[]},"x",null]`, into: open},
		{name: "empty", doc: `[]`, into: open},
		{name: "minimum", doc: `[0]`, into: open, wantErr: `$[0]: 0 is less than minimum 1 (offset 1)`},
		{name: "in an object", doc: `{"points":[[1,2],[3,4,"m"]],"record":["x"]}`, into: track},
		{name: "path through", doc: `{"points":[[1,2],[3]]}`, into: track, wantErr: `$.points[1]: 1 items, fewer than minItems 2 (offset 17)`},
	})
	// A Go value with a gap cannot be written as an array: Validate says
	// so, and the encoder stops at the gap.
	r := keywords.Record{Item0: "a", Item2: oasrt.NewOpt(keywords.Point{X: 1, Y: 2}), Rest: []bool{true}}
	if err := r.Validate(); err == nil || err.Error() != "$: item 2 is set, but item 1 before it is not" {
		t.Errorf("Validate of a gap: %v", err)
	}
	if out, _ := r.MarshalJSON(); string(out) != `["a"]` {
		t.Errorf("encoded a gap as %s", out)
	}
	p := keywords.Point{X: 1, Y: 2, Item2: oasrt.NewOpt("long")}
	if err := p.Validate(); err == nil || err.Error() != "$[2]: length 4 is greater than maxLength 3" {
		t.Errorf("Validate of a position: %v", err)
	}
	rec := keywords.Record{Item0: "a", Item1: oasrt.NewOptNullable[int64](1), Item2: oasrt.NewOpt(keywords.Point{}), Rest: []bool{true, true, true}}
	if err := rec.Validate(); err == nil || err.Error() != "$: 6 items, more than maxItems 5" {
		t.Errorf("Validate of maxItems: %v", err)
	}
}

// keywordTypes are the types of testdata/keywords with no encoding/json
// mirror.
var keywordTypes = []func() codec{
	func() codec { return new(keywords.Scalar) }, func() codec { return new(keywords.Loose) },
	func() codec { return new(keywords.Count) }, func() codec { return new(keywords.Mixed) },
	func() codec { return new(keywords.Mode) }, func() codec { return new(keywords.Holder) },
	func() codec { return new(keywords.Point) }, func() codec { return new(keywords.Record) },
	func() codec { return new(keywords.Open) }, func() codec { return new(keywords.Track) },
	func() codec { return new(keywords.NotNull) }, func() codec { return new(keywords.Fraction) },
	func() codec { return new(keywords.Name) }, func() codec { return new(keywords.NotZero) },
	func() codec { return new(keywords.Payment) }, func() codec { return new(keywords.Headers) },
	func() codec { return new(keywords.Labels) }, func() codec { return new(keywords.Consts) },
	func() codec { return new(keywords.Fixed) }, func() codec { return new(keywords.Tags) },
	func() codec { return new(keywords.AnyObject) }, func() codec { return new(keywords.ObjectOrNull) },
	func() codec { return new(keywords.OnlyNull) }, func() codec { return new(keywords.Cat) },
	func() codec { return new(keywords.Nothing) }, func() codec { return new(keywords.NoBar) },
	func() codec { return new(keywords.Odd) },
}

// FuzzKeywords feeds arbitrary bytes to the decoders of testdata/keywords:
// invalid JSON is rejected, and whatever is accepted passes Validate and
// re-encodes to bytes that decode to the same value.
func FuzzKeywords(f *testing.F) {
	for _, s := range []string{`"abc"`, `42`, `-2.5`, `{"id":1}`, `["a","b"]`, `"auto"`, `[1,2,"km"]`,
		`["a",null,[0,0],true]`, `[3,{"a":[]}]`, `{"points":[[1,2]],"record":["x"]}`, `{"scalar":3,"flag":"yes","maybe":null,"free":{}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		valid := json.Valid(data)
		for _, mk := range keywordTypes {
			v := mk()
			if err := v.UnmarshalJSON(data); err != nil {
				continue
			}
			if !valid {
				t.Fatalf("%T accepts invalid JSON %q", v, data)
			}
			if err := v.(validator).Validate(); err != nil {
				t.Fatalf("%T: Validate rejects %q, which its decoder accepted: %v", v, data, err)
			}
			out, err := v.MarshalJSON()
			if err != nil {
				continue
			}
			again := mk()
			if err := again.UnmarshalJSON(out); err != nil {
				t.Fatalf("%T rejects its own output %s: %v", v, out, err)
			}
			// Equal as JSON values: a number variant's -0 comes back as
			// the integer 0.
			if out2, _ := again.MarshalJSON(); !oasimpl.JSONEqual(out2, string(out)) {
				t.Fatalf("%T round trip changed %s to %s", v, out, out2)
			}
		}
	})
}

func TestNot(t *testing.T) {
	notNull := func() codec { return new(keywords.NotNull) }
	fraction := func() codec { return new(keywords.Fraction) }
	name := func() codec { return new(keywords.Name) }
	notZero := func() codec { return new(keywords.NotZero) }
	color := func() codec { return new(keywords.Color) }
	payment := func() codec { return new(keywords.Payment) }
	sealed := func() codec { return new(keywords.Sealed) }
	runRoundTrips(t, []roundTrip{
		{name: "sealed", doc: `{"id":1}`, into: sealed},
		{name: "sealed: a skipped key the not forbids", doc: `{"id":1,"secret":{"a":[1]}}`, into: sealed, wantErr: `$: property "secret" is present, ruled out by the schema's not (offset 0)`},
		{name: "not null", doc: `{"a":null}`, into: notNull},
		{name: "null", doc: ` null`, into: notNull, wantErr: `$: a value of type null is ruled out by the schema's not (offset 1)`},
		{name: "fraction", doc: `1.5`, into: fraction},
		{name: "integer", doc: `2`, into: fraction, wantErr: `$: 2 is an integer, ruled out by the schema's not (offset 0)`},
		{name: "integer written as a fraction", doc: `2.0`, into: fraction, wantErr: `$: 2 is an integer, ruled out by the schema's not (offset 0)`},
		{name: "name", doc: `"alice"`, into: name},
		{name: "excluded name", doc: `"root"`, into: name, wantErr: `$: "root" is ruled out by the schema's not (offset 0)`},
		{name: "escaped excluded name", doc: `"r\u006fot"`, into: name, wantErr: `$: "root" is ruled out by the schema's not (offset 0)`},
		{name: "nonzero", doc: `-1`, into: notZero},
		{name: "zero", doc: `0`, into: notZero, wantErr: `$: 0 is ruled out by the schema's not (offset 0)`},
		{name: "enum value kept", doc: `"blue"`, into: color},
		{name: "enum value dropped", doc: `"green"`, into: color, wantErr: `$: "green" is not a valid Color (offset 0)`},
		{name: "card", doc: `{"card":"4111","other":"x"}`, into: payment},
		{name: "account", doc: `{"account":"DE89"}`, into: payment},
		{name: "card and account", doc: `{"card":"4111","account":"DE89"}`, into: payment, wantErr: `$: properties "card" and "account" are present together, ruled out by the schema's not (offset 0)`},
		{name: "allOf member's not", doc: `{"reference":"r"}`, into: payment, wantErr: `$: property "reference" is present, ruled out by the schema's not (offset 0)`},
		{name: "additional property", doc: `{"legacy":"x"}`, into: payment, wantErr: `$: property "legacy" is present, ruled out by the schema's not (offset 0)`},
		{name: "property's not", doc: `{"note":"text"}`, into: payment},
		{name: "property's not: fraction", doc: `{"note":1.5}`, into: payment},
		{name: "property's not: type", doc: `{"note":[1]}`, into: payment, wantErr: `$.note: a value of type array is ruled out by the schema's not (offset 8)`},
		{name: "property's not: integer", doc: `{"note":10}`, into: payment, wantErr: `$.note: 10 is an integer, ruled out by the schema's not (offset 8)`},
	})
	// Validate says the same of values built in Go.
	for _, tc := range []struct {
		v    validator
		want string
	}{
		{ptr(keywords.NotNull("null")), "$: a value of type null is ruled out by the schema's not"},
		{ptr(keywords.Fraction(3)), "$: 3 is an integer, ruled out by the schema's not"},
		{ptr(keywords.Name("admin")), `$: "admin" is ruled out by the schema's not`},
		{&keywords.Payment{Card: oasrt.NewOpt("1"), Account: oasrt.NewOpt("2"), Note: oasrt.Raw("{}")},
			"$: properties \"card\" and \"account\" are present together, ruled out by the schema's not; $.note: a value of type object is ruled out by the schema's not"},
	} {
		if err := tc.v.Validate(); err == nil || err.Error() != tc.want {
			t.Errorf("%T: Validate = %v, want %s", tc.v, err, tc.want)
		}
	}
	if err := (&keywords.Payment{Card: oasrt.NewOpt("1")}).Validate(); err != nil {
		t.Errorf("Validate of a card alone: %v", err)
	}
}

func ptr[T any](v T) *T { return &v }

// TestFreeFormKinds checks that a schema kept as raw JSON still has its
// type: object with no properties, null, or both.
func TestFreeFormKinds(t *testing.T) {
	anyObject := func() codec { return new(keywords.AnyObject) }
	objectOrNull := func() codec { return new(keywords.ObjectOrNull) }
	onlyNull := func() codec { return new(keywords.OnlyNull) }
	runRoundTrips(t, []roundTrip{
		{name: "object", doc: `{"a":[1]}`, into: anyObject},
		{name: "empty object", doc: `{}`, into: anyObject},
		{name: "number", doc: ` 1`, into: anyObject, wantErr: `$: expected object, got number (offset 1)`},
		{name: "array", doc: `[]`, into: anyObject, wantErr: `$: expected object, got array (offset 0)`},
		{name: "null", doc: `null`, into: anyObject, wantErr: `$: expected object, got null (offset 0)`},
		{name: "nullable object", doc: `{"b":null}`, into: objectOrNull},
		{name: "nullable null", doc: `null`, into: objectOrNull},
		{name: "nullable string", doc: `"x"`, into: objectOrNull, wantErr: `$: expected object or null, got string (offset 0)`},
		{name: "null type", doc: `null`, into: onlyNull},
		{name: "null type given false", doc: `false`, into: onlyNull, wantErr: `$: expected null, got boolean (offset 0)`},
		{name: "null type given zero", doc: `0`, into: onlyNull, wantErr: `$: expected null, got number (offset 0)`},
	})
	for _, tc := range []struct {
		v       interface{ Validate() error }
		wantErr string
	}{
		{ptr(keywords.AnyObject(`{}`)), ""},
		{ptr(keywords.AnyObject(`"s"`)), "$: expected object, got string"},
		{ptr(keywords.OnlyNull(`1`)), "$: expected null, got number"},
	} {
		err := tc.v.Validate()
		if got := fmt.Sprint(err); tc.wantErr == "" && err != nil || tc.wantErr != "" && got != tc.wantErr {
			t.Errorf("%T %s: Validate = %v, want %q", tc.v, fmt.Sprint(tc.v), err, tc.wantErr)
		}
	}
}

// TestClosed checks additionalProperties: false: a property neither
// declared nor matching a pattern is an error.
func TestClosed(t *testing.T) {
	cat := func() codec { return new(keywords.Cat) }
	runRoundTrips(t, []roundTrip{
		{name: "declared", doc: `{"meows":true}`, into: cat},
		{name: "pattern", doc: `{"meows":false,"x-a":"s"}`, into: cat},
		{name: "empty", doc: `{}`, into: cat},
		{name: "other", doc: `{"meows":true,"barks":1}`, into: cat, wantErr: `$.barks: property not allowed (additionalProperties: false) (offset 22)`},
		{name: "escaped other", doc: `{"b\u0061rks":1}`, into: cat, wantErr: `$.barks: property not allowed (additionalProperties: false) (offset 14)`},
	})
}

// TestFalseSchema checks the schema false: no value, and a property whose
// schema is false must be absent.
func TestFalseSchema(t *testing.T) {
	nothing := func() codec { return new(keywords.Nothing) }
	noBar := func() codec { return new(keywords.NoBar) }
	runRoundTrips(t, []roundTrip{
		{name: "null", doc: `null`, into: nothing, wantErr: `$: no value is valid here (the schema is false), got null (offset 0)`},
		{name: "object", doc: `{}`, into: nothing, wantErr: `$: no value is valid here (the schema is false), got object (offset 0)`},
		{name: "no bar", doc: `{"foo":1}`, into: noBar},
		{name: "bar", doc: `{"foo":1,"bar":2}`, into: noBar, wantErr: `$.bar: no value is valid here (the schema is false), got number (offset 15)`},
		{name: "empty array", doc: `[]`, into: func() codec { return new(keywords.Empty) }},
		{name: "an item", doc: `[1]`, into: func() codec { return new(keywords.Empty) }, wantErr: `$[0]: no value is valid here (the schema is false), got number (offset 1)`},
	})
}

// TestAnyEnum checks an enum of values other than strings and integers:
// each is compared as JSON, false is not 0, [0] is not [false].
func TestAnyEnum(t *testing.T) {
	odd := func() codec { return new(keywords.Odd) }
	runRoundTrips(t, []roundTrip{
		{name: "false", doc: `false`, into: odd},
		{name: "fraction", doc: `1.50`, into: odd, out: `1.50`},
		{name: "null", doc: `null`, into: odd},
		{name: "array", doc: `[0.0]`, into: odd, out: `[0.0]`},
		{name: "object", doc: `{"a":1}`, into: odd},
		{name: "zero is not false", doc: `0`, into: odd, wantErr: `$: 0 is not one of the enum's values (offset 0)`},
		{name: "[false] is not [0]", doc: `[false]`, into: odd, wantErr: `$: [false] is not one of the enum's values (offset 0)`},
		{name: "other object", doc: `{"a":2}`, into: odd, wantErr: `$: {"a":2} is not one of the enum's values (offset 0)`},
	})
}

func TestPatternProperties(t *testing.T) {
	headers := func() codec { return new(keywords.Headers) }
	labels := func() codec { return new(keywords.Labels) }
	runRoundTrips(t, []roundTrip{
		{name: "each map", doc: `{"id":1,"x-a":"s","n_12":-3,"other":true}`, into: headers},
		{name: "escaped name", doc: `{"\u0078-b":"s"}`, into: headers, out: `{"x-b":"s"}`},
		{name: "pattern value checked", doc: `{"x-a":"123456789"}`, into: headers, wantErr: `$["x-a"]: length 9 is greater than maxLength 8 (offset 7)`},
		{name: "pattern kind", doc: `{"n_1":"one"}`, into: headers, wantErr: `$.n_1: expected integer, got string (offset 7)`},
		{name: "no pattern: additional", doc: `{"n_x":1}`, into: headers, wantErr: `$.n_x: expected boolean, got number (offset 7)`},
		{name: "maxProperties counts every map", doc: `{"id":1,"x-a":"","x-b":"","n_1":1,"n_2":2,"a":true,"b":false}`, into: headers, wantErr: `$: 7 properties, more than maxProperties 6 (offset 0)`},
		{name: "not sees pattern properties", doc: `{"x-forbidden":"x"}`, into: headers, wantErr: `$: property "x-forbidden" is present, ruled out by the schema's not (offset 0)`},
		{name: "only patterns", doc: `{"abc":"x","Skipped":1}`, into: labels, out: `{"abc":"x"}`},
	})
	var h keywords.Headers
	if err := h.UnmarshalJSON([]byte(`{"x-a":"s","n_1":1,"z":true}`)); err != nil || h.PatternProperties1["x-a"] != "s" || h.PatternProperties2["n_1"] != 1 || !h.AdditionalProperties["z"] {
		t.Errorf("decoded %+v, %v", h, err)
	}
	// A name in a map its pattern does not send it to cannot round-trip:
	// Validate names it.
	bad := keywords.Headers{PatternProperties1: map[string]string{"y": ""}, AdditionalProperties: map[string]bool{"x-b": true}}
	want := "$.y: the name does not match the pattern ^x- of PatternProperties1; $[\"x-b\"]: the name matches the pattern ^x-; it belongs in PatternProperties1"
	if err := bad.Validate(); err == nil || err.Error() != want {
		t.Errorf("Validate = %v\nwant %s", err, want)
	}
}

// TestLookaroundPatterns covers patterns with lookarounds at their anchored
// ends, which are checked as several RE2 expressions: on a property, and
// deciding which map a name goes to.
func TestLookaroundPatterns(t *testing.T) {
	tags := func() codec { return new(keywords.Tags) }
	runRoundTrips(t, []roundTrip{
		{name: "not blank", doc: `{"name":" a"}`, into: tags},
		{name: "blank", doc: `{"name":" \t"}`, into: tags, wantErr: `$.name: " \t" does not match the pattern ^(?!\s*$).+ (offset 8)`},
		{name: "empty", doc: `{"name":""}`, into: tags, wantErr: `$.name: "" does not match the pattern ^(?!\s*$).+ (offset 8)`},
		{name: "slug", doc: `{"slug":"a-b"}`, into: tags},
		{name: "slug leading -", doc: `{"slug":"-ab"}`, into: tags, wantErr: `$.slug: "-ab" does not match the pattern (?!^-)^[a-z-]+(?<!-)$ (offset 8)`},
		{name: "slug trailing -", doc: `{"slug":"ab-"}`, into: tags, wantErr: `$.slug: "ab-" does not match the pattern (?!^-)^[a-z-]+(?<!-)$ (offset 8)`},
		{name: "names by pattern", doc: `{"team:web":"a","x1":2,"abc":false,"aws:x":true}`, into: tags},
		{name: "negative lookahead sends aws: on", doc: `{"aws:x":"a"}`, into: tags, wantErr: `$["aws:x"]: expected boolean, got string (offset 9)`},
		{name: "positive lookahead needs a digit", doc: `{"abc":2}`, into: tags, wantErr: `$.abc: expected boolean, got number (offset 7)`},
	})
	var v keywords.Tags
	if err := v.UnmarshalJSON([]byte(`{"team:web":"a","x1":2,"aws:x":true}`)); err != nil || v.PatternProperties1["team:web"] != "a" || v.PatternProperties2["x1"] != 2 || !v.AdditionalProperties["aws:x"] {
		t.Errorf("decoded %+v, %v", v, err)
	}
	bad := keywords.Tags{
		Name:                 oasrt.Opt[string]{Set: true, Value: " "},
		PatternProperties1:   map[string]string{"aws:x": ""},
		AdditionalProperties: map[string]bool{"a1": true},
	}
	want := `$.name: " " does not match the pattern ^(?!\s*$).+; $["aws:x"]: the name does not match the pattern ^(?!aws:)[a-z]+:[a-z]+$ of PatternProperties1; $.a1: the name matches the pattern ^(?=.*\d)[a-z\d]+$; it belongs in PatternProperties2`
	if err := bad.Validate(); err == nil || err.Error() != want {
		t.Errorf("Validate = %v\nwant %s", err, want)
	}
}

func TestConstsAndDecimals(t *testing.T) {
	consts := func() codec { return new(keywords.Consts) }
	runRoundTrips(t, []roundTrip{
		{name: "every const", doc: `{"ratio":0.5,"single":0.1,"on":false,"nothing":null,"shape":{"sides":[1,2],"kind":"square"},"pair":[1.0,"two"],"exact":12.5}`, into: consts},
		{name: "decimal const as written", doc: `{"exact":1.25e1}`, into: consts},
		{name: "number const", doc: `{"ratio":0.25}`, into: consts, wantErr: `$.ratio: 0.25 is not the const 0.5 (offset 9)`},
		{name: "float32 const", doc: `{"single":0.2}`, into: consts, wantErr: `$.single: 0.2 is not the const 0.1 (offset 10)`},
		{name: "boolean const", doc: `{"on":true}`, into: consts, wantErr: `$.on: true is not the const false (offset 6)`},
		{name: "null const", doc: `{"nothing":0}`, into: consts, wantErr: `$.nothing: 0 is not the const null (offset 11)`},
		{name: "object const", doc: `{"shape":{"kind":"square","sides":[1]}}`, into: consts, wantErr: `$.shape: {"kind":"square","sides":[1]} is not the const {"kind":"square","sides":[1,2.0]} (offset 9)`},
		{name: "array const", doc: `{"pair":["two",1]}`, into: consts, wantErr: `$.pair: ["two",1] is not the const [1,"two"] (offset 8)`},
		{name: "decimal const", doc: `{"exact":12.51}`, into: consts, wantErr: `$.exact: 12.51 is not the const 12.50 (offset 9)`},
		{name: "decimal bounds", doc: `{"price":0.01}`, into: consts},
		{name: "decimal below", doc: `{"price":0.009}`, into: consts, wantErr: `$.price: 0.009 is less than minimum 0.01 (offset 9)`},
		{name: "decimal exclusive", doc: `{"price":1000.00}`, into: consts, wantErr: `$.price: 1000.00 is not less than exclusiveMaximum 1000 (offset 9)`},
		{name: "decimal huge", doc: `{"price":1e999999999}`, into: consts, wantErr: `$.price: 1e999999999 is not less than exclusiveMaximum 1000 (offset 9)`},
		{name: "decimal multipleOf", doc: `{"price":999.999}`, into: consts, wantErr: `$.price: 999.999 is not a multiple of 0.01 (offset 9)`},
		{name: "decimal past float64", doc: `{"price":0.01000000000000000000001}`, into: consts, wantErr: `$.price: 0.01000000000000000000001 is not a multiple of 0.01 (offset 9)`},
		{name: "quoted decimal", doc: `{"rate":"-1.0"}`, into: consts},
		{name: "quoted decimal above", doc: `{"rate":"1.000000000000000000001"}`, into: consts, wantErr: `$.rate: 1.000000000000000000001 is greater than maximum 1 (offset 8)`},
	})
}

// TestKeywordsRandom decodes random valid documents of the unions of
// several types and the tuples of testdata/keywords, and of the objects
// holding them: each must decode, pass Validate, and re-encode to the same
// JSON value. (Types with a not are left to TestNot: random values can be
// the ones it rules out.)
func TestKeywordsRandom(t *testing.T) {
	decls := loadIR(t, "keywords")
	for name, mk := range map[string]func() codec{
		"Scalar": func() codec { return new(keywords.Scalar) }, "Loose": func() codec { return new(keywords.Loose) },
		"Count": func() codec { return new(keywords.Count) }, "Mixed": func() codec { return new(keywords.Mixed) },
		"Mode": func() codec { return new(keywords.Mode) }, "Holder": func() codec { return new(keywords.Holder) },
		"Point": func() codec { return new(keywords.Point) }, "Record": func() codec { return new(keywords.Record) },
		"Open": func() codec { return new(keywords.Open) }, "Track": func() codec { return new(keywords.Track) },
		"Fixed":     func() codec { return new(keywords.Fixed) },
		"ShortText": func() codec { return new(keywords.ShortText) }, "Bounded": func() codec { return new(keywords.Bounded) },
		"Few": func() codec { return new(keywords.Few) }, "Keyed": func() codec { return new(keywords.Keyed) },
	} {
		g := &docGen{rng: rand.New(rand.NewPCG(uint64(len(name)), 11))}
		for range docsPerType {
			g.buf.Reset()
			g.decl(decls[name])
			doc := g.buf.Bytes()
			v := mk()
			if err := v.UnmarshalJSON(doc); err != nil {
				t.Fatalf("%s rejects a valid document: %v\n%s", name, err, doc)
			}
			if err := v.(validator).Validate(); err != nil {
				t.Fatalf("%s: Validate rejects a value its decoder accepted: %v\n%s", name, err, doc)
			}
			out, err := v.MarshalJSON()
			if err != nil || !oasimpl.JSONEqual(out, string(doc)) {
				t.Fatalf("%s: re-encoded %s, %v\nfrom %s", name, out, err, doc)
			}
		}
	}
}

// TestKindChecks checks the keywords of schemas without type (and of an
// object with no properties): each applies to values of its own JSON kind
// only, other kinds pass, and Validate says what the decoder says.
func TestKindChecks(t *testing.T) {
	short := func() codec { return new(keywords.ShortText) }
	stamp := func() codec { return new(keywords.Stamp) }
	bounded := func() codec { return new(keywords.Bounded) }
	few := func() codec { return new(keywords.Few) }
	keyed := func() codec { return new(keywords.Keyed) }
	cases := []roundTrip{
		{name: "string ok", doc: `"abc"`, into: short},
		{name: "number ignores minLength", doc: `1`, into: short},
		{name: "object ignores pattern", doc: `{"b":1}`, into: short},
		{name: "string too short", doc: `"a"`, into: short, wantErr: `$: length 1 is less than minLength 2 (offset 0)`},
		{name: "escaped string too long", doc: `"a\u0062cde"`, into: short, wantErr: `$: length 5 is greater than maxLength 4 (offset 0)`},
		{name: "string off pattern", doc: `"bc"`, into: short, wantErr: `$: "bc" does not match the pattern ^a (offset 0)`},
		{name: "date-time ok", doc: `"1985-04-12T23:20:50.52Z"`, into: stamp},
		{name: "date-time lower case, leap second", doc: `"1998-12-31t23:59:60z"`, into: stamp},
		{name: "date-time ignores numbers", doc: `12`, into: stamp},
		{name: "bad date-time", doc: `"1990-02-31T15:59:59Z"`, into: stamp, wantErr: `$: invalid date-time "1990-02-31T15:59:59Z" (offset 0)`},
		{name: "number ok", doc: `1.2`, into: bounded},
		{name: "string ignores minimum", doc: `"x"`, into: bounded},
		{name: "below minimum", doc: `0.6`, into: bounded, wantErr: `$: 0.6 is less than minimum 1.1 (offset 0)`},
		{name: "not below exclusive maximum", doc: `10.0`, into: bounded, wantErr: `$: 10.0 is not less than exclusiveMaximum 10 (offset 0)`},
		{name: "not a multiple", doc: `1.25`, into: bounded, wantErr: `$: 1.25 is not a multiple of 0.1 (offset 0)`},
		{name: "array ok", doc: `[1,{"a":1}]`, into: few},
		{name: "object ok", doc: `{"id":1}`, into: few},
		{name: "string ignores maxItems", doc: `"abc"`, into: few},
		{name: "too many items", doc: `[1,2,3]`, into: few, wantErr: `$: 3 items, more than maxItems 2 (offset 0)`},
		{name: "equal items as JSON", doc: `[1.0,1]`, into: few, wantErr: `$: items 0 and 1 are equal; uniqueItems is set (offset 0)`},
		{name: "equal objects in another key order", doc: `[{"a":1,"b":2},{"b":2,"a":1}]`, into: few, wantErr: `$: items 0 and 1 are equal; uniqueItems is set (offset 0)`},
		{name: "too few properties", doc: `{}`, into: few, wantErr: `$: 0 properties, fewer than minProperties 1 (offset 0)`},
		{name: "required missing", doc: `{"x":1}`, into: few, wantErr: `$: missing required property "id" (offset 0)`},
		{name: "keyed ok", doc: `{"id":null}`, into: keyed},
		{name: "keyed too many", doc: `{"id":1,"a":2,"b":3}`, into: keyed, wantErr: `$: 3 properties, more than maxProperties 2 (offset 0)`},
		{name: "keyed missing", doc: `{"a":2}`, into: keyed, wantErr: `$: missing required property "id" (offset 0)`},
	}
	runRoundTrips(t, cases)
	// Validate on the Go values says what the decoder says.
	for _, tc := range cases {
		v := tc.into()
		raw := reflect.ValueOf(v).Elem()
		raw.SetBytes([]byte(tc.doc))
		err := v.(validator).Validate()
		want := tc.wantErr
		if i := strings.LastIndex(want, " (offset"); i >= 0 {
			want = want[:i]
		}
		// Validate reports every violation; the decoder's is the first.
		if got := fmt.Sprint(err); want == "" && err != nil || want != "" && !strings.HasPrefix(got, want) {
			t.Errorf("%s: Validate(%s) = %v, want %q first", tc.name, tc.doc, err, want)
		}
	}
}

// TestUniqueTuple checks uniqueItems on a tuple: items of different types
// compared as JSON values, by the decoder and by Validate.
func TestUniqueTuple(t *testing.T) {
	distinct := func() codec { return new(keywords.Distinct) }
	runRoundTrips(t, []roundTrip{
		{name: "different", doc: `[1.5,1,"x"]`, into: distinct},
		{name: "number equals integer", doc: `[1.0,1]`, into: distinct, out: `[1,1]`, wantErr: `$: items 0 and 1 are equal; uniqueItems is set (offset 0)`},
		{name: "equal rest items", doc: `[1,2,{"a":1},{"a":1.0}]`, into: distinct, wantErr: `$: items 2 and 3 are equal; uniqueItems is set (offset 0)`},
	})
	v := keywords.Distinct{Item0: oasrt.NewOpt(2.0), Item1: oasrt.NewOpt(int64(2))}
	if err := v.Validate(); err == nil || err.Error() != "$: items 0 and 1 are equal; uniqueItems is set" {
		t.Errorf("Validate = %v", err)
	}
}

// TestContains checks contains, minContains and maxContains on a value
// without type: items that match the contains schema are counted; values
// that are not arrays pass.
func TestContains(t *testing.T) {
	some := func() codec { return new(keywords.Some) }
	cases := []roundTrip{
		{name: "two match", doc: `[5,6,1]`, into: some},
		{name: "strings match by pattern", doc: `["xa","xb","y"]`, into: some},
		{name: "not an array", doc: `{"a":1}`, into: some},
		{name: "one matches", doc: `[5,1]`, into: some, wantErr: `$: 1 items match contains, fewer than minContains 2 (offset 0)`},
		{name: "none match", doc: `[]`, into: some, wantErr: `$: 0 items match contains, fewer than minContains 2 (offset 0)`},
		{name: "four match", doc: `[5,6,7,"x"]`, into: some, wantErr: `$: 4 items match contains, more than maxContains 3 (offset 0)`},
	}
	runRoundTrips(t, cases)
	validateRaw(t, cases, func(doc string) interface{ Validate() error } { v := keywords.Some(doc); return &v })
}

// TestConditional checks if/then/else, propertyNames and dependentRequired
// on a value without type, by the decoder and by Validate.
func TestConditional(t *testing.T) {
	cond := func() codec { return new(keywords.Conditional) }
	cases := []roundTrip{
		{name: "then holds", doc: `-1`, into: cond},
		{name: "else holds", doc: `4`, into: cond},
		{name: "then fails", doc: `-100`, into: cond, wantErr: `$: the value matches if but not then (offset 0)`},
		{name: "else fails", doc: `3`, into: cond, wantErr: `$: the value matches neither if nor else (offset 0)`},
		{name: "a string matches if", doc: `"x"`, into: cond},
		{name: "short names", doc: `{"foo":1,"bar":2}`, into: cond},
		{name: "long name", doc: `{"fooo":1}`, into: cond, wantErr: `$: property name "fooo" does not match propertyNames (offset 0)`},
		{name: "dependent missing", doc: `{"bar":2}`, into: cond, wantErr: `$: missing property "foo", required with "bar" (dependentRequired) (offset 0)`},
	}
	runRoundTrips(t, cases)
	validateRaw(t, cases, func(doc string) interface{ Validate() error } { v := keywords.Conditional(doc); return &v })
}

// TestFreeFormComposition checks allOf, anyOf, oneOf and not whose
// members are free-form, on a value without type, by the decoder and by
// Validate.
func TestFreeFormComposition(t *testing.T) {
	between := func() codec { return new(keywords.Between) }
	cases := []roundTrip{
		{name: "all hold", doc: `4`, into: between},
		{name: "an object without a", doc: `{}`, into: between},
		{name: "allOf member 0 fails", doc: `0`, into: between, wantErr: `$: the value does not match allOf member 0 (offset 0)`},
		{name: "no anyOf member", doc: `1`, into: between, wantErr: `$: the value matches no anyOf member (offset 0)`},
		{name: "both oneOf members", doc: `{"a":1}`, into: between, wantErr: `$: the value matches 2 oneOf members, not exactly one (offset 0)`},
		{name: "not", doc: `2`, into: between, wantErr: `$: the value matches the schema's not (offset 0)`},
	}
	runRoundTrips(t, cases)
	validateRaw(t, cases, func(doc string) interface{ Validate() error } { v := keywords.Between(doc); return &v })
}

// validateRaw checks that Validate on the free-form value of each case's
// document reports what its decoder does (without the offset).
func validateRaw(t *testing.T, cases []roundTrip, value func(doc string) interface{ Validate() error }) {
	t.Helper()
	for _, tc := range cases {
		want := tc.wantErr
		if i := strings.LastIndex(want, " (offset"); i >= 0 {
			want = want[:i]
		}
		if err := value(tc.doc).Validate(); fmt.Sprint(err) != want && !(want == "" && err == nil) {
			t.Errorf("%s: Validate(%s) = %v, want %q", tc.name, tc.doc, err, want)
		}
	}
}
