package oashttp

import (
	"io"
	"net/http"
)

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

// WithMaxRequestItemBytes bounds one line or record of a sequence request
// body; a longer one is a 400 naming it. The default is
// oasrt.DefaultMaxItemBytes.
func WithMaxRequestItemBytes(n int) ServerOption {
	return func(c *ServerConfig) { c.MaxItemBytes = n }
}
