package oasrt

import (
	"errors"
	"fmt"
	"io"
	"iter"
	"sync"
	"time"
)

// Streaming: generated code offers, for every array-valued schema, an
// iterator that decodes one element at a time and an encoder that writes
// the array from an iterator, so a document of any length needs memory for
// one element, not for all of them. The functions here do the work; the
// generated ones pick the element codecs.

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
// decoded by DecodeEach. Generated code makes them: for an array property
// P, the method EachP.
type FieldItems struct {
	field any
	run   func(r *Reader) error
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
			return f.run(r.stream.r)
		}
	}
	return nil
}

// Each returns the handler of the array field (a pointer into a struct) for
// DecodeEach: each element is decoded with dec, checked, and passed to fn
// instead of being stored. An error from fn stops the decoding and is
// returned as it is.
func Each[T any](field any, rules ArrayRules, dec func(*T, *Reader) error, fn func(T) error) FieldItems {
	return FieldItems{field: field, run: func(r *Reader) error {
		var x T
		var fnErr error
		err := eachElem(r, rules, func(i int) error {
			var zero T
			x = zero
			if err := dec(&x, r); err != nil {
				return AtIndex(err, i)
			}
			if fnErr = fn(x); fnErr != nil {
				return errStopped
			}
			return nil
		})
		if err == errStopped {
			return fnErr
		}
		return err
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

// eachItem reads an array, decoding each element with dec and passing it
// to yield. It returns errStopped when yield asks to stop.
func eachItem[T any](r *Reader, rules ArrayRules, dec func(*T, *Reader) error, yield func(T, error) bool) error {
	// One element is decoded at a time into x, which escapes to the heap
	// once rather than once per element; it is cleared before each, so no
	// element shares memory with the one before it.
	var x T
	return eachElem(r, rules, func(i int) error {
		var zero T
		x = zero
		if err := dec(&x, r); err != nil {
			return AtIndex(err, i)
		}
		if !yield(x, nil) {
			return errStopped
		}
		return nil
	})
}

// eachElem reads an array, calling item with the index of each element
// when r is at it, and checks the element count. An error from item stops
// it and is returned as it is. The generic functions above are thin
// around it: they are compiled once per element type, it once.
func eachElem(r *Reader, rules ArrayRules, item func(i int) error) error {
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
				return ErrorAt(start, fmt.Sprintf("%d items, fewer than minItems %d", i, rules.MinItems))
			}
			return nil
		}
		if rules.MaxItems >= 0 && i >= rules.MaxItems {
			return AtIndex(ErrorAt(r.Start(), fmt.Sprintf("more than maxItems %d items", rules.MaxItems)), i)
		}
		if err := item(i); err != nil {
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
func DecodeItems[T any](r *Reader, rules ArrayRules, dec func(*T, *Reader) error) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		err := eachItem(r, rules, dec, yield)
		if err == nil {
			err = r.End()
		}
		yieldErr(yield, err)
	}
}

// yieldErr yields err to end an iteration, unless there is none or it is
// the stop the loop itself asked for.
func yieldErr[T any](yield func(T, error) bool, err error) {
	if endsWith(err) {
		var zero T
		yield(zero, err)
	}
}

// endsWith reports whether err is to be yielded to end an iteration: not
// nil, and not the stop the loop itself asked for.
func endsWith(err error) bool { return err != nil && !errors.Is(err, errStopped) }

// DecodeFieldItems returns an iterator over the elements of one array
// field of a struct, decoding the rest of the document into the struct:
// decode is the struct's DecodeJSON and each the field's Each method.
// Properties that come before the array in the input are set when the
// first element is yielded, the others once the iteration ends; the array
// field itself stays empty. Errors are yielded as DecodeItems does.
func DecodeFieldItems[T any](r *Reader, decode func(*Reader) error, each func(func(T) error) FieldItems) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		err := DecodeEach(r, decode, each(func(x T) error {
			if !yield(x, nil) {
				return errStopped
			}
			return nil
		}))
		yieldErr(yield, err)
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
	// w is the Writer the hook is installed on, handed to run from here
	// for the reason streamHook.r is.
	w     *Writer
	field any
	out   io.Writer
	run   func(w *Writer) error
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
	if err := h.run(h.w); err != nil && h.err == nil {
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

// writeItems writes the array seq yields, flushing as encodeFlushing does.
func writeItems[T any](w *Writer, out io.Writer, seq iter.Seq2[T, error], enc func(*T, *Writer)) error {
	w.hold = len(w.Buf)
	w.Byte('[')
	err := encodeFlushing(w, out, seq, func(x *T, first bool) {
		if !first {
			w.Byte(',')
		}
		enc(x, w)
	})
	if err != nil {
		return err
	}
	w.Byte(']')
	return nil
}

// encodeFlushing writes the items seq yields with put (an item with its
// separator or framing; first is set for the first), flushing to out on
// the first item, whenever FlushSize bytes wait, and FlushDelay after
// bytes began to wait. An error from seq, from encoding or from out stops
// it and is returned; a nil seq yields nothing. The work is the flusher's,
// compiled once: what is compiled per item type is the loop.
func encodeFlushing[T any](w *Writer, out io.Writer, seq iter.Seq2[T, error], put func(x *T, first bool)) error {
	f := startFlushing(w, out)
	defer f.stop()
	if seq != nil {
		// Each item is copied into cur, which put sees: cur escapes to
		// the heap once, where a pointer to the loop's x would move every
		// item there.
		var cur T
		for x, err := range seq {
			cur = x
			if err := f.item(err, func(first bool) { put(&cur, first) }); err != nil {
				return err
			}
		}
	}
	return f.end()
}

// flusher flushes a Writer's items to out for encodeFlushing.
//
// The delayed flush runs on a timer's goroutine while seq is computing the
// next item: mu hands the Writer and out between it and the loop, which
// holds mu while it encodes an item and releases it while seq runs. Once
// stop returns, the timer is stopped and will not touch w.
type flusher struct {
	w       *Writer
	out     io.Writer
	mu      sync.Mutex
	timer   *time.Timer
	armed   bool  // the timer will flush
	stopped bool  // the loop is over: the timer must not touch w
	first   bool  // no item was written yet
	late    error // the error of the timer's flush
}

// startFlushing returns the flusher of w's items to out, its timer armed.
func startFlushing(w *Writer, out io.Writer) *flusher {
	// armed is set before the timer exists, as it may fire at once.
	f := &flusher{w: w, out: out, armed: true, first: true}
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

// item writes one item with put, unless err (seq's) or the timer's flush
// failed, and flushes when it is the first or FlushSize bytes wait.
func (f *flusher) item(err error, put func(first bool)) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.late != nil {
		return f.late
	}
	if err != nil {
		return err
	}
	w := f.w
	put(f.first)
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

// stop stops the timer: it will not touch w after stop returns.
func (f *flusher) stop() {
	f.mu.Lock()
	f.stopped = true
	f.timer.Stop()
	f.mu.Unlock()
}

// EncodeItems writes the elements seq yields to out as a JSON array,
// encoding each with enc and flushing whenever FlushSize bytes are waiting,
// so memory stays bounded by one element and the buffer. An error from seq,
// from encoding or from out stops the writing and is returned; out then
// holds a truncated document.
func EncodeItems[T any](w *Writer, out io.Writer, seq iter.Seq2[T, error], enc func(*T, *Writer)) error {
	w.Buf, w.err = w.Buf[:0], nil
	defer w.endStream()
	if err := writeItems(w, out, seq, enc); err != nil {
		return err
	}
	return w.flush(out)
}

// EncodeFieldItems writes a struct as JSON to out with one array field's
// elements taken from seq instead of from the field: encode is the
// struct's EncodeJSON and field points to the array field. It flushes as
// EncodeItems does.
func EncodeFieldItems[T any](w *Writer, out io.Writer, field any, encode func(*Writer), seq iter.Seq2[T, error], enc func(*T, *Writer)) error {
	return encodeField(w, out, field, encode, func(w *Writer) error { return writeItems(w, out, seq, enc) })
}

// encodeField is EncodeFieldItems but for the element type: run writes
// the array.
func encodeField(w *Writer, out io.Writer, field any, encode func(*Writer), run func(*Writer) error) error {
	w.Buf, w.err = w.Buf[:0], nil
	defer w.endStream()
	h := &writeHook{w: w, field: field, out: out, run: run}
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
