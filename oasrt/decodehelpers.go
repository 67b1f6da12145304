package oasrt

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

// NonNull reads a null into n, or reports that a value follows: n is then
// marked non-null, and the caller reads its value into n.Value.
func NonNull[T any](r *Reader, n *Nullable[T]) bool {
	if r.Null() {
		*n = Nullable[T]{Null: true}
		return false
	}
	n.Null = false
	return true
}

// OptNonNull is NonNull for a property that may also be absent: it marks
// o present.
func OptNonNull[T any](r *Reader, o *OptNullable[T]) bool {
	if r.Null() {
		*o = OptNullable[T]{Set: true, Null: true}
		return false
	}
	o.Set, o.Null = true, false
	return true
}
