//go:build !(386 || amd64 || arm64 || loong64 || ppc64 || ppc64le || s390x || wasm)

package oasrt

import "unsafe"

// putKey copies k, a member's key, to p, which has room for it. Where an
// unaligned word access may trap, it is a plain copy (key.go is the word
// copy of the other architectures).
func putKey(p unsafe.Pointer, k string) {
	copy(unsafe.Slice((*byte)(p), len(k)), k)
}
