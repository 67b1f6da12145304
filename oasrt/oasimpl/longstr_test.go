package oasimpl

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// chunkReader hands out at most n bytes per Read, as a network connection
// or a decompressor does.
type chunkReader struct {
	data []byte
	n    int
}

func (c *chunkReader) Read(p []byte) (int, error) {
	if len(c.data) == 0 {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), c.n)], c.data)
	c.data = c.data[k:]
	return k, nil
}

// longString returns a JSON string literal of at least size bytes of the
// given kind, and its decoded value.
func longString(kind string, size int) (doc []byte, want string) {
	var unit string
	switch kind {
	case "plain":
		unit = "the quick brown fox jumps over the lazy dog. "
	case "escaped":
		unit = "line\n\ttab \"quoted\" back\\slash é\u2028 "
	case "multibyte":
		unit = "東京の会社でソフトウェアを開発しました。"
	}
	want = strings.Repeat(unit, size/len(unit)+1)
	doc, _ = json.Marshal(want) // escapes quotes, controls, U+2028
	if kind == "escaped" {
		// Escape é as \u00e9 too, so the \u path is taken.
		doc = bytes.ReplaceAll(doc, []byte("é"), []byte(`\u00e9`))
	}
	return doc, want
}

var longKinds = []string{"plain", "escaped", "multibyte"}

var longSizes = []int{1 << 20, 8 << 20, 32 << 20}

// decodeLong decodes doc with r, from the slice or through a stream of
// 512-byte reads.
func decodeLong(t testing.TB, r *Reader, doc []byte, stream bool) string {
	if stream {
		r.ResetReader(&chunkReader{data: doc, n: 512})
	} else {
		r.Reset(doc)
	}
	s, err := r.Str()
	if err == nil {
		err = r.End()
	}
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestStreamLongStringLinear decodes strings of 1, 8 and 32 MiB, plain,
// escaped and multi-byte, from a slice and through a stream of small
// reads, and measures what each costs: the stream must allocate within 2x
// the bytes and the allocations per byte of the slice, and its buffer must
// keep its size, which shows that no string is read again from its start
// after a refill (that needed the whole string in the buffer, and cost time
// quadratic in its length). BenchmarkStreamString shows the time per byte.
func TestStreamLongStringLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("decodes strings of up to 32 MiB")
	}
	if raceEnabled {
		t.Skip("measures allocations, which the race detector adds to, and takes long under it")
	}
	for _, kind := range longKinds {
		for _, size := range longSizes {
			doc, want := longString(kind, size)
			var cost [2]struct{ bytes, allocs uint64 }
			for k, stream := range []bool{false, true} {
				var r Reader
				if got := decodeLong(t, &r, doc, stream); got != want {
					t.Fatalf("%s %d MiB, stream %v: decoded string differs", kind, size>>20, stream)
				}
				// The least of three runs: the counts are the whole
				// process's, and a goroutine another test left may
				// allocate during one.
				cost[k].bytes, cost[k].allocs = math.MaxUint64, math.MaxUint64
				for range 3 {
					var before, after runtime.MemStats
					runtime.ReadMemStats(&before)
					decodeLong(t, &r, doc, stream)
					runtime.ReadMemStats(&after)
					cost[k].bytes = min(cost[k].bytes, after.TotalAlloc-before.TotalAlloc)
					cost[k].allocs = min(cost[k].allocs, after.Mallocs-before.Mallocs)
				}
				if stream && cap(r.own) != DefaultBufferSize {
					t.Errorf("%s %d MiB: the stream's buffer grew to %d bytes", kind, size>>20, cap(r.own))
				}
			}
			slice, stream := cost[0], cost[1]
			t.Logf("%s %d MiB: slice %d B in %d allocs, stream %d B in %d allocs", kind, size>>20, slice.bytes, slice.allocs, stream.bytes, stream.allocs)
			if stream.bytes > 2*slice.bytes || stream.allocs > 2*slice.allocs+2 {
				t.Errorf("%s %d MiB: the stream allocates %d B in %d allocs, the slice %d B in %d", kind, size>>20, stream.bytes, stream.allocs, slice.bytes, slice.allocs)
			}
		}
	}
}

// TestStreamLongStringErrors checks that errors inside a long string read
// through a stream are reported at the offsets the slice reports.
func TestStreamLongStringErrors(t *testing.T) {
	long := strings.Repeat("abcdefgh", 20000)
	for _, tt := range []struct {
		name string
		doc  string
		want string
	}{
		{"truncated", `"` + long, "$: unexpected end of JSON input (offset 160001)"},
		{"control", `"` + long + "\x01\"", `$: invalid character "\x01" in string literal (offset 160001)`},
		{"bad escape", `"` + long + `\x"`, `$: invalid character 'x' in string escape code (offset 160002)`},
		{"bad hex", `"é` + long + `\u12G4"`, `$: invalid character '1' in \u hexadecimal character escape (offset 160005)`},
		{"escape at end", `"\n` + long + `\`, "$: unexpected end of JSON input (offset 160004)"},
		{"cut character", `"` + long + "\xe6\x9d", "$: unexpected end of JSON input (offset 160003)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for _, stream := range []bool{false, true} {
				var r Reader
				if stream {
					r.ResetReader(&chunkReader{data: []byte(tt.doc), n: 7})
				} else {
					r.Reset([]byte(tt.doc))
				}
				_, err := r.Str()
				if err == nil || err.Error() != tt.want {
					t.Errorf("stream %v: err = %v, want %s", stream, err, tt.want)
				}
			}
		})
	}
}

// BenchmarkStreamString decodes long strings from a slice and from a
// stream of 512-byte reads; ns/op over the string's bytes (MB/s) should be
// about the same for every size: the cost per byte does not grow with the
// string.
func BenchmarkStreamString(b *testing.B) {
	for _, kind := range []string{"plain", "escaped"} {
		for _, size := range longSizes {
			doc, _ := longString(kind, size)
			for _, stream := range []bool{false, true} {
				src := "slice"
				if stream {
					src = "stream"
				}
				b.Run(kind+"/"+strconv.Itoa(size>>20)+"MiB/"+src, func(b *testing.B) {
					b.ReportAllocs()
					b.SetBytes(int64(len(doc)))
					var r Reader
					for b.Loop() {
						decodeLong(b, &r, doc, stream)
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(doc)), "ns/byte")
				})
			}
		}
	}
}

// BenchmarkFindStringStream looks ahead for a tag that follows a long
// member, in an object read from a slice and from a stream of 512-byte
// reads: the look-ahead goes on from where each refill stopped it, so the
// time per byte does not grow with the object.
func BenchmarkFindStringStream(b *testing.B) {
	for _, size := range []int{1 << 20, 8 << 20} {
		long, _ := longString("escaped", size)
		doc := []byte(`{"data":[` + string(long) + `,{"kind":"no"}],"kind":"yes"}`)
		for _, stream := range []bool{false, true} {
			src := "slice"
			if stream {
				src = "stream"
			}
			b.Run(strconv.Itoa(size>>20)+"MiB/"+src, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(doc)))
				var r Reader
				for b.Loop() {
					if stream {
						r.ResetReader(&chunkReader{data: doc, n: 512})
					} else {
						r.Reset(doc)
					}
					if v, found, err := r.FindString("kind"); string(v) != "yes" || !found || err != nil {
						b.Fatalf("FindString = %q, %v, %v", v, found, err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(doc)), "ns/byte")
			})
		}
	}
}
