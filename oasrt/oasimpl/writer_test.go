package oasimpl

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/oasgen/oasgen/oasrt"
)

// stdEncode is the oracle: encoding/json with HTML escaping off, as the
// Writer promises to match.
func stdEncode(t testing.TB, v any) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatalf("encoding/json: %v", err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// stdString is the oracle for strings: encoding/json's output for each run
// of valid UTF-8, and \ufffd for each byte that is not part of one.
//
// The escape is oasgen's choice, pinned so that its output is the same
// bytes whichever Go builds it: encoding/json wrote \ufffd up to Go 1.26,
// and from Go 1.27 on (built on encoding/json/v2) writes the character
// U+FFFD itself. Both decode to the same string, which the tests also check
// against the encoding/json they run with (stdDecodesSame).
func stdString(t testing.TB, s string) []byte {
	t.Helper()
	out := []byte{'"'}
	for len(s) > 0 {
		n := 0
		for n < len(s) {
			r, size := utf8.DecodeRuneInString(s[n:])
			if r == utf8.RuneError && size == 1 {
				break
			}
			n += size
		}
		if n > 0 {
			valid := stdEncode(t, s[:n])
			out = append(out, valid[1:len(valid)-1]...)
			s = s[n:]
			continue
		}
		out = append(out, `\ufffd`...)
		s = s[1:]
	}
	return append(out, '"')
}

// stdDecodesSame checks that got, the Writer's output for s, decodes with
// encoding/json to the string encoding/json's own output for s decodes to.
func stdDecodesSame(t testing.TB, s string, got []byte) {
	t.Helper()
	var a, b string
	if err := json.Unmarshal(got, &a); err != nil {
		t.Fatalf("String(%q) = %s: encoding/json rejects it: %v", s, got, err)
	}
	if err := json.Unmarshal(stdEncode(t, s), &b); err != nil {
		t.Fatalf("encoding/json rejects its own output for %q: %v", s, err)
	}
	if a != b {
		t.Fatalf("String(%q) decodes to %q, encoding/json's output to %q", s, a, b)
	}
}

var stringCases = []string{
	"", "plain", `quote " and backslash \`, "<html> & co", "\x00\x01\x1f\x7f",
	"\b\f\n\r\t", "tab\there", "caf\u00e9", "日本語のテキスト", "emoji 😀",
	"\u2028 and \u2029", "bad \xff utf8", "truncated \xe3\x81", "\xed\xa0\x80 surrogate",
	"long plain ascii text that is longer than eight bytes", "12345678\"",
	"\xc0\xaf overlong", "\xef\xbf\xbd literal replacement", "mixed 日本 and \x80 bad",
	// A control byte before a plain one (the word-at-a-time test can flag
	// the byte after one below 0x20), and tails after multi-byte text and
	// escapes.
	"000000\x00 ", "0000000\x01 a", "日本語 \x00\x1f ", "abcdefgh\"ijklm", "é12345678\x7f",
}

func TestStringMatchesEncodingJSON(t *testing.T) {
	for _, s := range stringCases {
		var w Writer
		w.String(s)
		if want := stdString(t, s); !bytes.Equal(w.Buf, want) {
			t.Errorf("String(%q) = %s, want %s", s, w.Buf, want)
		}
		stdDecodesSame(t, s, w.Buf)
		if got := stringWithRoom(t, s); !bytes.Equal(got, w.Buf) {
			t.Errorf("String(%q) with room = %s, want %s", s, got, w.Buf)
		}
	}
}

// stringWithRoom writes s with String into a buffer with room for any
// escaping of it, the room filled with '#', and returns what String
// appended after checking that the rest of the room is as it was: with
// room, String copies a plain string in words (plainCopy), a path that a
// Writer growing from nothing never takes.
func stringWithRoom(t *testing.T, s string) []byte {
	t.Helper()
	buf := make([]byte, 1, 1+6*len(s)+2+8)
	full := buf[:cap(buf)]
	for i := range full {
		full[i] = '#'
	}
	w := Writer{Buf: buf}
	w.String(s)
	if &w.Buf[0] != &full[0] {
		t.Fatalf("String(%q) grew a buffer with room", s)
	}
	if rest := full[len(w.Buf):]; strings.Trim(string(rest), "#") != "" {
		t.Fatalf("String(%q) wrote past its output: %q", s, rest)
	}
	return w.Buf[1:]
}

// TestStringWords writes plain strings of every length up to 40 with each
// byte that needs escaping, or is not ASCII, at every place, with and
// without room (plainCopy's words, the overlapping last word, the one to
// three bytes tested in one word, and its bail-outs mid-string).
func TestStringWords(t *testing.T) {
	for n := 0; n <= 40; n++ {
		plain := strings.Repeat("abcdefgh", 5)[:n]
		cases := []string{plain}
		for i := range n {
			for _, c := range []string{"\"", "\\", "\n", "\x00", "\x1f", "\x7f", "é", "\xff", "\u2028"} {
				cases = append(cases, plain[:i]+c+plain[i:], plain[:i]+c+plain[min(i+1, n):])
			}
		}
		for _, s := range cases {
			want := stdString(t, s)
			if got := stringWithRoom(t, s); !bytes.Equal(got, want) {
				t.Fatalf("String(%q) with room = %s, want %s", s, got, want)
			}
			var w Writer
			w.String(s)
			if !bytes.Equal(w.Buf, want) {
				t.Fatalf("String(%q) = %s, want %s", s, w.Buf, want)
			}
		}
	}
}

func FuzzWriterString(f *testing.F) {
	for _, s := range stringCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var w Writer
		w.String(s)
		if want := stdString(t, s); !bytes.Equal(w.Buf, want) {
			t.Fatalf("String(%q) = %s, want %s", s, w.Buf, want)
		}
		stdDecodesSame(t, s, w.Buf)
		if got := stringWithRoom(t, s); !bytes.Equal(got, w.Buf) {
			t.Fatalf("String(%q) with room = %s, want %s", s, got, w.Buf)
		}
	})
}

func TestFloatMatchesEncodingJSON(t *testing.T) {
	cases := []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 1e-6, 9.99e-7, 1e20, 1e21, 123456789,
		math.MaxFloat64, math.SmallestNonzeroFloat64, 1e-7, 5e-324, 3.14159, 1.0e-10, 2.5e25}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		cases = append(cases, math.Float64frombits(rng.Uint64()))
	}
	// Short decimals (Writer.shortFloat's path) and their neighbours, and
	// the edges of its range.
	for range 20000 {
		m := rng.Uint64N(pow10[1+rng.IntN(17)])
		f := float64(m) / math.Pow(10, float64(rng.IntN(22)))
		if rng.IntN(2) == 0 {
			f = -f
		}
		cases = append(cases, f, math.Nextafter(f, math.Inf(1)), float64(float32(f)))
	}
	for _, f := range []float64{1e15, 1e15 - 1, 1e15 - 0.5, 999999.5, 1e6, 999999, 0.1 + 0.2, 1.0000001, 123456.7, 2.5e-6, 1e-6 + 1e-22} {
		cases = append(cases, f, math.Nextafter(f, 0), math.Nextafter(f, 2e15))
	}
	for _, f := range cases {
		checkFloat(t, f)
	}
}

// FuzzFloat checks v, and the decimal m/10^k (Writer.shortFloat's path), as
// float64 and float32 against encoding/json.
func FuzzFloat(f *testing.F) {
	f.Add(0.5, uint64(1999), uint8(2))
	f.Add(314.625, uint64(314625), uint8(3))
	f.Add(538078.0873162481, uint64(999999999999999), uint8(15))
	f.Fuzz(func(t *testing.T, v float64, m uint64, k uint8) {
		checkFloat(t, v)
		checkFloat(t, float64(m%1e17)/math.Pow(10, float64(k%23)))
	})
}

func checkFloat(t *testing.T, v float64) {
	t.Helper()
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return
	}
	var w Writer
	w.Float64(v)
	if want := stdEncode(t, v); !bytes.Equal(w.Buf, want) {
		t.Fatalf("Float64(%v) = %s, want %s", v, w.Buf, want)
	}
	if f32 := float32(v); !math.IsInf(float64(f32), 0) {
		w.Reset()
		w.Float32(f32)
		if want := stdEncode(t, f32); !bytes.Equal(w.Buf, want) {
			t.Fatalf("Float32(%v) = %s, want %s", f32, w.Buf, want)
		}
	}
}

func TestFloatNaNIsError(t *testing.T) {
	var w Writer
	w.Float64(math.NaN())
	if w.Err() == nil {
		t.Fatal("NaN encoded without error")
	}
}

func TestTimeMatchesEncodingJSON(t *testing.T) {
	for _, tm := range []time.Time{
		time.Date(2021, 1, 27, 1, 4, 48, 0, time.UTC),
		time.Date(2021, 1, 27, 1, 4, 48, 123456789, time.FixedZone("", 9*3600)),
		{},
	} {
		var w Writer
		w.Time(tm)
		if want := stdEncode(t, tm); !bytes.Equal(w.Buf, want) {
			t.Errorf("Time(%v) = %s, want %s", tm, w.Buf, want)
		}
	}
	var w Writer
	w.Time(time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC))
	if w.Err() == nil {
		t.Error("year 10000 encoded without error")
	}
}

func TestMapKeysSorted(t *testing.T) {
	m := map[string]int{"b": 2, "a": 1, "日本": 3, "": 0, "A": 4}
	var w Writer
	start := len(w.Buf)
	for _, k := range SortedKeys(&w, m) {
		w.Key(k)
		w.Int(int64(m[k]))
	}
	w.DoneKeys()
	w.ObjectEnd(start)
	if want := stdEncode(t, m); !bytes.Equal(w.Buf, want) {
		t.Errorf("map = %s, want %s", w.Buf, want)
	}
}

func TestRawJSONCompacts(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{` { "a" : [ 1 , 2 ] , "b" : "x y" } `, `{"a":[1,2],"b":"x y"}`},
		{`"<&>"`, `"<&>"`},
		{``, `null`},
	} {
		var w Writer
		w.RawJSON([]byte(tc.in))
		if string(w.Buf) != tc.want || w.Err() != nil {
			t.Errorf("RawJSON(%q) = %s, %v; want %s", tc.in, w.Buf, w.Err(), tc.want)
		}
	}
	var w Writer
	w.RawJSON([]byte(`{"a":}`))
	if w.Err() == nil {
		t.Error("invalid raw JSON encoded without error")
	}
}

func TestWriterZeroAllocs(t *testing.T) {
	var w Writer
	m := map[string]int{"b": 2, "a": 1}
	run := func() {
		w.Reset()
		start := len(w.Buf)
		w.Raw(`,"s":`)
		w.String("日本語 text with \"escapes\"")
		w.Raw(`,"f":`)
		w.Float64(3.25)
		w.Raw(`,"i":`)
		w.Int(-42)
		w.StringMember(`,"member":`, "text")
		w.IntMember(`,"n":`, 7)
		w.Raw(`,"t":`)
		w.Time(time.Date(2021, 1, 27, 1, 4, 48, 0, time.UTC))
		w.Raw(`,"m":`)
		ms := len(w.Buf)
		for _, k := range SortedKeys(&w, m) {
			w.Key(k)
			w.Int(int64(m[k]))
		}
		w.DoneKeys()
		w.ObjectEnd(ms)
		w.ObjectEnd(start)
	}
	run() // grow the buffers
	if n := testing.AllocsPerRun(100, run); n != 0 {
		t.Errorf("encoding into a reused Writer allocates %v times", n)
	}
}

// TestMembers checks that StringMember and IntMember write what Raw of the
// key and then String or Int write, for keys of every length the word
// copies take (4 to 32 bytes) and beyond, at every spare capacity around the
// 32 bytes they need, and that they leave alone the bytes before the
// member and those past it (Int writes a number of five to seven digits
// with one eight-byte store, which must put back what it covers past the
// number).
func TestMembers(t *testing.T) {
	strs := []string{"", "plain", "a\"b\\c\n", "\u2028", "\xff", "日本語のテキスト"}
	ints := []int64{0, -7, 9999, 12345, 123456, -1234567, 12345678, 12345678901, math.MinInt64}
	for n := 4; n <= 40; n++ {
		k := `,"` + strings.Repeat("k", n-4) + `":`
		for spare := 0; spare <= 40; spare++ {
			check := func(name string, member, want func(w *Writer)) {
				t.Helper()
				buf := make([]byte, 3, 3+spare)
				copy(buf, "abc")
				full := buf[:cap(buf)]
				for j := range full[3:] {
					full[3+j] = '#'
				}
				got := Writer{Buf: buf}
				member(&got)
				var ref Writer
				ref.Raw("abc")
				want(&ref)
				if string(got.Buf) != string(ref.Buf) {
					t.Fatalf("%s, key of %d bytes, %d spare: %q, want %q", name, n, spare, got.Buf, ref.Buf)
				}
				if len(got.Buf) <= cap(buf) {
					if rest := full[len(got.Buf):]; strings.Trim(string(rest), "#") != "" {
						t.Fatalf("%s, key of %d bytes, %d spare: wrote past the member: %q", name, n, spare, rest)
					}
				}
			}
			for _, s := range strs {
				check("StringMember "+strconv.Quote(s), func(w *Writer) { w.StringMember(k, s) }, func(w *Writer) {
					w.Raw(k)
					w.String(s)
				})
			}
			for _, v := range ints {
				check("IntMember "+strconv.FormatInt(v, 10), func(w *Writer) { w.IntMember(k, v) }, func(w *Writer) {
					w.Raw(k)
					w.Int(v)
				})
			}
		}
	}
}

// TestMultiByteRunEdges puts an awkward sequence at every offset of a run of
// three-byte characters, where the fast path hands over to the slow one,
// and checks the Writer and the Reader against encoding/json.
func TestMultiByteRunEdges(t *testing.T) {
	run := strings.Repeat("日本語のテキスト", 3)
	inserts := []string{"\xff", "\xe3\x81", "\u2028", "\u2029", "\xed\xa0\x80", "é", "😀", "a", "\"", "\\", "\n", "\u2014", "\xe0\xa0\x80", "\xef\xbf\xbf"}
	for p := 0; p <= len(run); p++ {
		for _, ins := range inserts {
			s := run[:p] + ins + run[p:]
			var w Writer
			w.String(s)
			want := stdString(t, s)
			if !bytes.Equal(w.Buf, want) {
				t.Fatalf("String(%q) = %s, want %s", s, w.Buf, want)
			}
			stdDecodesSame(t, s, w.Buf)
			var dec string
			if err := json.Unmarshal(append([]byte{'"'}, append([]byte(strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), "\"", `\"`)), '"')...), &dec); err != nil {
				continue // control characters are not allowed raw
			}
			r := NewReader(append([]byte{'"'}, append([]byte(strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), "\"", `\"`)), '"')...))
			got, err := r.Str()
			if err != nil || got != dec {
				t.Fatalf("Str(%q) = %q, %v; want %q", s, got, err, dec)
			}
		}
	}
}

func TestIntegersMatchStrconv(t *testing.T) {
	cases := []uint64{0, 9, 10, 99, 100, 1e8 - 1, 1e8, 1e8 + 1, 1e16 - 1, 1e16, 1<<63 - 1, 1 << 63, math.MaxUint64}
	for p := uint64(1); p < 1e19; p *= 10 {
		cases = append(cases, p-1, p, p+1)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		cases = append(cases, rng.Uint64()>>rng.IntN(64))
	}
	for _, u := range cases {
		if got, want := string(appendUint(nil, u)), strconv.FormatUint(u, 10); got != want {
			t.Fatalf("appendUint(%d) = %s", u, got)
		}
		v := int64(u)
		if got, want := string(appendInt(nil, v)), strconv.FormatInt(v, 10); got != want {
			t.Fatalf("appendInt(%d) = %s", v, got)
		}
	}
}

func FuzzIntegers(f *testing.F) {
	f.Add(uint64(0))
	f.Add(uint64(math.MaxUint64))
	f.Fuzz(func(t *testing.T, u uint64) {
		if got, want := string(appendUint(nil, u)), strconv.FormatUint(u, 10); got != want {
			t.Fatalf("appendUint(%d) = %s", u, got)
		}
		if got, want := string(appendInt(nil, int64(u))), strconv.FormatInt(int64(u), 10); got != want {
			t.Fatalf("appendInt(%d) = %s", int64(u), got)
		}
	})
}

func TestUUIDAppendText(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 1000 {
		var u oasrt.UUID
		for i := range u {
			u[i] = byte(rng.Uint32())
		}
		h := hex.EncodeToString(u[:])
		want := h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
		prefix := []byte("x")
		got, err := u.AppendText(prefix[:1:1])
		if err != nil || string(got) != "x"+want {
			t.Fatalf("AppendText(%x) = %q, %v; want %q", u[:], got, err, "x"+want)
		}
		if p, err := oasrt.ParseUUID(want); err != nil || p != u {
			t.Fatalf("ParseUUID(%q) = %x, %v", want, p[:], err)
		}
	}
}

// TestObjectEnd: ObjectEnd and ArrayEnd close what was written since start,
// or write an empty object or array, whether the buffer has room for the
// closing bytes or must grow, after a prefix or none, and leave what was
// before start alone.
func TestObjectEnd(t *testing.T) {
	for _, prefix := range []string{"", `[1`} {
		for _, members := range []string{"", `,"a":1`, `,"a":1,"b":[]`} {
			for room := range 4 {
				for _, c := range []struct {
					end  func(*Writer, int)
					want string
				}{
					{(*Writer).ObjectEnd, "{" + strings.TrimPrefix(members, ",") + "}"},
					{(*Writer).ArrayEnd, "[" + strings.TrimPrefix(members, ",") + "]"},
				} {
					buf := make([]byte, 0, len(prefix)+len(members)+room)
					w := Writer{Buf: append(buf, prefix...)}
					start := len(w.Buf)
					w.Raw(members)
					c.end(&w, start)
					if got, want := string(w.Buf), prefix+c.want; got != want {
						t.Errorf("prefix %q, members %q, room %d: %q, want %q", prefix, members, room, got, want)
					}
				}
			}
		}
	}
}
