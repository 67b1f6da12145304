//go:build go1.27 && goexperiment.jsonv2

package oasimpl

import (
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"math"
	"math/bits"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/oasgen/oasgen/oasrt"
)

// This file is what generated MarshalJSONTo and UnmarshalJSONFrom methods
// call: encoding/json/v2's interfaces, which encoding/json calls too from
// Go 1.27 on (it is built on v2 there). It builds where encoding/json/v2
// is in the standard library without an experiment flag, and so do the
// generated methods (oas_jsonv2_gen.go).

// EncodeTo encodes a value with encode, its EncodeJSON method, into a
// pooled Writer sized from h, and writes the output to enc. An error the
// encoding kept (a NaN, a time past year 9999) is returned instead and
// nothing is written. The generated MarshalJSONTo is
//
//	return h.EncodeTo(enc, v.EncodeJSON)
//
// (encode does not escape, so the method value stays on the caller's
// stack; the Writer is pooled because jsontext needs the whole output.)
//
// jsontext has no way to write a value unchecked: WriteValue parses what
// it is given and re-encodes every string under enc's options (encoding/
// json's escape <, > and &, and U+2028 and U+2029), decoding each
// multi-byte character twice. For most values that one call is the
// cheapest way in. A large value of wide text (a quarter of its bytes
// beyond ASCII) is handed over a token at a time instead, each string as
// a jsontext.String, which enc escapes decoding each character once, as
// it does a plain struct's: once the type's outputs have been large and
// wide, encode writes into a Writer that keeps the strings aside on a
// tape (encodeLarge), and writeTokens hands the keys, the punctuation and
// the tape's strings over in order. Token by token costs more per token,
// so small values and ASCII text, where the one scan is cheap, keep
// WriteValue (bench/results/jsondoors.md has the numbers). A type with an
// EncodeTokens method (-json-tokens) skips the Writer for a large value
// altogether (EncodeTokensTo).
func (h *SizeHint) EncodeTo(enc *jsontext.Encoder, encode func(*Writer)) error {
	return h.encodeTo(enc, encode, nil)
}

// encodeTo is EncodeTo, and with tokens EncodeTokensTo: both inline, so a
// generated MarshalJSONTo makes one call whichever it calls.
func (h *SizeHint) encodeTo(enc *jsontext.Encoder, encode func(*Writer), tokens func(*Tokens)) error {
	if h.n.Load() >= tokensFrom && (tokens != nil || h.wide.Load()) {
		return h.encodeLarge(enc, encode, tokens)
	}
	w := h.GetWriter()
	encode(w)
	h.observe(len(w.Buf))
	err := w.err
	if err == nil {
		err = h.writeValue(enc, w.Buf)
	}
	ReleaseWriter(w)
	return err
}

// writeValue writes b, a whole output, to enc in one WriteValue or, when
// it is large and its first 4 KiB are wide text (a quarter or more of
// their bytes beyond ASCII), token by token, and records which for the
// type's next value. jsontext's WriteValue decodes each character beyond
// ASCII twice, where a string token is decoded once; a token costs more
// than WriteValue's scan of it, so a large value of ASCII text, numbers
// and a few words beyond ASCII is faster in one WriteValue.
func (h *SizeHint) writeValue(enc *jsontext.Encoder, b []byte) error {
	if len(b) >= tokensFrom {
		sample := b[:4<<10]
		wide := 4*nonASCII(sample) >= len(sample)
		if wide != h.wide.Load() {
			h.wide.Store(wide)
		}
		if wide {
			return writeTokens(enc, b, nil)
		}
	}
	return enc.WriteValue(b)
}

// encodeLarge writes a value of a type whose outputs have reached
// tokensFrom token by token: with tokens when the type has an
// EncodeTokens method, otherwise with encode into a Writer with a tape,
// which keeps the strings aside (Writer.tapeStr) instead of escaping them
// into its buffer, so that writeTokens hands each to enc as the string it
// is, escaped once, by enc, as a plain struct's are, and the buffer holds
// only the keys and the rest.
func (h *SizeHint) encodeLarge(enc *jsontext.Encoder, encode func(*Writer), tokens func(*Tokens)) error {
	start := enc.OutputOffset()
	var err error
	if tokens != nil {
		t := Tokens{enc: enc}
		tokens(&t)
		err = t.err
	} else {
		w := GetWriter()
		tape := tapes.Get().(*[]string)
		last := h.tokens.Load()
		if n := int(last >> 32); cap(w.Buf) < n {
			w.Buf = make([]byte, 0, n+n/16)
		}
		if n := int(uint32(last)); cap(*tape) < n {
			*tape = make([]string, 0, n+n/16)
		}
		w.tape = tape
		encode(w)
		w.tape = nil
		if n, m := uint64(len(w.Buf)), uint64(len(*tape)); n < 1<<32 && m < 1<<32 {
			h.tokens.Store(n<<32 | m)
		}
		if !wideStrings(*tape) {
			h.wide.Store(false) // the next value goes in one WriteValue
		}
		if err = w.err; err == nil {
			err = writeTokens(enc, w.Buf, *tape)
		}
		clear(*tape) // keep no string alive
		*tape = (*tape)[:0]
		if cap(*tape)*int(unsafe.Sizeof("")) > maxPooled {
			*tape = nil
		}
		tapes.Put(tape)
		ReleaseWriter(w)
	}
	if err == nil {
		h.observe(int(enc.OutputOffset() - start))
	}
	return err
}

// wideStrings reports whether the strings of a tape, in their first 4 KiB
// taken together, are wide text: a quarter or more of their bytes beyond
// ASCII (writeValue).
func wideStrings(tape []string) bool {
	n, wide := 0, 0
	for _, s := range tape {
		if n >= 4<<10 {
			break
		}
		n += len(s)
		wide += nonASCII(unsafe.Slice(unsafe.StringData(s), len(s)))
	}
	return 4*wide >= n
}

// tapes pools the tapes of encodeLarge.
var tapes = sync.Pool{New: func() any { return new([]string) }}

// tokensFrom is the size from which a value of wide text is written token
// by token (writeValue, and encodeLarge once a type's
// outputs have reached it).
const tokensFrom = 64 << 10

// nonASCII returns the number of bytes of b beyond ASCII.
func nonASCII(b []byte) int {
	n, i := 0, 0
	for ; i+8 <= len(b); i += 8 {
		n += bits.OnesCount64(load64(b, i) & 0x8080808080808080)
	}
	for ; i < len(b); i++ {
		n += int(b[i] >> 7)
	}
	return n
}

// writeTokens writes b, a Writer's output (valid JSON, no white space), to
// enc token by token. With a tape, each zero byte in b stands for the next
// string of the tape, and each one byte, followed by the length of a
// quoted name and the name, for a member with that name and the next
// string (Writer.tapeStr).
func writeTokens(enc *jsontext.Encoder, b []byte, tape []string) error {
	var err error
	for i := 0; i < len(b) && err == nil; {
		switch b[i] {
		case ',', ':':
			i++
			continue
		case '{':
			err = enc.WriteToken(jsontext.BeginObject)
		case '}':
			err = enc.WriteToken(jsontext.EndObject)
		case '[':
			err = enc.WriteToken(jsontext.BeginArray)
		case ']':
			err = enc.WriteToken(jsontext.EndArray)
		case 0:
			err = writeString(enc, tape[0])
			tape = tape[1:]
		case 1: // a member: its quoted name, after its length, then its string
			n := int(b[i+1])
			if err = enc.WriteValue(b[i+2 : i+2+n]); err == nil {
				err = writeString(enc, tape[0])
			}
			tape = tape[1:]
			i += 2 + n
			continue
		case '"':
			end, plain := stringEnd(b, i+1)
			if plain {
				err = enc.WriteToken(jsontext.String(unsafe.String(unsafe.SliceData(b[i+1:]), end-i-1)))
			} else {
				err = enc.WriteValue(b[i : end+1])
			}
			i = end + 1
			continue
		default: // a number, true, false or null
			end := i + 1
			for end < len(b) && b[end] != ',' && b[end] != ']' && b[end] != '}' {
				end++
			}
			err = enc.WriteValue(b[i:end])
			i = end
			continue
		}
		i++
	}
	return err
}

// writeString writes s to enc as Tokens.String does: enc escapes it, and a
// string with invalid UTF-8 that enc's options reject goes as the Writer
// writes it.
func writeString(enc *jsontext.Encoder, s string) error {
	err := enc.WriteToken(jsontext.String(s))
	if err != nil && !utf8.ValidString(s) {
		var w Writer
		w.String(s)
		err = enc.WriteValue(w.Buf)
	}
	return err
}

// stringEnd returns the offset of the quote that closes the string whose
// body starts at b[i], and whether the body holds no escape.
func stringEnd(b []byte, i int) (end int, plain bool) {
	plain = true
	for {
		for i+8 <= len(b) && quoteOrEscape8(load64(b, i)) == 0 {
			i += 8
		}
		switch b[i] {
		case '"':
			return i, plain
		case '\\':
			plain = false
			i += 2
		default:
			i++
		}
	}
}

// quoteOrEscape8 returns a word with the high bit set in each byte of x
// that is a quote or a backslash.
func quoteOrEscape8(x uint64) uint64 {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	q := x ^ (lo * '"')
	e := x ^ (lo * '\\')
	return ((q-lo)&^q | (e-lo)&^e) & hi
}

// DecodeFrom reads the next value from dec and decodes it into v with a
// pooled Reader, checking the schema, as ResetFrom and Finish do with a
// Reader of the caller's (generated UnmarshalJSONFrom methods declare one
// on their stack).
func DecodeFrom(dec *jsontext.Decoder, v Decoder) error {
	r := readers.Get().(*Reader)
	err := r.ResetFrom(dec)
	if err == nil {
		err = r.Finish(v.DecodeJSON(r))
	}
	putReader(r)
	return err
}

// ResetFrom makes r read the next value of dec, returning dec's error if
// it has none: dec reads the value once (checking its syntax), r then
// decodes it in one pass. Offsets in r's errors are offsets in dec's
// input; paths start at the value. When dec's options reject unknown
// members (json.Decoder.DisallowUnknownFields), so does r. Generated
// UnmarshalJSONFrom methods decode with a Reader on their own stack:
//
//	var r Reader
//	if err := r.ResetFrom(dec); err != nil {
//		return err
//	}
//	return r.Finish(v.DecodeJSON(&r))
func (r *Reader) ResetFrom(dec *jsontext.Decoder) error {
	val, err := dec.ReadValue()
	if err != nil {
		return err
	}
	r.Reset(val)
	r.base = int(dec.InputOffset()) - len(val)
	if reject, _ := jsonv2.GetOption(dec.Options(), jsonv2.RejectUnknownMembers); reject {
		r.DisallowUnknownFields = true
	}
	return nil
}

// Tokens writes a value to a jsontext.Encoder a token at a time. A
// generated object type whose members are all declared properties has an
// EncodeTokens method that writes them through one; the generated
// MarshalJSONTo calls it (EncodeTokensTo) once the type's outputs have
// been large, so a large value goes to the Encoder without the pooled
// Writer's copy of it and the scan of that copy (bench/results/doors.md). The
// first error is kept, and every later call writes nothing.
type Tokens struct {
	enc     *jsontext.Encoder
	err     error
	scratch Writer
	depth   int // values of recursive types being written (Enter)
}

// Enter and Leave are Writer.Enter and Writer.Leave for Tokens: past
// oasrt.MaxEncodeDepth values of recursive types, or once an error is recorded,
// Enter returns false and the generated EncodeTokens writes nothing more
// of the value.
func (t *Tokens) Enter() bool {
	if t.depth >= oasrt.MaxEncodeDepth && t.err == nil {
		t.err = oasrt.ErrTooDeep
	}
	if t.err != nil {
		return false
	}
	t.depth++
	return true
}

// Leave ends what Enter began.
func (t *Tokens) Leave() { t.depth-- }

// Err returns the first error met, or nil.
func (t *Tokens) Err() error { return t.err }

// write is out of line, so that the methods that call it inline.
//
//go:noinline
func (t *Tokens) write(tok jsontext.Token) {
	if t.err == nil {
		t.err = t.enc.WriteToken(tok)
	}
}

// ObjectStart writes '{'.
func (t *Tokens) ObjectStart() { t.write(jsontext.BeginObject) }

// ObjectEnd writes '}'.
func (t *Tokens) ObjectEnd() { t.write(jsontext.EndObject) }

// ArrayStart writes '['.
func (t *Tokens) ArrayStart() { t.write(jsontext.BeginArray) }

// ArrayEnd writes ']'.
func (t *Tokens) ArrayEnd() { t.write(jsontext.EndArray) }

// Name writes a member's name.
func (t *Tokens) Name(k string) { t.write(jsontext.String(k)) }

// String writes a string. jsontext checks its UTF-8 as it escapes it:
// under encoding/json's options it writes U+FFFD for a bad byte (as
// encoding/json does for a plain struct's string since Go 1.27, where the
// Writer writes \ufffd); under v2's it rejects the string, which then goes
// as the Writer writes it, as one value, so v2 callers get what the
// Writer's output gives them (bench/results/doors.md).
func (t *Tokens) String(s string) {
	if t.err != nil {
		return
	}
	if err := t.enc.WriteToken(jsontext.String(s)); err != nil {
		if utf8.ValidString(s) {
			t.err = err
			return
		}
		t.invalidString(s)
	}
}

// StringMember writes a member's name and its string value.
func (t *Tokens) StringMember(k, s string) {
	t.write(jsontext.String(k))
	t.String(s)
}

// invalidString writes s, which holds invalid UTF-8, as the Writer writes
// it.
func (t *Tokens) invalidString(s string) {
	w := t.Scratch()
	w.String(s)
	t.WriteScratch()
}

// Int writes an integer.
func (t *Tokens) Int(v int64) { t.write(jsontext.Int(v)) }

// IntMember writes a member's name and its integer value.
func (t *Tokens) IntMember(k string, v int64) {
	t.write(jsontext.String(k))
	t.write(jsontext.Int(v))
}

// Uint writes an unsigned integer.
func (t *Tokens) Uint(v uint64) { t.write(jsontext.Uint(v)) }

// Float64 writes a float64 as Writer.Float64 does (jsontext formats it the
// same way); NaN and the infinities are oasrt.ErrUnsupportedFloat.
func (t *Tokens) Float64(v float64) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		if t.err == nil {
			t.err = oasrt.ErrUnsupportedFloat
		}
		return
	}
	t.write(jsontext.Float(v))
}

// Bool writes true or false.
func (t *Tokens) Bool(v bool) { t.write(jsontext.Bool(v)) }

// Null writes null.
func (t *Tokens) Null() { t.write(jsontext.Null) }

// Scratch returns t's scratch Writer, empty, for the values the Tokens
// have no method for (a format, a union, a map): generated code encodes
// such a value into it with the Writer's methods, then calls
// WriteScratch.
func (t *Tokens) Scratch() *Writer {
	t.scratch.Reset()
	return &t.scratch
}

// WriteScratch writes the value encoded into the scratch Writer as one
// value, or keeps its error, and empties the Writer for the next.
func (t *Tokens) WriteScratch() {
	if t.err == nil {
		if t.err = t.scratch.err; t.err == nil {
			t.err = t.enc.WriteValue(t.scratch.Buf)
		}
	}
	t.scratch.Reset()
}

// TokenEncoder is a generated type with an EncodeTokens method: an object
// whose members are all declared properties.
type TokenEncoder interface {
	Encoder
	EncodeTokens(t *Tokens)
}

// EncodeTokens writes v to enc token by token, with v's EncodeTokens. A
// MarshalJSONTo of the caller's can call it to write a generated value
// without an intermediate copy; the generated MarshalJSONTo does the same
// for a value whose type's earlier outputs were large
// (SizeHint.EncodeTokensTo).
func EncodeTokens(enc *jsontext.Encoder, v TokenEncoder) error {
	t := Tokens{enc: enc}
	v.EncodeTokens(&t)
	return t.err
}

// EncodeTokensTo writes a value to enc as EncodeTo does, or, once h has
// seen an output of tokensFrom bytes or more, token by token with tokens
// (its EncodeTokens method). The generated MarshalJSONTo of a type with
// an EncodeTokens method is
//
//	return h.EncodeTokensTo(enc, v.EncodeJSON, v.EncodeTokens)
func (h *SizeHint) EncodeTokensTo(enc *jsontext.Encoder, encode func(*Writer), tokens func(*Tokens)) error {
	return h.encodeTo(enc, encode, tokens)
}
