package oasrt

func EventText(x *string, w *Writer) { w.setBuf(append(w.Buf, *x...)) }

func EventTextData(x *string, r *Reader) error {
	*x = string(r.buf[r.pos:])
	r.pos = len(r.buf)
	return nil
}
