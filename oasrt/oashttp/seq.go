package oashttp

import (
	"errors"
	"io"
	"iter"
	"net/http"

	"github.com/oasgen/oasgen/oasrt"
)

// WriteSeq writes a sequence response (JSON Lines or a JSON text
// sequence) from seq, flushing as oasrt.EncodeSeq does; gzip-compressed for
// clients that accept it. An error or panic after the status went out
// aborts the connection, as WriteStream does. The request body stays
// readable while the response is written.
func WriteSeq[T any](rw http.ResponseWriter, r *http.Request, status int, contentType string, f oasrt.SeqFormat, seq iter.Seq2[T, error], enc func(*T, *oasrt.Writer)) {
	// A handler may answer while it reads a sequence request (an echo, a
	// transform): HTTP/1 servers would otherwise close the request body
	// at the response's first write.
	http.NewResponseController(rw).EnableFullDuplex()
	WriteStream(rw, r, status, contentType, func(w *oasrt.Writer, out io.Writer) error {
		return oasrt.EncodeSeq(w, out, f, seq, enc)
	})
}

// SeqRequest returns the body of a sequence request for the handler's
// iterator: the Content-Type checked against the declared media types
// (415), gzip undone, the body limit applied to the whole stream (413 as
// an error of the iteration once it is passed). done gives back what the
// body used; call it when the handler returns. A nil reader means the
// body is absent (and not required).
func (c *ServerConfig) SeqRequest(r *http.Request, required bool, media []string) (src io.Reader, done func(), err error) {
	if absent, err := absentBody(r, required); absent {
		return nil, func() {}, err
	}
	ct := r.Header.Get("Content-Type")
	if !MediaMatches(ct, media) {
		return nil, func() {}, &MediaTypeError{Got: ct, Want: media}
	}
	src, size, done, err := decodedBody(r)
	if err != nil {
		return nil, func() {}, err
	}
	limit := c.MaxBodyBytes
	if limit <= 0 {
		limit = DefaultMaxBodyBytes
	}
	if size > limit {
		done()
		return nil, func() {}, &TooLargeError{Limit: limit}
	}
	return &limitedReader{r: src, n: limit, limit: limit}, done, nil
}

// RequestSeq returns the iterator a handler gets for a sequence request
// body read from src, each item bounded by maxItem bytes (0 means
// oasrt.DefaultMaxItemBytes): nil when src is nil, and errors as *BodyError (a
// 400 naming the line or record when the handler returns it).
func RequestSeq[T any](src io.Reader, f oasrt.SeqFormat, maxItem int, r *oasrt.Reader, dec func(*T, *oasrt.Reader) error) iter.Seq2[T, error] {
	if src == nil {
		return nil
	}
	return RequestItems(oasrt.DecodeSeq(src, f, maxItem, r, dec))
}

// WithMaxRequestItemBytes bounds one line or record of a sequence request
// body; a longer one is a 400 naming it. The default is
// oasrt.DefaultMaxItemBytes.
func WithMaxRequestItemBytes(n int) ServerOption {
	return func(c *ServerConfig) { c.MaxItemBytes = n }
}

// SendSeq returns a request body that writes the values of seq in format
// f while the request is sent (see SendStream).
func SendSeq[T any](f oasrt.SeqFormat, seq iter.Seq2[T, error], enc func(*T, *oasrt.Writer)) io.Reader {
	return SendStream(func(w *oasrt.Writer, out io.Writer) error {
		return oasrt.EncodeSeq(w, out, f, seq, enc)
	})
}

// ResponseSeq returns an iterator over the values of a sequence response,
// decoded as they arrive, each item bounded by the client's MaxItemBytes
// (the response limit does not bound a sequence, which need not end); the
// body is closed when the iteration ends or is stopped. A decoding error
// carries the response's status. It can be ranged over once.
func ResponseSeq[T any](c *ClientConfig, resp *http.Response, f oasrt.SeqFormat, dec func(*T, *oasrt.Reader) error) iter.Seq2[T, error] {
	used := false
	return func(yield func(T, error) bool) {
		if used {
			var zero T
			yield(zero, errors.New("oasrt: a streamed response body can be read once"))
			return
		}
		used = true
		defer CloseBody(resp)
		base := oasrt.Reader{Direction: oasrt.InResponse}
		for x, err := range oasrt.DecodeSeq(resp.Body, f, c.MaxItemBytes, &base, dec) {
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
