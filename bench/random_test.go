package bench_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	oasa "github.com/oasgen/oasgen/bench/internal/oasgen/a"
	oasb "github.com/oasgen/oasgen/bench/internal/oasgen/b"
	oasc "github.com/oasgen/oasgen/bench/internal/oasgen/c"
	"github.com/oasgen/oasgen/bench/internal/plain"
)

var randomN = flag.Int("random", 2000, "number of random documents per workload in TestRandomAgree")

// TestRandomAgree extends TestWorkloadsAgree from the benchmark payloads to
// random values of the workload schemas: edge-case numbers, strings with
// escapes, HTML characters, U+2028 and invalid UTF-8, HTML-escaped or
// indented input. Both libraries must decode them and re-encode the same
// bytes.
func TestRandomAgree(t *testing.T) {
	n := *randomN
	if testing.Short() {
		n = min(n, 200)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range n {
		agree[plain.Pet, oasa.Pet](t, randDoc(r, randPet(r)), false)
		agree[plain.List, oasb.List](t, randDoc(r, randList(r)), false)
		agree[plain.ABitOfEverything, oasc.ABitOfEverything](t, randDoc(r, randC(r)), false)
		if t.Failed() {
			return
		}
	}
}

// randDoc encodes v with encoding/json, HTML-escaped or not, compact or
// indented.
func randDoc(r *rand.Rand, v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(r.IntN(2) == 0)
	if r.IntN(4) == 0 {
		enc.SetIndent(strings.Repeat(" ", r.IntN(3)), "\t")
	}
	if err := enc.Encode(v); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

func maybe[T any](r *rand.Rand, v T) *T {
	if r.IntN(3) == 0 {
		return nil
	}
	return &v
}

func randStrings(r *rand.Rand) []string {
	if r.IntN(3) == 0 {
		return nil
	}
	s := make([]string, 1+r.IntN(4))
	for i := range s {
		s[i] = randString(r)
	}
	return s
}

var pieces = []string{"a", "Z", "0", " ", "\"", "\\", "/", "<", ">", "&", "\n", "\t", "\x00", "\x1f", "\x7f",
	"é", "日本語", "カタカナ", "\u2028", "\u2029", "😀", "\xff", "\xc3", "\xed\xa0\x80", "\ufffd", "\ufeff"}

func randString(r *rand.Rand) string {
	var sb strings.Builder
	for range r.IntN(12) {
		if r.IntN(3) == 0 {
			sb.WriteString(pieces[r.IntN(len(pieces))])
		} else {
			sb.WriteString(strings.Repeat("x", r.IntN(20)))
		}
	}
	return sb.String()
}

func randFloat64(r *rand.Rand) float64 {
	for {
		var f float64
		switch r.IntN(6) {
		case 0:
			f = math.Float64frombits(r.Uint64())
		case 1:
			f = float64(r.Int64N(1<<53)) * math.Pow(10, float64(r.IntN(60)-30))
		case 2:
			f = []float64{0, math.Copysign(0, -1), 1e-6, 1e-7, 1e20, 1e21, 5e-324, math.MaxFloat64, 0.1, 123456789}[r.IntN(10)]
		default:
			f = r.NormFloat64() * math.Pow(10, float64(r.IntN(40)-20))
		}
		if !math.IsNaN(f) && !math.IsInf(f, 0) {
			return f
		}
	}
}

func randFloat32(r *rand.Rand) float32 {
	for {
		var f float32
		switch r.IntN(4) {
		case 0:
			f = math.Float32frombits(r.Uint32())
		case 1:
			f = []float32{0, float32(math.Copysign(0, -1)), 1e-6, 1e-7, 1e20, 1e21, math.SmallestNonzeroFloat32, math.MaxFloat32, 0.1, 16777217}[r.IntN(10)]
		default:
			f = float32(randFloat64(r))
		}
		if !math.IsNaN(float64(f)) && !math.IsInf(float64(f), 0) {
			return f
		}
	}
}

func randPet(r *rand.Rand) *plain.Pet {
	p := &plain.Pet{ID: r.Int64() - r.Int64(), Name: randString(r), Tag: randStrings(r)}
	if r.IntN(2) == 0 {
		p.Category = &plain.Category{ID: maybe(r, -r.Int64()), Name: maybe(r, randString(r))}
	}
	p.Status = maybe(r, []string{"available", "pending", "sold"}[r.IntN(3)])
	return p
}

func randList(r *rand.Rand) *plain.List {
	l := &plain.List{Total: r.Int64N(1 << 40), Result: make([]plain.Item, r.IntN(4))}
	for i := range l.Result {
		l.Result[i] = plain.Item{A: randString(r), B: randString(r), Date: randString(r), Highlight: randStrings(r), C: randString(r)}
	}
	return l
}

func randC(r *rand.Rand) *plain.ABitOfEverything {
	u := []byte("0123456789abcdef")
	uuid := make([]byte, 0, 36)
	for i := range 32 {
		if i == 8 || i == 12 || i == 16 || i == 20 {
			uuid = append(uuid, '-')
		}
		uuid = append(uuid, u[r.IntN(16)])
	}
	v := &plain.ABitOfEverything{
		UUID:                string(uuid),
		FloatValue:          maybe(r, randFloat32(r)),
		DoubleValue:         maybe(r, randFloat64(r)),
		Int64Value:          maybe(r, int64(r.Uint64())),
		Uint64Value:         maybe(r, r.Uint64()>>r.IntN(64)),
		Int32Value:          maybe(r, int32(r.Uint32())),
		Fixed64Value:        maybe(r, []uint64{0, math.MaxUint64, 1 << 63}[r.IntN(3)]),
		Fixed32Value:        maybe(r, []uint32{0, math.MaxUint32, 1 << 31}[r.IntN(3)]),
		BoolValue:           maybe(r, r.IntN(2) == 0),
		StringValue:         maybe(r, randString(r)),
		Uint32Value:         maybe(r, r.Uint32()),
		Sfixed32Value:       maybe(r, []int32{math.MinInt32, math.MaxInt32, -1}[r.IntN(3)]),
		Sfixed64Value:       maybe(r, []int64{math.MinInt64, math.MaxInt64, -1}[r.IntN(3)]),
		Sint32Value:         maybe(r, int32(r.Uint32())),
		Sint64Value:         maybe(r, int64(r.Uint64())),
		RepeatedStringValue: randStrings(r),
	}
	for range r.IntN(4) {
		v.Nested = append(v.Nested, plain.Nested{
			Name:   maybe(r, randString(r)),
			Amount: maybe(r, r.Uint32()),
			Ok:     maybe(r, []string{"FALSE", "TRUE"}[r.IntN(2)]),
		})
	}
	return v
}
