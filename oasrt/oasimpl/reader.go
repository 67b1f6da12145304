package oasimpl

import (
	"io"
	"strconv"

	"github.com/oasgen/oasgen/oasrt"
)

// Reader decodes JSON from a byte slice in one pass. Generated decoders drive
// it token by token; it checks the JSON grammar as it goes, so every input
// encoding/json rejects as invalid JSON is rejected here too.
//
// Strings returned by Str are copied out of the input into blocks shared by
// the strings of one Reader, which costs one allocation per block instead of
// one per string. A string keeps its whole block alive: at most 14 KiB, or
// 256 KiB while more than 56 KiB of a byte slice is left to read.
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
