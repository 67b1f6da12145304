package oasimpl

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/oasgen/oasgen/oasrt"
)

// validityCases are in the spirit of JSONTestSuite's y_ (must accept) and
// n_ (must reject) files; encoding/json is the oracle for each.
var validityCases = []string{
	`{}`, `[]`, `""`, `0`, `-0`, `1.5e+10`, `-1E-2`, `true`, `false`, `null`,
	` [1, 2, 3] `, `{"a":{"b":[{}]}}`, `"\u00e9\ud83d\ude00"`, `"\"\\\/\b\f\n\r\t"`,
	"\"\xff\"", `"\ud800"`, `"\udc00\ud800"`, `{"a":1,"a":2}`,
	// rejects
	``, ` `, `{`, `}`, `[1,]`, `[,1]`, `{"a":1,}`, `{,}`, `{"a"}`, `{"a":}`, `{a:1}`,
	`01`, `-`, `1.`, `.1`, `1e`, `1e+`, `+1`, `0x10`, `NaN`, `Infinity`, `tru`, `nul`, `falsey`,
	`"abc`, "\"\x01\"", `"\x"`, `"\u12"`, `"\u12G4"`, `[1 2]`, `{"a":1 "b":2}`, `1 2`,
	`[1]]`, `{"a":1}}`, "\xef\xbb\xbf{}", `'a'`, `[-]`, `[1e1.0]`, "[\"a\"\x00]",
}

func TestValidMatchesEncodingJSON(t *testing.T) {
	for _, c := range validityCases {
		if got, want := Valid([]byte(c)), json.Valid([]byte(c)); got != want {
			t.Errorf("Valid(%q) = %v, encoding/json says %v", c, got, want)
		}
	}
}

func FuzzReaderValid(f *testing.F) {
	for _, c := range validityCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if got, want := Valid(data), json.Valid(data); got != want {
			t.Fatalf("Valid(%q) = %v, encoding/json says %v", data, got, want)
		}
	})
}

func FuzzReaderString(f *testing.F) {
	for _, s := range stringCases {
		b, _ := json.Marshal(s)
		f.Add(b)
	}
	f.Add([]byte(`"\ud83d\ude00\ud800x\udc00"`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var want string
		werr := json.Unmarshal(data, &want)
		if werr == nil && len(strings.TrimSpace(string(data))) > 0 && strings.TrimSpace(string(data))[0] == 'n' {
			return // encoding/json takes null as "no change"; the schema decides for us
		}
		r := NewReader(data)
		got, err := r.Str()
		if err == nil {
			err = r.End()
		}
		if (err == nil) != (werr == nil) {
			t.Fatalf("Str(%q): err %v, encoding/json err %v", data, err, werr)
		}
		if err == nil && got != want {
			t.Fatalf("Str(%q) = %q, encoding/json %q", data, got, want)
		}
	})
}

func FuzzReaderNumbers(f *testing.F) {
	for _, s := range []string{"0", "-0", "1", "-1", "9223372036854775807", "-9223372036854775808",
		"9223372036854775808", "1.5", "1e3", "00", "-", "18446744073709551615", "1e400", "4294967296", "2147483648",
		"127", "128", "-128", "-129", "255", "256", "9999", "10000", "32767 ", "32768\n", "7x", "12e1",
		"1234567", "12345678", "9999999,", "65535]", "65536}", "0 ", "01 "} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// As given, and with white space after it: integers with eight
		// bytes to spare take a path of their own (wordUint).
		checkNumbers(t, data)
		checkNumbers(t, append(slices.Clip(data), "        "...))
	})
}

// checkNumbers reads data as each integer type and a float64, and wants
// what encoding/json reads (an integral fraction or exponent taken, as
// JSON Schema does).
func checkNumbers(t *testing.T, data []byte) {
	var i64 int64
	werr := json.Unmarshal(data, &i64)
	if werr == nil && strings.TrimSpace(string(data)) == "null" {
		return
	}
	// encoding/json takes no fraction or exponent for an integer;
	// oasgen takes one whose value is integral, as JSON Schema does.
	schemaInt, skip := integralOracle(data)
	if skip {
		return
	}
	if werr != nil && schemaInt != nil && schemaInt.IsInt64() {
		i64, werr = schemaInt.Int64(), nil
	}
	r := NewReader(data)
	n, err := r.Int(64)
	if err == nil {
		err = r.End()
	}
	if (err == nil) != (werr == nil) || err == nil && n != i64 {
		t.Fatalf("Int(%q) = %d, %v; encoding/json %d, %v", data, n, err, i64, werr)
	}
	var i32 int32
	werr = json.Unmarshal(data, &i32)
	if werr != nil && schemaInt != nil && schemaInt.IsInt64() && int64(int32(schemaInt.Int64())) == schemaInt.Int64() {
		i32, werr = int32(schemaInt.Int64()), nil
	}
	r.Reset(data)
	n, err = r.Int(32)
	if err == nil {
		err = r.End()
	}
	if (err == nil) != (werr == nil) || err == nil && int32(n) != i32 {
		t.Fatalf("Int32(%q) = %d, %v; encoding/json %d, %v", data, n, err, i32, werr)
	}
	var u64 uint64
	werr = json.Unmarshal(data, &u64)
	if werr != nil && schemaInt != nil && schemaInt.IsUint64() {
		u64, werr = schemaInt.Uint64(), nil
	}
	r.Reset(data)
	u, err := r.Uint(64)
	if err == nil {
		err = r.End()
	}
	if (err == nil) != (werr == nil) || err == nil && u != u64 {
		t.Fatalf("Uint(%q) = %d, %v; encoding/json %d, %v", data, u, err, u64, werr)
	}
	// The 8- and 16-bit types, where the short integers' fast path
	// checks the 8-bit limits itself.
	var i8 int8
	werr = json.Unmarshal(data, &i8)
	if werr != nil && schemaInt != nil && schemaInt.IsInt64() && int64(int8(schemaInt.Int64())) == schemaInt.Int64() {
		i8, werr = int8(schemaInt.Int64()), nil
	}
	r.Reset(data)
	n, err = r.Int(8)
	if err == nil {
		err = r.End()
	}
	if (err == nil) != (werr == nil) || err == nil && int8(n) != i8 {
		t.Fatalf("Int8(%q) = %d, %v; encoding/json %d, %v", data, n, err, i8, werr)
	}
	var u8 uint8
	werr = json.Unmarshal(data, &u8)
	if werr != nil && schemaInt != nil && schemaInt.IsUint64() && uint64(uint8(schemaInt.Uint64())) == schemaInt.Uint64() {
		u8, werr = uint8(schemaInt.Uint64()), nil
	}
	r.Reset(data)
	u, err = r.Uint(8)
	if err == nil {
		err = r.End()
	}
	if (err == nil) != (werr == nil) || err == nil && uint8(u) != u8 {
		t.Fatalf("Uint8(%q) = %d, %v; encoding/json %d, %v", data, u, err, u8, werr)
	}
	var i16 int16
	werr = json.Unmarshal(data, &i16)
	if werr != nil && schemaInt != nil && schemaInt.IsInt64() && int64(int16(schemaInt.Int64())) == schemaInt.Int64() {
		i16, werr = int16(schemaInt.Int64()), nil
	}
	r.Reset(data)
	n, err = r.Int(16)
	if err == nil {
		err = r.End()
	}
	if (err == nil) != (werr == nil) || err == nil && int16(n) != i16 {
		t.Fatalf("Int16(%q) = %d, %v; encoding/json %d, %v", data, n, err, i16, werr)
	}
	var f64 float64
	werr = json.Unmarshal(data, &f64)
	r.Reset(data)
	fv, err := r.Float(64)
	if err == nil {
		err = r.End()
	}
	if (err == nil) != (werr == nil) || err == nil && fv != f64 {
		t.Fatalf("Float(%q) = %v, %v; encoding/json %v, %v", data, fv, err, f64, werr)
	}
}

func TestDepthBounded(t *testing.T) {
	ok := strings.Repeat("[", oasrt.DefaultMaxDepth) + strings.Repeat("]", oasrt.DefaultMaxDepth)
	if !Valid([]byte(ok)) {
		t.Errorf("nesting of %d rejected", oasrt.DefaultMaxDepth)
	}
	deep := "[" + ok + "]"
	if Valid([]byte(deep)) || json.Valid([]byte(deep)) {
		t.Errorf("nesting of %d accepted", oasrt.DefaultMaxDepth+1)
	}
	// Far deeper input fails fast instead of exhausting the stack.
	huge := strings.Repeat(`{"a":`, 1_000_000)
	r := NewReader([]byte(huge))
	r.MaxDepth = 64
	err := r.Skip()
	var e *oasrt.Error
	if !errors.As(err, &e) || !strings.Contains(e.Msg, "exceeded max depth 64") {
		t.Errorf("deep input: %v", err)
	}
}

func TestErrorPathAndOffset(t *testing.T) {
	data := []byte(`{"result":[{},{},{},{"date":12}]}`)
	r := NewReader(data)
	// Walk to the bad value the way generated code does.
	_ = r.ObjStart()
	_, _, _ = r.ObjKey()
	_ = r.ArrStart()
	for i := 0; i < 3; i++ {
		_, _ = r.ArrNext()
		_ = r.Skip()
	}
	_, _ = r.ArrNext()
	_ = r.ObjStart()
	_, _, _ = r.ObjKey()
	_, err := r.Str()
	err = oasrt.AtKey(oasrt.AtIndex(oasrt.AtKey(err, "date"), 3), "result")
	want := "$.result[3].date: expected string, got number (offset 28)"
	if err == nil || err.Error() != want {
		t.Errorf("error = %v, want %s", err, want)
	}
	e := oasrt.AtKey(&oasrt.Error{Offset: 3, Msg: "m"}, "a b")
	if got := e.Error(); got != `$["a b"]: m (offset 3)` {
		t.Errorf("quoted key path = %s", got)
	}
}

func TestStrInterning(t *testing.T) {
	r := NewReader([]byte(`["abc","d\u00e9f",""]`))
	_ = r.ArrStart()
	var got []string
	for {
		more, err := r.ArrNext()
		if err != nil || !more {
			break
		}
		s, err := r.Str()
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, s)
	}
	if strings.Join(got, "|") != "abc|déf|" {
		t.Errorf("got %q", got)
	}
}

// TestStrBlocks checks that the strings of a large document are copied
// into large blocks, a few allocations for a MiB, and come out whole.
func TestStrBlocks(t *testing.T) {
	const n = 1 << 13
	var b strings.Builder
	b.WriteByte('[')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%q", strings.Repeat(strconv.Itoa(i%10), 120))
	}
	b.WriteByte(']')
	doc := []byte(b.String())
	got := make([]string, 0, n)
	read := func() {
		got = got[:0]
		r := NewReader(doc)
		if err := r.ArrStart(); err != nil {
			t.Fatal(err)
		}
		for {
			more, err := r.ArrNext()
			if err != nil {
				t.Fatal(err)
			}
			if !more {
				break
			}
			s, err := r.Str()
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, s)
		}
	}
	// About 1 MiB of strings: blocks of 14 KiB doubling to 256 KiB, 8 of
	// them, against 69 of 14 KiB.
	if a := testing.AllocsPerRun(5, read); a > 10 {
		t.Errorf("reading %d KiB of strings allocates %v times, want at most 10", len(doc)>>10, a)
	}
	for i, s := range got {
		if want := strings.Repeat(strconv.Itoa(i%10), 120); s != want {
			t.Fatalf("string %d = %q, want %q", i, s, want)
		}
	}
}

func TestFormats(t *testing.T) {
	for _, tc := range []struct {
		in   string
		read func(*Reader) error
		ok   bool
	}{
		{`"2021-02-28"`, func(r *Reader) error { _, err := r.Date(); return err }, true},
		{`"2021-02-29"`, func(r *Reader) error { _, err := r.Date(); return err }, false},
		{`"123e4567-E89B-12d3-a456-426614174000"`, func(r *Reader) error { _, err := r.UUID(); return err }, true},
		{`"123e4567e89b12d3a456426614174000"`, func(r *Reader) error { _, err := r.UUID(); return err }, false},
		{`"10.0.0.1"`, func(r *Reader) error { _, err := r.Addr(4); return err }, true},
		{`"::1"`, func(r *Reader) error { _, err := r.Addr(4); return err }, false},
		{`"::1"`, func(r *Reader) error { _, err := r.Addr(6); return err }, true},
		{`"fe80::a%eth1"`, func(r *Reader) error { _, err := r.Addr(6); return err }, false},
		// RFC 4291 2.5.5.2: an IPv4-mapped address is an IPv6 address.
		{`"::ffff:192.168.0.1"`, func(r *Reader) error { _, err := r.Addr(6); return err }, true},
		{`"192.168.0.1"`, func(r *Reader) error { _, err := r.Addr(6); return err }, false},
		{`"aGVsbG8="`, func(r *Reader) error { _, err := r.Bytes64(); return err }, true},
		{`"aGVsbG8"`, func(r *Reader) error { _, err := r.Bytes64(); return err }, false},
		{`"2021-01-27T01:04:48+09:00"`, func(r *Reader) error { _, err := r.Time(); return err }, true},
		{`"2021/01/27 01:04:48"`, func(r *Reader) error { _, err := r.Time(); return err }, false},
	} {
		err := tc.read(NewReader([]byte(tc.in)))
		if (err == nil) != tc.ok {
			t.Errorf("%s: err = %v, want ok=%v", tc.in, err, tc.ok)
		}
	}
	u, _ := oasrt.ParseUUID("123E4567-E89B-12D3-A456-426614174000")
	if u.String() != "123e4567-e89b-12d3-a456-426614174000" {
		t.Errorf("UUID round trip: %s", u)
	}
}

func TestStrings(t *testing.T) {
	long := make([]string, 1000)
	for i := range long {
		long[i] = strconv.Itoa(i)
	}
	for _, want := range [][]string{{}, {"a"}, {"a", "b\u00e9", "c\\\"d"}, long[:64], long[:65], long} {
		doc, _ := json.Marshal(want)
		for _, bufSize := range []int{0, 1, 7} {
			var r Reader
			if bufSize == 0 {
				r.Reset(doc)
			} else {
				r.BufferSize = bufSize
				r.ResetReader(iotest.OneByteReader(bytes.NewReader(doc)))
			}
			got, err := r.Strings()
			if err == nil {
				err = r.End()
			}
			if err != nil || got == nil || !slices.Equal(got, want) || cap(got) != len(got) && len(got) <= maxShortArray {
				t.Fatalf("Strings(%.40s…) through %d-byte buffer = %q (cap %d), %v", doc, bufSize, got, cap(got), err)
			}
		}
	}
	// Short arrays share a block: appending to one must not reach the next.
	var r Reader
	r.Reset([]byte(`[["a","b"],["c"]]`))
	if err := r.ArrStart(); err != nil {
		t.Fatal(err)
	}
	var got [][]string
	for {
		more, err := r.ArrNext()
		if err != nil || !more {
			break
		}
		s, err := r.Strings()
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, s)
	}
	got[0] = append(got[0], "x")
	if len(got) != 2 || got[1][0] != "c" {
		t.Errorf("an append to one array reached its neighbour: %q", got)
	}
	// Arrays outgrow the block they were read into: the first block is
	// sized for strings like the first one, long, so the second array
	// moves to a new block mid-way, whole.
	r.Reset([]byte(`[["aaaaaaaaaaaaaaaaaaaaaaaa"],["b","c","d","e","f","g","h"],["i","j"]]`))
	if err := r.ArrStart(); err != nil {
		t.Fatal(err)
	}
	got = got[:0]
	for {
		more, err := r.ArrNext()
		if err != nil || !more {
			break
		}
		s, err := r.Strings()
		if err != nil || cap(s) != len(s) {
			t.Fatalf("Strings: %q (cap %d), %v", s, cap(s), err)
		}
		got = append(got, s)
	}
	if want := [][]string{{"aaaaaaaaaaaaaaaaaaaaaaaa"}, {"b", "c", "d", "e", "f", "g", "h"}, {"i", "j"}}; !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("arrays across blocks: %q, want %q", got, want)
	}
	// An array that fails part-way leaves the block to the next one.
	r.Reset([]byte(`[["a","b",1],["c","d"]]`))
	_ = r.ArrStart()
	_, _ = r.ArrNext()
	if s, err := r.Strings(); err == nil {
		t.Fatalf("Strings read %q from an array holding a number", s)
	}
	for _, tt := range []struct{ doc, err string }{
		{`["a",1]`, "$[1]: expected string, got number (offset 5)"},
		{`["a" "b"]`, "after array element"},
		{`{}`, "expected array"},
	} {
		r.Reset([]byte(tt.doc))
		if _, err := r.Strings(); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("Strings(%s) = %v, want %q", tt.doc, err, tt.err)
		}
	}
}

var sinkStrings []string

// TestStringsFreshReader pins what a Reader declared for one document
// (a generated UnmarshalJSON's) allocates to read an array of strings:
// its string block and its block of string arrays, no scratch space.
func TestStringsFreshReader(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's instrumentation allocates")
	}
	doc := []byte(`["test tag","kawaii"]`)
	n := testing.AllocsPerRun(100, func() {
		var r Reader
		r.Reset(doc)
		sinkStrings, _ = r.Strings()
	})
	if n > 2 {
		t.Errorf("a fresh Reader allocates %v times to read %s, want 2", n, doc)
	}
	if !slices.Equal(sinkStrings, []string{"test tag", "kawaii"}) {
		t.Errorf("read %q", sinkStrings)
	}
}

// integralOracle returns the value of data, when it is one JSON number
// with an integral value, by exact arithmetic (nil otherwise); skip is
// set for exponents too large to compute.
func integralOracle(data []byte) (v *big.Int, skip bool) {
	var v0 any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if !json.Valid(data) || dec.Decode(&v0) != nil {
		return nil, false
	}
	num, ok := v0.(json.Number)
	if !ok {
		return nil, false
	}
	text := string(num)
	if i := strings.IndexAny(text, "eE"); i >= 0 {
		exp, err := strconv.Atoi(strings.TrimPrefix(text[i+1:], "+"))
		if err != nil || exp > 400 || exp < -400 {
			return nil, true
		}
	}
	r, ok := new(big.Rat).SetString(text)
	if !ok || !r.IsInt() {
		return nil, false
	}
	return r.Num(), false
}
