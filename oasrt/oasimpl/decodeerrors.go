package oasimpl

import (
	"strconv"

	"github.com/oasgen/oasgen/oasrt"
)

// Missing returns the error for an object that lacks required properties:
// bit i of want stands for names[i]; seen has the bits of those present.
// It names the first missing one. The Reader has just read the object's
// closing brace.
func Missing(r *Reader, seen, want uint64, names ...string) error {
	for i, n := range names {
		if want&(1<<i) != 0 && seen&(1<<i) == 0 {
			return oasrt.ErrorAt(r.Offset()-1, "missing required property "+strconv.Quote(n))
		}
	}
	return oasrt.ErrorAt(r.Offset()-1, "missing required property")
}

// InvalidEnum returns the error for a value that is not one of an enum's.
func InvalidEnum(offset int, typeName string, value []byte) error {
	return oasrt.ErrorAt(offset, strconv.Quote(string(value))+" is not a valid "+typeName)
}

// InvalidEnumInt returns the error for an integer that is not one of an
// enum's.
func InvalidEnumInt(offset int, typeName string, value int64) error {
	return oasrt.ErrorAt(offset, strconv.FormatInt(value, 10)+" is not a valid "+typeName)
}
