package oashttpimpl

import (
	"errors"
	"io"
	"iter"
	"net/http"

	"github.com/oasgen/oasgen/oasrt/oasimpl"
)

// WriteSeq writes a sequence response (JSON Lines or a JSON text
// sequence) from seq, flushing as oasimpl.EncodeSeq does; gzip-compressed for
// clients that accept it. An error or panic after the status went out
// aborts the connection, as WriteStream does. The request body stays
// readable while the response is written.
func WriteSeq[T any](rw http.ResponseWriter, r *http.Request, status int, contentType string, f oasimpl.SeqFormat, seq iter.Seq2[T, error], enc func(*T, *oasimpl.Writer)) {
	// A handler may answer while it reads a sequence request (an echo, a
	// transform): HTTP/1 servers would otherwise close the request body
	// at the response's first write.
	http.NewResponseController(rw).EnableFullDuplex()
	WriteStream(rw, r, status, contentType, func(w *oasimpl.Writer, out io.Writer) error {
		return oasimpl.EncodeSeq(w, out, f, seq, enc)
	})
}

// RequestSeq returns the iterator a handler gets for a sequence request
// body read from src, each item bounded by maxItem bytes (0 means
// oasrt.DefaultMaxItemBytes): nil when src is nil, and errors as *BodyError (a
// 400 naming the line or record when the handler returns it).
func RequestSeq[T any](src io.Reader, f oasimpl.SeqFormat, maxItem int, r *oasimpl.Reader, dec func(*T, *oasimpl.Reader) error) iter.Seq2[T, error] {
	if src == nil {
		return nil
	}
	return RequestItems(oasimpl.DecodeSeq(src, f, maxItem, r, dec))
}

// SendSeq returns a request body that writes the values of seq in format
// f while the request is sent (see SendStream).
func SendSeq[T any](f oasimpl.SeqFormat, seq iter.Seq2[T, error], enc func(*T, *oasimpl.Writer)) io.Reader {
	return SendStream(func(w *oasimpl.Writer, out io.Writer) error {
		return oasimpl.EncodeSeq(w, out, f, seq, enc)
	})
}

// ResponseSeq returns an iterator over the values of a sequence response,
// decoded as they arrive, each item bounded by the client's MaxItemBytes
// (the response limit does not bound a sequence, which need not end); the
// body is closed when the iteration ends or is stopped. A decoding error
// carries the response's status. It can be ranged over once.
func ResponseSeq[T any](c *Client, resp *http.Response, f oasimpl.SeqFormat, dec func(*T, *oasimpl.Reader) error) iter.Seq2[T, error] {
	used := false
	return func(yield func(T, error) bool) {
		if used {
			var zero T
			yield(zero, errors.New("oasrt: a streamed response body can be read once"))
			return
		}
		used = true
		defer CloseBody(resp)
		base := oasimpl.Reader{Direction: oasimpl.InResponse}
		for x, err := range oasimpl.DecodeSeq(resp.Body, f, c.MaxItemBytes, &base, dec) {
			if err != nil {
				yield(x, ResponseError(resp.StatusCode, err))
				return
			}
			if !yield(x, nil) {
				return
			}
		}
	}
}

// ResponseItems returns seq, which decodes the response body b of resp, as
// an iterator the generated client hands out: when the iteration ends, or
// the consumer stops it, the body is released and closed; a decoding error
// carries the response's status. It can be ranged over once.
func ResponseItems[T any](resp *http.Response, b *Body, seq iter.Seq2[T, error]) iter.Seq2[T, error] {
	used := false
	return func(yield func(T, error) bool) {
		if used {
			var zero T
			yield(zero, errors.New("oasrt: a streamed response body can be read once"))
			return
		}
		used = true
		defer func() {
			b.Release()
			CloseBody(resp)
		}()
		for x, err := range seq {
			if err != nil {
				yield(x, ResponseError(resp.StatusCode, err))
				return
			}
			if !yield(x, nil) {
				return
			}
		}
	}
}
