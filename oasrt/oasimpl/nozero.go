package oasimpl

import (
	"strings"
	"unsafe"
)

// makeNoZero returns an empty byte slice with room for n bytes (n > 0),
// whose memory is not cleared first: a string block's bytes are each
// written before any string points at them, so clearing them would be
// wasted: on a large document it was a large part of the allocation's time.
// strings.Builder's Grow is the allocation the standard library leaves
// uncleared; the one byte written makes String's data pointer the
// block's, and the builder and that string are dropped here.
func makeNoZero(n int) []byte {
	var b strings.Builder
	b.Grow(n)
	b.WriteByte(0)
	return unsafe.Slice(unsafe.StringData(b.String()), n)[:0]
}
