package oasimpl

import "github.com/oasgen/oasgen/oasrt"

// NonNull reads a null into n, or reports that a value follows: n is then
// marked non-null, and the caller reads its value into n.Value.
func NonNull[T any](r *Reader, n *oasrt.Nullable[T]) bool {
	if r.Null() {
		*n = oasrt.Nullable[T]{Null: true}
		return false
	}
	n.Null = false
	return true
}

// OptNonNull is NonNull for a property that may also be absent: it marks
// o present.
func OptNonNull[T any](r *Reader, o *oasrt.OptNullable[T]) bool {
	if r.Null() {
		*o = oasrt.OptNullable[T]{Set: true, Null: true}
		return false
	}
	o.Set, o.Null = true, false
	return true
}
