package oasrt

// Marshaler is implemented by every generated type: AppendJSON appends
// the value's JSON to dst, in the shape of encoding.TextAppender, with a
// buffer sized from the type's earlier outputs. The generated MarshalJSON
// is v.AppendJSON(nil).
type Marshaler interface {
	AppendJSON(dst []byte) ([]byte, error)
}

// Unmarshaler is implemented by pointers to every generated type:
// UnmarshalJSON decodes one JSON value and checks it against the schema.
type Unmarshaler interface {
	UnmarshalJSON(data []byte) error
}

// Marshal encodes v into a slice the caller owns. It is json.Marshal
// without the second pass that encoding/json makes over a Marshaler's
// output to check and compact it: one pass, one allocation, of the output.
func Marshal(v Marshaler) ([]byte, error) { return v.AppendJSON(nil) }

// Unmarshal decodes data into v and checks it against the schema, failing
// when anything but white space follows the value. It is json.Unmarshal
// without the validation pass that encoding/json makes before calling an
// Unmarshaler: one pass over data, with the strings of v in blocks of
// their own. Its errors are *Error values (or Errors), which name the JSON
// path and byte offset of what is wrong.
func Unmarshal(data []byte, v Unmarshaler) error { return v.UnmarshalJSON(data) }
