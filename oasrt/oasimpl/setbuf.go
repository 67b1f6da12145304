package oasimpl

import "unsafe"

// setBuf stores in w.Buf the result b of appending to it. When the append
// did not move the buffer (the usual case once it has grown), only the
// length is stored: `w.Buf = w.Buf[:n]` leaves the pointer alone, so no
// write barrier runs. A pointer store into a heap Writer (a pooled one,
// which every owned-output door uses) runs the garbage collector's write
// barrier whenever a collection is marking, and in a program that
// allocates, encoding a small value by pointer stores spent as long in
// barriers as in encoding.
func (w *Writer) setBuf(b []byte) {
	if unsafe.SliceData(b) == unsafe.SliceData(w.Buf) {
		w.Buf = w.Buf[:len(b)]
		return
	}
	w.Buf = b
}

// noCopy makes go vet's copylocks check report copies of the struct that
// holds it.
type noCopy struct{}

func (*noCopy) Lock()   {}
func (*noCopy) Unlock() {}
