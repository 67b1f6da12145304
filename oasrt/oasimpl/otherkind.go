package oasimpl

import (
	"errors"

	"github.com/oasgen/oasgen/oasrt"
)

// OtherKind is embedded in a generated struct whose schema has no type:
// JSON Schema applies properties, required and the other object keywords
// to objects only, so a number, a string, an array, a boolean or null is
// a valid value of that schema too. Such a value is kept here, as its
// JSON text, and the struct's fields are then zero; the zero OtherKind
// means the value is an object, the fields. Specs that mean an object
// and leave out `type: object` lose nothing: the struct, its fields and
// its comparability stay as they are (docs/validation.md, "Schemas
// without type").
type OtherKind struct{ raw string }

// Other returns the value's JSON text when it is not an object, or nil
// when the value is the struct's fields.
func (o OtherKind) Other() oasrt.Raw {
	if o.raw == "" {
		return nil
	}
	return oasrt.Raw(o.raw)
}

// SetOther makes the value raw, one JSON value that is not an object,
// checked with the schema's other keywords by Validate; nil or an empty
// raw makes the value the struct's fields again.
func (o *OtherKind) SetOther(raw oasrt.Raw) error {
	if len(raw) == 0 {
		o.raw = ""
		return nil
	}
	r := NewReader(raw)
	switch r.Next() {
	case Object:
		return errors.New("oasrt: SetOther: the value is an object; set the struct's fields")
	case Invalid:
		return errors.New("oasrt: SetOther: not a JSON value")
	}
	if err := r.Skip(); err != nil {
		return err
	}
	if err := r.End(); err != nil {
		return err
	}
	o.raw = string(raw)
	return nil
}

// OtherJSON returns the JSON text OtherKind holds, "" for an object:
// generated encoders write it instead of the fields.
func OtherJSON(o OtherKind) string { return o.raw }

// DecodeOther reads a value of another kind than an object into o and
// returns its text, valid until the reader moves on, for the schema's
// checks: generated decoders call it when the next value is not an
// object.
func DecodeOther(r *Reader, o *OtherKind) (oasrt.Raw, error) {
	raw, err := r.Raw()
	if err != nil {
		return nil, err
	}
	o.raw = string(raw)
	return raw, nil
}
