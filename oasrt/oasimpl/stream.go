package oasimpl

import (
	"errors"
	"fmt"
	"io"
	"iter"
	"sync"
	"time"

	"github.com/oasgen/oasgen/oasrt"
)

// Streaming: for every array-valued schema, an iterator that decodes one
// element at a time and an encoder that writes the array from an iterator,
// so a document of any length needs memory for one element, not for all
// of them. The functions here do the work; generated code picks the
// element codecs (a named array type's DecodeTItems and EncodeTItems, an
// array property's ArrayField).
//
// The generic functions are compiled once per element type they are
// called with, so they are kept to a closure or two around code compiled
// once (eachElem, flusher), and their entry points are not inlined, which
// would compile their closures again at every call site.

// errStopped travels up the decoders when the consumer of an iterator stops
// early; the iterator swallows it.
var errStopped = errors.New("oasrt: iteration stopped")

// streamHook is installed on a Reader by DecodeEach: the decoder of the
// struct that owns one of the fields calls its run where the array starts
// instead of storing the array.
type streamHook struct {
	// r is the Reader the hook is installed on. Stream hands it to the
	// handler from here rather than from its receiver, so that a decoder
	// only loads through its Reader and a Reader on the stack (the
	// generated UnmarshalJSON's) stays there.
	r      *Reader
	fields []FieldItems
}

// FieldItems handles the elements of one array field of a struct being
// decoded by DecodeEach; Each makes them. One is used by one DecodeEach at
// a time: its elements are decoded into one variable.
type FieldItems struct {
	field any
	rules ArrayRules
	item  func(r *Reader, i int) error // eachElem's, for the field's elements
}

// Streams reports whether field, a pointer to an array field of the struct
// being decoded, is being streamed. Generated decoders ask it where the
// field's value starts and, when it is, call Stream instead of storing the
// array.
func (r *Reader) Streams(field any) bool { return r.stream != nil && r.stream.has(field) }

// has is only called while a field streams; out of line, the check inlined
// into every array field's decoder is a nil test.
//
//go:noinline
func (h *streamHook) has(field any) bool {
	for _, f := range h.fields {
		if f.field == field {
			return true
		}
	}
	return false
}

// Stream reads the array of field, which is being streamed, passing its
// elements to the field's handler. Not inlined, as has.
//
//go:noinline
func (r *Reader) Stream(field any) error {
	for _, f := range r.stream.fields {
		if f.field == field {
			return eachElem(r.stream.r, f.rules, f.item)
		}
	}
	return nil
}

// ArrayField is an array property of a generated struct, as the streaming
// functions (Each, DecodeFieldItems, EncodeFieldItems) take it. For an
// array property P, the struct's generated method PField returns one.
// Generated code sets its fields; a program passes it on as it is.
//
// The streaming functions are generic in the element type, so they are
// compiled for an element type only where a program calls them, not for
// every array property a generated package has.
type ArrayField[T any] struct {
	// Array points to the property inside its struct, as the struct's
	// codecs pass it to Reader.Streams and Writer.Streams.
	Array any
	// Rules are the array's count constraints.
	Rules ArrayRules
	// DecodeItem and EncodeItem are an element's codecs, with its checks.
	DecodeItem func(*T, *Reader) error
	EncodeItem func(*T, *Writer)
	// Decode and Encode are the struct's DecodeJSON and EncodeJSON.
	Decode func(*Reader) error
	Encode func(*Writer)
}

// Each returns the handler of the array field f for DecodeEach: each
// element is decoded, checked, and passed to fn instead of being stored.
// An error from fn stops the decoding and is returned as it is. The
// handler is for one DecodeEach at a time:
//
//	err := DecodeEach(&r, v.DecodeJSON, Each(v.ProductsField(), fn1), Each(v.PricesField(), fn2))
//
//go:noinline
func Each[T any](f ArrayField[T], fn func(T) error) FieldItems {
	// One element is decoded at a time into x, which escapes to the heap
	// once rather than once per element; it is cleared before each, so no
	// element shares memory with the one before it.
	var x T
	dec := f.DecodeItem
	return FieldItems{field: f.Array, rules: f.Rules, item: func(r *Reader, i int) error {
		var zero T
		x = zero
		if err := dec(&x, r); err != nil {
			return oasrt.AtIndex(err, i)
		}
		return fn(x)
	}}
}

// DecodeEach decodes a whole document with decode (a struct's DecodeJSON),
// except that the elements of the given array fields go to their handlers
// one at a time instead of being stored: a document of several large arrays
// is read in memory bounded by one element of each. Properties before an
// array in the input are set when its first element is handled, the others
// when DecodeEach returns.
func DecodeEach(r *Reader, decode func(*Reader) error, fields ...FieldItems) error {
	prev := r.stream
	r.stream = &streamHook{r: r, fields: fields}
	err := decode(r)
	r.stream = prev
	if err == nil {
		err = r.End()
	}
	return err
}

// ArrayRules are the constraints on an array that hold while streaming:
// the element count. (uniqueItems needs every element kept, so it is not
// checked on a stream.)
type ArrayRules struct {
	MinItems, MaxItems int // -1 when absent
}

// NoRules is the ArrayRules of an array without count constraints.
var NoRules = ArrayRules{-1, -1}

// eachElem reads an array, calling item with the index of each element
// when r is at it, and checks the element count. An error from item stops
// it and is returned as it is. The generic functions are thin around it:
// they are compiled once per element type, it once.
func eachElem(r *Reader, rules ArrayRules, item func(r *Reader, i int) error) error {
	if r.Null() {
		return nil // a null array has no elements
	}
	start := r.Start()
	if err := r.ArrStart(); err != nil {
		return err
	}
	for i := 0; ; i++ {
		more, err := r.ArrNext()
		if err != nil {
			return err
		}
		if !more {
			if i < rules.MinItems {
				return oasrt.ErrorAt(start, fmt.Sprintf("%d items, fewer than minItems %d", i, rules.MinItems))
			}
			return nil
		}
		if rules.MaxItems >= 0 && i >= rules.MaxItems {
			return oasrt.AtIndex(oasrt.ErrorAt(r.Start(), fmt.Sprintf("more than maxItems %d items", rules.MaxItems)), i)
		}
		if err := item(r, i); err != nil {
			return err
		}
	}
}

// DecodeItems returns an iterator over the elements of the JSON array that
// is r's whole input, decoding one element at a time with dec. Give r a
// stream (ResetReader) to decode a document of any size in bounded memory.
//
// An error (bad JSON, a failed check, a read error) is yielded once, with
// the JSON path and offset of the bad element, and ends the iteration; the
// elements yielded before it stay valid. Stopping the loop early stops
// reading.
//
//go:noinline
func DecodeItems[T any](r *Reader, rules ArrayRules, dec func(*T, *Reader) error) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		var x T // as in Each
		err := eachElem(r, rules, func(r *Reader, i int) error {
			var zero T
			x = zero
			if err := dec(&x, r); err != nil {
				return oasrt.AtIndex(err, i)
			}
			if !yield(x, nil) {
				return errStopped
			}
			return nil
		})
		if err == nil {
			err = r.End()
		}
		if endsWith(err) {
			var zero T
			yield(zero, err)
		}
	}
}

// endsWith reports whether err is to be yielded to end an iteration: not
// nil, and not the stop the loop itself asked for.
func endsWith(err error) bool { return err != nil && !errors.Is(err, errStopped) }

// DecodeFieldItems returns an iterator over the elements of the array
// field f, decoding the rest of the document into f's struct (with
// f.Decode). Properties that come before the array in the input are set
// when the first element is yielded, the others once the iteration ends;
// the array field itself stays empty. Errors are yielded as DecodeItems
// does.
//
//	for pod, err := range DecodeFieldItems(&r, list.ItemsField()) { ... }
//
//go:noinline
func DecodeFieldItems[T any](r *Reader, f ArrayField[T]) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		err := DecodeEach(r, f.Decode, Each(f, func(x T) error {
			if !yield(x, nil) {
				return errStopped
			}
			return nil
		}))
		if endsWith(err) {
			var zero T
			yield(zero, err)
		}
	}
}

// FlushSize is how many bytes a Writer streaming to an io.Writer holds
// before it writes them out.
const FlushSize = 32 << 10

// FlushDelay bounds how long encoded bytes of a streamed array wait in the
// Writer's buffer for more to join them: a streaming encoder writes out
// its first element at once, then whenever FlushSize bytes are waiting or,
// when the elements come slowly, FlushDelay after bytes began to wait. The
// opening bytes (the status line, for a response) go out within
// FlushDelay too, even before the first element.
const FlushDelay = 50 * time.Millisecond

// writeHook is installed on a Writer by EncodeFieldItems.
type writeHook struct {
	// w is the Writer the hook is installed on, handed to the items from
	// here for the reason streamHook.r is.
	w     *Writer
	field any
	out   io.Writer
	items func(f *flusher) error // hands the array's elements to f
	err   error
}

// Streams reports whether field, a pointer to an array field of the struct
// being encoded, is being streamed; generated encoders then call Stream
// instead of writing the array.
func (w *Writer) Streams(field any) bool { return w.stream != nil && w.stream.is(field) }

// is reports whether field is the one being streamed; out of line, as
// streamHook.has.
//
//go:noinline
func (h *writeHook) is(field any) bool { return h.field == field }

// Stream writes the array being streamed. start is where the object that
// holds the field began: the bytes before the array go out first, so the
// object's opening brace is put in place now (ObjectEnd will find it there).
func (w *Writer) Stream(start int) {
	h := w.stream
	w.Buf[start] = '{'
	if err := writeItems(h.w, h.out, arrayItems, h.items); err != nil && h.err == nil {
		h.err = err
	}
}

// flush writes the bytes not yet sent to out. The bytes before hold stay in
// the buffer (already sent), so offsets the encoders keep into them, to put
// an object's brace in place, stay valid.
func (w *Writer) flush(out io.Writer) error {
	if len(w.Buf) == w.sent {
		return nil
	}
	_, err := out.Write(w.Buf[w.sent:])
	w.Buf = w.Buf[:w.hold]
	w.sent = w.hold
	return err
}

// putItems hands the items seq yields to f, each encoded with enc: the
// only loop compiled per item type. An error from seq, from encoding or
// from f's output stops it and is returned; a nil seq yields nothing.
//
//go:noinline
func putItems[T any](f *flusher, seq iter.Seq2[T, error], enc func(*T, *Writer)) error {
	if seq == nil {
		return nil
	}
	// Each item is copied into cur, which enc sees: cur escapes to the
	// heap once, where a pointer to the loop's x would move every item
	// there.
	var cur T
	for x, err := range seq {
		if err := f.begin(err); err != nil {
			return err
		}
		cur = x
		enc(&cur, f.w)
		if err := f.done(); err != nil {
			return err
		}
	}
	return nil
}

// writeItems writes the items that items hands to its flusher, framed: an
// array's between brackets.
func writeItems(w *Writer, out io.Writer, framing itemFraming, items func(f *flusher) error) error {
	w.hold = len(w.Buf)
	if framing == arrayItems {
		w.Byte('[')
	}
	if err := flushing(w, out, framing, items); err != nil {
		return err
	}
	// Only now: until flushing returns, the timer may be flushing w.
	if framing == arrayItems {
		w.Byte(']')
	}
	return nil
}

// itemFraming is what a flusher writes around each item.
type itemFraming uint8

const (
	arrayItems    itemFraming = iota // a comma between items
	jsonLineItems                    // LF after each item
	jsonSeqItems                     // RS before each item, LF after
)

// flushing runs items with a flusher of w's items to out, and stops the
// flusher's timer when items returns (or panics).
func flushing(w *Writer, out io.Writer, framing itemFraming, items func(f *flusher) error) error {
	f := startFlushing(w, out, framing)
	defer f.stop()
	if err := items(f); err != nil {
		return err
	}
	return f.end()
}

// flusher frames the items a loop writes into a Writer and flushes them to
// out: on the first item, whenever FlushSize bytes wait, and FlushDelay
// after bytes began to wait.
//
// The delayed flush runs on a timer's goroutine while seq is computing the
// next item: mu hands the Writer and out between it and the loop, which
// holds mu while it encodes an item (from begin to done) and releases it
// while seq runs. Once stop returns, the timer is stopped and will not
// touch w.
type flusher struct {
	w       *Writer
	out     io.Writer
	framing itemFraming
	mu      sync.Mutex
	timer   *time.Timer
	armed   bool  // the timer will flush
	stopped bool  // the loop is over: the timer must not touch w
	first   bool  // no item was written yet
	held    bool  // the loop holds mu: begin was called, done was not
	late    error // the error of the timer's flush
}

// startFlushing returns the flusher of w's items to out, its timer armed.
func startFlushing(w *Writer, out io.Writer, framing itemFraming) *flusher {
	// armed is set before the timer exists, as it may fire at once.
	f := &flusher{w: w, out: out, framing: framing, armed: true, first: true}
	f.timer = time.AfterFunc(FlushDelay, f.flushLate)
	return f
}

// flushLate is the timer's flush.
func (f *flusher) flushLate() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.stopped && f.late == nil {
		f.late = f.w.flush(f.out)
	}
	f.armed = false
}

// begin starts an item, unless err (seq's) or the timer's flush failed: it
// takes the Writer from the timer and writes what goes before the item.
func (f *flusher) begin(err error) error {
	f.mu.Lock()
	if f.late != nil {
		err = f.late
	}
	if err != nil {
		f.mu.Unlock()
		return err
	}
	f.held = true
	switch f.framing {
	case arrayItems:
		if !f.first {
			f.w.Byte(',')
		}
	case jsonSeqItems:
		f.w.Byte(rs)
	}
	return nil
}

// done ends the item begin started, flushes when it is the first or
// FlushSize bytes wait, and hands the Writer back to the timer.
func (f *flusher) done() error {
	defer f.mu.Unlock()
	f.held = false
	w := f.w
	if f.framing != arrayItems {
		w.Byte('\n')
	}
	if w.err != nil {
		return w.err
	}
	if f.first || len(w.Buf)-w.sent >= FlushSize {
		f.first = false
		return w.flush(f.out)
	}
	if !f.armed && len(w.Buf) > w.sent {
		f.armed = true
		f.timer.Reset(FlushDelay)
	}
	return nil
}

// end returns the error of the timer's flush, if any, once seq is done.
func (f *flusher) end() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.late
}

// stop stops the timer: it will not touch w after stop returns. An item's
// encoder that panicked left mu held, by this goroutine.
func (f *flusher) stop() {
	if !f.held {
		f.mu.Lock()
	}
	f.held = false
	f.stopped = true
	f.timer.Stop()
	f.mu.Unlock()
}

// EncodeItems writes the elements seq yields to out as a JSON array,
// encoding each with enc and flushing whenever FlushSize bytes are waiting,
// so memory stays bounded by one element and the buffer. An error from seq,
// from encoding or from out stops the writing and is returned; out then
// holds a truncated document.
//
//go:noinline
func EncodeItems[T any](w *Writer, out io.Writer, seq iter.Seq2[T, error], enc func(*T, *Writer)) error {
	return encodeStream(w, out, arrayItems, func(f *flusher) error { return putItems(f, seq, enc) })
}

// encodeStream is EncodeItems and EncodeSeq but for the item type: it
// writes the whole output, framed, to out.
func encodeStream(w *Writer, out io.Writer, framing itemFraming, items func(f *flusher) error) error {
	w.Buf, w.err = w.Buf[:0], nil
	defer w.endStream()
	if err := writeItems(w, out, framing, items); err != nil {
		return err
	}
	return w.flush(out)
}

// EncodeFieldItems writes f's struct as JSON to out (with f.Encode), the
// elements of the array field f taken from seq instead of from the field.
// It flushes as EncodeItems does.
//
//go:noinline
func EncodeFieldItems[T any](w *Writer, out io.Writer, f ArrayField[T], seq iter.Seq2[T, error]) error {
	enc := f.EncodeItem
	return encodeField(w, out, f.Array, f.Encode, func(fl *flusher) error { return putItems(fl, seq, enc) })
}

// encodeField is EncodeFieldItems but for the element type.
func encodeField(w *Writer, out io.Writer, field any, encode func(*Writer), items func(f *flusher) error) error {
	w.Buf, w.err = w.Buf[:0], nil
	defer w.endStream()
	h := &writeHook{w: w, field: field, out: out, items: items}
	w.stream = h
	encode(w)
	w.stream = nil
	if h.err != nil {
		return h.err
	}
	if w.err != nil {
		return w.err
	}
	return w.flush(out)
}

// endStream leaves the Writer as Reset would.
func (w *Writer) endStream() {
	w.stream, w.sent, w.hold = nil, 0, 0
	w.Buf = w.Buf[:0]
}
