package oasimpl

import "testing"

// eventDoc is bench/union_test.go's Event payload, tag last.
var eventDoc = []byte(`{"id":123456789,"at":"2021-01-27T01:04:48Z","x":640,"y":480,"target":"#checkout-button","session":"7f9c0a2e-8b1d-4c3e-9f5a-1b2c3d4e5f60","kind":"click"}`)

// BenchmarkFindStringLast is the look-ahead of a discriminated union whose
// tag comes last: what it costs over decoding the variant directly.
func BenchmarkFindStringLast(b *testing.B) {
	var r Reader
	b.SetBytes(int64(len(eventDoc)))
	for b.Loop() {
		r.Reset(eventDoc)
		if v, ok, _ := r.FindString("kind"); !ok || string(v) != "click" {
			b.Fatal(string(v))
		}
	}
}

// BenchmarkSkipEvent is a full syntax-checking skip of the same document,
// for comparison.
func BenchmarkSkipEvent(b *testing.B) {
	var r Reader
	b.SetBytes(int64(len(eventDoc)))
	for b.Loop() {
		r.Reset(eventDoc)
		if err := r.Skip(); err != nil {
			b.Fatal(err)
		}
	}
}
