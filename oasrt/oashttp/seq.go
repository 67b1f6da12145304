package oashttp

import (
	"errors"
	"io"
	"iter"
	"net/http"

	"github.com/oasgen/oasgen/oasrt"
)

func WriteSeq[T any](rw http.ResponseWriter, r *http.Request, status int, contentType string, f oasrt.SeqFormat, seq iter.Seq2[T, error], enc func(*T, *oasrt.Writer)) {
	// A handler may answer while it reads a sequence request (an echo, a
	// transform): HTTP/1 servers would otherwise close the request body
	// at the response's first write.
	http.NewResponseController(rw).EnableFullDuplex()
	WriteStream(rw, r, status, contentType, func(w *oasrt.Writer, out io.Writer) error {
		return oasrt.EncodeSeq(w, out, f, seq, enc)
	})
}

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

func RequestSeq[T any](src io.Reader, f oasrt.SeqFormat, maxItem int, r *oasrt.Reader, dec func(*T, *oasrt.Reader) error) iter.Seq2[T, error] {
	if src == nil {
		return nil
	}
	return RequestItems(oasrt.DecodeSeq(src, f, maxItem, r, dec))
}

func WithMaxRequestItemBytes(n int) ServerOption {
	return func(c *ServerConfig) { c.MaxItemBytes = n }
}

func SendSeq[T any](f oasrt.SeqFormat, seq iter.Seq2[T, error], enc func(*T, *oasrt.Writer)) io.Reader {
	return SendStream(func(w *oasrt.Writer, out io.Writer) error {
		return oasrt.EncodeSeq(w, out, f, seq, enc)
	})
}

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
