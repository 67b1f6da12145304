package oasimpl

import (
	"bytes"
	"reflect"
	"sync"
	"sync/atomic"
	"unsafe"
)

// maxPooled bounds what the pools keep: a Writer whose buffer grew past it,
// or a Reader's scratch space past it, goes back without that memory, so
// one large document does not stay in memory for as long as the pool lives.
const maxPooled = 64 << 10

var writers = sync.Pool{New: func() any { return new(Writer) }}

// GetWriter returns an empty Writer from a pool; PutWriter or ReleaseWriter
// returns it. Generated MarshalJSON methods use the pair so that encoding
// allocates only the returned slice.
func GetWriter() *Writer { return writers.Get().(*Writer) }

// ReleaseWriter puts a Writer from GetWriter back in the pool without
// copying its output, for callers done with w.Buf. A buffer that grew past
// 64 KiB is dropped, and so is scratch space past that bound (the key lists
// of large maps, the RawJSON checker's); the Writer goes back without them.
func ReleaseWriter(w *Writer) {
	if cap(w.Buf) > maxPooled {
		w.Buf = nil
	}
	keys := w.keys[:cap(w.keys)]
	for i := range keys {
		if cap(keys[i])*int(unsafe.Sizeof("")) > maxPooled {
			keys[i] = nil
		}
	}
	if w.raw != nil && w.raw.scratchSize() > maxPooled {
		w.raw = nil
	}
	w.Reset()
	writers.Put(w)
}

// scratchSize is the memory held by r's scratch space, in bytes.
func (r *Reader) scratchSize() int {
	return cap(r.scratch) + cap(r.keyCopy) + cap(r.own)
}

// PutWriter returns w's output, owned by the caller, and its error, and
// puts w back in the pool. Output that fits a pooled buffer is copied out
// exactly; a larger buffer, which the pool would not keep, is handed over
// itself when it wastes at most a quarter of its capacity, and copied
// otherwise.
func PutWriter(w *Writer) ([]byte, error) {
	out, err := w.Buf, w.err
	if cap(out) > maxPooled && cap(out)-len(out) <= len(out)/4 {
		w.Buf = nil // the caller's now
	} else {
		out = bytes.Clone(out)
	}
	ReleaseWriter(w)
	return out, err
}

// SizeHint remembers the size of one type's outputs, so that its
// owned-output encoders allocate their buffer once instead of growing it:
// for outputs the pooled buffers cannot hold, the size of the last one
// (growing from a pooled size allocates about five times the output); for
// smaller ones, the largest seen, until one four times smaller comes. The
// generated MarshalJSON methods keep one per type. The zero value is ready
// to use; a SizeHint is safe for concurrent use, and while a small type's
// outputs keep their size it is only read.
type SizeHint struct {
	n atomic.Int64
	// tokens holds, for MarshalJSONTo's token way (Go 1.27), the size of
	// the last value's Writer buffer and its number of strings, so that
	// both are allocated once: buffer<<32 | strings.
	tokens atomic.Uint64
	// wide is set while the type's large outputs hold text beyond ASCII,
	// which MarshalJSONTo then writes token by token.
	wide atomic.Bool
}

// GetWriter returns an empty Writer from the pool, its buffer already
// large enough for the last large output h saw (a sixteenth more).
func (h *SizeHint) GetWriter() *Writer {
	w := GetWriter()
	if n := h.n.Load(); n > int64(cap(w.Buf)) {
		w.Buf = make([]byte, 0, n+n/16)
	}
	return w
}

// PutWriter is the package's PutWriter, recording the output's size first.
func (h *SizeHint) PutWriter(w *Writer) ([]byte, error) {
	h.observe(len(w.Buf))
	return PutWriter(w)
}

// observe records an output of n bytes. Outputs that fit a pooled buffer
// are written only when larger than the one recorded, or four times
// smaller, or after a large one, so that encoding small values in
// parallel rarely writes a shared cache line.
func (h *SizeHint) observe(n int) {
	if old := h.n.Load(); int64(n) > old || int64(n) < old/4 || old > maxPooled {
		h.n.Store(int64(n))
	}
}

// Start returns a Writer that appends to dst an output the caller will
// own, sized from the outputs h saw: when dst lacks the room, a buffer
// holding dst and that room is allocated here, once, and becomes the
// output (Output). A Writer declared in the caller's function stays on its
// stack, so this door costs no pool and no copy; generated AppendJSON
// methods, which MarshalJSON and oasrt.Marshal call, use it as
//
//	w := h.Start(dst)
//	v.EncodeJSON(&w)
//	return h.Output(&w, dst)
//
// A dst with room for an output of the size h holds is used as it is, the
// Writer growing it if the output is larger after all (a buffer of the
// caller's, a power of two in size, would otherwise miss an output just
// below its size by the sixteenth).
func (h *SizeHint) Start(dst []byte) Writer {
	n := h.n.Load()
	if room := int64(cap(dst) - len(dst)); room < n || room == 0 {
		if n == 0 {
			n = minOwned
		} else {
			n += n / 16
		}
		b := make([]byte, len(dst), int64(len(dst))+n)
		if len(dst) > 0 { // MarshalJSON's nil: no call to copy nothing
			copy(b, dst)
		}
		dst = b
	}
	return Writer{Buf: dst}
}

// minOwned is the room Start makes before h has seen an output. After
// that it makes room for the largest output seen and a sixteenth more, and
// no minimum: the allocator rounds up to its size class, so a 38-byte
// output takes 48 bytes rather than 64.
const minOwned = 64

// Output returns dst with the output of w, a Writer from h.Start(dst),
// appended, recording the output's size; on an error it returns dst as it
// was, and the error. The buffer itself is handed over, unless Start
// allocated it for an empty dst and it is larger than a pooled buffer and
// wastes more than a quarter of its capacity (an output much smaller than
// the last): then it is copied.
func (h *SizeHint) Output(w *Writer, dst []byte) ([]byte, error) {
	// The common case first, with no further call: no error, and an
	// output of the size h holds, within a pooled buffer's, which h need
	// not record (observe) and which is never copied out.
	if n := int64(len(w.Buf) - len(dst)); w.err == nil && n == h.n.Load() && n <= maxPooled {
		return w.Buf, nil
	}
	return h.output(w, dst)
}

// output is Output's every case.
func (h *SizeHint) output(w *Writer, dst []byte) ([]byte, error) {
	if w.err != nil {
		return dst, w.err
	}
	out := w.Buf
	h.observe(len(out) - len(dst))
	if len(dst) == 0 && cap(out) > maxPooled && cap(out)-len(out) > len(out)/4 {
		out = bytes.Clone(out)
	}
	return out, nil
}

// hints holds a SizeHint per dynamic type for Encode.
var hints sync.Map // reflect.Type -> *SizeHint

// hintSlots caches hints by type, a slot per hash of the type's address:
// a look-up there is a load and a compare, where hints' costs a hash of an
// interface and a walk of its trie (a sixth of Encode's time on the
// petstore Pet). Types whose hashes collide take turns in a slot and fall
// back to hints.
var hintSlots [256]atomic.Pointer[hintSlot]

type hintSlot struct {
	typ  unsafe.Pointer
	hint *SizeHint
}

func hintFor(v any) *SizeHint {
	// The first word of an interface holding v is its dynamic type.
	typ := (*[2]unsafe.Pointer)(unsafe.Pointer(&v))[0]
	slot := &hintSlots[(uint64(uintptr(typ))*0x9e3779b97f4a7c15)>>56]
	if s := slot.Load(); s != nil && s.typ == typ {
		return s.hint
	}
	t := reflect.TypeOf(v)
	h, ok := hints.Load(t)
	if !ok {
		h, _ = hints.LoadOrStore(t, new(SizeHint))
	}
	slot.Store(&hintSlot{typ, h.(*SizeHint)})
	return h.(*SizeHint)
}

// Appender is implemented by pointers to every generated type: AppendJSON
// appends the value's JSON to dst, in the shape of encoding.TextAppender,
// with a Writer on its own stack and a buffer sized from the type's
// earlier outputs (SizeHint). The generated MarshalJSON is
// v.AppendJSON(nil).
type Appender interface {
	AppendJSON(dst []byte) ([]byte, error)
}

// Encode encodes v into a slice the caller owns, as oasrt.Marshal does,
// for any Encoder: a generated type by its AppendJSON; any other Encoder
// through a pooled Writer, its output copied out once (or, for outputs
// larger than a pooled buffer, written into a buffer sized from the
// type's last output and handed over).
func Encode(v Encoder) ([]byte, error) {
	if a, ok := v.(Appender); ok {
		return a.AppendJSON(nil)
	}
	h := hintFor(v)
	w := h.GetWriter()
	v.EncodeJSON(w)
	return h.PutWriter(w)
}

var readers = sync.Pool{New: func() any { return new(Reader) }}

// getReader returns a Reader from the pool, reading data.
func getReader(data []byte) *Reader {
	r := readers.Get().(*Reader)
	r.Reset(data)
	return r
}

// putReader returns r to the pool. What r handed out stays the caller's:
// its current string block and block of string arrays go with the values
// that point into them and are never written to again, so the next
// document gets blocks of its own, sized to it, as a fresh Reader would.
// The input is let go, options are reset, and scratch space past the
// pool's bound is dropped.
func putReader(r *Reader) {
	r.arena = nil
	r.strSlab, r.slabLen = nil, 0
	r.buf = nil
	r.MaxDepth, r.DisallowUnknownFields, r.Direction, r.BufferSize = 0, false, AnyDirection, 0
	if cap(r.scratch) > maxPooled {
		r.scratch = nil
	}
	if cap(r.keyCopy) > maxPooled {
		r.keyCopy = nil
	}
	if cap(r.own) > maxPooled {
		r.own = nil
	}
	readers.Put(r)
}

// Decode decodes data into v, checking that nothing but white space
// follows the value, as Unmarshal does, for any Decoder: a generated
// type (an Appender too) by its UnmarshalJSON, which keeps its Reader on
// its own stack; any other Decoder with a pooled Reader. Either way the
// strings of v are in blocks of their own, as with a fresh Reader. A type
// that has AppendJSON and an UnmarshalJSON calling Decode on itself
// would call itself without end.
func Decode(data []byte, v Decoder) error {
	if g, ok := v.(generatedDecoder); ok {
		return g.UnmarshalJSON(data)
	}
	r := getReader(data)
	err := v.DecodeJSON(r)
	if err == nil {
		err = r.End()
	}
	putReader(r)
	return err
}

// MakeReader returns a Reader over data, as a value: a Reader declared
// with it in a function stays on that function's stack when nothing lets
// it escape, as in the generated UnmarshalJSON:
//
//	r := oasimpl.MakeReader(data)
//	return r.Finish(v.DecodeJSON(&r))
func MakeReader(data []byte) Reader { return Reader{buf: data, keep: -1} }

// generatedDecoder is what every generated type has: AppendJSON, and an
// UnmarshalJSON that decodes with a Reader on its stack (and never calls
// Decode). Requiring AppendJSON too keeps Decode from calling the
// UnmarshalJSON of a hand-written Decoder, which may well call Decode.
type generatedDecoder interface {
	Appender
	UnmarshalJSON(data []byte) error
}
