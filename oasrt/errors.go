package oasrt

import (
	"errors"
	"strconv"
	"strings"
)

// Error is a decoding or validation error. It says where the problem is: the
// JSON path of the value (as in "$.result[3].date") and the byte offset in
// the input, when there is one.
type Error struct {
	// Offset is the byte offset in the input where the problem was found,
	// or -1 for errors found outside decoding (by Validate).
	Offset int64
	// Msg says what is wrong, without the location.
	Msg string
	// Err is the underlying error, if any (a time or base64 parse error).
	Err error
	// path is built while the error travels up the decoders, so it holds
	// the innermost segment first. Building it costs nothing on success.
	path []pathSeg
}

type pathSeg struct {
	key   string
	index int // -1 for an object key
}

// Path returns the JSON path of the failing value, "$" for the root.
func (e *Error) Path() string {
	var b strings.Builder
	b.WriteByte('$')
	for i := len(e.path) - 1; i >= 0; i-- {
		s := e.path[i]
		if s.index >= 0 {
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(s.index))
			b.WriteByte(']')
		} else if isPathIdent(s.key) {
			b.WriteByte('.')
			b.WriteString(s.key)
		} else {
			b.WriteByte('[')
			b.WriteString(strconv.Quote(s.key))
			b.WriteByte(']')
		}
	}
	return b.String()
}

func isPathIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c == '$' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

func (e *Error) Error() string {
	s := e.Path() + ": " + e.Msg
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	if e.Offset >= 0 {
		s += " (offset " + strconv.FormatInt(e.Offset, 10) + ")"
	}
	return s
}

func (e *Error) Unwrap() error { return e.Err }

// AtKey records that err happened inside the value of object key k and
// returns it. Generated decoders call it on their error paths only.
func AtKey(err error, k string) error {
	var e *Error
	if errors.As(err, &e) {
		e.path = append(e.path, pathSeg{key: k, index: -1})
	}
	return err
}

// AtIndex records that err happened inside array element i and returns it.
// Like AtKey it is only on error paths, so it is not inlined into every
// array decoder.
//
//go:noinline
func AtIndex(err error, i int) error {
	var e *Error
	if errors.As(err, &e) {
		e.path = append(e.path, pathSeg{index: i})
	}
	return err
}

// NewError returns an Error with no input offset, for checks made outside
// decoding, such as Validate.
func NewError(msg string) *Error { return &Error{Offset: -1, Msg: msg} }

// ErrorAt returns an Error at a byte offset, for generated decoders.
func ErrorAt(offset int, msg string) *Error { return &Error{Offset: int64(offset), Msg: msg} }

// Errors joins several validation errors; Validate returns it when more than
// one field fails, so every failing path is named.
type Errors []error

func (es Errors) Error() string {
	var b strings.Builder
	for i, e := range es {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Unwrap returns the joined errors, for errors.Is and errors.As.
func (es Errors) Unwrap() []error { return es }
