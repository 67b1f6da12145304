package oasimpl

// Encoder is implemented by every generated type: EncodeJSON appends the
// value's JSON to w.
type Encoder interface {
	EncodeJSON(w *Writer)
}

// Decoder is implemented by pointers to every generated type: DecodeJSON
// reads one JSON value from r into the receiver, checking the schema.
type Decoder interface {
	DecodeJSON(r *Reader) error
}
