package oasimpl

import (
	"strings"
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

// TestGrowDeclaredNotSent: a stream that declares far more than it sends
// sizes an array by the bytes that arrived. Its capacity stays within ten
// times what those bytes justify (Reader.estimate takes at most eight
// times the bytes read), where trusting the declared size would make it
// millions of elements.
func TestGrowDeclaredNotSent(t *testing.T) {
	const n = 4000
	doc := "[" + strings.Repeat("1,", n-1) + "1]"
	r := &Reader{}
	r.ResetReader(strings.NewReader(doc))
	r.InputSize = 64 << 20
	if err := r.ArrStart(); err != nil {
		t.Fatal(err)
	}
	var s []int64
	maxCap := 0
	for {
		more, err := r.ArrNext()
		if err != nil {
			t.Fatal(err)
		}
		if !more {
			break
		}
		var e *int64
		s, e = Grow(r, s)
		if *e, err = r.Int(64); err != nil {
			t.Fatal(err)
		}
		maxCap = max(maxCap, cap(s))
	}
	if len(s) != n {
		t.Fatalf("read %d elements, want %d", len(s), n)
	}
	if maxCap > 10*n {
		t.Errorf("capacity reached %d for %d elements sent, want at most %d", maxCap, n, 10*n)
	}
}
