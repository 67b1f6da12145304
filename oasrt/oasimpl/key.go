//go:build 386 || amd64 || arm64 || loong64 || ppc64 || ppc64le || s390x || wasm

package oasimpl

import "unsafe"

// putKey copies k, a member's key of 4 to 32 bytes (or a decoded string
// of that length), to p, which has room for it: two words that overlap
// where k is shorter than both, as the compiler copies a constant of
// known length. (A copy of unknown length is a call to memmove, which
// made a small value's members slower to write.)
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

// plainCopy copies s to p, which has room for it, while its bytes are plain
// (none needs escaping in a JSON string), and returns how many it copied:
// len(s) when all are. It copies in words, loaded and stored unaligned,
// the last one overlapping the one before where len(s) is not a multiple
// of eight, so a short string takes no call to memmove and no loop per
// byte; it stops at the first word that holds a byte which is not plain.
// Every byte it writes is a byte of s at its own place, so a caller that
// goes on from the count writes nothing past its output.
func plainCopy(p unsafe.Pointer, s string) int {
	n := len(s)
	q := unsafe.Pointer(unsafe.StringData(s))
	switch {
	case n >= 8:
		i := 0
		for ; i+8 < n; i += 8 {
			x := *(*uint64)(unsafe.Add(q, i))
			if special8(x) != 0 {
				return i
			}
			*(*uint64)(unsafe.Add(p, i)) = x
		}
		x := *(*uint64)(unsafe.Add(q, n-8))
		if special8(x) != 0 {
			return i
		}
		*(*uint64)(unsafe.Add(p, n-8)) = x
	case n >= 4:
		a, b := *(*uint32)(q), *(*uint32)(unsafe.Add(q, n-4))
		if special8(uint64(a)|uint64(b)<<32) != 0 {
			return 0
		}
		*(*uint32)(p) = a
		*(*uint32)(unsafe.Add(p, n-4)) = b
	case n > 0:
		// One to three bytes: the first, middle and last (some the same),
		// tested in one word whose other bytes are a plain 'a'.
		a, b, c := s[0], s[n>>1], s[n-1]
		if special8(uint64(a)|uint64(b)<<8|uint64(c)<<16|0x6161616161<<24) != 0 {
			return 0
		}
		*(*byte)(p) = a
		*(*byte)(unsafe.Add(p, n>>1)) = b
		*(*byte)(unsafe.Add(p, n-1)) = c
	}
	return n
}
