package oashttpimpl

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/oasrt/oasimpl"
)

// Response helpers: the write method of a generated JSON result hands the
// EncodeJSON method of its body to WriteEncoded or, for a body without
// one, encodes it into a Writer from GetResponseWriter and hands that to
// WriteJSON (or, when it sets headers, to EndJSON and then WriteBody),
// with the check
// that decodes the body again when the server checks its responses:
// CheckJSON for a body with a DecodeJSON method, a function literal for
// the others.

// GetResponseWriter returns a pooled Writer for a response body:
// writeOnly properties stay out of what it encodes.
//
//go:noinline
func GetResponseWriter() *oasimpl.Writer {
	w := oasimpl.GetWriter()
	w.Direction = oasimpl.InResponse
	return w
}

// EndJSON ends the JSON response body w holds, for request r: it returns
// the encoder's error or, when the server checks its responses
// (ChecksResponse), the error of check on the body, releasing w on
// either. When it returns nil the body is ready for WriteBody.
func EndJSON(r *http.Request, status int, w *oasimpl.Writer, check func(*oasimpl.Reader) error) error {
	err := w.Err()
	if err == nil && ChecksResponse(r) {
		err = CheckResponse(status, w, check)
	}
	if err != nil {
		oasimpl.ReleaseWriter(w)
	}
	return err
}

// WriteJSON writes the JSON response body w holds with status and
// contentType, after EndJSON; an error means nothing was written.
func WriteJSON(rw http.ResponseWriter, r *http.Request, status int, contentType string, w *oasimpl.Writer, check func(*oasimpl.Reader) error) error {
	if err := EndJSON(r, status, w, check); err != nil {
		return err
	}
	WriteBody(rw, r, status, contentType, w)
	return nil
}

// WriteEncoded is GetResponseWriter, encode and WriteJSON in one call:
// encode is the EncodeJSON method of the body, a method value kept
// nowhere, so the result that holds the body stays on its stack.
//
//go:noinline
func WriteEncoded(rw http.ResponseWriter, r *http.Request, status int, contentType string, encode func(*oasimpl.Writer), check func(*oasimpl.Reader) error) error {
	w := GetResponseWriter()
	encode(w)
	return WriteJSON(rw, r, status, contentType, w, check)
}

// CheckJSON decodes a T from r with T's validating decoder and drops it:
// the response check of a body of type T.
func CheckJSON[T any, P interface {
	*T
	DecodeJSON(*oasimpl.Reader) error
}](r *oasimpl.Reader) error {
	var v T
	return P(&v).DecodeJSON(r)
}

// WriteStatus writes a response with status and no body; it returns nil,
// for write methods to return.
func WriteStatus(rw http.ResponseWriter, status int) error {
	rw.WriteHeader(status)
	return nil
}

// ResponseMedia returns the Content-Type to write for a result whose body
// may be in any of declared, the media types its status declares: ct
// when one of them matches it (MediaMatches), the first of them when ct
// is empty (application/octet-stream for a media range such as image/*),
// and an error, before anything is written, for any other ct.
func ResponseMedia(ct string, declared ...string) (string, error) {
	if ct == "" {
		if strings.Contains(declared[0], "*") {
			return "application/octet-stream", nil
		}
		return declared[0], nil
	}
	if MediaMatches(ct, declared) {
		return ct, nil
	}
	return "", errors.New("response content type " + strconv.Quote(ct) + " is not one the operation declares (" + strings.Join(declared, ", ") + ")")
}

// WriteReaderAs writes a body passed on as bytes (WriteReader) in media
// type ct, checked by ResponseMedia against declared; an error means
// nothing was written.
func WriteReaderAs(rw http.ResponseWriter, status int, ct string, body io.Reader, declared ...string) error {
	ct, err := ResponseMedia(ct, declared...)
	if err != nil {
		return err
	}
	WriteReader(rw, status, ct, body)
	return nil
}
