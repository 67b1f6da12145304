package oasrt

import (
	"testing"
)

func TestReader32(t *testing.T) {
	r := NewReader([]byte(`2147483647 4294967295 1.5 2147483648`))
	if n, err := r.Int32(); n != 2147483647 || err != nil {
		t.Errorf("Int32: %d, %v", n, err)
	}
	if n, err := r.Uint32(); n != 4294967295 || err != nil {
		t.Errorf("Uint32: %d, %v", n, err)
	}
	if f, err := r.Float32(); f != 1.5 || err != nil {
		t.Errorf("Float32: %v, %v", f, err)
	}
	if _, err := r.Int32(); err == nil {
		t.Error("Int32 took 2147483648")
	}
}
