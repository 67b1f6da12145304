package oasrt

import (
	"bytes"
	"strconv"
	"sync"
	"unsafe"
)

// Grow appends a zero element to s and returns the slice and a pointer to
// the new element, so generated decoders fill elements in place.
func Grow[S ~[]E, E any](s S) (S, *E) {
	var zero E
	if cap(s) == 0 && unsafe.Sizeof(zero) <= 64 {
		// Most arrays are short: start at four small elements rather
		// than growing through one and two.
		s = make(S, 0, 4)
	}
	s = append(s, zero)
	return s, &s[len(s)-1]
}

// Start skips white space and returns the offset of the next value, for
// errors that point at a value after reading it.
func (r *Reader) Start() int {
	r.ws()
	return r.base + r.pos
}

// Intern returns b as a string, copied into the Reader's string blocks.
// Generated decoders use it for map keys.
func (r *Reader) Intern(b []byte) string { return r.intern(b) }

// Missing returns the error for an object that lacks required properties:
// bit i of want stands for names[i]; seen has the bits of those present.
// It names the first missing one. The Reader has just read the object's
// closing brace.
func Missing(r *Reader, seen, want uint64, names ...string) error {
	for i, n := range names {
		if want&(1<<i) != 0 && seen&(1<<i) == 0 {
			return ErrorAt(r.base+r.pos-1, "missing required property "+strconv.Quote(n))
		}
	}
	return ErrorAt(r.base+r.pos-1, "missing required property")
}

// InvalidEnum returns the error for a value that is not one of an enum's.
func InvalidEnum(offset int, typeName string, value []byte) error {
	return ErrorAt(offset, strconv.Quote(string(value))+" is not a valid "+typeName)
}

// InvalidEnumInt returns the error for an integer that is not one of an
// enum's.
func InvalidEnumInt(offset int, typeName string, value int64) error {
	return ErrorAt(offset, strconv.FormatInt(value, 10)+" is not a valid "+typeName)
}

var writers = sync.Pool{New: func() any { return new(Writer) }}

// GetWriter returns an empty Writer from a pool; PutWriter returns it.
// Generated MarshalJSON methods use the pair so that encoding allocates only
// the returned slice.
func GetWriter() *Writer { return writers.Get().(*Writer) }

// PutWriter returns a copy of w's output and its error, and puts w back in
// the pool. Buffers that grew past 1 MiB are dropped rather than pooled.
func PutWriter(w *Writer) ([]byte, error) {
	out, err := bytes.Clone(w.Buf), w.err
	ReleaseWriter(w)
	return out, err
}

// Marshal encodes v. It is json.Marshal without the second pass that
// encoding/json makes over a Marshaler's output to check and compact it.
func Marshal(v Encoder) ([]byte, error) {
	w := GetWriter()
	v.EncodeJSON(w)
	return PutWriter(w)
}

// Unmarshal decodes data into v, checking that nothing but white space
// follows the value. It is json.Unmarshal without the validation pass that
// encoding/json makes before calling an Unmarshaler.
func Unmarshal(data []byte, v Decoder) error {
	var r Reader
	r.Reset(data)
	if err := v.DecodeJSON(&r); err != nil {
		return err
	}
	return r.End()
}

// Marshaler writes the output of v's MarshalJSON, checked and compacted as
// encoding/json does, for types a spec names with x-go-type. An error is
// kept as the Writer's and null written in its place.
func (w *Writer) Marshaler(v interface{ MarshalJSON() ([]byte, error) }) {
	b, err := v.MarshalJSON()
	if err != nil {
		w.Fail(err)
		w.Null()
		return
	}
	w.RawJSON(b)
}

// Unmarshaler reads one value and passes its bytes to v's UnmarshalJSON, for
// types a spec names with x-go-type; its error is reported at the value.
func (r *Reader) Unmarshaler(v interface{ UnmarshalJSON([]byte) error }) error {
	start := r.Start()
	b, err := r.Raw()
	if err != nil {
		return err
	}
	if err := v.UnmarshalJSON(b); err != nil {
		return &Error{Offset: int64(start), Msg: "cannot decode the value", Err: err}
	}
	return nil
}
