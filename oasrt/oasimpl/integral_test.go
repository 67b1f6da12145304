package oasimpl

import (
	"strings"
	"testing"
)

// TestIntegralNumbers: an integer type takes a number whose value is
// integral however it is written (JSON Schema's integer), and nothing
// with a fraction.
func TestIntegralNumbers(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		err  string
	}{
		{"1.0", 1, ""},
		{"-1.000", -1, ""},
		{"0.0", 0, ""},
		{"-0.0e5", 0, ""},
		{"1e2", 100, ""},
		{"1E+2", 100, ""},
		{"12.5e1", 125, ""},
		{"1200e-2", 12, ""},
		{"9007199254740992.0", 9007199254740992, ""},
		{"9223372036854775807.0", 9223372036854775807, ""},
		{"-9223372036854775808e0", -9223372036854775808, ""},
		{"0e999999999999", 0, ""},
		{"1.5", 0, "expected integer, got number 1.5"},
		{"1e-1", 0, "expected integer, got number 1e-1"},
		{"1250e-2", 0, "expected integer, got number 1250e-2"},
		{"9223372036854775808.0", 0, "out of range for int64"},
		{"1e999999999999", 0, "out of range for int64"},
	} {
		r := NewReader([]byte(tc.in))
		got, err := r.Int(64)
		switch {
		case tc.err == "" && (err != nil || got != tc.want):
			t.Errorf("Int(%s) = %d, %v; want %d", tc.in, got, err, tc.want)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("Int(%s) = %d, %v; want an error with %q", tc.in, got, err, tc.err)
		case tc.err == "" && r.End() != nil:
			t.Errorf("Int(%s) left %q", tc.in, tc.in[r.pos:])
		}
	}
	for _, tc := range []struct {
		in   string
		bits int
		want uint64
		ok   bool
	}{
		{"255.0", 8, 255, true},
		{"2.56e2", 8, 0, false},
		{"18446744073709551615.0", 64, 18446744073709551615, true},
		{"-1.0", 64, 0, false},
		{"0.5", 64, 0, false},
	} {
		got, err := NewReader([]byte(tc.in)).Uint(tc.bits)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("Uint(%s, %d) = %d, %v; want %d, ok %v", tc.in, tc.bits, got, err, tc.want, tc.ok)
		}
	}
	for in, want := range map[string]bool{"1": true, "1.0": true, "1e2": true, "1.5": false, "-2.55e1": false, "-2.50e1": true} {
		if got := NewReader([]byte(in)).IsInteger(); got != want {
			t.Errorf("IsInteger(%s) = %v, want %v", in, got, want)
		}
	}
}
