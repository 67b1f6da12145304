//go:build go1.27 && goexperiment.jsonv2

package oasrt

import (
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
)

// This file is what generated MarshalJSONTo and UnmarshalJSONFrom methods
// call: encoding/json/v2's interfaces, which encoding/json calls too from
// Go 1.27 on (it is built on v2 there). It builds where encoding/json/v2
// is in the standard library without an experiment flag, and so do the
// generated methods (oas_jsonv2_gen.go).

// EncodeTo writes the output of w, a Writer from h.GetWriter, to enc as
// one value and puts w back in the pool. An error the encoding kept (a NaN,
// a time past year 9999) is returned instead and nothing is written.
//
// jsontext has no way to write a value unchecked: WriteValue parses what
// it is given and applies enc's options (encoding/json's escape <, > and
// &). It is one scan that copies plain strings and numbers verbatim, no
// reflection, and no more than encoding/json does to a MarshalJSON's output.
func (h *SizeHint) EncodeTo(enc *jsontext.Encoder, w *Writer) error {
	h.observe(len(w.Buf))
	err := w.err
	if err == nil {
		err = enc.WriteValue(w.Buf)
	}
	ReleaseWriter(w)
	return err
}

// DecodeFrom reads the next value from dec and decodes it into v with a
// pooled Reader, checking the schema: dec reads the value once (checking
// its syntax), the Reader decodes it in one pass. Offsets in errors are
// offsets in dec's input; paths start at the value. When dec's options
// reject unknown members (json.Decoder.DisallowUnknownFields), so does the
// Reader.
func DecodeFrom(dec *jsontext.Decoder, v Decoder) error {
	val, err := dec.ReadValue()
	if err != nil {
		return err
	}
	r := getReader(val)
	r.base = int(dec.InputOffset()) - len(val)
	if reject, _ := jsonv2.GetOption(dec.Options(), jsonv2.RejectUnknownMembers); reject {
		r.DisallowUnknownFields = true
	}
	err = v.DecodeJSON(r)
	if err == nil {
		err = r.End()
	}
	putReader(r)
	return err
}
