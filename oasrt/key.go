//go:build 386 || amd64 || arm64 || loong64 || ppc64 || ppc64le || s390x || wasm

package oasrt

import "unsafe"

// putKey copies k, a member's key of 4 to 32 bytes, to p, which has room
// for it: two words that overlap where k is shorter than both, as the
// compiler copies a constant of known length. (A copy of unknown length is
// a call to memmove, which made a small value's members slower to write.)
// The words are loaded and stored unaligned, which these architectures
// do in one instruction; key_other.go is the others'.
func putKey(p unsafe.Pointer, k string) {
	n := len(k)
	s := unsafe.Pointer(unsafe.StringData(k))
	switch {
	case n < 8:
		*(*uint32)(p) = *(*uint32)(s)
		*(*uint32)(unsafe.Add(p, n-4)) = *(*uint32)(unsafe.Add(s, n-4))
	case n <= 16:
		*(*uint64)(p) = *(*uint64)(s)
		*(*uint64)(unsafe.Add(p, n-8)) = *(*uint64)(unsafe.Add(s, n-8))
	default:
		*(*[2]uint64)(p) = *(*[2]uint64)(s)
		*(*[2]uint64)(unsafe.Add(p, n-16)) = *(*[2]uint64)(unsafe.Add(s, n-16))
	}
}
