package difftest

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oasimpl"

	"github.com/oasgen/oasgen/testdata/composition"
	"github.com/oasgen/oasgen/testdata/formats"
	"github.com/oasgen/oasgen/testdata/petstore"
)

// Names has property names that collide in Go or that struct tags cannot
// spell, so it is checked here by hand rather than against a mirror.
func TestNamesRoundTrip(t *testing.T) {
	doc := `{"pet_id":"a","petId":"b","PetID":"c","validate":true,"MarshalJSON":"m","UnmarshalJSONFrom":"u","weird key \"quoted\"":"w","日本":"j","":"e"}`
	var n formats.Names
	if err := json.Unmarshal([]byte(doc), &n); err != nil {
		t.Fatal(err)
	}
	if n.PetID.Value != "a" || n.PetID2.Value != "b" || n.PetID3.Value != "c" || !n.ValidateField.Value ||
		n.MarshalJSONField.Value != "m" || n.UnmarshalJSONFromField.Value != "u" || n.WeirdKeyQuoted.Value != "w" || n.Field.Value != "j" || n.Field2.Value != "e" {
		t.Errorf("decoded %+v", n)
	}
	out, err := json.Marshal(n)
	if err != nil || string(out) != doc {
		t.Errorf("encoded %s, %v; want %s", out, err, doc)
	}
}

func TestAdditionalPropertiesRoundTrip(t *testing.T) {
	var v formats.Tagged
	doc := `{"zeta":"z","id":7,"alpha":"a","tags":["x"]}`
	if err := json.Unmarshal([]byte(doc), &v); err != nil {
		t.Fatal(err)
	}
	if v.ID != 7 || v.AdditionalProperties["zeta"] != "z" || v.AdditionalProperties["alpha"] != "a" || len(v.AdditionalProperties) != 2 {
		t.Errorf("decoded %+v", v)
	}
	// Declared properties first, then the others in key order; a declared
	// name in the map is not written twice.
	v.AdditionalProperties["id"] = "shadow"
	out, _ := v.MarshalJSON()
	if want := `{"id":7,"tags":["x"],"alpha":"a","zeta":"z"}`; string(out) != want {
		t.Errorf("encoded %s, want %s", out, want)
	}
	if err := json.Unmarshal([]byte(`{"id":1,"extra":5}`), &v); err == nil {
		t.Error("an extra property of the wrong type was accepted")
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		doc  string
		into json.Unmarshaler
		want string
	}{
		{"wrong kind", `{"name":"x","photoUrls":["a",3]}`, new(petstore.Pet), `$.photoUrls[1]: expected string, got number (offset 29)`},
		{"missing", `{"name":"x"}`, new(petstore.Pet), `$: missing required property "photoUrls" (offset 11)`},
		{"enum", `{"name":"x","photoUrls":[],"status":"lost"}`, new(petstore.Pet), `$.status: "lost" is not a valid PetStatus (offset 36)`},
		{"nested", `{"name":"x","photoUrls":[],"category":{"id":"1"}}`, new(petstore.Pet), `$.category.id: expected integer, got string (offset 44)`},
		{"null", `{"name":null,"photoUrls":[]}`, new(petstore.Pet), `$.name: expected string, got null (offset 8)`},
		{"syntax", `{"name":"x",}`, new(petstore.Pet), `$: invalid character '}' looking for beginning of object key string (offset 12)`},
		{"trailing", `{"name":"x","photoUrls":[]} x`, new(petstore.Pet), `$: invalid character 'x' after top-level value (offset 28)`},
		{"format", `{"reqString":"","reqNullable":null,"reqArray":[],"reqNullableArray":null,"reqAny":1,"reqDate":"2021-13-01"}`, new(formats.Everything), `$.reqDate: invalid date: no such day (offset 94)`},
		{"email", `{"reqString":"","reqNullable":null,"reqArray":[],"reqNullableArray":null,"reqAny":1,"reqDate":"2021-12-01","email":"nope"}`, new(formats.Everything), `$.email: invalid email "nope" (offset 115)`},
		{"overflow", `{"id":1,"quantity":2147483648}`, new(petstore.Order), `$.quantity: number 2147483648 out of range for int32 (offset 19)`},
		{"int enum", `{"reqString":"","reqNullable":null,"reqArray":[],"reqNullableArray":null,"reqAny":1,"reqDate":"2021-12-01","level":5}`, new(formats.Everything), `$.level: 5 is not a valid Level (offset 115)`},
		{"empty", ``, new(petstore.Pet), `$: unexpected end of JSON input (offset 0)`},
	} {
		err := tc.into.UnmarshalJSON([]byte(tc.doc))
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: err = %v\nwant %s", tc.name, err, tc.want)
		}
		var e *oasrt.Error
		if err != nil && !errors.As(err, &e) {
			t.Errorf("%s: error is %T, not *oasrt.Error", tc.name, err)
		}
	}
}

func TestDisallowUnknownFields(t *testing.T) {
	var p petstore.Pet
	r := oasimpl.NewReader([]byte(`{"name":"x","photoUrls":[],"nickname":"y"}`))
	r.DisallowUnknownFields = true
	err := p.DecodeJSON(r)
	if err == nil || !strings.Contains(err.Error(), `$.nickname: unknown property "nickname"`) {
		t.Errorf("err = %v", err)
	}
}

func TestRecursiveDepthBounded(t *testing.T) {
	doc := strings.Repeat(`{"name":"n","parent":`, 20000) + `{"name":"leaf"}` + strings.Repeat("}", 20000)
	var n formats.Node
	// UnmarshalJSON directly: json.Unmarshal would stop at its own scanner.
	err := n.UnmarshalJSON([]byte(doc))
	if err == nil || !strings.Contains(err.Error(), "exceeded max depth 10000") {
		t.Errorf("err = %v", err)
	}
	doc = strings.Repeat(`{"name":"n","parent":`, 50) + `{"name":"leaf"}` + strings.Repeat("}", 50)
	n = formats.Node{}
	if err := json.Unmarshal([]byte(doc), &n); err != nil {
		t.Fatal(err)
	}
	depth := 0
	for p := &n; p.Parent != nil; p = p.Parent {
		depth++
	}
	if depth != 50 {
		t.Errorf("depth %d, want 50", depth)
	}
}

// chain returns n Nodes, each the parent of the one before: n values of a
// recursive type nested in one another.
func chain(n int) *formats.Node {
	var head *formats.Node
	for range n {
		head = &formats.Node{Name: "n", Parent: head}
	}
	return head
}

// TestRecursiveCycle: a Go value of a recursive type that leads back to
// itself, through a pointer or a slice, is an error (ErrTooDeep) through
// every door, not a stack overflow, and the Writer's depth count is
// balanced after it; values nested up to MaxEncodeDepth deep are written.
func TestRecursiveCycle(t *testing.T) {
	loop := &formats.Node{Name: "loop"}
	loop.Parent = loop
	viaSlice := &formats.Node{Name: "slice", Children: make([]formats.Node, 1)}
	viaSlice.Children[0].Parent = viaSlice
	for name, v := range map[string]*formats.Node{"pointer": loop, "slice": viaSlice, "too deep": chain(oasrt.MaxEncodeDepth + 1)} {
		if _, err := v.MarshalJSON(); !errors.Is(err, oasrt.ErrTooDeep) {
			t.Errorf("%s: MarshalJSON: %v, want ErrTooDeep", name, err)
		}
		if _, err := oasrt.Marshal(v); !errors.Is(err, oasrt.ErrTooDeep) {
			t.Errorf("%s: oasrt.Marshal: %v, want ErrTooDeep", name, err)
		}
		// On Go 1.27 a large value may go token by token, and jsontext's
		// own bound on nesting (10000 objects and arrays) may come first.
		if _, err := json.Marshal(v); !errors.Is(err, oasrt.ErrTooDeep) && (err == nil || !strings.Contains(err.Error(), "exceeded max depth")) {
			t.Errorf("%s: json.Marshal: %v, want ErrTooDeep", name, err)
		}
	}
	// A union whose array holds itself: Validate stops too.
	arr := make([]composition.Tree, 1)
	arr[0] = composition.Tree{Type: composition.TreeTreeArray, TreeArray: arr}
	if _, err := arr[0].MarshalJSON(); !errors.Is(err, oasrt.ErrTooDeep) {
		t.Errorf("union: MarshalJSON: %v, want ErrTooDeep", err)
	}
	if err := arr[0].Validate(); !errors.Is(err, oasrt.ErrTooDeep) {
		t.Errorf("union: Validate: %v, want ErrTooDeep", err)
	}
	ok := composition.Tree{Type: composition.TreeTreeArray, TreeArray: []composition.Tree{{Type: composition.TreeString, String: "leaf"}}}
	if err := ok.Validate(); err != nil {
		t.Errorf("a tree of two levels: Validate: %v", err)
	}
	var w oasimpl.Writer
	loop.EncodeJSON(&w)
	if !errors.Is(w.Err(), oasrt.ErrTooDeep) {
		t.Fatalf("Writer: %v, want ErrTooDeep", w.Err())
	}
	// The same Writer again, on the deepest value allowed: had the
	// failed call left its count behind, this would fail too.
	w.Reset()
	deep := chain(oasrt.MaxEncodeDepth)
	deep.EncodeJSON(&w)
	if w.Err() != nil {
		t.Fatalf("%d levels: %v", oasrt.MaxEncodeDepth, w.Err())
	}
	var back formats.Node
	if err := back.UnmarshalJSON(w.Bytes()); err != nil {
		t.Fatalf("decoding %d levels back: %v", oasrt.MaxEncodeDepth, err)
	}
}

func TestEncodeZeroAllocs(t *testing.T) {
	pet := petstore.Pet{
		ID:        oasrt.NewOpt[int64](111),
		Name:      "Test name 111",
		Category:  oasrt.NewOpt(petstore.Category{ID: oasrt.NewOpt[int64](1), Name: oasrt.NewOpt("Dogs")}),
		PhotoURLs: []string{"https://example.com/a.png"},
		Tags:      []petstore.Tag{{ID: oasrt.NewOpt[int64](1), Name: oasrt.NewOpt("test tag")}, {Name: oasrt.NewOpt("kawaii")}},
		Status:    oasrt.NewOpt(petstore.PetStatusAvailable),
	}
	var w oasimpl.Writer
	pet.EncodeJSON(&w)
	if n := testing.AllocsPerRun(200, func() { w.Reset(); pet.EncodeJSON(&w) }); n != 0 {
		t.Errorf("EncodeJSON into a reused Writer: %v allocs, want 0", n)
	}
	var ev formats.Everything
	doc := `{"reqString":"s","reqNullable":null,"reqArray":["a"],"reqNullableArray":null,"reqAny":{"a":[1]},"reqDate":"2021-12-01","counts":{"b":1,"a":2},"dateTime":"2021-01-27T01:04:48Z","uuid":"123e4567-e89b-12d3-a456-426614174000","matrix":[[1.5]]}`
	if err := json.Unmarshal([]byte(doc), &ev); err != nil {
		t.Fatal(err)
	}
	ev.EncodeJSON(&w)
	if n := testing.AllocsPerRun(200, func() { w.Reset(); ev.EncodeJSON(&w) }); n != 0 {
		t.Errorf("EncodeJSON of Everything into a reused Writer: %v allocs, want 0", n)
	}
}

func TestMarshalHelpers(t *testing.T) {
	var p petstore.Pet
	if err := oasrt.Unmarshal(petDoc, &p); err != nil {
		t.Fatal(err)
	}
	out, err := oasrt.Marshal(&p)
	if err != nil || string(out) != string(petDoc) {
		t.Errorf("Marshal = %s, %v; want %s", out, err, petDoc)
	}
	if err := oasrt.Unmarshal(append(petDoc, " x"...), &p); err == nil {
		t.Error("trailing data accepted")
	}
	// MarshalJSON borrows a pooled Writer: the result is its only allocation.
	if n := testing.AllocsPerRun(100, func() { _, _ = p.MarshalJSON() }); n != 1 && !raceEnabled {
		t.Errorf("MarshalJSON: %v allocs, want 1", n)
	}
}
