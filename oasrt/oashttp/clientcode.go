package oashttp

import (
	"bytes"
	"io"
	"net/http"
	"net/url"

	"github.com/oasgen/oasgen/oasrt/oasimpl"
)

// The helpers below are called by generated client methods, one call for
// what each method would otherwise spell out: a path parameter, an
// optional query parameter, a raw request body, the choice of a response
// by its content type, the decoding of a JSON or raw response body. They
// take no interface and call nothing through one, so the values a method
// passes them stay on its stack: a call costs no more than the code it
// replaces. None is generic in an operation's result type: the compiler
// would make an instance for each operation, which costs it more than the
// lines it saves (measured on 1,500 operations: 36 s against 21 s).
//
// The helpers a generated client or server calls once or more per
// operation, away from the codecs' loops, are marked //go:noinline, here
// and in oashttpimpl: a call costs a few nanoseconds of a request's
// microseconds, while inlining them into every method made the compiler
// copy and optimize their bodies thousands of times (Kubernetes' package:
// 3,388 QueryString calls alone; see bench/results/sizes.md, "Where Kubernetes'
// build goes"). Those no bigger than a call on the server's shortest path
// (WriteStatus, ServerConfig.Done) stay inlinable.

// AddPath appends text, literal path text as the spec writes it, and
// then value, a path parameter in simple style, escaped.
//
//go:noinline
func (r *Request) AddPath(text, value string) {
	r.Path = append(r.Path, text...)
	r.Path = append(r.Path, url.PathEscape(value)...)
}

// SetHeader sets a header parameter, making the header map when it is
// the first.
func (r *Request) SetHeader(key, value string) {
	if r.Header == nil {
		r.Header = http.Header{}
	}
	r.Header.Set(key, value)
}

// EncodeJSON encodes a JSON request body with encode, the EncodeJSON
// method of the body, leaving readOnly properties out, and sends it as
// contentType. encode is a method value of the body, kept nowhere.
func (r *Request) EncodeJSON(encode func(*oasimpl.Writer), contentType string) error {
	w := oasimpl.GetWriter()
	w.Direction = oasimpl.InRequest
	encode(w)
	data, err := oasimpl.PutWriter(w)
	if err != nil {
		return err
	}
	r.Body, r.ContentType = data, contentType
	return nil
}

// SetRawBody sends body as the request body, of its ContentType or, when
// that is empty, of defaultType (the first media type the spec declares).
//
//go:noinline
func (r *Request) SetRawBody(body RawBody, defaultType string) {
	r.BodyReader, r.ContentType = body.Body, body.ContentType
	if r.ContentType == "" {
		r.ContentType = defaultType
	}
}

// DecodeResponse decodes resp's JSON body (see ResponseJSON) with decode,
// the DecodeJSON method of the result's body, to the end of the body. A
// body that does not decode is a *StatusError of resp's status whose Err
// gives the JSON path and offset at fault.
//
// decode is a method value of a result the calling method holds on its
// stack: DecodeResponse keeps it nowhere, so the result stays there.
func (c *ClientConfig) DecodeResponse(resp *http.Response, decode func(*oasimpl.Reader) error) error {
	b, err := c.ResponseJSON(resp)
	if err != nil {
		return err
	}
	err = decode(&b.Reader)
	if err == nil {
		err = b.Reader.End()
	}
	b.Release()
	if err != nil {
		return &StatusError{StatusCode: resp.StatusCode, Err: err}
	}
	return nil
}

// ResponseReader reads resp's body whole, up to the limit, and returns a
// reader of it: the body of a result that is not JSON, read before the
// call returns so that the response is closed when it does.
func (c *ClientConfig) ResponseReader(resp *http.Response) (io.Reader, error) {
	data, err := c.ResponseBytes(resp)
	if err != nil {
		return nil, err
	}
	return bytes.NewReader(data), nil
}

// ResponseRaw is ResponseReader for a result that keeps the body's media
// type too: it returns resp's Content-Type and a reader of its body.
//
//go:noinline
func (c *ClientConfig) ResponseRaw(resp *http.Response) (contentType string, body io.Reader, err error) {
	body, err = c.ResponseReader(resp)
	return resp.Header.Get("Content-Type"), body, err
}

// ResultError returns result, a documented response without fields that
// is an error too, as the call's error when the client returns error
// results (WithErrorResults) and status is 400 or more; nil otherwise.
// A value without fields boxes into the interface without allocating.
//
//go:noinline
func (c *ClientConfig) ResultError(status int, result error) error {
	if c.ErrorResults && status >= 400 {
		return result
	}
	return nil
}
