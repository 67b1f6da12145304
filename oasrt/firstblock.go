package oasrt

// The first block of a small document. A fresh Reader (an owned door's,
// on its decoder's stack) needs a block for the string bytes it decodes
// and one for the headers of the arrays of strings it decodes (Strings):
// two allocations beside the value, where each costs the allocator and
// the collector more than its bytes do. firstBlock makes both in one, a
// struct of a few string headers, which the collector scans, and the
// bytes, which it does not. The strings point into the bytes and the
// arrays into the headers, so the block lives as long as any of them, as
// the two blocks would. The Reader makes one when it needs its first
// block for a small document's bytes and a '[' lies just ahead
// (newArena), or when the first strings it reads are an array's
// (firstStrings); otherwise its first block is bytes alone, as a reused
// Reader's blocks always are after the first.

// firstArrays is how many string headers a first block has: enough for
// the short arrays of tags and names small documents hold; a longer array
// moves to a block of its own (newStringSlab).
const firstArrays = 4

// The first blocks: the headers and 48 to 960 bytes, 112 to 1024 bytes in
// all, each a size class of the allocator (TestFirstBlockSizes).
type (
	firstBlock48 struct {
		strs  [firstArrays]string
		bytes [48]byte
	}
	firstBlock96 struct {
		strs  [firstArrays]string
		bytes [96]byte
	}
	firstBlock192 struct {
		strs  [firstArrays]string
		bytes [192]byte
	}
	firstBlock320 struct {
		strs  [firstArrays]string
		bytes [320]byte
	}
	firstBlock448 struct {
		strs  [firstArrays]string
		bytes [448]byte
	}
	firstBlock960 struct {
		strs  [firstArrays]string
		bytes [960]byte
	}
)

// maxFirstBlock is the most string bytes a first block holds.
const maxFirstBlock = 960

// firstBlock returns the two parts of a new first block with room for
// size bytes, at most maxFirstBlock: the bytes, empty, and the headers.
func firstBlock(size int) ([]byte, []string) {
	switch {
	case size <= 48:
		b := new(firstBlock48)
		return b.bytes[:0], b.strs[:]
	case size <= 96:
		b := new(firstBlock96)
		return b.bytes[:0], b.strs[:]
	case size <= 192:
		b := new(firstBlock192)
		return b.bytes[:0], b.strs[:]
	case size <= 320:
		b := new(firstBlock320)
		return b.bytes[:0], b.strs[:]
	case size <= 448:
		b := new(firstBlock448)
		return b.bytes[:0], b.strs[:]
	default:
		b := new(firstBlock960)
		return b.bytes[:0], b.strs[:]
	}
}

// bracketWindow is how far past a small document's first string a '['
// makes its first block a firstBlock: an array of strings that soon
// follows a string (a pet's tags after its name) shares the allocation;
// one further on, or none, costs a scan of this much and no more.
const bracketWindow = 64

// hasBracket reports whether b holds a '[': whether an array may follow,
// eight bytes at a step (a byte equal to '[' is a zero byte of x).
func hasBracket(b []byte) bool {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		if x := load64(b, i) ^ (lsb * '['); (x-lsb)&^x&msb != 0 {
			return true
		}
	}
	for ; i < len(b); i++ {
		if b[i] == '[' {
			return true
		}
	}
	return false
}
