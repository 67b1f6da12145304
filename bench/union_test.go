package bench_test

import (
	"encoding/json"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	oasu "github.com/oasgen/oasgen/bench/internal/oasgen/u"
	"github.com/oasgen/oasgen/bench/internal/payload"
	"github.com/oasgen/oasgen/bench/internal/plain"
	"github.com/oasgen/oasgen/oasrt/oasimpl"
)

// The union workloads. SomeValue's value is a oneOf of int32, string and
// bool, picked by the JSON kind; encoding/json has no sum type, so its
// contender decodes the value into any. Oneof is the same oneof as
// protobuf's JSON mapping writes it: a oneOf of three object variants, each
// requiring type and a key of its own, with no discriminator, so the
// decoder must see every key to know that exactly one variant holds; the
// plain struct has a pointer per member and checks none of that. Event is
// a discriminated oneOf whose
// tag comes last: lib=oasgen-union decodes it through the union,
// lib=oasgen-variant decodes the same bytes straight into the Click variant,
// which is the cost the union is held to (issue: at most 1.2x).

var (
	eventDoc   = []byte(`{"id":123456789,"at":"2021-01-27T01:04:48Z","x":640,"y":480,"target":"#checkout-button","session":"7f9c0a2e-8b1d-4c3e-9f5a-1b2c3d4e5f60","kind":"click"}`)
	eventFirst = []byte(`{"kind":"click","id":123456789,"at":"2021-01-27T01:04:48Z","x":640,"y":480,"target":"#checkout-button","session":"7f9c0a2e-8b1d-4c3e-9f5a-1b2c3d4e5f60"}`)
)

type plainClick struct {
	ID      int64  `json:"id"`
	At      string `json:"at,omitempty"`
	X       int32  `json:"x"`
	Y       int32  `json:"y"`
	Target  string `json:"target,omitempty"`
	Session string `json:"session,omitempty"`
	Kind    string `json:"kind"`
}

// BenchmarkSomeValue: Marshal and Unmarshal of SomeValue by encoding/json
// (value decoded into any), oasgen and the peers (peers_test.go).
func BenchmarkSomeValue(b *testing.B) {
	data := payload.SomeValue
	peers := peers("SomeValue")
	b.Run("Marshal", func(b *testing.B) {
		b.Run("lib=encoding-json", func(b *testing.B) {
			var v plain.SomeValue
			if err := json.Unmarshal(data, &v); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := json.Marshal(&v); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("lib=oasgen", func(b *testing.B) {
			var v oasu.SomeValue
			if err := oasrt.Unmarshal(data, &v); err != nil {
				b.Fatal(err)
			}
			var w oasimpl.Writer
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				w.Reset()
				v.EncodeJSON(&w)
			}
		})
		doors[oasu.SomeValue](b, "Marshal", data)
		runPeers(b, "Marshal", peers)
	})
	b.Run("Unmarshal", func(b *testing.B) {
		b.Run("lib=encoding-json", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				var v plain.SomeValue
				if err := json.Unmarshal(data, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("lib=oasgen", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			var r oasimpl.Reader
			for b.Loop() {
				var v oasu.SomeValue
				r.Reset(data)
				if err := v.DecodeJSON(&r); err != nil {
					b.Fatal(err)
				}
			}
		})
		doors[oasu.SomeValue](b, "Unmarshal", data)
		runPeers(b, "Unmarshal", peers)
	})
}

// BenchmarkOneof: Marshal and Unmarshal of Oneof by encoding/json (on a
// plain struct with a pointer per member, which validates nothing), oasgen
// through every door, and the peers (peers_test.go).
func BenchmarkOneof(b *testing.B) {
	benchWorkload[plain.Oneof, oasu.Oneof](b, payload.Oneof, peers("Oneof"), func(r *oasimpl.Reader) error {
		var v oasu.Oneof
		return v.DecodeJSON(r)
	})
}

// BenchmarkSomeValueUnion decodes SomeValue, whose value is a oneOf told
// apart by the JSON kind, against the same document decoded with the value
// typed as its string variant.
func BenchmarkSomeValueUnion(b *testing.B) {
	b.Run("Unmarshal/lib=oasgen-variant", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(payload.SomeValue)))
		var r oasimpl.Reader
		for b.Loop() {
			var v oasu.SomeValueString
			r.Reset(payload.SomeValue)
			if err := v.DecodeJSON(&r); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Unmarshal/lib=oasgen-union", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(payload.SomeValue)))
		var r oasimpl.Reader
		for b.Loop() {
			var v oasu.SomeValue
			r.Reset(payload.SomeValue)
			if err := v.DecodeJSON(&r); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkEventTagLast(b *testing.B) {
	b.Run("Unmarshal/lib=encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(eventDoc)))
		for b.Loop() {
			var v plainClick
			if err := json.Unmarshal(eventDoc, &v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Unmarshal/lib=oasgen-variant", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(eventDoc)))
		var r oasimpl.Reader
		for b.Loop() {
			var v oasu.Click
			r.Reset(eventDoc)
			if err := v.DecodeJSON(&r); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Unmarshal/lib=oasgen-union", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(eventDoc)))
		var r oasimpl.Reader
		for b.Loop() {
			var v oasu.Event
			r.Reset(eventDoc)
			if err := v.DecodeJSON(&r); err != nil {
				b.Fatal(err)
			}
			if v.Type != oasu.EventClick {
				b.Fatal("wrong variant")
			}
		}
	})
}

// BenchmarkEventTagFirst is the easy case: the tag is the first key, so
// reading it ahead costs one key.
func BenchmarkEventTagFirst(b *testing.B) {
	b.Run("Unmarshal/lib=oasgen-variant", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(eventFirst)))
		var r oasimpl.Reader
		for b.Loop() {
			var v oasu.Click
			r.Reset(eventFirst)
			if err := v.DecodeJSON(&r); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Unmarshal/lib=oasgen-union", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(eventFirst)))
		var r oasimpl.Reader
		for b.Loop() {
			var v oasu.Event
			r.Reset(eventFirst)
			if err := v.DecodeJSON(&r); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func TestUnionWorkloads(t *testing.T) {
	var e oasu.Event
	if err := oasrt.Unmarshal(eventDoc, &e); err != nil || e.Type != oasu.EventClick || e.Click.X != 640 {
		t.Fatalf("Event: %+v, %v", e, err)
	}
	var s oasu.SomeValue
	if err := oasrt.Unmarshal(payload.SomeValue, &s); err != nil || s.Value.Type != oasu.SomeValueValueString {
		t.Fatalf("SomeValue: %+v, %v", s, err)
	}
	out, err := oasrt.Marshal(&s)
	if err != nil || string(out) != string(payload.SomeValue) {
		t.Fatalf("SomeValue re-encoded %s, %v", out, err)
	}
	var o oasu.Oneof
	if err := oasrt.Unmarshal(payload.Oneof, &o); err != nil || o.Type != oasu.OneofOneofStr || o.OneofStr.Str != "some string value" {
		t.Fatalf("Oneof: %+v, %v", o, err)
	}
	out, err = oasrt.Marshal(&o)
	if err != nil || string(out) != string(payload.Oneof) {
		t.Fatalf("Oneof re-encoded %s, %v", out, err)
	}
	// What the plain struct lets through, the oneOf rejects: two members,
	// none, a member without type.
	for _, doc := range []string{
		`{"type":2,"str":"some string value","num":1}`,
		`{"type":2}`,
		`{"str":"some string value"}`,
	} {
		var p plain.Oneof
		if err := json.Unmarshal([]byte(doc), &p); err != nil {
			t.Errorf("encoding/json on the plain struct rejects %s: %v", doc, err)
		}
		if err := oasrt.Unmarshal([]byte(doc), &o); err == nil {
			t.Errorf("oasgen accepts %s: %+v", doc, o)
		}
	}
}
