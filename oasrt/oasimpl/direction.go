package oasimpl

// Direction says which way a value travels, for properties the schema marks
// readOnly (sent only in responses) or writeOnly (sent only in requests).
// The zero value, AnyDirection, treats them like any other property: code that
// encodes or decodes values outside of HTTP sees them all.
type Direction uint8

const (
	// AnyDirection applies no readOnly or writeOnly rule.
	AnyDirection Direction = iota
	// InRequest: a client writes the value and a server reads it. readOnly
	// properties are not written, and not required when read.
	InRequest
	// InResponse: a server writes the value and a client reads it.
	// writeOnly properties (a password) are not written, and not required
	// when read.
	InResponse
)
