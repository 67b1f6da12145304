package oasimpl

import (
	"bytes"
	"math"
	"strconv"
)

// RawKind returns the kind of the JSON value raw holds (Invalid for an
// empty one). Generated code checks a free-form value against its
// schema's not with it.
func RawKind(raw []byte) Kind {
	for _, c := range raw {
		switch c {
		case ' ', '\t', '\r', '\n':
			continue
		}
		return kindOf[c]
	}
	return Invalid
}

// RawInteger reports whether raw holds a number with no fractional part,
// which JSON Schema counts as an integer (1.0 is one).
func RawInteger(raw []byte) bool {
	if RawKind(raw) != Number {
		return false
	}
	f, err := strconv.ParseFloat(string(raw), 64)
	return err == nil && IsInteger(f) || err != nil && isIntegerText(raw)
}

// IsInteger reports whether a float has no fractional part.
func IsInteger(f float64) bool {
	return f == math.Trunc(f) && !math.IsInf(f, 0)
}

// isIntegerText reports whether a number too large for a float64 has an
// integral value.
func isIntegerText(raw []byte) bool {
	_, ok := integralText(bytes.TrimSpace(raw))
	return ok
}
