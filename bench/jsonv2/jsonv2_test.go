//go:build go1.27

package jsonv2

import (
	"encoding/json/v2"
	"testing"

	"github.com/oasgen/oasgen/bench/internal/jsoneq"
	oasa "github.com/oasgen/oasgen/bench/internal/oasgen/a"
	oasb "github.com/oasgen/oasgen/bench/internal/oasgen/b"
	oasc "github.com/oasgen/oasgen/bench/internal/oasgen/c"
	oasu "github.com/oasgen/oasgen/bench/internal/oasgen/u"
	"github.com/oasgen/oasgen/bench/internal/payload"
	"github.com/oasgen/oasgen/bench/internal/plain"
)

// lib is the name of the contender in the tables.
const lib = "lib=encoding-json-v2"

func BenchmarkA(b *testing.B) {
	bench[plain.Pet](b, payload.A)
	doors[plain.Pet, oasa.Pet](b, payload.A)
}

func BenchmarkB(b *testing.B) {
	bench[plain.List](b, payload.B())
	doors[plain.List, oasb.List](b, payload.B())
}

func BenchmarkC(b *testing.B) {
	bench[plain.ABitOfEverything](b, payload.C())
	doors[plain.ABitOfEverything, oasc.ABitOfEverything](b, payload.C())
}

func BenchmarkSomeValue(b *testing.B) {
	bench[plain.SomeValue](b, payload.SomeValue)
	doors[plain.SomeValue, oasu.SomeValue](b, payload.SomeValue)
}

func BenchmarkOneof(b *testing.B) {
	bench[plain.Oneof](b, payload.Oneof)
	doors[plain.Oneof, oasu.Oneof](b, payload.Oneof)
}

// bench runs json.Marshal and json.Unmarshal (v2, default options) of a T
// decoded from data, under the names of the other contenders' benchmarks.
func bench[T any](b *testing.B, data []byte) {
	b.Run("Marshal/"+lib, func(b *testing.B) {
		var v T
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
	b.Run("Unmarshal/"+lib, func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			var v T
			if err := json.Unmarshal(data, &v); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestPeersAgree checks, before any timing, that encoding/json/v2 decodes
// every payload and encodes a document of the same value.
func TestPeersAgree(t *testing.T) {
	t.Run("A", func(t *testing.T) { agree[plain.Pet](t, payload.A) })
	t.Run("B", func(t *testing.T) { agree[plain.List](t, payload.B()) })
	t.Run("C", func(t *testing.T) { agree[plain.ABitOfEverything](t, payload.C()) })
	t.Run("SomeValue", func(t *testing.T) { agree[plain.SomeValue](t, payload.SomeValue) })
	t.Run("Oneof", func(t *testing.T) { agree[plain.Oneof](t, payload.Oneof) })
}

func agree[T any](t *testing.T, data []byte) {
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("decode: %v", err)
	}
	out, err := json.Marshal(&v)
	if err != nil {
		t.Fatalf("encode: %v", err)
	}
	if err := jsoneq.Equal(data, out); err != nil {
		t.Fatalf("encode after decode: %v", err)
	}
}
