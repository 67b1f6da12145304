package oasimpl

// Span returns the input from offset start, which Start returned and a Pin
// kept in the buffer, to the current position: the JSON text of the value
// just read, for a whole-value check after decoding it.
func (r *Reader) Span(start int) []byte { return r.buf[start-r.base : r.pos] }
