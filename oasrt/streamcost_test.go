package oasrt

import (
	"io"
	"iter"
	"strings"
	"testing"
)

// streamItem is an element type of the streaming benchmarks: a struct, as
// generated element types are.
type streamItem struct{ A, B string }

func decodeStreamItem(x *streamItem, r *Reader) error {
	if err := r.ArrStart(); err != nil {
		return err
	}
	for _, s := range []*string{&x.A, &x.B} {
		if _, err := r.ArrNext(); err != nil {
			return err
		}
		v, err := r.Str()
		if err != nil {
			return err
		}
		*s = v
	}
	_, err := r.ArrNext()
	return err
}

func encodeStreamItem(x *streamItem, w *Writer) {
	w.Byte('[')
	w.String(x.A)
	w.Byte(',')
	w.String(x.B)
	w.Byte(']')
}

// BenchmarkStreamItems decodes and encodes an array of 1000 structs one
// element at a time (DecodeItems, EncodeItems): the cost of the streaming
// helpers around the element codecs, and their allocations.
func BenchmarkStreamItems(b *testing.B) {
	const n = 1000
	data := []byte("[" + strings.TrimSuffix(strings.Repeat(`["alpha","beta"],`, n), ",") + "]")
	b.Run("decode", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			count := 0
			for _, err := range DecodeItems(NewReader(data), NoRules, decodeStreamItem) {
				if err != nil {
					b.Fatal(err)
				}
				count++
			}
			if count != n {
				b.Fatalf("%d items, want %d", count, n)
			}
		}
	})
	b.Run("encode", func(b *testing.B) {
		b.ReportAllocs()
		var w Writer
		seq := iter.Seq2[streamItem, error](func(yield func(streamItem, error) bool) {
			for range n {
				if !yield(streamItem{"alpha", "beta"}, nil) {
					return
				}
			}
		})
		for range b.N {
			if err := EncodeItems(&w, io.Discard, seq, encodeStreamItem); err != nil {
				b.Fatal(err)
			}
		}
	})
}
