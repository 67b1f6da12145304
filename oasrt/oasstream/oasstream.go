// Package oasstream reads and writes JSON documents of any size by the
// items of their arrays, holding one item at a time: a file of millions of
// records, a response body, a gzip stream. The input is read through a
// 64 KiB buffer and never held whole; errors name the JSON path and byte
// offset in the whole document, as oasrt.Unmarshal's do.
//
// Every array property P of a generated struct has a method PField that
// names it here:
//
//	var list api.List
//	for item, err := range oasstream.Items(f, list.ResultField()) {
//		if err != nil {
//			return err // $.result[41].date: ... (offset 123456)
//		}
//		use(item) // list.Total is already set when it came first
//	}
//
// Each item is checked against its schema as it is decoded, and the
// array's minItems and maxItems when it ends; uniqueItems, which needs
// every item kept, is not checked on a stream.
package oasstream

import (
	"io"
	"iter"

	"github.com/oasgen/oasgen/oasrt/oasimpl"
)

// Items returns an iterator over the items of the array field f of a
// generated struct (the struct's method PField gives it), decoding the
// document read from src into the rest of that struct. Properties before
// the array in the input are set when the first item is yielded, the
// others once the iteration ends; the array field itself stays empty. An
// error ends the iteration: it is yielded once, with a zero item.
// Stopping the loop early stops reading src.
func Items[T any](src io.Reader, f oasimpl.ArrayField[T]) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		var r oasimpl.Reader
		r.ResetReader(src)
		for x, err := range oasimpl.DecodeFieldItems(&r, f) {
			if !yield(x, err) {
				return
			}
		}
	}
}

// Handler hands the items of one array field to a function for Decode;
// Each makes one. A Handler is for one Decode at a time.
type Handler struct{ f oasimpl.FieldItems }

// Each returns the Handler of the array field f of a generated struct:
// each item is decoded, checked, and passed to fn instead of being kept.
// An error from fn stops Decode, which returns it as it is.
func Each[T any](f oasimpl.ArrayField[T], fn func(T) error) Handler {
	return Handler{oasimpl.Each(f, fn)}
}

// Decode decodes the document read from src into v, a pointer to a
// generated struct, except that the items of the array fields of the
// handlers go to their functions instead of being kept: a document of
// several large arrays is read in memory bounded by one item of each.
//
//	err := oasstream.Decode(f, &data, oasstream.Each(data.ProductsField(), addProduct), oasstream.Each(data.PricesField(), addPrice))
func Decode(src io.Reader, v oasimpl.Decoder, handlers ...Handler) error {
	var r oasimpl.Reader
	r.ResetReader(src)
	fields := make([]oasimpl.FieldItems, len(handlers))
	for i, h := range handlers {
		fields[i] = h.f
	}
	return oasimpl.DecodeEach(&r, v.DecodeJSON, fields...)
}

// Write writes the generated struct of the array field f to out as JSON,
// the items of f taken from seq instead of from the field, and flushes as
// it goes: the first item at once, then every 32 KiB, or 50 ms after bytes
// began to wait when items come slowly. An error from seq stops the
// writing and is returned; what was written by then is not valid JSON.
func Write[T any](out io.Writer, f oasimpl.ArrayField[T], seq iter.Seq2[T, error]) error {
	var w oasimpl.Writer
	return oasimpl.EncodeFieldItems(&w, out, f, seq)
}
