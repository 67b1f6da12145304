package oasimpl

// The small helpers below keep each property of a generated decoder to a
// line or two. They are inlined, so they cost what the code they replace
// did.

// Int32 reads an integer that fits in 32 signed bits.
func (r *Reader) Int32() (int32, error) {
	n, err := r.Int(32)
	return int32(n), err
}

// Uint32 reads a non-negative integer that fits in 32 unsigned bits.
func (r *Reader) Uint32() (uint32, error) {
	n, err := r.Uint(32)
	return uint32(n), err
}

// Float32 reads a number as a float32; one too large for it is an error.
func (r *Reader) Float32() (float32, error) {
	f, err := r.Float(32)
	return float32(f), err
}
