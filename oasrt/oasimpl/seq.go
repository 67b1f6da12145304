package oasimpl

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"iter"
	"strconv"

	"github.com/oasgen/oasgen/oasrt"
)

// Sequences: JSON Lines (application/jsonl, application/x-ndjson) and JSON
// text sequences (application/json-seq, RFC 7464) are read and written one
// item at a time, each item decoded from a byte slice that holds that item
// only, so memory is bounded by the longest item whatever the length of
// the stream.

// SeqFormat is the framing of a sequence of JSON values.
type SeqFormat uint8

const (
	// JSONLines is one JSON value per line, lines ended by LF (a CR before
	// it is white space); blank lines are skipped.
	JSONLines SeqFormat = iota
	// JSONSeq is RFC 7464: each JSON text follows an RS byte (0x1E) and
	// ends with LF.
	JSONSeq
)

// rs is the record separator of RFC 7464.
const rs = 0x1E

// unit names an item of the format in errors.
func (f SeqFormat) unit() string {
	if f == JSONSeq {
		return "record"
	}
	return "line"
}

// seqError wraps err, met in item n starting at offset start of the
// stream, moving a decoding error's offset from the item to the stream.
func seqError(unit string, n int, start int64, err error) error {
	var e *oasrt.Error
	if errors.As(err, &e) && e.Offset >= 0 {
		e.Offset += start
	}
	return &oasrt.SeqError{Unit: unit, N: n, Err: err}
}

// seqScanner splits a stream into the items of a format.
type seqScanner struct {
	br     *bufio.Reader
	format SeqFormat
	max    int
	n      int   // items read
	off    int64 // offset of the next unread byte
	long   []byte
	begun  bool
}

func newSeqScanner(src io.Reader, f SeqFormat, max int) *seqScanner {
	if max <= 0 {
		max = oasrt.DefaultMaxItemBytes
	}
	return &seqScanner{br: bufio.NewReaderSize(src, 32<<10), format: f, max: max}
}

// chunk returns the bytes up to and including delim (or to the end of the
// stream), at most max+1 of them, valid until the next call.
func (s *seqScanner) chunk(delim byte) ([]byte, error) {
	b, err := s.br.ReadSlice(delim)
	if err != bufio.ErrBufferFull {
		return b, err
	}
	s.long = append(s.long[:0], b...)
	for err == bufio.ErrBufferFull && len(s.long) <= s.max {
		b, err = s.br.ReadSlice(delim)
		s.long = append(s.long, b...)
	}
	return s.long, err
}

// next returns the next item, its offset in the stream and its number;
// io.EOF at a clean end.
func (s *seqScanner) next() (item []byte, start int64, err error) {
	if s.format == JSONSeq && !s.begun {
		s.begun = true
		b, err := s.br.ReadByte()
		if err != nil {
			return nil, 0, err // an empty sequence
		}
		s.off++
		if b != rs {
			return nil, 0, seqError("record", 1, 0, &oasrt.Error{Offset: 0, Msg: "a JSON text sequence must start with RS (0x1E)"})
		}
	}
	for {
		delim := byte('\n')
		if s.format == JSONSeq {
			delim = rs
		}
		b, rerr := s.chunk(delim)
		start = s.off
		s.off += int64(len(b))
		if rerr != nil && rerr != io.EOF && rerr != bufio.ErrBufferFull {
			return nil, start, rerr
		}
		if len(b) > 0 && b[len(b)-1] == delim && rerr == nil {
			b = b[:len(b)-1]
		}
		if len(b) > s.max {
			s.n++
			return nil, start, seqError(s.format.unit(), s.n, start, &oasrt.Error{Offset: 0, Msg: "longer than the limit of " + strconv.Itoa(s.max) + " bytes"})
		}
		if len(bytes.TrimLeft(b, " \t\r\n")) == 0 {
			if rerr == io.EOF {
				return nil, start, io.EOF
			}
			continue // a blank line; RS RS (RFC 7464 2.4 lets parsers skip it)
		}
		s.n++
		if s.format == JSONSeq && b[len(b)-1] != '\n' {
			// RFC 7464, 2.4: a text that does not end with LF was cut short.
			return nil, start, seqError("record", s.n, start, &oasrt.Error{Offset: int64(len(b)), Msg: "truncated: the JSON text does not end with LF"})
		}
		return b, start, nil
	}
}

// DecodeSeq returns an iterator over the values of a sequence read from
// src, decoding each with dec from a slice holding that item only, so
// memory is bounded by maxItem (0 means DefaultMaxItemBytes) however long
// the stream. base supplies the Reader options (MaxDepth, Direction); it
// may be nil. An error (a bad item, a read error) is yielded once as a
// *SeqError naming the line or record, with the JSON path and the offset
// in the stream, and ends the iteration.
func DecodeSeq[T any](src io.Reader, f SeqFormat, maxItem int, base *Reader, dec func(*T, *Reader) error) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		s := newSeqScanner(src, f, maxItem)
		var r Reader
		if base != nil {
			r.MaxDepth, r.Direction = base.MaxDepth, base.Direction
		}
		var x T
		for {
			item, start, err := s.next()
			if err == io.EOF {
				return
			}
			if err == nil {
				var zero T
				x = zero
				r.Reset(item)
				if err = dec(&x, &r); err == nil {
					err = r.End()
				}
				if err != nil {
					err = seqError(f.unit(), s.n, start, err)
				}
			}
			if err != nil {
				var zero T
				yield(zero, err)
				return
			}
			if !yield(x, nil) {
				return
			}
		}
	}
}

// EncodeSeq writes the values seq yields to out in format f, each encoded
// with enc, flushing the first at once, then whenever FlushSize bytes wait
// or FlushDelay after bytes began to wait (as EncodeItems does), so memory
// stays bounded by one item and the buffer. An error from seq, from
// encoding or from out stops the writing and is returned.
//
//go:noinline
func EncodeSeq[T any](w *Writer, out io.Writer, f SeqFormat, seq iter.Seq2[T, error], enc func(*T, *Writer)) error {
	framing := jsonLineItems
	if f == JSONSeq {
		framing = jsonSeqItems
	}
	return encodeStream(w, out, framing, func(fl *flusher) error { return putItems(fl, seq, enc) })
}
