package oasimpl

import (
	"unsafe"

	"github.com/oasgen/oasgen/oasrt"
)

// Grow appends a zero element to s, an array r is reading, and returns the
// slice and a pointer to the new element, so generated decoders fill
// elements in place.
//
// A large array is not grown by doubling over and over: once it holds 256
// elements, its size is estimated from the bytes its elements took so far
// and the bytes left in the input (known for a byte slice, and for a stream
// whose InputSize is set, up to eight times the bytes read), so an array
// that fills the rest of a slice is allocated about once, and one read from
// a stream in a few steps. Without an estimate, it doubles.
func Grow[S ~[]E, E any](r *Reader, s S) (S, *E) {
	var zero E
	if len(s) == cap(s) {
		s = grow(r, s)
	}
	s = append(s, zero)
	return s, &s[len(s)-1]
}

func grow[S ~[]E, E any](r *Reader, s S) S {
	n := len(s)
	var c int
	switch {
	case n == 0:
		var zero E
		if unsafe.Sizeof(zero) > 64 {
			return s // append sizes it
		}
		// Most arrays are short: start at four small elements rather
		// than growing through one and two.
		c = 4
	case n < 256:
		c = 2 * n
	default:
		c = 2 * n
		if est := r.estimate(n); est > 0 {
			c = max(est, n+n/4)
		}
	}
	t := make(S, n, c)
	copy(t, s)
	return t
}

// Strings reads an array of strings, for generated decoders of arrays
// whose elements have nothing to check. Short arrays (up to 64 strings)
// are carved out of blocks shared by the Reader's string arrays, as strings
// are out of blocks of bytes, so most cost no allocation of their own. Each
// slice's capacity is its length, so appending to one copies it rather than
// overwrite a neighbour; a slice kept keeps its block (at most 4 KiB)
// alive. A longer array gets a slice of its own, sized as Grow sizes one.
//
// The strings are read straight into the free part of the current block,
// which the array takes when it ends; an array that outgrows the block
// moves to a new one. So a Reader needs no scratch space of its own to read
// them, and a fresh one (declared on a decoder's stack) allocates no more
// than a reused one.
func (r *Reader) Strings() ([]string, error) {
	if err := r.ArrStart(); err != nil {
		return nil, err
	}
	out := r.strSlab[:0] // the free part of the block
	long := false        // out is a slice of its own
	for i := 0; ; i++ {
		more, err := r.ArrNext()
		if err == nil && more {
			var s string
			if s, err = r.Str(); err == nil {
				if len(out) < cap(out) && (long || len(out) < maxShortArray) {
					out = append(out, s) // no allocation: room is left
					continue
				}
				switch {
				case long:
					var e *string
					out, e = Grow(r, out)
					*e = s
				case len(out) == maxShortArray:
					long = true
					out = append(append(make([]string, 0, 2*maxShortArray), out...), s)
					clear(r.strSlab[:maxShortArray]) // let go of the strings
				default:
					out = r.newStringSlab(out, s)
				}
				continue
			}
			err = oasrt.AtIndex(err, i)
		}
		if err != nil {
			if !long {
				clear(out)
			}
			return nil, err
		}
		break
	}
	switch n := len(out); {
	case long:
		return out, nil
	case n == 0:
		return []string{}, nil
	default:
		r.strSlab = r.strSlab[n:]
		return out[:n:n], nil
	}
}

// maxShortArray is the longest array of strings Strings gives a part of a
// shared block.
const maxShortArray = 64

// newStringSlab makes a new block of string arrays the current one, with
// the strings of out, an array that outgrew the last block, at its start,
// and returns them with s, just read, appended. A block holds 256 strings,
// or for the first block of a small document, as many as the rest of its
// input holds if it were strings like s (the block is made as the array
// is read, so the rest of the input includes the rest of the array); a
// reused Reader's blocks double from there.
func (r *Reader) newStringSlab(out []string, s string) []string {
	n := len(out) + 1
	size := 256
	if r.src == nil {
		// A string like s takes its bytes and three more ("",), and a
		// shorter one may end the input: round up.
		per := len(s) + 3
		size = min(size, max((len(r.buf)-r.pos+per-1)/per+n, 2*r.slabLen))
	}
	block := make([]string, size)
	moved := append(append(block[:0], out...), s)
	clear(out) // the last block's free part: let go of the strings
	r.strSlab, r.slabLen = block, size
	return moved
}

// estimate returns how many elements the array being read will hold if its
// elements go on taking the room they took so far until the input ends, or
// 0 when the input's size is unknown.
func (r *Reader) estimate(n int) int {
	rest := int64(-1)
	switch {
	case r.src == nil:
		rest = int64(len(r.buf) - r.pos)
	case r.InputSize > 0:
		// A declared size is a claim, not bytes: the estimate takes at
		// most eight times as many bytes again as were read, so an array
		// grows with the input that arrives, never to what a sender
		// declared and does not send. Eight, not one: an array read from
		// the start of a large file then grows in steps of nine rather
		// than doubling, and what it outgrows is about a seventh of the
		// bytes allocated instead of a third (the streaming benchmark of
		// bench/results/benchmarks.md, issue 5's target of 1.2 times what is kept).
		rest = min(r.InputSize-int64(r.Offset()), 8*int64(r.Offset()))
	}
	if rest < 0 || r.depth >= len(r.arrStart) {
		return 0
	}
	used := int64(r.Offset() - r.arrStart[r.depth])
	if used <= 0 {
		return 0
	}
	return n + int(rest*int64(n)/used) + 1
}

// Start skips white space and returns the offset of the next value, for
// errors that point at a value after reading it.
func (r *Reader) Start() int {
	r.ws()
	return r.base + r.pos
}

// Intern returns b as a string, copied into the Reader's string blocks.
// Generated decoders use it for map keys.
func (r *Reader) Intern(b []byte) string { return r.intern(b) }

// Marshaler writes the output of v's MarshalJSON, checked and compacted as
// encoding/json does, for types a spec names with x-go-type. An error is
// kept as the Writer's and null written in its place.
func (w *Writer) Marshaler(v interface{ MarshalJSON() ([]byte, error) }) {
	b, err := v.MarshalJSON()
	if err != nil {
		w.Fail(err)
		w.Null()
		return
	}
	w.RawJSON(b)
}

// Unmarshaler reads one value and passes its bytes to v's UnmarshalJSON, for
// types a spec names with x-go-type; its error is reported at the value.
func (r *Reader) Unmarshaler(v interface{ UnmarshalJSON([]byte) error }) error {
	start := r.Start()
	b, err := r.Raw()
	if err != nil {
		return err
	}
	if err := v.UnmarshalJSON(b); err != nil {
		return &oasrt.Error{Offset: int64(start), Msg: "cannot decode the value", Err: err}
	}
	return nil
}
