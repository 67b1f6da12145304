package oasimpl

import (
	"io"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/oasgen/oasgen/oasrt"
)

// Reader decodes JSON from a byte slice in one pass. Generated decoders drive
// it token by token; it checks the JSON grammar as it goes, so every input
// encoding/json rejects as invalid JSON is rejected here too.
//
// Strings returned by Str are copied out of the input into blocks shared by
// the strings of one Reader, which costs one allocation per block instead of
// one per string. A string keeps its whole block (at most 14 KiB) alive.
//
// A Reader reads either a byte slice (Reset) or an io.Reader through a
// buffer it refills (ResetReader). The two give the same values and the same
// errors at the same offsets; a stream never needs more memory than its
// largest single token (or, for union values, its largest union value) plus
// the buffer.
//
// The zero value is an empty Reader; call Reset to give it input. A Reader
// must not be copied after its first use: the copy would append to the
// string block the original's strings point into (go vet's copylocks check
// reports copies).
//
// Methods for generated code: Intern, Mark and Restore, Pin and Unpin,
// Start and Span, Stream and Streams, StrFormat, Unknown and
// Unmarshaler serve the decoders oasgen writes (errors at the input's
// position, unions read twice, whole-value checks, streamed fields), and
// carry no compatibility promise beyond the generated-code contract
// (oasimpl.Version). They stay methods rather than oasimpl functions
// because they work on the Reader's unexported state and must inline into
// generated decoders. A hand-written DecodeJSON needs only the token
// methods (ObjStart, ObjKey, ArrStart, ArrNext, Next, Str, Int, Float,
// Bool, Null, Skip, Raw) and ErrorHere.
type Reader struct {
	_ noCopy

	buf   []byte
	pos   int
	depth int
	// base is the offset in the whole input of buf[0]: always 0 for a
	// byte slice, growing as a stream's buffer is refilled.
	base int
	// keep, when not -1, is the offset in the whole input of the first
	// byte a refill must keep (see Pin).
	keep int
	// first is set by ObjStart and ArrStart and cleared by the next
	// ObjKey or ArrNext, which then expects no comma.
	first bool

	// MaxDepth bounds the nesting of objects and arrays; 0 means
	// DefaultMaxDepth. Deeper input is an error, never a stack overflow.
	MaxDepth int
	// DisallowUnknownFields makes an object key the schema does not
	// declare an error instead of being skipped.
	DisallowUnknownFields bool
	// Direction makes required readOnly properties optional in requests
	// and required writeOnly ones optional in responses; the zero value
	// requires them all.
	Direction Direction

	// arena is the current string block. It is only ever appended to, by
	// reslicing (so no pointer is stored per string, and no write barrier
	// runs), and strings point into it: their bytes are never written again.
	arena   []byte
	scratch []byte   // unescaped string bytes, valid until the next read
	strSlab []string // free tail of the current block of short string arrays
	slabLen int      // the length of that block

	// BufferSize is the size of the buffer ResetReader reads through;
	// 0 means DefaultBufferSize. A token longer than the buffer grows it.
	BufferSize int
	src        io.Reader // nil when reading a byte slice
	srcErr     error     // the error src returned, io.EOF at its end
	own        []byte    // the refill buffer, kept across ResetReader calls
	stream     *streamHook
	keyCopy    []byte // an unknown key, while its value is skipped

	// InputSize is the size in bytes of the whole input read through
	// ResetReader, when it is known (a file's size, a Content-Length),
	// or 0. Large arrays then grow in fewer steps (see Grow), though never
	// past eight times what the bytes read so far justify. Set it after
	// ResetReader, which clears it.
	InputSize int64
	// arrStart holds the offset of the '[' of the arrays being read, by
	// depth, for Grow's estimate.
	arrStart [16]int

	// trials holds what unions decoded by trial found, while one runs
	// (trial.go); trialDepth counts the trials running.
	trials     map[trialAt]Trial
	trialDepth int
}

// DefaultBufferSize is the buffer ResetReader reads an io.Reader through.
const DefaultBufferSize = 64 << 10

// NewReader returns a Reader over data.
func NewReader(data []byte) *Reader {
	r := &Reader{}
	r.Reset(data)
	return r
}

// Reset makes the Reader read data from its start. Options are kept.
func (r *Reader) Reset(data []byte) {
	r.buf, r.pos, r.depth, r.first = data, 0, 0, false
	r.base, r.keep, r.InputSize = 0, -1, 0
	if r.trialDepth != 0 || len(r.trials) > 0 {
		// A decode that failed inside a trial leaves it running.
		r.trialDepth = 0
		clear(r.trials)
	}
	if r.src != nil || r.srcErr != nil || r.stream != nil {
		// Only when set: a pointer store, even of nil, runs the write
		// barrier while a collection marks.
		r.src, r.srcErr, r.stream = nil, nil, nil
	}
}

// ResetReader makes the Reader read from src, through a buffer of
// BufferSize bytes that it refills as decoding needs more. The input is never
// read whole into memory. A read error from src ends decoding with an Error
// that wraps it (errors.As finds an *http.MaxBytesError, for example).
// Options are kept.
func (r *Reader) ResetReader(src io.Reader) {
	size := r.BufferSize
	if size <= 0 {
		size = DefaultBufferSize
	}
	if cap(r.own) < size || cap(r.own) > 4*size {
		r.own = make([]byte, 0, size)
	}
	r.Reset(r.own[:0])
	r.src = src
}

// Offset returns the byte offset in the input of the next unread byte.
func (r *Reader) Offset() int { return r.base + r.pos }

// more refills the buffer from the stream, keeping the unread bytes (and
// the pinned ones), and reports whether any byte was added. Byte slices
// never have more.
func (r *Reader) more() bool { return r.src != nil && r.fill() }

func (r *Reader) fill() bool {
	if r.srcErr != nil {
		return false
	}
	from := r.pos
	if r.keep >= 0 && r.keep-r.base < from {
		from = r.keep - r.base
	}
	n := len(r.buf) - from
	if n == cap(r.own) {
		// One token (or a pinned value) fills the buffer: grow it.
		grown := make([]byte, n, 2*cap(r.own))
		copy(grown, r.buf[from:])
		r.own = grown
	} else if from > 0 {
		r.own = r.own[:n]
		copy(r.own, r.buf[from:])
	} else {
		// Nothing to drop: copying the kept bytes onto themselves would
		// cost their length on every refill of a long token.
		r.own = r.own[:n]
	}
	r.base += from
	r.pos -= from
	r.buf = r.own
	for range 100 { // a Reader returning 0, nil for ever is broken
		m, err := r.src.Read(r.own[n:cap(r.own)])
		r.own = r.own[:n+m]
		r.buf = r.own
		if err != nil {
			r.srcErr = err
			return m > 0
		}
		if m > 0 {
			return true
		}
	}
	r.srcErr = io.ErrNoProgress
	return false
}

// need reports whether n bytes from r.pos are in the buffer, refilling it
// when they are not and the stream has more.
func (r *Reader) need(n int) bool {
	for r.pos+n > len(r.buf) {
		if !r.more() {
			return false
		}
	}
	return true
}

// tokenByte marks the bytes that can continue a number or a literal.
var tokenByte = func() (t [256]bool) {
	for _, c := range []byte("0123456789+-.eEtruefalsn") {
		t[c] = true
	}
	return t
}()

// whole makes sure the number or literal at r.pos ends inside the buffer,
// so the scanners below, which stop at the buffer's end, see all of it.
func (r *Reader) whole() {
	i := r.pos
	for {
		for i < len(r.buf) && tokenByte[r.buf[i]] {
			i++
		}
		if i < len(r.buf) {
			return
		}
		from := r.base
		more := r.more()
		i -= r.base - from
		if !more {
			return
		}
	}
}

// Pin keeps the input from the current position in the buffer until Unpin,
// so Mark and Restore can go back over it when reading a stream. It returns
// what Unpin needs. Generated union decoders, which look ahead, pin.
func (r *Reader) Pin() int {
	old := r.keep
	if old < 0 || r.base+r.pos < old {
		r.keep = r.base + r.pos
	}
	return old
}

// Unpin ends the Pin that returned old.
func (r *Reader) Unpin(old int) { r.keep = old }

// Kind is the kind of the next JSON value.
type Kind uint8

// The kinds of JSON value, and Invalid for anything else (including the end
// of input).
const (
	Invalid Kind = iota
	Null
	Bool
	Number
	String
	Array
	Object
)

var kindNames = [...]string{"invalid", "null", "boolean", "number", "string", "array", "object"}

func (k Kind) String() string { return kindNames[k] }

var kindOf = func() (t [256]Kind) {
	t['n'] = Null
	t['t'], t['f'] = Bool, Bool
	t['-'] = Number
	for c := '0'; c <= '9'; c++ {
		t[c] = Number
	}
	t['"'] = String
	t['['] = Array
	t['{'] = Object
	return t
}()

// ws skips white space and returns the next byte, or 0 at the end of input.
func (r *Reader) ws() byte {
	// The next byte is most often the token itself.
	if c := r.peek(); c > ' ' {
		return c
	}
	return r.wsSlow()
}

// peek returns the byte at r.pos, or 0 at the buffer's end. The hottest
// callers of ws test it first and call wsSlow only when it is white space
// or 0: ws itself is too big to inline.
func (r *Reader) peek() byte {
	if r.pos < len(r.buf) {
		return r.buf[r.pos]
	}
	return 0
}

// wsSlow skips the white space ws found. A run of spaces or tabs after
// a byte of white space (a line's indentation) is skipped a word at a
// time.
func (r *Reader) wsSlow() byte {
	for r.pos < len(r.buf) {
		c := r.buf[r.pos]
		if c > ' ' || (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
			return c
		}
		r.pos++
		if r.pos < len(r.buf) {
			if d := r.buf[r.pos]; d == ' ' || d == '\t' {
				r.pos = byteRun(r.buf, r.pos, d)
			}
		}
	}
	if r.src != nil {
		return r.wsMore()
	}
	return 0
}

// wsMore refills the buffer and goes on skipping white space.
func (r *Reader) wsMore() byte {
	if !r.fill() {
		return 0
	}
	return r.ws()
}

// Next returns the kind of the next value without consuming it.
func (r *Reader) Next() Kind { return kindOf[r.ws()] }

// Null consumes a null literal and reports whether there was one.
func (r *Reader) Null() bool {
	if r.ws() == 'n' && (r.pos+4 <= len(r.buf) || r.need(4)) && string(r.buf[r.pos:r.pos+4]) == "null" {
		r.pos += 4
		return true
	}
	return false
}

// End checks that only white space follows the value just read.
func (r *Reader) End() error {
	if r.ws(); r.pos < len(r.buf) {
		return r.syntaxErr("after top-level value")
	}
	if r.src != nil && r.srcErr != io.EOF {
		return r.eofErr() // the stream failed; say how
	}
	return nil
}

// Finish returns err, the error of decoding a whole value from r, or when
// it is nil, End's. Generated UnmarshalJSON methods decode with a Reader
// on their own stack (no pool; the strings go into blocks the value
// keeps, as always):
//
//	var r Reader
//	r.Reset(data)
//	return r.Finish(v.DecodeJSON(&r))
func (r *Reader) Finish(err error) error {
	if err == nil {
		err = r.End()
	}
	return err
}

func (r *Reader) maxDepth() int {
	if r.MaxDepth > 0 {
		return r.MaxDepth
	}
	return oasrt.DefaultMaxDepth
}

// ObjStart consumes the '{' that opens an object.
func (r *Reader) ObjStart() error {
	if c := r.peek(); c != '{' && (c > ' ' || r.wsSlow() != '{') {
		return r.TypeError("object")
	}
	r.pos++
	if r.depth++; r.depth > r.maxDepth() {
		return r.depthErr()
	}
	r.first = true
	return nil
}

// ObjKey reads the next member's key and the colon after it. It returns
// ok == false once the object's closing brace is consumed. The key aliases
// the input or scratch space and is valid until the next read.
func (r *Reader) ObjKey() (key []byte, ok bool, err error) {
	c := r.peek()
	if c <= ' ' {
		c = r.wsSlow()
	}
	if c == '}' {
		// A comma is consumed together with the key after it, so a brace
		// here follows '{' or a value, never a comma.
		r.pos++
		r.depth--
		r.first = false
		return nil, false, nil
	}
	if !r.first {
		if c != ',' {
			return nil, false, r.syntaxErr("after object key:value pair")
		}
		r.pos++
		if c = r.peek(); c <= ' ' {
			c = r.wsSlow()
		}
	}
	r.first = false
	if c != '"' {
		return nil, false, r.syntaxErr("looking for beginning of object key string")
	}
	if key, ok = r.plainStr(); !ok {
		if key, err = r.strBytes(); err != nil {
			return nil, false, err
		}
	}
	if r.pos < len(r.buf) && r.buf[r.pos] == ':' {
		r.pos++
		return key, true, nil
	}
	return r.colon(key)
}

// colon reads the colon after key when white space comes first, or the
// buffer ends. A refill moves the buffer, so key is copied to scratch space
// before one.
func (r *Reader) colon(key []byte) ([]byte, bool, error) {
	for r.pos < len(r.buf) && (r.buf[r.pos] == ' ' || r.buf[r.pos] == '\n' || r.buf[r.pos] == '\r' || r.buf[r.pos] == '\t') {
		r.pos++
	}
	if r.pos == len(r.buf) && r.src != nil {
		key = append(r.scratch[:0], key...)
		r.scratch = key[:0]
	}
	if r.ws() != ':' {
		return nil, false, r.syntaxErr("after object key")
	}
	r.pos++
	return key, true, nil
}

// ArrStart consumes the '[' that opens an array.
func (r *Reader) ArrStart() error {
	if c := r.peek(); c != '[' && (c > ' ' || r.wsSlow() != '[') {
		return r.TypeError("array")
	}
	r.pos++
	if r.depth++; r.depth > r.maxDepth() {
		return r.depthErr()
	}
	if r.depth < len(r.arrStart) {
		r.arrStart[r.depth] = r.base + r.pos
	}
	r.first = true
	return nil
}

// ArrNext reports whether another element follows, consuming the comma
// before it, or the closing bracket when none does.
func (r *Reader) ArrNext() (bool, error) {
	c := r.peek()
	if c <= ' ' {
		c = r.wsSlow()
	}
	if r.first {
		r.first = false
		if c == ']' {
			r.pos++
			r.depth--
			return false, nil
		}
		return true, nil
	}
	switch c {
	case ',':
		r.pos++
		return true, nil
	case ']':
		r.pos++
		r.depth--
		return false, nil
	}
	return false, r.syntaxErr("after array element")
}

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
		// the last.
		size := min(arenaBlock, max(len(r.buf)-r.pos+n, 2*cap(r.arena)))
		if r.src != nil {
			size = arenaBlock // the unread input is not all in the buffer
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

// Bool reads true or false.
func (r *Reader) Bool() (bool, error) {
	if r.src != nil {
		r.ws()
		r.whole()
	}
	switch r.ws() {
	case 't':
		if r.pos+4 <= len(r.buf) && string(r.buf[r.pos:r.pos+4]) == "true" {
			r.pos += 4
			return true, nil
		}
	case 'f':
		if r.pos+5 <= len(r.buf) && string(r.buf[r.pos:r.pos+5]) == "false" {
			r.pos += 5
			return false, nil
		}
	}
	return false, r.TypeError("boolean")
}

// number scans a JSON number at r.pos and returns its end and whether it has
// a fraction or exponent. It consumes nothing.
func (r *Reader) number() (end int, isFloat bool, err error) {
	s, i := r.buf, r.pos
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i >= len(s):
		return 0, false, r.eofAt(i)
	case s[i] == '0':
		i++
	case '1' <= s[i] && s[i] <= '9':
		i = digitRun(s, i+1)
	default:
		return 0, false, r.syntaxAt(i, "in numeric literal")
	}
	if i < len(s) && s[i] == '.' {
		isFloat = true
		i++
		if i >= len(s) || s[i] < '0' || s[i] > '9' {
			return 0, false, r.syntaxAt(i, "after decimal point in numeric literal")
		}
		i = digitRun(s, i+1)
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		isFloat = true
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if i >= len(s) || s[i] < '0' || s[i] > '9' {
			return 0, false, r.syntaxAt(i, "in exponent of numeric literal")
		}
		i = digitRun(s, i+1)
	}
	return i, isFloat, nil
}

// numEnd marks the bytes that may follow a number in JSON: a comma, a
// closing bracket or brace, white space.
var numEnd = [256]bool{',': true, '}': true, ']': true, ' ': true, '\t': true, '\n': true, '\r': true}

// wordUint reads a positive integer of one to seven digits, with no
// leading zero (0 alone is one), followed by a byte that ends a number,
// from a byte slice with eight bytes to spare: most integers of most
// documents. It works on one word, as intDigits does, with no loop: the
// high nibble of a digit is 3 and adding 6 leaves it 3; the digits are
// combined pairwise. Such a number is below 10^7 < 2^24, so it fits every
// integer type but the 8- and 16-bit ones (size is the type's bits), whose
// limit (exclusive) the caller gives. ok is false, and nothing is consumed, for anything else
// (a sign, a fraction, more digits, white space first, the buffer's last
// bytes), which Int and Uint read the long way.
func (r *Reader) wordUint(size int, limit uint64) (u uint64, ok bool) {
	s, i := r.buf, r.pos
	if i+8 > len(s) {
		return 0, false
	}
	x := load64(s, i)
	t := (x&(lsb*0xF0) ^ lsb*0x30) | ((x+lsb*0x06)&(lsb*0xF0) ^ lsb*0x30)
	n := bits.TrailingZeros64(((t&(lsb*0x7F)+lsb*0x7F)|t)&msb) >> 3
	if uint(n-1) >= 7 || byte(x) == '0' && n > 1 || !numEnd[s[i+n]] {
		return 0, false
	}
	v := (x - lsb*'0') << (64 - 8*n)
	v = (v*10 + v>>8) & 0x00FF00FF00FF00FF
	v = (v*100 + v>>16) & 0x0000FFFF0000FFFF
	v = (v*10000 + v>>32) & 0xFFFFFFFF
	if size < 24 && v >= limit {
		return 0, false
	}
	r.pos = i + n
	return v, true
}

// Int reads an integer that fits in bits (8, 16, 32 or 64) signed bits.
// A number with a fraction or exponent is one when its value is integral
// (1.0, 1e2), as JSON Schema says; 1.5 is an error.
func (r *Reader) Int(bits int) (int64, error) {
	if r.src != nil {
		r.ws()
		r.whole()
	} else if u, ok := r.wordUint(bits, 1<<(bits-1)); ok {
		return int64(u), nil
	}
	if c := r.peek(); kindOf[c] != Number && (c > ' ' || kindOf[r.wsSlow()] != Number) {
		return 0, r.TypeError("integer")
	}
	s, i := r.buf, r.pos
	neg := s[i] == '-'
	if neg {
		i++
	}
	u, j := intDigits(s, i)
	if j < len(s) && (s[j] == '.' || s[j] == 'e' || s[j] == 'E' || '0' <= s[j] && s[j] <= '9') || j == i || s[i] == '0' && j > i+1 {
		return r.intSlow(bits)
	}
	limit := uint64(1) << (bits - 1)
	if neg && u > limit || !neg && u >= limit {
		return 0, r.rangeErr(j, bits, false)
	}
	r.pos = j
	if neg {
		return -int64(u), nil
	}
	return int64(u), nil
}

// intSlow handles the rare integer forms: long literals, and the errors.
func (r *Reader) intSlow(bits int) (int64, error) {
	end, isFloat, err := r.number()
	if err != nil {
		return 0, err
	}
	text := r.buf[r.pos:end]
	if isFloat {
		if text, err = r.integral(end); err != nil {
			return 0, err
		}
	}
	v, perr := strconv.ParseInt(unsafe.String(&text[0], len(text)), 10, bits)
	if perr != nil {
		return 0, r.rangeErr(end, bits, false)
	}
	r.pos = end
	return v, nil
}

// integral returns the digits of the number at r.pos, which ends at end
// and has a fraction or exponent, when its value is an integer: JSON
// Schema counts 1.0 and 1e2 as integers, and so does Int (encoding/json
// does not; docs/generated-code.md, "Numbers").
func (r *Reader) integral(end int) ([]byte, error) {
	text, ok := integralText(r.buf[r.pos:end])
	if !ok {
		return nil, r.ErrorHere("expected integer, got number " + string(r.buf[r.pos:end]))
	}
	return text, nil
}

// Uint reads a non-negative integer that fits in bits unsigned bits.
func (r *Reader) Uint(bits int) (uint64, error) {
	if r.src != nil {
		r.ws()
		r.whole()
	} else if u, ok := r.wordUint(bits, 1<<bits); ok {
		return u, nil
	}
	if c := r.peek(); kindOf[c] != Number && (c > ' ' || kindOf[r.wsSlow()] != Number) {
		return 0, r.TypeError("integer")
	}
	// Fast path as in Int, and a twentieth digit where it fits.
	s, i := r.buf, r.pos
	u, j := intDigits(s, i)
	if j-i == 19 && j < len(s) && '0' <= s[j] && s[j] <= '9' && u <= (math.MaxUint64-uint64(s[j]-'0'))/10 {
		u = u*10 + uint64(s[j]-'0')
		j++
	}
	if j == i || j < len(s) && (s[j] == '.' || s[j] == 'e' || s[j] == 'E' || '0' <= s[j] && s[j] <= '9') || s[i] == '0' && j > i+1 {
		return r.uintSlow(bits)
	}
	if bits < 64 && u >= 1<<bits {
		return 0, r.rangeErr(j, bits, true)
	}
	r.pos = j
	return u, nil
}

// uintSlow handles long literals, negative numbers and the errors.
func (r *Reader) uintSlow(bits int) (uint64, error) {
	end, isFloat, err := r.number()
	if err != nil {
		return 0, err
	}
	text := r.buf[r.pos:end]
	if isFloat || text[0] == '-' { // -0 is 0
		if text, err = r.integral(end); err != nil {
			return 0, err
		}
	}
	v, perr := strconv.ParseUint(unsafe.String(&text[0], len(text)), 10, bits)
	if perr != nil {
		return 0, r.rangeErr(end, bits, true)
	}
	r.pos = end
	return v, nil
}

// Float reads a number as a float of bits (32 or 64) bits. A number too large
// for it is an error, as in encoding/json.
func (r *Reader) Float(bits int) (float64, error) {
	if r.src != nil {
		r.ws()
		r.whole()
	}
	if c := r.peek(); kindOf[c] != Number && (c > ' ' || kindOf[r.wsSlow()] != Number) {
		return 0, r.TypeError("number")
	}
	end, _, err := r.number()
	if err != nil {
		return 0, err
	}
	// ParseFloat does not keep its argument, so the string may alias the
	// input.
	v, perr := strconv.ParseFloat(unsafe.String(&r.buf[r.pos], end-r.pos), bits)
	if perr != nil {
		return 0, r.ErrorHere("number " + string(r.buf[r.pos:end]) + " out of range for float" + strconv.Itoa(bits))
	}
	r.pos = end
	return v, nil
}

// NumberText reads a number and returns its literal text, which aliases the
// input and is valid until the next Reset.
func (r *Reader) NumberText() ([]byte, error) {
	if r.src != nil {
		r.ws()
		r.whole()
	}
	if c := r.peek(); kindOf[c] != Number && (c > ' ' || kindOf[r.wsSlow()] != Number) {
		return nil, r.TypeError("number")
	}
	end, _, err := r.number()
	if err != nil {
		return nil, err
	}
	b := r.buf[r.pos:end]
	r.pos = end
	return b, nil
}

// Skip reads and discards one value, checking its syntax.
func (r *Reader) Skip() error {
	switch r.ws() {
	case '{':
		if err := r.ObjStart(); err != nil {
			return err
		}
		for {
			_, ok, err := r.ObjKey()
			if err != nil || !ok {
				return err
			}
			if err := r.Skip(); err != nil {
				return err
			}
		}
	case '[':
		if err := r.ArrStart(); err != nil {
			return err
		}
		for {
			ok, err := r.ArrNext()
			if err != nil || !ok {
				return err
			}
			if err := r.Skip(); err != nil {
				return err
			}
		}
	case '"':
		_, err := r.strBytes()
		return err
	case 't', 'f':
		_, err := r.Bool()
		return err
	case 'n':
		if r.Null() {
			return nil
		}
		return r.literalErr()
	default:
		r.whole()
		end, _, err := r.number()
		if err != nil {
			return err
		}
		r.pos = end
		return nil
	}
}

// Raw reads one value and returns a copy of it with insignificant white
// space removed, for free-form schemas.
func (r *Reader) Raw() ([]byte, error) {
	r.ws()
	old := r.Pin()
	defer r.Unpin(old)
	start := r.base + r.pos
	if err := r.Skip(); err != nil {
		return nil, err
	}
	v := r.buf[start-r.base : r.pos]
	return compactValid(make([]byte, 0, len(v)), v), nil
}

// Unknown handles an object key the schema does not declare: it skips the
// value, or fails when DisallowUnknownFields is set.
// An error names the key in its path.
func (r *Reader) Unknown(key []byte) error {
	if r.DisallowUnknownFields {
		return oasrt.AtKey(r.ErrorHere("unknown property "+strconv.Quote(string(key))), string(key))
	}
	// Skipping may refill a stream's buffer under key, or unescape a
	// string into the scratch space that holds an escaped key: keep a copy
	// for the error's path.
	r.keyCopy = append(r.keyCopy[:0], key...)
	key = r.keyCopy
	if err := r.Skip(); err != nil {
		return oasrt.AtKey(err, string(key))
	}
	return nil
}

// ErrorHere returns an Error at the current offset.
func (r *Reader) ErrorHere(msg string) *oasrt.Error { return oasrt.ErrorAt(r.base+r.pos, msg) }

// TypeError returns the error for a value of the wrong kind where want was
// expected, or the syntax error if the next bytes are not JSON at all.
func (r *Reader) TypeError(want string) error {
	c := r.ws()
	if r.pos >= len(r.buf) {
		return r.eofErr()
	}
	k := kindOf[c]
	switch k {
	case Invalid:
		return r.syntaxErr("looking for beginning of value")
	case Null, Bool:
		// A misspelt literal is a syntax error, not a type error.
		r.whole()
		if err := r.literalErr(); err != nil {
			return err
		}
	}
	return r.ErrorHere("expected " + want + ", got " + k.String())
}

// literalErr checks the literal true, false or null at r.pos.
func (r *Reader) literalErr() error {
	var lit string
	switch r.buf[r.pos] {
	case 't':
		lit = "true"
	case 'f':
		lit = "false"
	default:
		lit = "null"
	}
	for i := 0; i < len(lit); i++ {
		if r.pos+i >= len(r.buf) {
			return r.eofAt(r.pos + i)
		}
		if r.buf[r.pos+i] != lit[i] {
			return r.syntaxAt(r.pos+i, "in literal "+lit)
		}
	}
	return nil
}

func (r *Reader) syntaxErr(context string) error { return r.syntaxAt(r.pos, context) }

func (r *Reader) syntaxAt(i int, context string) error {
	if i >= len(r.buf) {
		return r.eofAt(i)
	}
	return oasrt.ErrorAt(r.base+i, "invalid character "+quoteChar(r.buf[i])+" "+context)
}

func (r *Reader) eofErr() error { return r.eofAt(len(r.buf)) }

func (r *Reader) eofAt(i int) error {
	if r.srcErr != nil && r.srcErr != io.EOF {
		return &oasrt.Error{Offset: int64(r.base + i), Msg: "reading the input", Err: r.srcErr}
	}
	return oasrt.ErrorAt(r.base+i, "unexpected end of JSON input")
}

func (r *Reader) depthErr() error {
	return r.ErrorHere("exceeded max depth " + strconv.Itoa(r.maxDepth()))
}

func (r *Reader) rangeErr(end, bits int, unsigned bool) error {
	typ := "int"
	if unsigned {
		typ = "uint"
	}
	return r.ErrorHere("number " + string(r.buf[r.pos:end]) + " out of range for " + typ + strconv.Itoa(bits))
}

func quoteChar(c byte) string {
	switch {
	case c == '\'':
		return `'\''`
	case c == '"':
		return `'"'`
	case c < ' ' || c >= 0x7f:
		return strconv.Quote(string(rune(c)))
	}
	return "'" + string(c) + "'"
}
