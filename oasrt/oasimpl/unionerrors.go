package oasimpl

import (
	"errors"
	"math/bits"
	"strconv"

	"github.com/oasgen/oasgen/oasrt"
)

// NoVariant returns the error for a value that no variant of a union
// accepts; cause, when not nil, is the first variant's error.
func NoVariant(offset int, union string, got Kind, cause error) error {
	e := oasrt.ErrorAt(offset, "a value of kind "+got.String()+" matches no variant of "+union)
	if cause != nil {
		var oe *oasrt.Error
		if errors.As(cause, &oe) {
			e.Msg += " (first variant: " + oe.Error() + ")"
		} else {
			e.Err = cause
		}
	}
	return e
}

// Ambiguous returns the error for a oneOf value that two variants accept.
func Ambiguous(offset int, union, a, b string) error {
	return oasrt.ErrorAt(offset, "the value matches both "+a+" and "+b+", but "+union+" is oneOf")
}

// UnknownTag returns the error for a discriminator value that names no
// variant, or a missing discriminator.
func UnknownTag(offset int, union, property string, tag []byte, found bool) error {
	if !found {
		return oasrt.ErrorAt(offset, union+": missing discriminator property "+strconv.Quote(property))
	}
	return oasrt.ErrorAt(offset, union+": unknown "+property+" "+strconv.Quote(string(tag)))
}

// ErrNoVariant is recorded when encoding a union whose tag names no variant.
var ErrNoVariant = errors.New("oasrt: union value has no variant set")

// ErrExactPath is returned by the one-pass decoder of a discriminated union
// (decodeOnePass in generated code) for a value it leaves to the exact
// path: the union's DecodeJSON then reads the value again from its start,
// the tag looked up first, and reports that path's error, if any. It never
// reaches DecodeJSON's caller.
var ErrExactPath = errors.New("oasrt: value left to the exact decoder")

// AmbiguousOf returns the error for a oneOf value that the variants of
// the set bits of matched accept (at least two): bit i stands for
// variants[i]. It names the first two.
func AmbiguousOf(offset int, union string, matched uint64, variants ...string) error {
	a := bits.TrailingZeros64(matched)
	b := bits.TrailingZeros64(matched &^ (1 << a))
	return Ambiguous(offset, union, variants[a], variants[b])
}
