// This file holds how the Server reads request bodies: the pooled Body,
// limits, gzip, JSON, raw and streamed bodies, and their media types.

package oashttpimpl

import (
	"compress/gzip"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/oasgen/oasgen/oasrt"
	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/oasrt/oasimpl"
)

// Body is a request body read whole into a pooled buffer, with a Reader
// over it for JSON. Release returns both to the pool; nothing decoded from
// the Reader refers to the buffer (decoded strings are copies).
type Body struct {
	Reader  oasimpl.Reader
	buf     []byte
	limited limitedReader
	done    func() // gives back a streamed body's gzip reader
}

var bodies = sync.Pool{New: func() any { return new(Body) }}

// maxPooledBody is the largest buffer a Body keeps for reuse.
const maxPooledBody = 1 << 20

// Release returns b to the pool.
func (b *Body) Release() {
	if cap(b.buf) > maxPooledBody {
		b.buf = nil
	}
	b.Reader.Reset(nil)
	b.limited = limitedReader{}
	if b.done != nil {
		b.done()
		b.done = nil
	}
	bodies.Put(b)
}

// Bytes returns the body's bytes, valid until Release.
func (b *Body) Bytes() []byte { return b.buf }

// Fail returns the error for a body whose decoding failed with err, telling
// content that is not JSON from JSON that breaks the schema (RFC 9110,
// section 15.5.21: 422 is for content whose syntax is correct but which
// cannot be processed). It scans the whole body for JSON syntax, within
// the Reader's MaxDepth: a body that is not JSON gets a *oashttp.BodyError for the
// syntax error (400), wherever the decoder stopped (err itself when it
// failed at the same offset, since err has the JSON path); one that is, a
// *oashttp.BodyError for err with Status invalid, which the generated server sets
// to 422, or to 400 for an operation that documents 400 and not 422. Call
// it before Release; it runs on failures only.
func (b *Body) Fail(err error, invalid int) error {
	var syntax oasimpl.Reader
	syntax.Reset(b.buf)
	syntax.MaxDepth = b.Reader.MaxDepth
	serr := syntax.Skip()
	if serr == nil {
		serr = syntax.End()
	}
	if serr != nil {
		var de, se *oasrt.Error
		if errors.As(err, &de) && errors.As(serr, &se) && de.Offset == se.Offset {
			return &oashttp.BodyError{Err: err}
		}
		return &oashttp.BodyError{Err: serr}
	}
	return &oashttp.BodyError{Err: err, Status: invalid}
}

// StreamBody returns a pooled Body whose Reader decodes rc as it is read,
// through the Reader's fixed buffer, never holding the whole body: the
// generated client reads responses this way. A declared length (size >= 0)
// over limit fails before anything is read; reading past limit fails the
// decoding with a *oashttp.TooLargeError. Body.Bytes and Body.Fail, which need the
// whole body, are not for a streamed Body.
func StreamBody(rc io.Reader, size, limit int64, dir oasimpl.Direction) (*Body, error) {
	if size > limit {
		return nil, &oashttp.TooLargeError{Limit: limit}
	}
	b := bodies.Get().(*Body)
	b.limited = limitedReader{r: rc, n: limit, limit: limit}
	b.Reader.ResetReader(&b.limited)
	b.Reader.InputSize = max(size, 0)
	b.Reader.Direction = dir
	return b, nil
}

// limitedReader reads at most limit bytes of r, then fails.
type limitedReader struct {
	r        io.Reader
	n, limit int64
}

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.n <= 0 {
		// One byte more tells a body of exactly limit bytes from a
		// longer one.
		var one [1]byte
		if n, _ := l.r.Read(one[:]); n > 0 {
			return 0, &oashttp.TooLargeError{Limit: l.limit}
		}
		return 0, io.EOF
	}
	p = p[:min(int64(len(p)), l.n)]
	n, err := l.r.Read(p)
	l.n -= int64(n)
	return n, err
}

// ReadBody reads rc whole into a pooled buffer, failing with a
// *oashttp.TooLargeError as soon as it passes limit bytes. A declared length (size
// >= 0) over the limit fails before anything is read or allocated. It
// neither drains nor closes rc.
//
// Memory follows the bytes that arrive, not the declared length: the
// buffer starts at oashttp.BodyChunk and doubles as it fills, never past the
// declared length (plus the byte that sees EOF) nor the limit, so a client
// that declares 8 MiB and trickles a few bytes costs a few KiB, and a body
// that does arrive is copied about once more than its size in all.
func ReadBody(rc io.Reader, size, limit int64) (*Body, error) {
	if size > limit {
		return nil, &oashttp.TooLargeError{Limit: limit}
	}
	b := bodies.Get().(*Body)
	buf := b.buf[:0]
	if size > int64(cap(buf)) && cap(buf) < oashttp.BodyChunk {
		buf = make([]byte, 0, min(size+1, oashttp.BodyChunk)) // +1: seeing EOF needs no growth
	}
	for {
		if len(buf) == cap(buf) {
			buf = growBody(buf, size, limit)
		}
		n, err := rc.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > limit {
			b.buf = buf[:0]
			b.Release()
			return nil, &oashttp.TooLargeError{Limit: limit}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			b.buf = buf[:0]
			b.Release()
			return nil, err
		}
	}
	b.buf = buf
	b.Reader.Reset(buf)
	return b, nil
}

// growBody returns buf, full, with room for more: twice the capacity, but
// no more than the declared size plus one while the body is within it (the
// last growth lands on size+1, which sees EOF) and no more than limit+1
// (which sees a body past the limit).
func growBody(buf []byte, size, limit int64) []byte {
	n := max(2*int64(cap(buf)), oashttp.BodyChunk)
	if size >= 0 && int64(len(buf)) <= size {
		n = min(n, size+1)
	}
	n = min(n, limit+1)
	if n <= int64(cap(buf)) {
		n = int64(cap(buf)) + 1
	}
	grown := make([]byte, len(buf), n)
	copy(grown, buf)
	return grown
}

// JSONBody reads a JSON request body: it checks the Content-Type (a
// *oashttp.MediaTypeError unless application/json or a +json type), the size limit
// and sets the depth limit. It returns nil and no error for an empty body
// that is not required, and a *oashttp.BodyError wrapping oashttp.ErrMissing for one that
// is.
func (c *Server) JSONBody(r *http.Request, required bool) (*Body, error) {
	if absent, err := absentBody(r, required); absent {
		return nil, err
	}
	ct := r.Header.Get("Content-Type")
	if !IsJSON(ct) || !utf8Charset(ct) {
		return nil, &oashttp.MediaTypeError{Got: ct, Want: []string{"application/json"}}
	}
	b, err := c.readWhole(r)
	if err != nil {
		return nil, err
	}
	if len(b.buf) == 0 {
		b.Release()
		if required {
			return nil, &oashttp.BodyError{Err: oashttp.ErrMissing}
		}
		return nil, nil
	}
	b.Reader.MaxDepth = c.MaxDepth
	b.Reader.Direction = oasimpl.InRequest // required readOnly properties may be left out
	return b, nil
}

// RawRequestBody checks a non-JSON request body's Content-Type against the
// media types the operation declares (wildcards such as "image/*" and
// "*/*" allowed) and returns it limited to MaxBodyBytes. An absent body
// gives a zero oashttp.RawBody, or a *oashttp.BodyError when required.
func (c *Server) RawRequestBody(w http.ResponseWriter, r *http.Request, required bool, accept []string) (oashttp.RawBody, error) {
	if absent, err := absentBody(r, required); absent {
		return oashttp.RawBody{}, err
	}
	if r.ContentLength > c.MaxBodyBytes {
		return oashttp.RawBody{}, &oashttp.TooLargeError{Limit: c.MaxBodyBytes}
	}
	ct := r.Header.Get("Content-Type")
	if !MediaMatches(ct, accept) {
		return oashttp.RawBody{}, &oashttp.MediaTypeError{Got: ct, Want: accept}
	}
	gz, err := gzipped(r)
	if err != nil {
		return oashttp.RawBody{}, err
	}
	body := http.MaxBytesReader(w, r.Body, c.MaxBodyBytes)
	if gz {
		z, err := gzip.NewReader(body)
		if err != nil {
			return oashttp.RawBody{}, &oashttp.BodyError{Err: errors.New("the gzip body is broken: " + err.Error())}
		}
		// The limit holds for the decoded bytes too.
		body = http.MaxBytesReader(w, z, c.MaxBodyBytes)
	}
	return oashttp.RawBody{ContentType: ct, Body: rawReader{body}}, nil
}

// rawReader reads a RawBody: an error reading it other than the body limit
// (a body shorter than its Content-Length, a broken gzip stream) comes as
// a *oashttp.BodyError, so a handler that returns it answers 400, not 500.
type rawReader struct{ r io.Reader }

func (b rawReader) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if err != nil && err != io.EOF {
		var mb *http.MaxBytesError
		if _, ok := err.(*oashttp.BodyError); !ok && !errors.As(err, &mb) {
			err = &oashttp.BodyError{Err: err}
		}
	}
	return n, err
}

// JSONStream checks a JSON request body that the handler reads as it
// arrives (x-oasgen-stream) and returns a Body whose Reader decodes it
// through a fixed buffer, within MaxBodyBytes (counted on the decoded bytes
// of a gzip body); nil when the body is absent and not required.
func (c *Server) JSONStream(r *http.Request, required bool) (*Body, error) {
	if absent, err := absentBody(r, required); absent {
		return nil, err
	}
	ct := r.Header.Get("Content-Type")
	if !IsJSON(ct) || !utf8Charset(ct) {
		return nil, &oashttp.MediaTypeError{Got: ct, Want: []string{"application/json"}}
	}
	src, size, done, err := decodedBody(r)
	if err != nil {
		return nil, err
	}
	b, err := StreamBody(src, size, c.MaxBodyBytes, oasimpl.InRequest)
	if err != nil {
		done()
		return nil, err
	}
	b.done = done
	b.Reader.MaxDepth = c.MaxDepth
	return b, nil
}

var gzipReaders sync.Pool

// decodedBody returns the request body with its Content-Encoding (gzip or
// none) undone, its size when known (-1 when not), and the function that
// gives back what it used. Body limits apply to what it returns, so a small
// compressed body cannot make the server hold a large one.
func decodedBody(r *http.Request) (io.Reader, int64, func(), error) {
	gz, err := gzipped(r)
	if err != nil || !gz {
		return r.Body, r.ContentLength, func() {}, err
	}
	z, _ := gzipReaders.Get().(*gzip.Reader)
	if z == nil {
		z, err = gzip.NewReader(r.Body)
	} else {
		err = z.Reset(r.Body)
	}
	if err != nil {
		return nil, 0, nil, &oashttp.BodyError{Err: errors.New("the gzip body is broken: " + err.Error())}
	}
	return z, -1, func() { gzipReaders.Put(z) }, nil
}

// gzipped reports whether r's body is gzip-compressed; a coding other than
// gzip or none is an *oashttp.EncodingError.
func gzipped(r *http.Request) (bool, error) {
	switch ce := r.Header.Get("Content-Encoding"); {
	case ce == "" || strings.EqualFold(ce, "identity"):
		return false, nil
	case strings.EqualFold(ce, "gzip") || strings.EqualFold(ce, "x-gzip"):
		return true, nil
	default:
		return false, &oashttp.EncodingError{Got: ce}
	}
}

// absentBody reports whether r has no body; err is the *oashttp.BodyError when one
// is required.
func absentBody(r *http.Request, required bool) (absent bool, err error) {
	if r.ContentLength != 0 && r.Body != nil && r.Body != http.NoBody {
		return false, nil
	}
	if required {
		return true, &oashttp.BodyError{Err: oashttp.ErrMissing}
	}
	return true, nil
}

// readWhole reads r's body, its Content-Encoding undone, into a pooled
// Body, within MaxBodyBytes: a *oashttp.TooLargeError past it, a *oashttp.BodyError when
// reading fails.
func (c *Server) readWhole(r *http.Request) (*Body, error) {
	if r.ContentLength > c.MaxBodyBytes {
		return nil, &oashttp.TooLargeError{Limit: c.MaxBodyBytes}
	}
	src, size, done, err := decodedBody(r)
	if err != nil {
		return nil, err
	}
	b, err := ReadBody(src, size, c.MaxBodyBytes)
	done()
	if err != nil {
		if _, ok := err.(*oashttp.TooLargeError); ok {
			return nil, err
		}
		return nil, &oashttp.BodyError{Err: err}
	}
	return b, nil
}

// mediaType returns the type/subtype of a Content-Type value, without
// parameters and surrounding space.
func mediaType(ct string) string {
	if i := strings.IndexByte(ct, ';'); i >= 0 {
		ct = ct[:i]
	}
	return strings.TrimSpace(ct)
}

// utf8Charset reports whether a Content-Type declares no charset or
// UTF-8 (RFC 8259, section 8.1: JSON is UTF-8; forms are decoded as
// UTF-8 too). A body in another charset would be read as UTF-8 and
// silently mangled, so it is a 415 instead.
func utf8Charset(ct string) bool {
	_, params, ok := strings.Cut(ct, ";")
	for ok {
		var p string
		p, params, ok = strings.Cut(params, ";")
		k, v, _ := strings.Cut(p, "=")
		if strings.EqualFold(strings.TrimSpace(k), "charset") {
			v = strings.Trim(strings.TrimSpace(v), `"`)
			return strings.EqualFold(v, "utf-8") || strings.EqualFold(v, "utf8") || strings.EqualFold(v, "us-ascii")
		}
	}
	return true
}

// IsJSON reports whether a Content-Type is application/json or a +json
// type (RFC 6839), whatever its parameters.
func IsJSON(ct string) bool {
	mt := mediaType(ct)
	if strings.EqualFold(mt, "application/json") {
		return true
	}
	return len(mt) > 5 && strings.EqualFold(mt[len(mt)-5:], "+json") && strings.IndexByte(mt, '/') > 0
}
