package oasimpl

import (
	"errors"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt"
)

type arrName string

func (n *arrName) DecodeJSON(r *Reader) error {
	s, err := r.Str()
	*n = arrName(s)
	return err
}

func TestDecodeArray(t *testing.T) {
	var r Reader
	s := make([]arrName, 3, 8) // reused, not appended to
	r.Reset([]byte(`["a", "b"]`))
	if err := DecodeArray(&r, &s, (*arrName).DecodeJSON); err != nil || len(s) != 2 || s[0] != "a" || s[1] != "b" {
		t.Fatalf("got %q, %v", s, err)
	}

	var empty []arrName
	r.Reset([]byte(`[]`))
	if err := DecodeArray(&r, &empty, (*arrName).DecodeJSON); err != nil || empty == nil {
		t.Fatalf("an empty array: %#v, %v", empty, err)
	}

	r.Reset([]byte(`["a", 7]`))
	err := DecodeArray(&r, &s, (*arrName).DecodeJSON)
	var e *oasrt.Error
	if !errors.As(err, &e) || !strings.Contains(err.Error(), "[1]") || e.Offset != 6 {
		t.Fatalf("a bad element: %v (%#v)", err, e)
	}

	r.Reset([]byte(`{}`))
	if err := DecodeArray(&r, &s, (*arrName).DecodeJSON); err == nil {
		t.Fatal("an object decoded as an array")
	}
}

// TestStringItem: the element codecs of an array of plain strings, which
// generated PField methods name, decode a string (escapes undone) into
// *x, leave *x alone on a value of another kind with an error at its
// offset, and encode it back escaped.
func TestStringItem(t *testing.T) {
	var r Reader
	r.Reset([]byte(`"a\nb\u00e9"`))
	var s string
	if err := DecodeStringItem(&s, &r); err != nil || s != "a\nbé" {
		t.Fatalf("DecodeStringItem = %q, %v", s, err)
	}
	r.Reset([]byte(`  12`))
	s = "kept"
	var e *oasrt.Error
	if err := DecodeStringItem(&s, &r); !errors.As(err, &e) || e.Offset != 2 || s != "kept" {
		t.Fatalf("DecodeStringItem of a number: %q, %v; want an error at offset 2 and s unchanged", s, err)
	}
	var w Writer
	s = "a\"b\n"
	EncodeStringItem(&s, &w)
	if got, want := string(w.Buf), `"a\"b\n"`; got != want {
		t.Fatalf("EncodeStringItem = %s, want %s", got, want)
	}
}
