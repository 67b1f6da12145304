package oashttpimpl

import (
	"net/http"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oashttp"
)

// Parameter helpers: generated servers decode each scalar parameter with
// one call that reads its text, parses it, checks it and names it in the
// error. The parse function turns the text into the field's type and
// checks the schema's constraints; ParseString, ParseInt64 and the others
// below are the ones of types without constraints, and generated code
// passes a function literal for the rest (enums, patterns, bounds).

// ParseString returns s: the parse function of string parameters.
func ParseString(s string) (string, error) { return s, nil }

// ParseInt64 parses a decimal integer (see ParseInt).
func ParseInt64(s string) (int64, error) { return ParseInt(s, 64) }

// ParseInt32 parses a decimal integer that fits in 32 bits.
func ParseInt32(s string) (int32, error) {
	n, err := ParseInt(s, 32)
	return int32(n), err
}

// ParseUint64 parses a decimal integer that is not negative.
func ParseUint64(s string) (uint64, error) { return ParseUint(s, 64) }

// ParseUint32 parses a decimal integer that is not negative and fits in
// 32 bits.
func ParseUint32(s string) (uint32, error) {
	n, err := ParseUint(s, 32)
	return uint32(n), err
}

// ParseFloat64 parses a number (see ParseFloat).
func ParseFloat64(s string) (float64, error) { return ParseFloat(s, 64) }

// ParseFloat32 parses a number that fits in a float32.
func ParseFloat32(s string) (float32, error) {
	f, err := ParseFloat(s, 32)
	return float32(f), err
}

// PathParam returns the value of the path parameter name, style prefix
// (see PathScalar), from raw, the segment the router captured (escaped
// when esc is true), parsed by parse. Its error is a *ParamError.
func PathParam[T any](raw, prefix string, esc bool, name string, parse func(string) (T, error)) (T, error) {
	s, err := PathScalar(raw, prefix, esc)
	if err == nil {
		var v T
		if v, err = parse(s); err == nil {
			return v, nil
		}
	}
	var zero T
	return zero, &oashttp.ParamError{Name: name, In: "path", Err: err}
}

// QueryParam sets dst to value, the raw value of the required query
// parameter name, parsed by parse, and sets seen; a second occurrence
// (seen already set) is ErrRepeated. Its error is a *ParamError.
func QueryParam[T any](dst *T, seen *bool, name, value string, parse func(string) (T, error)) error {
	if *seen {
		return &oashttp.ParamError{Name: name, In: "query", Err: ErrRepeated}
	}
	*seen = true
	s, err := QueryScalar(value)
	if err == nil {
		*dst, err = parse(s)
	}
	if err != nil {
		return &oashttp.ParamError{Name: name, In: "query", Err: err}
	}
	return nil
}

// QueryOpt sets dst to value, the raw value of the optional query
// parameter name, parsed by parse. dst.Set tells a second occurrence,
// which is ErrRepeated. Its error is a *ParamError.
func QueryOpt[T any](dst *oasrt.Opt[T], name, value string, parse func(string) (T, error)) error {
	if dst.Set {
		return &oashttp.ParamError{Name: name, In: "query", Err: ErrRepeated}
	}
	dst.Set = true
	s, err := QueryScalar(value)
	if err == nil {
		dst.Value, err = parse(s)
	}
	if err != nil {
		return &oashttp.ParamError{Name: name, In: "query", Err: err}
	}
	return nil
}

// HeaderParam sets dst to the required header parameter name, read from h
// under key (its canonical form) and parsed by parse. An absent or empty
// header is ErrMissing. Its error is a *ParamError.
func HeaderParam[T any](dst *T, h http.Header, key, name string, parse func(string) (T, error)) error {
	s := h.Get(key)
	err := oashttp.ErrMissing
	if s != "" {
		*dst, err = parse(s)
	}
	if err != nil {
		return &oashttp.ParamError{Name: name, In: "header", Err: err}
	}
	return nil
}

// HeaderOpt sets dst to the optional header parameter name, read from h
// under key (its canonical form) and parsed by parse; an absent or empty
// header leaves it unset. Its error is a *ParamError.
func HeaderOpt[T any](dst *oasrt.Opt[T], h http.Header, key, name string, parse func(string) (T, error)) error {
	s := h.Get(key)
	if s == "" {
		return nil
	}
	dst.Set = true
	var err error
	if dst.Value, err = parse(s); err != nil {
		return &oashttp.ParamError{Name: name, In: "header", Err: err}
	}
	return nil
}
