package oasimpl

import (
	"errors"
	"testing"

	"github.com/oasgen/oasgen/oasrt"
)

func TestNonNull(t *testing.T) {
	r := NewReader([]byte(`null "x"`))
	n := oasrt.Nullable[string]{Value: "old"}
	if NonNull(r, &n) || !n.Null || n.Value != "" {
		t.Errorf("null: got %+v", n)
	}
	if !NonNull(r, &n) || n.Null {
		t.Errorf("a string: got %+v", n)
	}
	o := oasrt.OptNullable[int32]{Value: 3}
	r.Reset([]byte(`null 5`))
	if OptNonNull(r, &o) || !o.Set || !o.Null || o.Value != 0 {
		t.Errorf("null: got %+v", o)
	}
	if !OptNonNull(r, &o) || !o.Set || o.Null {
		t.Errorf("a number: got %+v", o)
	}
	if o.Value, _ = r.Int32(); o.Value != 5 {
		t.Errorf("Int32: got %d", o.Value)
	}
}

func TestValidatorFormat(t *testing.T) {
	var c Validator
	c.Format("url", "uri", "http://example.com/", ValidURI)
	if err := c.Err(); err != nil {
		t.Fatalf("a valid uri: %v", err)
	}
	c.Key("outer")
	c.Format("url", "uri", "not a uri", ValidURI)
	c.Pop()
	var e *oasrt.Error
	if err := c.Err(); !errors.As(err, &e) || err.Error() != `$.outer.url: invalid uri "not a uri"` {
		t.Errorf("got %v", err)
	}
}
