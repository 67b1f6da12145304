package oasimpl

import "github.com/oasgen/oasgen/oasrt"

// DecodeArray decodes a JSON array into *s, an element at a time with
// dec, the DecodeJSON method expression of the element type
// ((*Pet).DecodeJSON), reusing *s's storage; an empty array is an empty
// slice, not nil. An element that does not decode is an error at its
// index. Generated code calls it for an array whose elements have a
// codec and which has no constraints of its own, where it would otherwise
// write the loop out.
func DecodeArray[T any](r *Reader, s *[]T, dec func(*T, *Reader) error) error {
	if err := r.ArrStart(); err != nil {
		return err
	}
	*s = (*s)[:0]
	for i := 0; ; i++ {
		more, err := r.ArrNext()
		if err != nil {
			return err
		}
		if !more {
			break
		}
		var e *T
		*s, e = Grow(r, *s)
		if err := dec(e, r); err != nil {
			return oasrt.AtIndex(err, i)
		}
	}
	if *s == nil {
		*s = []T{}
	}
	return nil
}

// DecodeStringItem and EncodeStringItem are the element codecs of an array
// of strings with nothing to check, which the streaming API's
// ArrayField holds; generated code names them rather than write
// the same two functions for every such array.
func DecodeStringItem(x *string, r *Reader) error {
	s, err := r.Str()
	if err != nil {
		return err
	}
	*x = s
	return nil
}

// EncodeStringItem: see DecodeStringItem.
func EncodeStringItem(x *string, w *Writer) { w.String(*x) }
