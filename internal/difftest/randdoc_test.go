package difftest

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"math"
	"math/big"
	"math/rand/v2"
	"net/netip"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

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
	// retries counts attempts at a unique array item.
	retries int
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
	case *ir.Union:
		// Any variant; only for unions whose variants the value alone
		// tells apart (a discriminator's tag is not generated).
		g.value(d.Variants[g.rng.IntN(len(d.Variants))].Type)
	case *ir.Tuple:
		g.tuple(d)
	}
}

// tuple writes the required positions of a tuple, then maybe the optional
// ones in order, then maybe items after them, within minItems and maxItems.
func (g *docGen) tuple(d *ir.Tuple) {
	g.depth++
	defer func() { g.depth-- }()
	n := 0
	item := func(t ir.Type) {
		if n > 0 {
			g.buf.WriteByte(',')
		}
		g.ws()
		g.value(t)
		n++
	}
	room := func() bool { return d.MaxItems == nil || int64(n) < *d.MaxItems }
	g.buf.WriteByte('[')
	all := true
	for _, f := range d.Items {
		if !f.Required && (g.rng.IntN(3) == 0 || !room()) {
			all = false
			break
		}
		item(f.Type)
	}
	if all && d.Rest != nil {
		for k := g.rng.IntN(3); (k > 0 || d.MinItems != nil && int64(n) < *d.MinItems) && room(); k-- {
			item(d.Rest)
		}
	}
	g.buf.WriteByte(']')
}

func (g *docGen) object(d *ir.Struct) {
	drop := g.drop
	g.drop = ""
	g.depth++
	defer func() { g.depth-- }()
	var present []*ir.Field
	fields := d.Fields
	for _, name := range d.Undeclared {
		// A required name no property declares: its value is what the
		// first pattern it matches, or additionalProperties, allows.
		fields = append(slices.Clip(fields), &ir.Field{JSONName: name, Required: true, Type: undeclaredType(d, name)})
	}
	for _, f := range fields {
		if a, ok := f.Type.(*ir.Any); ok && a.False {
			continue // the schema false: the property must be absent
		}
		if f.Required && f.JSONName != drop || !f.Required && g.depth < 4 && g.rng.IntN(2) == 0 {
			present = append(present, f)
		}
	}
	// Within minProperties and maxProperties: add optional properties, or
	// drop them.
	for _, f := range fields {
		if d.MinProps == nil || len(present) >= int(*d.MinProps) {
			break
		}
		if !slices.Contains(present, f) {
			present = append(present, f)
		}
	}
	for i := 0; d.MinProps != nil && len(present) < int(*d.MinProps) && d.Additional != nil && len(d.Patterns) == 0; i++ {
		// Members no property declares count too.
		present = append(present, &ir.Field{JSONName: "extra" + strconv.Itoa(i), Type: d.Additional})
	}
	for i := len(present) - 1; i >= 0 && d.MaxProps != nil && len(present) > int(*d.MaxProps); i-- {
		if !present[i].Required {
			present = slices.Delete(present, i, i+1)
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
		if t.Const != "" {
			g.buf.WriteString(t.Const)
			return
		}
		if len(t.Enum) > 0 {
			g.buf.WriteString(t.Enum[g.rng.IntN(len(t.Enum))])
			return
		}
		values := []string{`null`, `1`, `-2.5e3`, `"s"`, `true`, `[ 1 , "a" , { "b" : null } ]`, "{\"x\":[true,\n false]}", `{}`}
		if len(t.Kinds) > 0 {
			// Only values of the JSON types the schema allows.
			values = slices.DeleteFunc(values, func(v string) bool { return !slices.Contains(t.Kinds, ir.JSONType(rawKind(v))) })
		}
		// Only values of kinds the schema's kind checks leave alone.
		values = slices.DeleteFunc(values, func(v string) bool { return kindChecked(t, rawKind(v)) })
		if len(values) == 0 {
			// An object of the required keys, as few as the bounds allow.
			var keys []string
			for _, k := range t.Required {
				keys = append(keys, strconv.Quote(k)+":null")
			}
			values = []string{"{" + strings.Join(keys, ",") + "}"}
		}
		g.buf.WriteString(values[g.rng.IntN(len(values))])
	case *ir.Array:
		n := 0
		if g.depth < 4 {
			n = g.rng.IntN(4)
		}
		n = g.count(n, t.MinItems, t.MaxItems)
		g.depth++
		g.buf.WriteByte('[')
		var items []string // for uniqueItems: each item's canonical form
		for i, tries := 0, 0; i < n; {
			before := g.buf.Len()
			if i > 0 {
				g.buf.WriteByte(',')
			}
			g.ws()
			mark := g.buf.Len()
			g.value(t.Elem)
			if t.Unique {
				item := canonical(g.buf.Bytes()[mark:])
				if slices.Contains(items, item) {
					// Try another value; with too few distinct values,
					// the array is shorter (minItems is kept low in the
					// specs for this).
					g.buf.Truncate(before)
					if tries++; tries < 20 {
						continue
					}
					break
				}
				items = append(items, item)
			}
			i++
		}
		g.buf.WriteByte(']')
		g.depth--
	case *ir.Map:
		n := 0
		if g.depth < 4 {
			n = g.rng.IntN(4)
		}
		n = g.count(max(n, len(t.Required)), t.MinProps, t.MaxProps)
		g.depth++
		g.buf.WriteByte('{')
		for i := range n {
			if i > 0 {
				g.buf.WriteByte(',')
			}
			switch {
			case i < len(t.Required):
				g.str(t.Required[i]) // the required keys first
			case t.PropertyNames != nil:
				g.str(string(rune('t' + i))) // short keys, for the golden cases' propertyNames
			default:
				g.str(stringPool[i%len(stringPool)] + strconv.Itoa(i)) // unique keys
			}
			g.buf.WriteByte(':')
			g.value(t.Elem)
		}
		g.buf.WriteByte('}')
		g.depth--
	case *ir.Prim:
		g.prim(t)
	case *ir.External:
		// The golden specs name math/big.Int, an integer of any size.
		g.buf.WriteString([]string{"0", "-7", "123456789012345678901234567890"}[g.rng.IntN(3)])
	}
}

// count moves n within the bounds of minItems/maxItems or
// minProperties/maxProperties.
func (g *docGen) count(n int, min, max *int64) int {
	if min != nil && n < int(*min) {
		n = int(*min)
	}
	if max != nil && n > int(*max) {
		n = int(*max)
	}
	return n
}

// canonical returns a JSON value in a form where equal values are equal
// strings, for uniqueItems.
func canonical(b []byte) string {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return string(b)
	}
	out, _ := json.Marshal(unsignedZeros(v))
	return string(out)
}

// unsignedZeros replaces each -0 in v with 0: JSON numbers are equal by
// value.
func unsignedZeros(v any) any {
	switch v := v.(type) {
	case float64:
		if v == 0 {
			return 0.0
		}
	case []any:
		for i := range v {
			v[i] = unsignedZeros(v[i])
		}
	case map[string]any:
		for k := range v {
			v[k] = unsignedZeros(v[k])
		}
	}
	return v
}

// constrainedPool holds strings for schemas with a pattern or lengths: some
// of them match each pattern the golden specs use.
var constrainedPool = []string{
	"abc", "a", "zed_42", "snake_case_x", "héllo", "日本語", "AB-123", "ÉZ-007", "xy",
	"x", "tag", "longer tag", "eight888", "ab", "abcd", "abcdefghijkl", "AB-1234",
}

func (g *docGen) prim(p *ir.Prim) {
	r := g.rng
	if p.Const != "" {
		if p.Quoted {
			g.str(p.Const)
		} else {
			g.buf.WriteString(p.Const)
		}
		return
	}
	if p.Kind == ir.String && p.HasBounds() {
		matches := func(s string) bool {
			for _, r := range p.Regexps {
				if regexp.MustCompile(r.Expr).MatchString(s) != r.Match {
					return false
				}
			}
			return true
		}
		var ok []string
		for _, s := range append(slices.Clone(stringPool), constrainedPool...) {
			n := utf8.RuneCountInString(s)
			if (p.MinLength == nil || n >= int(*p.MinLength)) && (p.MaxLength == nil || n <= int(*p.MaxLength)) && matches(s) {
				ok = append(ok, s)
			}
		}
		if len(ok) == 0 {
			panic("no pool string satisfies the constraints of " + p.Pattern + "; add one to constrainedPool")
		}
		g.str(ok[r.IntN(len(ok))])
		return
	}
	if p.Quoted {
		g.buf.WriteByte('"')
		defer g.buf.WriteByte('"')
	}
	if (p.Kind.IsInteger() || p.Kind.IsFloat() || p.Kind == ir.Decimal) && p.HasBounds() {
		g.number(p)
		return
	}
	switch p.Kind {
	case ir.String:
		switch p.Format {
		case "email":
			g.str([]string{"a@example.com", "first.last+tag@sub.example.org", "x@[10.0.0.1]"}[r.IntN(3)])
		case "uri":
			g.str([]string{"https://example.com/a%20b?q=1#f", "urn:isbn:0451450523", "mailto:a@b.c"}[r.IntN(3)])
		case "hostname":
			g.str([]string{"example.com", "a-b.c0", "localhost", "xn--bcher-kva.example"}[r.IntN(4)])
		case "regex":
			g.str([]string{"^a+$", "[^]", `\cA(?<n>x)\k<n>`, `\p{Lu}(?i:x)`}[r.IntN(4)])
		case "idn-hostname":
			g.str([]string{"bücher.example", "例え.テスト", "xn--bcher-kva.example"}[r.IntN(3)])
		case "idn-email":
			g.str([]string{"δοκιμή@παράδειγμα.δοκιμή", "a@bücher.example", "x@example.com"}[r.IntN(3)])
		case "duration":
			g.str([]string{"P1Y2M3DT4H5M6S", "PT5S", "P4W", "PT36H", "P1D"}[r.IntN(5)])
		case "time":
			g.str([]string{"15:04:05Z", "08:59:60+09:00", "00:00:00.123-05:30"}[r.IntN(3)])
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
	case ir.Decimal:
		g.buf.WriteString([]string{"0", "-0", "12.50", "1e-7", "-3.2E+10", "12345678901234567890.123456789", "0.1"}[r.IntN(7)])
	case ir.IPv6:
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

// kindRanges are the ranges random integers are drawn from, per kind.
var kindRanges = map[ir.PrimKind][2]float64{
	ir.Int32: {math.MinInt32, math.MaxInt32}, ir.Uint32: {0, math.MaxUint32},
	ir.Int64: {-1 << 62, 1 << 62}, ir.Uint64: {0, 1 << 62},
}

// number writes a number within p's bounds and a multiple of its
// multipleOf, written as an exact decimal.
func (g *docGen) number(p *ir.Prim) {
	lo, hi := big.NewRat(-1000, 1), big.NewRat(1000, 1)
	if p.Minimum != nil {
		lo = new(big.Rat).Set(p.Minimum)
		if hi.Cmp(lo) <= 0 {
			hi = new(big.Rat).Add(lo, big.NewRat(1000, 1))
		}
	}
	if p.Maximum != nil {
		hi = new(big.Rat).Set(p.Maximum)
		if p.Minimum == nil {
			lo = new(big.Rat).Sub(hi, big.NewRat(1000, 1))
		}
	}
	// Within the Go type's range too: a bound can be wider.
	if r, ok := kindRanges[p.Kind]; ok {
		if l := new(big.Rat).SetFloat64(r[0]); lo.Cmp(l) < 0 {
			lo = l
		}
		if h := new(big.Rat).SetFloat64(r[1]); hi.Cmp(h) > 0 {
			hi = h
		}
	}
	step := big.NewRat(1, 100)
	if p.Kind.IsInteger() {
		step = big.NewRat(1, 1)
	}
	if p.MultipleOf != nil {
		step = p.MultipleOf
	}
	// Values are k*step for k between lo/step and hi/step, ends excluded
	// when the bounds are exclusive.
	kLo := new(big.Rat).Quo(lo, step)
	kHi := new(big.Rat).Quo(hi, step)
	a := ceil(kLo)
	if p.ExclusiveMinimum && new(big.Rat).SetInt(a).Cmp(kLo) == 0 {
		a.Add(a, big.NewInt(1))
	}
	b := floor(kHi)
	if p.ExclusiveMaximum && new(big.Rat).SetInt(b).Cmp(kHi) == 0 {
		b.Sub(b, big.NewInt(1))
	}
	span := new(big.Int).Sub(b, a)
	k := new(big.Int).Set(a)
	if span.Sign() > 0 {
		k.Add(k, big.NewInt(g.rng.Int64N(min(span.Int64(), 1<<40)+1)))
	}
	v := new(big.Rat).Mul(new(big.Rat).SetInt(k), step)
	if p.Kind.IsInteger() {
		g.buf.WriteString(v.Num().String())
		return
	}
	g.buf.WriteString(strings.TrimRight(strings.TrimRight(v.FloatString(10), "0"), "."))
}

func floor(r *big.Rat) *big.Int {
	// Euclidean division rounds toward minus infinity for a positive
	// divisor, and a Rat's denominator is positive.
	return new(big.Int).Div(r.Num(), r.Denom())
}

func ceil(r *big.Rat) *big.Int {
	q := floor(r)
	if new(big.Rat).SetInt(q).Cmp(r) < 0 {
		q.Add(q, big.NewInt(1))
	}
	return q
}

// rawKind names the JSON type of a value's text as JSON Schema does.
func rawKind(v string) string {
	switch v[0] {
	case 'n':
		return "null"
	case 't', 'f':
		return "boolean"
	case '[':
		return "array"
	case '{':
		return "object"
	case '"':
		return "string"
	}
	return "number"
}

// kindChecked reports whether a free-form value has checks of the JSON
// kind (as rawKind names it) that a random value of it could fail.
func kindChecked(t *ir.Any, kind string) bool {
	if t.If != nil && kind != "null" {
		return true // if/then/else may say anything of the other kinds
	}
	if len(t.AllOf)+len(t.AnyOf)+len(t.OneOf) > 0 || t.NotAny != nil {
		return true // subschemas may say anything of every kind
	}
	switch kind {
	case "string":
		return t.String != nil
	case "number":
		return t.Number != nil
	case "array":
		return t.MinItems != nil || t.MaxItems != nil || t.UniqueItems || t.Contains != nil
	case "object":
		return t.MinProps != nil || t.MaxProps != nil || len(t.Required) > 0 || t.PropertyNames != nil || len(t.DependentRequired) > 0
	}
	return false
}

// undeclaredType returns the schema of a struct's member that no field
// declares: the first pattern's its name matches, else the additional
// properties', else any value.
func undeclaredType(d *ir.Struct, name string) ir.Type {
	for _, pp := range d.Patterns {
		if slices.IndexFunc(pp.Regexps, func(re ir.Regexp) bool {
			return regexp.MustCompile(re.Expr).MatchString(name) != re.Match
		}) < 0 {
			return pp.Type
		}
	}
	if d.Additional != nil {
		return d.Additional
	}
	return &ir.Any{}
}
