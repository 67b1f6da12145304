package oasimpl

import (
	"errors"
	"math"
	"math/big"
	"testing"

	"github.com/oasgen/oasgen/oasrt"
)

func TestMultipleOf(t *testing.T) {
	cases := []struct {
		v    float64
		m    string
		want bool
	}{
		{0.3, "0.1", true}, // 0.3/0.1 is 2.9999999999999996 in float64
		{0.7, "0.1", true},
		{19.99, "0.01", true},
		{0.001, "0.01", false},
		{1e300, "0.5", true},
		{10, "5", true},
		{-15, "5", true},
		{7, "5", false},
		{0, "0.37", true},
		{1, "1/3", true}, {0.5, "1/3", false},
		{4.5, "1.5", true},
		{0.30000000000000004, "0.01", false},
		{math.Inf(1), "1", false},
		{math.NaN(), "1", false},
		{9007199254740993, "2", true}, // beyond 2^53: exact decimal path
	}
	for _, c := range cases {
		if got := MultipleOf(c.v, Rat(c.m)); got != c.want {
			t.Errorf("MultipleOf(%v, %s) = %v, want %v", c.v, c.m, got, c.want)
		}
	}
}

func TestDuplicate(t *testing.T) {
	long := make([]int, 100)
	for i := range long {
		long[i] = i
	}
	if i, j := Duplicate(long); i != -1 || j != -1 {
		t.Errorf("distinct long slice: %d, %d", i, j)
	}
	long[77] = 5
	if i, j := Duplicate(long); i != 5 || j != 77 {
		t.Errorf("long slice: got %d, %d, want 5, 77", i, j)
	}
	if i, j := Duplicate([]string{"a", "b", "c", "b"}); i != 1 || j != 3 {
		t.Errorf("short slice: got %d, %d, want 1, 3", i, j)
	}
	if i, _ := Duplicate([]string(nil)); i != -1 {
		t.Error("nil slice has a duplicate")
	}
}

func TestDuplicateFunc(t *testing.T) {
	enc := func(w *Writer, e *[]int) {
		start := len(w.Buf)
		for _, x := range *e {
			w.Byte(',')
			w.Int(int64(x))
		}
		w.ArrayEnd(start)
	}
	if i, j := DuplicateFunc([][]int{{1}, {1, 2}, {2, 1}, {1, 2}}, enc); i != 1 || j != 3 {
		t.Errorf("got %d, %d, want 1, 3", i, j)
	}
	if i, j := DuplicateFunc([][]int{{1}, {1, 2}, {2, 1}, {}}, enc); i != -1 || j != -1 {
		t.Errorf("distinct: got %d, %d", i, j)
	}
}

func TestValidator(t *testing.T) {
	var v Validator
	if v.Err() != nil {
		t.Fatal("empty validator has an error")
	}
	v.Key("items")
	v.Index(3)
	v.Key("two words")
	v.Errorf("%d is too big", 7)
	v.Pop()
	v.Pop()
	v.Errorf("bad")
	v.Pop()
	v.Errorf("root")
	err := v.Err()
	var es oasrt.Errors
	if !errors.As(err, &es) || len(es) != 3 {
		t.Fatalf("Err = %#v", err)
	}
	want := []string{`$.items[3]["two words"]: 7 is too big`, `$.items: bad`, `$: root`}
	for i, e := range es {
		if e.Error() != want[i] {
			t.Errorf("error %d = %q, want %q", i, e, want[i])
		}
		var oe *oasrt.Error
		if !errors.As(e, &oe) || oe.Offset != -1 {
			t.Errorf("error %d is not an *Error without offset", i)
		}
	}
}

func TestValidDuration(t *testing.T) {
	for _, s := range []string{"P1Y", "P1Y2M3DT4H5M6S", "PT1H", "P4W", "P1Y5D", "PT1H5S", "P0D", "PT36H"} {
		if !ValidDuration(s) {
			t.Errorf("%q rejected", s)
		}
	}
	for _, s := range []string{"", "P", "PT", "1Y", "P1", "P1H", "PT1D", "P1D1Y", "P1Y1Y", "P1W1D", "P1.5Y", "PT1.5H", "PT1.S", "PT0.5S", "PT1,5S", "P-1D", "P1DT", "p1d", "P1WT1H"} {
		if ValidDuration(s) {
			t.Errorf("%q accepted", s)
		}
	}
}

func TestValidTime(t *testing.T) {
	for _, s := range []string{"15:04:05Z", "00:00:00z", "23:59:60Z", "15:04:05.123456789+09:00", "15:04:05-05:30",
		"23:59:60+00:00", "01:29:60+01:30", "15:59:60-08:00"} {
		if !ValidTime(s) {
			t.Errorf("%q rejected", s)
		}
	}
	for _, s := range []string{"", "15:04:05", "24:00:00Z", "15:60:00Z", "15:04:61Z", "15:04:05.Z", "15:04:05+9:00", "15:04:05+24:00", "1:04:05Z", "15:04:05Zx",
		"22:59:60Z", "23:58:60Z", "23:59:60+01:00", "23:59:60-00:30"} {
		if ValidTime(s) {
			t.Errorf("%q accepted", s)
		}
	}
}

func TestDecimal(t *testing.T) {
	for _, s := range []string{"0", "-0", "12.50", "1e-7", "-3.2E+10", "12345678901234567890.123456789"} {
		var r Reader
		r.Reset([]byte(s))
		d, err := r.Decimal(false)
		if err != nil || string(d) != s {
			t.Errorf("%s: got %q, %v", s, d, err)
		}
		r.Reset([]byte(`"` + s + `"`))
		if d, err := r.Decimal(true); err != nil || string(d) != s {
			t.Errorf("quoted %s: got %q, %v", s, d, err)
		}
		var w Writer
		w.Decimal(d, false)
		if string(w.Buf) != s {
			t.Errorf("write %s: %s", s, w.Buf)
		}
	}
	for _, s := range []string{"", "01", "1.", ".5", "+1", "1e", "0x10", "NaN", " 1"} {
		var r Reader
		r.Reset([]byte(`"` + s + `"`))
		if d, err := r.Decimal(true); err == nil {
			t.Errorf("quoted %q accepted as %q", s, d)
		}
		if oasrt.Decimal(s).Valid() != (s == "") {
			t.Errorf("Valid(%q) = %v", s, !(s == ""))
		}
	}
	var w Writer
	w.Decimal("1,5", false)
	if _, err := PutWriter(&w); !errors.Is(err, oasrt.ErrBadDecimal) {
		t.Errorf("bad decimal: err = %v", err)
	}
	if r, ok := oasrt.Decimal("0.1").Rat(); !ok || r.Cmp(big.NewRat(1, 10)) != 0 {
		t.Errorf("Rat(0.1) = %v", r)
	}
}
