package oasimpl

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// readerRun3Ref is readerRun3's contract written plainly: from i, the
// run of three-byte sequences with a lead from E1 to EF but ED and two
// continuation bytes, taken in steps that each look at the next 24 bytes
// (none once fewer are left), up to the first step that finds the run's
// end.
func readerRun3Ref(s []byte, i int) int {
	simple := func(j int) bool {
		return s[j] >= 0xE1 && s[j] <= 0xEF && s[j] != 0xED && s[j+1]&0xC0 == 0x80 && s[j+2]&0xC0 == 0x80
	}
	for i+24 <= len(s) {
		k := 0
		for k < 24 && simple(i+k) {
			k += 3
		}
		i += k
		if k < 24 {
			break
		}
	}
	return i
}

// checkReaderRun3 compares readerRun3 with its reference at every offset
// of s, and multiRun after it with multiRunRef where the run holds no
// U+2028 or U+2029 (which the Reader's run takes and multiRun does not).
func checkReaderRun3(t *testing.T, s []byte) {
	t.Helper()
	for i := range len(s) + 1 {
		j := readerRun3(s, i)
		if want := readerRun3Ref(s, i); j != want {
			t.Fatalf("readerRun3(% x, %d) = %d, want %d", s, i, j, want)
		}
		if got, want := multiRun(s, j), multiRunRef(s, i); want >= j && got != want {
			t.Fatalf("multiRun(% x, readerRun3 %d) = %d, want %d", s, j, got, want)
		}
	}
}

func TestReaderRun3(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	simple := pieces[:3]
	for range 3000 {
		var s []byte
		// Long runs of simple characters, broken at any point by any
		// piece, so that every word of a 24- or 48-byte step meets one.
		for range 1 + rng.IntN(50) {
			p := simple[rng.IntN(len(simple))]
			if rng.IntN(20) == 0 {
				p = pieces[rng.IntN(len(pieces))]
			}
			s = append(s, p...)
		}
		checkReaderRun3(t, s)
	}
}

func FuzzReaderRun3(f *testing.F) {
	for _, p := range pieces {
		f.Add([]byte("東京の会社でソフトウェアを開発しました" + string(p) + "データベースとネットワークの技術、東京の会社で"))
	}
	f.Fuzz(func(t *testing.T, s []byte) { checkReaderRun3(t, s) })
}

// cjkDoc returns a JSON string of long runs of simple three-byte
// characters broken by the other pieces, by ASCII, escapes and control
// bytes at random offsets, so that the Reader's word-at-a-time paths meet
// every kind of byte at every offset of their words and steps.
func cjkDoc(rng *rand.Rand) []byte {
	breaks := append(slices.Clone(pieces), []byte(`\n`), []byte(`\u00e9`), []byte(`\ud83d\ude00`),
		[]byte(`\\`), []byte(`\"`), []byte("\x01"), []byte("abc"), []byte("\u2026"))
	doc := []byte{'"'}
	for range 1 + rng.IntN(60) {
		p := pieces[rng.IntN(3)]
		if rng.IntN(16) == 0 {
			p = breaks[rng.IntN(len(breaks))]
		}
		doc = append(doc, p...)
	}
	return append(doc, '"')
}

// TestStrCJKMatchesEncodingJSON reads cjkDoc strings with Str, from a
// byte slice and from a stream in small reads, and wants what
// encoding/json reads.
func TestStrCJKMatchesEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for n := range 4000 {
		doc := cjkDoc(rng)
		if n%3 == 0 {
			doc = append(doc, "   "...) // room past the string for a word
		}
		checkStr(t, doc, 1+n%40)
	}
}

func FuzzStrCJK(f *testing.F) {
	rng := rand.New(rand.NewPCG(9, 10))
	for range 20 {
		f.Add(cjkDoc(rng), uint8(7))
	}
	f.Fuzz(func(t *testing.T, doc []byte, size uint8) { checkStr(t, doc, int(size%64)+1) })
}

// checkStr reads doc as one string from a byte slice and from a stream
// of buffer size, and wants what encoding/json reads.
func checkStr(t *testing.T, doc []byte, size int) {
	t.Helper()
	var want string
	werr := json.Unmarshal(doc, &want)
	if werr == nil && bytes.HasPrefix(bytes.TrimSpace(doc), []byte("null")) {
		return
	}
	r := NewReader(doc)
	got, err := r.Str()
	if err == nil {
		err = r.End()
	}
	if (err == nil) != (werr == nil) || err == nil && got != want {
		t.Fatalf("Str(%q) = %q, %v; encoding/json %q, %v", doc, got, err, want, werr)
	}
	s := Reader{BufferSize: size}
	s.ResetReader(iotest.HalfReader(bytes.NewReader(doc)))
	sgot, serr := s.Str()
	if serr == nil {
		serr = s.End()
	}
	if sgot != got || (serr == nil) != (err == nil) {
		t.Fatalf("Str(%q), buffer %d: stream %q, %v; slice %q, %v", doc, size, sgot, serr, got, err)
	}
}

// firstSpecialRef returns the offset of the first byte of the eight in x
// (little-endian) that is not plain inside a JSON string, or 8.
func firstSpecialRef(x uint64) int {
	for k := range 8 {
		if c := byte(x >> (8 * k)); c >= utf8RuneSelf || !asciiPlain[c] {
			return k
		}
	}
	return 8
}

func checkSpecial8(t *testing.T, x uint64) {
	t.Helper()
	if got, want := bits.TrailingZeros64(special8(x))>>3, firstSpecialRef(x); got != want {
		t.Fatalf("special8(%#016x) finds byte %d, want %d", x, got, want)
	}
}

// TestSpecial8 tries words made of the bytes around each boundary the
// test has (0x1F/0x20, '"', '\\', 0x7F/0x80) and of random bytes, every
// byte at every offset.
func TestSpecial8(t *testing.T) {
	edge := []byte{0, 1, 0x1F, 0x20, 0x21, '"' - 1, '"', '"' + 1, '\\' - 1, '\\', '\\' + 1, 'a', 0x7F, 0x80, 0x81, 0xA2, 0xDC, 0xFF}
	rng := rand.New(rand.NewPCG(11, 12))
	for range 200000 {
		var x uint64
		for k := range 8 {
			c := edge[rng.IntN(len(edge))]
			if rng.IntN(4) == 0 {
				c = byte(rng.Uint32())
			}
			x |= uint64(c) << (8 * k)
		}
		checkSpecial8(t, x)
	}
}

func FuzzSpecial8(f *testing.F) {
	f.Add(uint64(0x2020202020202222))
	f.Fuzz(checkSpecial8)
}

// byteRunRef and digitRunRef are byteRun and digitRun a byte at a time.
func byteRunRef(s []byte, i int, c byte) int {
	for i < len(s) && s[i] == c {
		i++
	}
	return i
}

func digitRunRef(s []byte, i int) int {
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	return i
}

// checkRuns compares byteRun (for a space and a tab) and digitRun with
// their references at every offset of s.
func checkRuns(t *testing.T, s []byte) {
	t.Helper()
	for i := range len(s) + 1 {
		for _, c := range []byte{' ', '\t'} {
			if got, want := byteRun(s, i, c), byteRunRef(s, i, c); got != want {
				t.Fatalf("byteRun(%q, %d, %q) = %d, want %d", s, i, c, got, want)
			}
		}
		if got, want := digitRun(s, i), digitRunRef(s, i); got != want {
			t.Fatalf("digitRun(%q, %d) = %d, want %d", s, i, got, want)
		}
	}
}

// TestRuns tries runs of every length up to 40 of spaces, tabs and
// digits, ended by each byte next to them in value (and the bytes whose
// carries the word tests must not let through), then random bytes.
func TestRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	ends := []byte{0, '\t' - 1, '\t', '\t' + 1, '\n', '\r', ' ' - 1, ' ', ' ' + 1, '/', '0', '9', ':', '.', 'e', 0x7F, 0x80, 0xA0, 0xB0, 0xFA, 0xFF}
	for n := range 40 {
		for _, unit := range []string{" ", "\t", "7", "0123456789", " \t"} {
			for _, end := range ends {
				s := []byte(strings.Repeat(unit, n+1)[:n])
				s = append(s, end)
				for range rng.IntN(12) {
					s = append(s, byte(rng.Uint32()))
				}
				checkRuns(t, s)
			}
		}
	}
}

func FuzzRuns(f *testing.F) {
	f.Add([]byte("        \t\t\t\t12345678901234567890.5e+300   \xfa9"))
	f.Fuzz(checkRuns)
}

// TestIndentedMatchesEncodingJSON reads documents indented with spaces,
// tabs and CRLF line ends, whole and cut short, and numbers with long
// fractions and exponents, as Valid and through Raw, and wants what
// encoding/json makes of them.
func TestIndentedMatchesEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	nums := []string{"0", "-0.000000000001", "123456789012345678901234567890", "3.14159265358979323846",
		"1e-300", "6.02214076E+23", "-12345678.87654321e-12", "1.", "01", "1e", "1.5e+", "-", "2.0000000000000000000001"}
	var doc strings.Builder
	var gen func(depth int)
	gen = func(depth int) {
		switch k := rng.IntN(6); {
		case depth > 3 || k == 0:
			doc.WriteString(nums[rng.IntN(len(nums))])
		case k == 1:
			doc.WriteString(`"東京 \u00e9 text"`)
		case k < 4:
			doc.WriteByte('[')
			for j := range rng.IntN(5) {
				if j > 0 {
					doc.WriteByte(',')
				}
				gen(depth + 1)
			}
			doc.WriteByte(']')
		default:
			doc.WriteByte('{')
			for j := range rng.IntN(5) {
				if j > 0 {
					doc.WriteByte(',')
				}
				fmt.Fprintf(&doc, `"k%d":`, j)
				gen(depth + 1)
			}
			doc.WriteByte('}')
		}
	}
	indents := []string{"  ", "    ", "\t", "\t\t", "         ", " \t"}
	for range 3000 {
		doc.Reset()
		gen(0)
		compact := []byte(doc.String())
		var buf bytes.Buffer
		if json.Indent(&buf, compact, strings.Repeat(" ", rng.IntN(12)), indents[rng.IntN(len(indents))]) != nil {
			buf.Write(compact) // a number encoding/json refuses: keep it as it is
		}
		in := buf.Bytes()
		if rng.IntN(2) == 0 {
			in = bytes.ReplaceAll(in, []byte("\n"), []byte("\r\n"))
		}
		for _, data := range [][]byte{in, in[:rng.IntN(len(in)+1)]} {
			if got, want := Valid(data), json.Valid(data); got != want {
				t.Fatalf("Valid(%q) = %v, encoding/json says %v", data, got, want)
			}
			r := NewReader(data)
			raw, err := r.Raw()
			if err == nil {
				err = r.End()
			}
			var want bytes.Buffer
			werr := json.Compact(&want, data)
			if (err == nil) != (werr == nil) || err == nil && !bytes.Equal(raw, want.Bytes()) {
				t.Fatalf("Raw(%q) = %q, %v; encoding/json %q, %v", data, raw, err, want.Bytes(), werr)
			}
		}
	}
}
