package oasimpl

import (
	"math/big"
	"testing"

	"github.com/oasgen/oasgen/oasrt"
)

func TestCompareDecimal(t *testing.T) {
	tenth := big.NewRat(1, 10)
	for _, tc := range []struct {
		d    oasrt.Decimal
		want int
	}{
		{"0.1", 0}, {"0.10", 0}, {"1e-1", 0}, {"0.09999999999999999999", -1}, {"0.1000000000000000001", 1},
		{"-5", -1}, {"1e999999999", 1}, {"-1E+999999999", -1}, {"1e-999999999", -1}, {"", -1}, {"not", 0},
	} {
		if got := CompareDecimal(tc.d, tenth); got != tc.want {
			t.Errorf("CompareDecimal(%q, 0.1) = %d, want %d", tc.d, got, tc.want)
		}
	}
}

func TestDecimalMultipleOf(t *testing.T) {
	cent := big.NewRat(1, 100)
	for _, tc := range []struct {
		d    oasrt.Decimal
		want bool
	}{
		{"19.99", true}, {"0.3", true}, {"1e2", true}, {"0.001", false}, {"1e999999999", true},
		{"1e-999999999", false}, {"0e-999999999", true}, {"-0.07", true}, {"12.345", false},
	} {
		if got := DecimalMultipleOf(tc.d, cent); got != tc.want {
			t.Errorf("DecimalMultipleOf(%q, 0.01) = %v, want %v", tc.d, got, tc.want)
		}
	}
}

func TestJSONEqual(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{`{"a":1,"b":[true,null]}`, `{"b":[true,null],"a":1.0}`, true},
		{`"\u0061"`, `"a"`, true},
		{`null`, `null`, true},
		{`[1,2]`, `[2,1]`, false},
		{`{"a":1}`, `{"a":1,"b":2}`, false},
		{`1`, `"1"`, false},
		{`{"a":}`, `{"a":1}`, false},
		{`0`, `-0`, true},
	} {
		if got := JSONEqual([]byte(tc.a), tc.b); got != tc.want {
			t.Errorf("JSONEqual(%s, %s) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}
