package oashttpimpl

import (
	"io"
	"iter"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/oasrt/oasimpl"
)

// RequestItems returns seq, which decodes a streamed request body, as the
// iterator the generated server hands to a handler: a decoding error comes
// as a *BodyError, so a handler that returns it answers 400 naming the JSON
// path. (A streamed body is not kept, so syntax errors and schema
// violations are not told apart as they are for a buffered one.)
func RequestItems[T any](seq iter.Seq2[T, error]) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		for x, err := range seq {
			if err != nil {
				if _, ok := err.(*oashttp.BodyError); !ok {
					err = &oashttp.BodyError{Err: err}
				}
				yield(x, err)
				return
			}
			if !yield(x, nil) {
				return
			}
		}
	}
}

// SendStream returns a request body that encode writes while the request
// is sent, through a pipe, for the generated client's streamed bodies. If
// the request is never sent, closing the body ends the writing.
func SendStream(encode func(w *oasimpl.Writer, out io.Writer) error) io.Reader {
	pr, pw := io.Pipe()
	go func() {
		w := oasimpl.GetWriter()
		w.Direction = oasimpl.InRequest
		err := encode(w, pw)
		oasimpl.ReleaseWriter(w)
		pw.CloseWithError(err) // nil: the reader sees io.EOF
	}()
	return pr
}
