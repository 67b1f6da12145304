//go:build !(386 || amd64 || arm64 || loong64 || ppc64 || ppc64le || s390x || wasm)

package oasimpl

import "unsafe"

// putKey copies k, a member's key, to p, which has room for it. Where an
// unaligned word access may trap, it is a plain copy (key.go is the word
// copy of the other architectures).
func putKey(p unsafe.Pointer, k string) {
	copy(unsafe.Slice((*byte)(p), len(k)), k)
}

// plainCopy copies s to p, which has room for it, while its bytes are plain
// (none needs escaping in a JSON string), and returns how many it copied:
// len(s) when all are (key.go has the word-at-a-time version).
func plainCopy(p unsafe.Pointer, s string) int {
	i := 0
	for i < len(s) && s[i] < utf8RuneSelf && asciiPlain[s[i]] {
		i++
	}
	copy(unsafe.Slice((*byte)(p), i), s[:i])
	return i
}
