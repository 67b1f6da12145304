// This file holds the Reader's strings: reading, unescaping and interning
// them into the string blocks.

package oasimpl

import (
	"math/bits"
	"slices"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// Str reads a string value. Invalid UTF-8 is replaced by U+FFFD, as
// encoding/json does.
func (r *Reader) Str() (string, error) {
	if c := r.peek(); c != '"' && (c > ' ' || r.wsSlow() != '"') {
		return "", r.TypeError("string")
	}
	b, ok := r.plainStr()
	if !ok {
		var err error
		if b, err = r.strBytes(); err != nil {
			return "", err
		}
	}
	return r.intern(b), nil
}

// StrBytes reads a string value into memory that is valid until the next
// read. Generated code matches enum values with it without allocating.
func (r *Reader) StrBytes() ([]byte, error) {
	if c := r.peek(); c != '"' && (c > ' ' || r.wsSlow() != '"') {
		return nil, r.TypeError("string")
	}
	return r.strBytes()
}

// arenaBlock is the size of a string block: 14 KiB, the largest of the
// allocator's size classes up to 16 KiB that shares a span (four blocks to
// 56 KiB). A 16 KiB block takes a span of its own, so every block of a
// large document went to the allocator's central lists for one.
const arenaBlock = 14 << 10

// bigArenaBlock is the largest string block, of a large document read
// from a byte slice: 256 KiB, a span of its own allocated whole from the
// heap. Its blocks double from arenaBlock up to it, so a document with few
// strings gets small blocks. The 19 MB of bench's workload B then take
// about 80 blocks rather than 1,320 of arenaBlock, for about 6% less CPU
// time per decode (bench's TestDoorsCPUTime, B/Unmarshal/oasrt); a string
// the caller keeps keeps its block alive, as with any block.
const bigArenaBlock = 256 << 10

// intern copies b into the string block and returns it as a string.
func (r *Reader) intern(b []byte) string {
	n := len(b)
	if n == 0 {
		return ""
	}
	if n > cap(r.arena)-len(r.arena) {
		if n > arenaBlock/8 {
			return string(b) // long strings get their own allocation
		}
		// The strings still to come are no longer in all than the unread
		// input, so a small document gets one block that holds them all
		// and no more (every byte allocated costs the collector's time),
		// unless the Reader is reused: each block is then at least twice
		// the last. While more than four small blocks' worth of input is
		// left, blocks double up to bigArenaBlock, and are no larger than
		// that input.
		rest := len(r.buf) - r.pos + n
		size := min(arenaBlock, max(rest, 2*cap(r.arena)))
		if r.src != nil {
			size = arenaBlock // the unread input is not all in the buffer
		} else if rest > 4*arenaBlock {
			size = min(rest, bigArenaBlock, max(arenaBlock, 2*cap(r.arena)))
		}
		if size >= 1<<10 {
			r.arena = makeNoZero(size)
		} else {
			// A small block costs less to clear than the builder's calls.
			r.arena = make([]byte, 0, size)
		}
	}
	start := len(r.arena)
	r.arena = r.arena[:start+n]
	if n >= 4 && n <= 32 {
		// Most strings: two words that overlap, no call to memmove.
		putKey(unsafe.Pointer(&r.arena[start]), unsafe.String(unsafe.SliceData(b), n))
	} else {
		copy(r.arena[start:], b)
	}
	// The block is only ever appended to, so the bytes behind this
	// string are never written again: the string is immutable as Go
	// requires.
	return unsafe.String(&r.arena[start], n)
}

// plainStr reads the string starting at the quote under r.pos when it is
// plain ASCII (no escape, no byte past 0x7F) and lies in the buffer,
// eight bytes at a step; ok is false for any other,
// which strBytes reads from its start. Most keys and short values are
// plain: this path makes no call, so it needs no stack frame, where
// strBytes, which handles every case, saves and restores half a dozen
// registers around each string.
func (r *Reader) plainStr() (b []byte, ok bool) {
	s := r.buf
	start := r.pos + 1
	i := start
	for ; i+8 <= len(s); i += 8 {
		if m := special8(load64(s, i)); m != 0 {
			i += bits.TrailingZeros64(m) >> 3
			if s[i] != '"' {
				return nil, false
			}
			r.pos = i + 1
			return s[start:i], true
		}
	}
	// The last bytes of the buffer (a document's last string), one at a
	// time.
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			r.pos = i + 1
			return s[start:i], true
		case c >= utf8RuneSelf || !asciiPlain[c]:
			return nil, false
		}
	}
	return nil, false
}

// strBytes reads the string starting at the quote under r.pos. A string
// that lies whole in the buffer and needs no unescaping is returned in place;
// any other goes through strSlow into scratch space.
func (r *Reader) strBytes() ([]byte, error) {
	s := r.buf
	start := r.pos + 1
	i := start
	for {
		if i+8 <= len(s) {
			m := special8(load64(s, i))
			if m == 0 {
				i += 8
				continue
			}
			i += bits.TrailingZeros64(m) >> 3
		} else if i >= len(s) {
			if r.src != nil && r.srcErr == nil {
				return r.strSlow(start, i) // the string goes on past the buffer
			}
			r.pos = len(s)
			return nil, r.eofErr()
		}
		c := s[i]
		switch {
		case c == '"':
			r.pos = i + 1
			return s[start:i], nil
		case c == '\\':
			return r.strSlow(start, i)
		case c < ' ':
			r.pos = i
			return nil, r.syntaxErr("in string literal")
		case c < utf8.RuneSelf:
			i++
		default:
			// A run most often ends at the closing quote, which
			// multiRun need not look at.
			j := readerRun3(s, i)
			if j == i || j < len(s) && s[j] >= utf8.RuneSelf {
				j = multiRun(s, j)
			}
			if j > i {
				i = j
				continue
			}
			rn, size := utf8.DecodeRune(s[i:])
			if rn == utf8.RuneError && size == 1 {
				return r.strSlow(start, i) // invalid, or cut by the buffer's end
			}
			i += size // U+2028 or U+2029, which need no care when read
		}
	}
}

// strSlow finishes a string that needs unescaping or UTF-8 repair, or that
// goes on past a stream's buffer, copying it into scratch space. The bytes
// from start to i are plain.
func (r *Reader) strSlow(start, i int) ([]byte, error) {
	out, err := r.unescape(append(r.scratch[:0], r.buf[start:i]...), i)
	r.scratch = out[:0]
	return out, err
}

// unescape appends the rest of the string from offset i to out.
//
// Reading a stream, it never goes back: at the buffer's end (or where an
// escape or a character may be cut by it) it moves r.pos to i, whose bytes
// before are all in out, and refills from there. Each byte of a long string
// is scanned once and the buffer keeps its size, where starting the string
// again after each refill cost time quadratic in its length.
func (r *Reader) unescape(out []byte, i int) ([]byte, error) {
	s := r.buf
	for {
		// Here a run of plain bytes may begin. Eight of them begin one
		// that is copied whole; a shorter one, between escapes, is
		// copied byte by byte, which costs less.
		if i+8 <= len(s) && special8(load64(s, i)) == 0 {
			j := i + 8
			for j+8 <= len(s) {
				m := special8(load64(s, j))
				if m != 0 {
					j += bits.TrailingZeros64(m) >> 3
					break
				}
				j += 8
			}
			out = appendRun(out, s[i:j])
			i = j
		}
		for i < len(s) && s[i] < utf8.RuneSelf && asciiPlain[s[i]] {
			out = append(out, s[i])
			i++
		}
		if i >= len(s) {
			if r.refillAt(i) {
				s, i = r.buf, r.pos
				continue
			}
			r.pos = len(s)
			return out, r.eofErr()
		}
		c := s[i]
		switch {
		case c == '"':
			r.pos = i + 1
			return out, nil
		case c == '\\':
			if i+12 > len(s) && escapeCut(s, i) && r.refillAt(i) {
				// The escape (or a pair of \u escapes) may go past the
				// buffer: read it from the refilled one.
				s, i = r.buf, r.pos
				continue
			}
			if i+1 >= len(s) {
				r.pos = len(s)
				return out, r.eofErr()
			}
			e := s[i+1]
			switch e {
			case '"', '\\', '/':
				out = append(out, e)
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				rn, ok := hex4(s, i+2)
				if !ok {
					r.pos = i + 2
					return out, r.syntaxErr("in \\u hexadecimal character escape")
				}
				i += 6
				if utf16.IsSurrogate(rn) {
					// A high surrogate followed by an escaped low one is a
					// pair; anything else is replaced by U+FFFD and the
					// following escape is read on its own.
					if i+1 < len(s) && s[i] == '\\' && s[i+1] == 'u' {
						if rn2, ok := hex4(s, i+2); ok {
							if dec := utf16.DecodeRune(rn, rn2); dec != utf8.RuneError {
								out = utf8.AppendRune(out, dec)
								i += 6
								continue
							}
						}
					}
					rn = utf8.RuneError
				}
				out = utf8.AppendRune(out, rn)
				continue
			default:
				r.pos = i + 1
				return out, r.syntaxErr("in string escape code")
			}
			i += 2
		case c < ' ':
			r.pos = i
			return out, r.syntaxErr("in string literal")
		default:
			if j := multiRun(s, i); j > i {
				out = appendRun(out, s[i:j])
				i = j
				continue
			}
			// Invalid UTF-8, U+2028 or U+2029, or a character cut by the
			// buffer's end.
			rn, size := utf8.DecodeRune(s[i:])
			if rn == utf8.RuneError && size == 1 && !utf8.FullRune(s[i:]) && r.refillAt(i) {
				s, i = r.buf, r.pos
				continue
			}
			if rn == utf8.RuneError && size == 1 {
				out = append(out, "\uFFFD"...)
			} else {
				out = append(out, s[i:i+size]...)
			}
			i += size
		}
	}
}

// escapeCut reports whether the escape at s[i] may go on past the end of
// s: a short escape, or a high surrogate that the present bytes leave
// room for a low one after. Refilling only then keeps a stream of items
// from waiting for the next item to read one that is all there.
func escapeCut(s []byte, i int) bool {
	n := len(s) - i
	switch {
	case n < 2:
		return true
	case s[i+1] != 'u':
		return false
	case n < 6:
		return true
	case n >= 12:
		return false
	}
	if rn, ok := hex4(s, i+2); !ok || rn < 0xD800 || rn > 0xDBFF {
		return false
	}
	// A high surrogate: a low one, escaped, may follow.
	return n == 6 || s[i+6] == '\\' && (n == 7 || s[i+7] == 'u')
}

// refillAt refills a stream's buffer from offset i, the next byte of a
// string whose bytes before i are copied out, and reports whether it tried:
// the buffer has then moved, even if nothing was added, and r.pos is i's
// new offset. A stream that has ended, or a byte slice, is not refilled.
func (r *Reader) refillAt(i int) bool {
	if r.src == nil || r.srcErr != nil {
		return false
	}
	r.pos = i
	r.fill()
	return true
}

// appendRun appends run to out, doubling out when it is full: append grows
// a large slice by a quarter, which would copy a long string about five
// times over.
func appendRun(out, run []byte) []byte {
	if len(run) > cap(out)-len(out) {
		out = slices.Grow(out, max(len(run), cap(out)))
	}
	return append(out, run...)
}

func hex4(s []byte, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	var v rune
	for _, c := range s[i : i+4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		v = v<<4 | rune(c)
	}
	return v, true
}
