package oasimpl

// EventText is the data encoder of events whose data is text: the string
// is written as it is.
func EventText(x *string, w *Writer) { w.setBuf(append(w.Buf, *x...)) }

// EventTextData is the data decoder of events whose data is text.
func EventTextData(x *string, r *Reader) error {
	*x = string(r.buf[r.pos:])
	r.pos = len(r.buf)
	return nil
}
