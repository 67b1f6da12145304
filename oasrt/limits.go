package oasrt

import (
	"errors"
	"strconv"
)

// DefaultMaxDepth is the default bound on nesting of arrays and objects, the
// same as encoding/json's.
const DefaultMaxDepth = 10000

// MaxEncodeDepth bounds how deep values of recursive types (a schema that
// holds itself) nest when written: the Reader's DefaultMaxDepth, so every
// value a Reader decodes with its default bound can be written again.
const MaxEncodeDepth = DefaultMaxDepth

// ErrTooDeep is recorded when a value nests more than MaxEncodeDepth
// values of recursive types: a Go value whose pointer, slice or map leads
// back to itself would otherwise be written without end, until the stack
// overflowed (encoding/json reports such a cycle as an error too).
var ErrTooDeep = errors.New("oasrt: value nested more than 10000 levels deep (does it point back at itself?)")

// ErrUnsupportedFloat is recorded when a float is NaN or infinite, which JSON
// cannot represent.
var ErrUnsupportedFloat = errors.New("json: unsupported value: NaN or infinite float")

// DefaultMaxItemBytes bounds one item of a sequence (a line, a record, a
// server-sent event) that a server or client reads: 1 MiB.
const DefaultMaxItemBytes = 1 << 20

// SeqError is an error in one item of a sequence: a line of JSON Lines, a
// record of a JSON text sequence or a server-sent event, counted from 1.
// Err is an *Error whose Offset is in the whole stream and whose path is
// within the item.
type SeqError struct {
	Unit string // "line", "record" or "event"
	N    int
	Err  error
}

func (e *SeqError) Error() string { return e.Unit + " " + strconv.Itoa(e.N) + ": " + e.Err.Error() }
func (e *SeqError) Unwrap() error { return e.Err }
