package oasimpl

import (
	"bytes"
	"io"
	"iter"
	"strings"
	"sync"
	"testing"
	"time"
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

// lockedBuffer is an io.Writer safe for the flusher's timer goroutine.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) Len() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Len()
}

// TestEncodeItemsPanicStopsFlusher: an element encoder that panics leaves
// the flusher's lock held by its goroutine; the panic must still stop the
// flusher (not deadlock), so that its timer writes nothing afterwards and
// the Writer can be used again.
func TestEncodeItemsPanicStopsFlusher(t *testing.T) {
	var out lockedBuffer
	var w Writer
	seq := iter.Seq2[streamItem, error](func(yield func(streamItem, error) bool) {
		for range 3 {
			if !yield(streamItem{"alpha", "beta"}, nil) {
				return
			}
		}
	})
	n := 0
	enc := func(x *streamItem, w *Writer) {
		if n++; n == 2 {
			panic("encoder failed")
		}
		encodeStreamItem(x, w)
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Fatal("no panic")
			}
		}()
		_ = EncodeItems(&w, &out, seq, enc)
	}()
	sent := out.Len()
	time.Sleep(3 * FlushDelay)
	if out.Len() != sent {
		t.Errorf("the flusher wrote %d bytes after the panic", out.Len()-sent)
	}
	var again bytes.Buffer
	if err := EncodeItems(&w, &again, seq, encodeStreamItem); err != nil {
		t.Fatal(err)
	}
	if want := `[["alpha","beta"],["alpha","beta"],["alpha","beta"]]`; again.String() != want {
		t.Errorf("after the panic: %s, want %s", again.String(), want)
	}
}
