package difftest

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"math"
	"math/rand/v2"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"github.com/oasgen/oasgen/internal/ir"
)

// docGen writes random JSON documents that are valid instances of IR types,
// with keys in random order and varied spellings of the same values, so a
// decoder cannot depend on layout.
type docGen struct {
	rng   *rand.Rand
	buf   bytes.Buffer
	depth int
	// drop names a required property of the top-level object to leave
	// out, to make an invalid document.
	drop string
}

var stringPool = []string{
	"", "a", "plain text", "héllo wörld", "日本語のテキスト", `"quoted"`, `back\slash`,
	"line\nbreak\ttab", "\u2028\u2029", "emoji 😀", "<html> & co", "\x01ctl", "/slash",
}

func (g *docGen) ws() {
	if g.rng.IntN(8) == 0 {
		g.buf.WriteString([]string{" ", "\n", "\t", "\r\n  "}[g.rng.IntN(4)])
	}
}

func (g *docGen) str(s string) {
	if g.rng.IntN(6) == 0 {
		// Escape everything, to exercise \u decoding.
		g.buf.WriteByte('"')
		for _, r := range s {
			if r > 0xFFFF {
				r1, r2 := (r-0x10000)>>10+0xD800, (r-0x10000)&0x3FF+0xDC00
				g.buf.WriteString(`\u` + strconv.FormatInt(int64(r1), 16) + `\u` + strconv.FormatInt(int64(r2), 16))
				continue
			}
			g.buf.WriteString(`\u` + leftPad(strconv.FormatInt(int64(r), 16), 4))
		}
		g.buf.WriteByte('"')
		return
	}
	b, _ := json.Marshal(s)
	g.buf.Write(b)
}

func leftPad(s string, n int) string { return strings.Repeat("0", max(0, n-len(s))) + s }

func (g *docGen) decl(d ir.Decl) {
	switch d := d.(type) {
	case *ir.Struct:
		g.object(d)
	case *ir.Enum:
		if len(d.Values) == 0 {
			g.buf.WriteString("null") // the only value an enum of null allows
			return
		}
		v := d.Values[g.rng.IntN(len(d.Values))]
		if d.Base.Kind == ir.String {
			g.str(v.Str)
		} else {
			g.buf.WriteString(strconv.FormatInt(v.Int, 10))
		}
	case *ir.Alias:
		g.value(d.Type)
	}
}

func (g *docGen) object(d *ir.Struct) {
	drop := g.drop
	g.drop = ""
	g.depth++
	defer func() { g.depth-- }()
	var present []*ir.Field
	for _, f := range d.Fields {
		if f.Required && f.JSONName != drop || !f.Required && g.depth < 4 && g.rng.IntN(2) == 0 {
			present = append(present, f)
		}
	}
	g.rng.Shuffle(len(present), func(i, j int) { present[i], present[j] = present[j], present[i] })
	g.buf.WriteByte('{')
	for i, f := range present {
		if i > 0 {
			g.buf.WriteByte(',')
		}
		g.ws()
		g.str(f.JSONName)
		g.ws()
		g.buf.WriteByte(':')
		g.ws()
		g.value(f.Type)
	}
	g.buf.WriteByte('}')
}

func (g *docGen) value(t ir.Type) {
	switch t := t.(type) {
	case *ir.Nullable:
		if g.rng.IntN(4) == 0 {
			g.buf.WriteString("null")
			return
		}
		g.value(t.Elem)
	case *ir.Ref:
		g.decl(t.Decl)
	case *ir.Any:
		g.buf.WriteString([]string{`null`, `1`, `-2.5e3`, `"s"`, `true`, `[ 1 , "a" , { "b" : null } ]`, "{\"x\":[true,\n false]}", `{}`}[g.rng.IntN(8)])
	case *ir.Array:
		n := 0
		if g.depth < 4 {
			n = g.rng.IntN(4)
		}
		g.depth++
		g.buf.WriteByte('[')
		for i := range n {
			if i > 0 {
				g.buf.WriteByte(',')
			}
			g.ws()
			g.value(t.Elem)
		}
		g.buf.WriteByte(']')
		g.depth--
	case *ir.Map:
		n := 0
		if g.depth < 4 {
			n = g.rng.IntN(4)
		}
		g.depth++
		g.buf.WriteByte('{')
		for i := range n {
			if i > 0 {
				g.buf.WriteByte(',')
			}
			g.str(stringPool[i%len(stringPool)] + strconv.Itoa(i)) // unique keys
			g.buf.WriteByte(':')
			g.value(t.Elem)
		}
		g.buf.WriteByte('}')
		g.depth--
	case *ir.Prim:
		g.prim(t)
	}
}

func (g *docGen) prim(p *ir.Prim) {
	r := g.rng
	switch p.Kind {
	case ir.String:
		switch p.Format {
		case "email":
			g.str([]string{"a@example.com", "first.last+tag@sub.example.org", "x@[10.0.0.1]"}[r.IntN(3)])
		case "uri":
			g.str([]string{"https://example.com/a%20b?q=1#f", "urn:isbn:0451450523", "mailto:a@b.c"}[r.IntN(3)])
		case "hostname":
			g.str([]string{"example.com", "a-b.c0", "localhost"}[r.IntN(3)])
		default:
			if r.IntN(10) == 0 {
				g.buf.WriteString("\"bad \xff utf8 \xe3\x81\"") // replaced by U+FFFD on both sides
				return
			}
			g.str(stringPool[r.IntN(len(stringPool))])
		}
	case ir.Bool:
		g.buf.WriteString(strconv.FormatBool(r.IntN(2) == 0))
	case ir.Int32:
		g.buf.WriteString(strconv.FormatInt(int64(int32(r.Uint32())), 10))
	case ir.Int64:
		g.buf.WriteString(strconv.FormatInt([]int64{int64(r.Uint64()), r.Int64N(1000) - 500, math.MinInt64, math.MaxInt64}[r.IntN(4)], 10))
	case ir.Uint32:
		g.buf.WriteString(strconv.FormatUint(uint64(r.Uint32()), 10))
	case ir.Uint64:
		g.buf.WriteString(strconv.FormatUint(r.Uint64(), 10))
	case ir.Float32:
		f := float32(r.NormFloat64() * math.Pow(10, float64(r.IntN(20)-10)))
		g.buf.WriteString(strconv.FormatFloat(float64(f), []byte{'g', 'E', 'f'}[r.IntN(3)], -1, 32))
	case ir.Float64:
		f := r.NormFloat64() * math.Pow(10, float64(r.IntN(60)-30))
		if r.IntN(4) == 0 {
			f = math.Round(f)
		}
		g.buf.WriteString(strconv.FormatFloat(f, []byte{'g', 'E', 'e'}[r.IntN(3)], -1, 64))
	case ir.DateTime:
		zones := []*time.Location{time.UTC, time.FixedZone("", 9*3600), time.FixedZone("", -(5*3600 + 30*60))}
		t := time.Unix(r.Int64N(4e9), r.Int64N(1e9)*int64(r.IntN(2))).In(zones[r.IntN(3)])
		b, _ := t.MarshalJSON()
		g.buf.Write(b)
	case ir.Date:
		t := time.Unix(r.Int64N(4e9), 0).UTC()
		g.str(t.Format(time.DateOnly))
	case ir.UUID:
		var u [16]byte
		for i := range u {
			u[i] = byte(r.Uint32())
		}
		s := strings.Join([]string{hexs(u[0:4]), hexs(u[4:6]), hexs(u[6:8]), hexs(u[8:10]), hexs(u[10:])}, "-")
		if r.IntN(2) == 0 {
			s = strings.ToUpper(s)
		}
		g.str(s)
	case ir.Bytes:
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		g.str(base64.StdEncoding.EncodeToString(b))
	case ir.IPv4:
		g.str(netip.AddrFrom4([4]byte{byte(r.Uint32()), byte(r.Uint32()), 1, 2}).String())
	case ir.IPv6, ir.IP:
		g.str(netip.AddrFrom16([16]byte{0x20, 0x01, 0x0d, 0xb8, 15: byte(r.Uint32())}).String())
	}
}

func hexs(b []byte) string {
	const digits = "0123456789abcdef"
	out := make([]byte, 0, 2*len(b))
	for _, c := range b {
		out = append(out, digits[c>>4], digits[c&15])
	}
	return string(out)
}
