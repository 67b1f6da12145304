package difftest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/testdata/unevaluated"
	"github.com/oasgen/oasgen/testdata/unionnesting"
)

// treeDoc is a Tree nested depth levels deep whose levels alternate
// between the variants, each told only by its last key: every level must
// decode the level below before it can choose.
func treeDoc(depth int) string {
	var b strings.Builder
	for i := range depth {
		if i < depth-1 {
			b.WriteString(`{"x":`)
		} else {
			b.WriteString(`{`)
		}
	}
	for i := depth - 1; i >= 0; i-- {
		if i < depth-1 {
			b.WriteString(`,`)
		}
		if i%2 == 0 {
			fmt.Fprintf(&b, `"v":"s%d"}`, i)
		} else {
			fmt.Fprintf(&b, `"v":%d}`, i)
		}
	}
	return b.String()
}

// levelDoc is a Level1 value nested through Level8, its last key telling
// each level's variant.
func levelDoc(depth int) string {
	var b strings.Builder
	for range depth - 1 {
		b.WriteString(`{"x":`)
	}
	b.WriteString(`{"v":true}`)
	for range depth - 1 {
		b.WriteString(`,"v":7}`)
	}
	return b.String()
}

func TestUnionNesting(t *testing.T) {
	for _, depth := range []int{1, 2, 5, 24} {
		doc := treeDoc(depth)
		var v unionnesting.Tree
		if err := oasrt.Unmarshal([]byte(doc), &v); err != nil {
			t.Fatalf("depth %d: %v", depth, err)
		}
		// Walk down: the variants alternate, and the value encodes back.
		n, at := 0, &v
		for at != nil {
			var x *unionnesting.Tree
			switch at.Type {
			case unionnesting.TreeTreeText:
				if n%2 != 0 || at.TreeText.V.Value != fmt.Sprintf("s%d", n) {
					t.Fatalf("depth %d, level %d: got text %q", depth, n, at.TreeText.V.Value)
				}
				x = at.TreeText.X
			case unionnesting.TreeTreeCount:
				if n%2 != 1 || at.TreeCount.V.Value != int64(n) {
					t.Fatalf("depth %d, level %d: got count %d", depth, n, at.TreeCount.V.Value)
				}
				x = at.TreeCount.X
			default:
				t.Fatalf("depth %d, level %d: no variant", depth, n)
			}
			at, n = x, n+1
		}
		if n != depth {
			t.Fatalf("depth %d: decoded %d levels", depth, n)
		}
		out, err := oasrt.Marshal(&v)
		if err != nil || string(out) != doc {
			t.Fatalf("depth %d: encoded %s, %v; want %s", depth, out, err, doc)
		}
	}
	for _, tc := range []struct{ name, doc, err string }{
		{"both variants", `{"x":{"v":1}}`, "matches both"},
		{"inner both", `{"x":{"x":{}},"v":"a"}`, ""},
		{"neither", `{"v":true}`, ""},
		{"inner neither", `{"x":{"v":[]},"v":1}`, ""},
	} {
		var v unionnesting.Tree
		if err := oasrt.Unmarshal([]byte(tc.doc), &v); err == nil {
			t.Errorf("%s: %s decoded, want an error", tc.name, tc.doc)
		}
	}
	for depth := 1; depth <= 8; depth++ {
		var v unionnesting.Level1
		if err := oasrt.Unmarshal([]byte(levelDoc(depth)), &v); err != nil {
			t.Fatalf("level depth %d: %v", depth, err)
		}
	}
}

// TestUnionNestingLinear pins the work of decoding nested unions by trial
// to the input's size: the allocations per level do not grow with the
// depth (2^depth decodes would show as allocations doubling per level).
func TestUnionNestingLinear(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts differ under the race detector")
	}
	perLevel := func(depth int) float64 {
		doc := []byte(treeDoc(depth))
		n := testing.AllocsPerRun(5, func() {
			var v unionnesting.Tree
			if err := oasrt.Unmarshal(doc, &v); err != nil {
				t.Fatal(err)
			}
		})
		return n / float64(depth)
	}
	small, large := perLevel(6), perLevel(18)
	if large > 2*small {
		t.Errorf("allocations per level: %.1f at depth 6, %.1f at depth 18; want at most 2x", small, large)
	}
	t.Logf("allocations per level: %.1f at depth 6, %.1f at depth 18", small, large)
}

func BenchmarkUnionNesting(b *testing.B) {
	for _, depth := range []int{1, 2, 4, 8, 16, 32} {
		doc := []byte(treeDoc(depth))
		b.Run(fmt.Sprintf("recursive/depth=%d", depth), func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			b.ReportAllocs()
			for b.Loop() {
				var v unionnesting.Tree
				if err := oasrt.Unmarshal(doc, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	for depth := 2; depth <= 8; depth++ {
		doc := []byte(levelDoc(depth))
		b.Run(fmt.Sprintf("fixed/depth=%d", depth), func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			b.ReportAllocs()
			for b.Loop() {
				var v unionnesting.Level1
				if err := oasrt.Unmarshal(doc, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// protoOneofDocs are the three shapes of protobuf's JSON mapping of a
// oneof, the set member flattened into the message.
var protoOneofDocs = []string{`{"type":1,"num":42}`, `{"type":2,"str":"forty-two"}`, `{"type":3,"b":true}`}

func BenchmarkProtoOneof(b *testing.B) {
	for i, doc := range protoOneofDocs {
		data := []byte(doc)
		b.Run(fmt.Sprintf("variant=%d", i+1), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				var v unionnesting.Value
				if err := oasrt.Unmarshal(data, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestProtoOneof checks the oneOf of object variants decided in one pass
// (ir.Union.Facts) against what JSON Schema says of each value.
func TestProtoOneof(t *testing.T) {
	for _, tc := range []struct {
		name, doc string
		want      unionnesting.ValueType // 0: rejected
		err       string
	}{
		{"num", `{"type":1,"num":42}`, unionnesting.ValueValue1, ""},
		{"str", `{"type":2,"str":"forty-two"}`, unionnesting.ValueValue2, ""},
		{"b", `{"b":true,"type":3}`, unionnesting.ValueValue3, ""},
		{"undeclared keys are skipped", `{"type":3,"b":false,"x":[1,{}]}`, unionnesting.ValueValue3, ""},
		{"an invalid value rules out the variants declaring it", `{"type":2,"num":"x","str":"s"}`, unionnesting.ValueValue2, ""},
		{"two variants match", `{"type":1,"num":1,"str":"x"}`, 0, "matches both Value1 and Value2"},
		{"all three match", `{"b":true,"type":1,"num":1,"str":"x"}`, 0, "matches both Value1 and Value2"},
		{"missing the variant's own key", `{"type":1}`, 0, "matches no variant of Value"},
		{"missing the shared key", `{"num":1}`, 0, "matches no variant of Value"},
		{"a shared key invalid", `{"type":"1","num":1}`, 0, "$.type: expected integer"},
		{"the only telling key invalid", `{"type":1,"num":"x"}`, 0, "$.num: expected integer"},
		{"the one variant left misses a key", `{"type":2,"num":"x"}`, 0, "$.num: expected integer"},
		{"a bad value under a key the match does not declare", `{"type":2,"num":1,"b":"x"}`, unionnesting.ValueValue1, ""},
		{"not an object", `[1]`, 0, "matches no variant"},
		{"broken JSON after a ruled out value", `{"type":2,"num":"x","str":}`, 0, "offset"},
	} {
		var v unionnesting.Value
		err := oasrt.Unmarshal([]byte(tc.doc), &v)
		if tc.want == 0 {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: %s: got %v, want an error containing %q", tc.name, tc.doc, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %s: %v", tc.name, tc.doc, err)
			continue
		}
		if v.Type != tc.want {
			t.Errorf("%s: %s: variant %d, want %d", tc.name, tc.doc, v.Type, tc.want)
		}
		if v.Type != unionnesting.ValueValue1 && v.Value1 != (unionnesting.Value1{}) {
			t.Errorf("%s: %s: Value1 not left zero: %+v", tc.name, tc.doc, v.Value1)
		}
	}
	// A oneOf of two open objects, each requiring its own key: an object
	// with both keys matches both.
	var shape unevaluated.Shape
	if err := shape.UnmarshalJSON([]byte(`{"radius":1}`)); err != nil || shape.Type != unevaluated.ShapeShape1 {
		t.Errorf(`{"radius":1}: %v, variant %d`, err, shape.Type)
	}
	if err := shape.UnmarshalJSON([]byte(`{"radius":1,"side":2}`)); err == nil || !strings.Contains(err.Error(), "matches both Shape1 and Shape2") {
		t.Errorf(`{"radius":1,"side":2}: %v, want it matching both`, err)
	}
	for _, doc := range protoOneofDocs {
		var v unionnesting.Value
		if err := oasrt.Unmarshal([]byte(doc), &v); err != nil {
			t.Fatal(err)
		}
		if out, err := oasrt.Marshal(&v); err != nil || string(out) != doc {
			t.Errorf("%s encoded as %s, %v", doc, out, err)
		}
	}
}
