package main

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/oasgen/oasgen/bench/internal/payload"
)

// The workloads of the peer tables, in order, and the others (oasgen's own
// union benchmarks, which have no peers).
var (
	peerWorkloads = []string{"A", "B", "C", "SomeValue", "Oneof"}
	workloadNames = map[string]string{
		"A":              "A: petstore Pet",
		"B":              "B: 20000-record list",
		"C":              "C: ABitOfEverything",
		"SomeValue":      "SomeValue: oneOf {int32, string, bool}",
		"Oneof":          "Oneof: protobuf's JSON mapping of the oneof, three object variants",
		"SomeValueUnion": "SomeValue: its oneOf value against the string variant typed directly",
		"EventTagFirst":  "Event, tag first: discriminated oneOf",
		"EventTagLast":   "Event, tag last: discriminated oneOf",
	}
)

// libOrder is the order of the contenders in tables and charts.
var libOrder = []string{
	"oasgen", "oasgen-oasrt", "oasgen-method", "oasgen-json", "oasgen-json-go1.27", "oasgen-jsonv2",
	floorLib,
	"oasgen-union", "oasgen-variant",
	"ogen", "ogen-Validate", "ogen-new",
	"encoding-json", "encoding-json-go1.27", "encoding-json-v2",
	"oapi-codegen", "openapi-generator", "openapi-generator-noMarshalJSON",
	"goccy", "sonic", "protojson", "protobuf",
	"memcpy", "jx-Valid", "sonic-Valid",
}

// limitLibs are issue 44's limits on workload B's Unmarshal
// (bench/peers_test.go, limits): a copy of the payload and two scans that
// check it and build nothing. Not contenders: they have a row in B's
// table, labelled as limits, and no bar in the chart.
var limitLibs = []string{"memcpy", "jx-Valid", "sonic-Valid"}

// isContender says whether lib is timed as a contender: neither
// alloc-floor nor a limit.
func isContender(lib string) bool {
	return lib != floorLib && !slices.Contains(limitLibs, lib)
}

// floorLib is not a contender but what the owned doors must allocate
// (bench/floor_test.go): it has a row in the workloads' tables, for issue
// 15's targets, and no bar in the charts.
const floorLib = "alloc-floor"

func libRank(lib string) int {
	if i := slices.Index(libOrder, lib); i >= 0 {
		return i
	}
	return len(libOrder)
}

func payloadSize(w string) string {
	switch w {
	case "A":
		return fmtBytes(float64(len(payload.A)))
	case "B":
		return fmt.Sprintf("%.1f MB", float64(len(payload.B()))/1e6)
	case "C":
		return fmtBytes(float64(len(payload.C())))
	case "SomeValue":
		return fmtBytes(float64(len(payload.SomeValue)))
	case "Oneof":
		return fmtBytes(float64(len(payload.Oneof)))
	}
	return "?"
}

// results indexes the samples of a run.
type results struct {
	samples []sample
	by      map[[3]string]sample
}

func newResults(samples []sample) *results {
	r := &results{by: map[[3]string]sample{}}
	for _, s := range samples {
		r.by[[3]string{s.workload, s.op, s.lib}] = s
	}
	r.samples = slices.Clone(samples)
	slices.SortStableFunc(r.samples, func(a, b sample) int {
		return cmp.Or(cmp.Compare(a.workload, b.workload), cmp.Compare(a.op, b.op), cmp.Compare(libRank(a.lib), libRank(b.lib)))
	})
	return r
}

func (r *results) get(w, op, lib string) (sample, bool) {
	s, ok := r.by[[3]string{w, op, lib}]
	return s, ok && s.ns > 0
}

// ogenBase is what oasgen is compared with for ogen: ogen's Decode followed
// by Validate when unmarshalling (oasgen validates while it decodes),
// ogen alone when marshalling or where ogen generates no Validate.
func (r *results) ogenBase(w, op string) (sample, bool) {
	if op == "Unmarshal" {
		if s, ok := r.get(w, op, "ogen-Validate"); ok {
			return s, true
		}
	}
	return r.get(w, op, "ogen")
}

func (r *results) of(w, op string) []sample {
	var out []sample
	for _, s := range r.samples {
		if s.workload == w && s.op == op {
			out = append(out, s)
		}
	}
	return out
}

// contenders is of without alloc-floor and the limits.
func (r *results) contenders(w, op string) []sample {
	return slices.DeleteFunc(r.of(w, op), func(s sample) bool { return !isContender(s.lib) })
}

// fmtTimes is a time ratio: how many times base's time ns takes.
func fmtTimes(ns, base float64) string {
	if base == 0 || ns == 0 {
		return "-"
	}
	r := ns / base
	switch {
	case r < 0.1:
		return fmt.Sprintf("%.3f×", r)
	case r < 10:
		return fmt.Sprintf("%.2f×", r)
	default:
		return fmt.Sprintf("%.0f×", r)
	}
}

// fmtSpeedup is how many times faster ns is than base.
func fmtSpeedup(base, ns float64) string {
	if base == 0 || ns == 0 {
		return "-"
	}
	r := base / ns
	if r >= 10 {
		return fmt.Sprintf("%.0fx", r)
	}
	return fmt.Sprintf("%.2fx", r)
}

// summary returns the markdown of a run: header lines, the issue's
// targets, then per workload a chart (chart returns its link) and a table.
func summary(samples []sample, header []string, chart func(w string) string) string {
	r := newResults(samples)
	var sb strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&sb, format, args...) }
	p("## oasgen vs its peers\n\n")
	for _, h := range header {
		if !strings.HasPrefix(h, "peer: ") {
			p("- %s\n", h)
		}
	}
	p("\nPeers (exact versions):\n\n")
	for _, h := range header {
		if v, ok := strings.CutPrefix(h, "peer: "); ok {
			p("- %s\n", v)
		}
	}
	p("\n")

	p("### oasgen's speed-up (medians of the same run)\n\n")
	p("Other contender's time ÷ oasgen's: above 1, oasgen is faster. ogen is compared with Validate when unmarshalling.\n\n")
	p("| workload | payload | op | vs encoding/json | vs ogen | vs openapi-generator | vs goccy | vs sonic | vs protojson | vs protobuf (binary) |\n")
	p("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, w := range peerWorkloads {
		for _, op := range []string{"Marshal", "Unmarshal"} {
			o, ok := r.get(w, op, "oasgen")
			if !ok {
				continue
			}
			cell := func(lib string) string {
				var s sample
				var ok bool
				if lib == "ogen" {
					s, ok = r.ogenBase(w, op)
				} else {
					s, ok = r.get(w, op, lib)
				}
				if !ok {
					return "-"
				}
				return fmtSpeedup(s.ns, o.ns)
			}
			p("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", w, payloadSize(w), op,
				cell("encoding-json"), cell("ogen"), cell("openapi-generator"), cell("goccy"), cell("sonic"), cell("protojson"), cell("protobuf"))
		}
	}
	p("\n")

	targets(&sb, r)
	doorTargets(&sb, r)
	oneofTargets(&sb, r)
	issue44Targets(&sb, r)

	for _, w := range peerWorkloads {
		if len(r.of(w, "Marshal"))+len(r.of(w, "Unmarshal")) == 0 {
			continue
		}
		p("### %s (%s)\n\n", workloadNames[w], payloadSize(w))
		if chart != nil {
			if link := chart(w); link != "" {
				p("![%s: time per operation of every contender](%s)\n\n", workloadNames[w], link)
			}
		}
		table(&sb, r, w, true)
	}
	var others []string
	for _, s := range r.samples {
		if !slices.Contains(peerWorkloads, s.workload) && !slices.Contains(others, s.workload) && !isServerWorkload(s.workload) {
			others = append(others, s.workload)
		}
	}
	if len(others) > 0 {
		p("### oasgen's unions against their variants (no peers)\n\n")
		unionTarget(&sb, r, others)
		for _, w := range others {
			p("%s:\n\n", workloadNames[w])
			table(&sb, r, w, false)
		}
	}
	p("Medians over the rounds; `best` is the fastest round. Ratios are times: the contender's time ÷ encoding/json's\n")
	p("or ÷ ogen's (Unmarshal: ogen-Validate's where ogen generates a Validate); below 1 is faster.\n")
	p("MB/s counts the bytes the contender decodes or writes: for protobuf its binary encoding, for\n")
	p("protojson on SomeValue protobuf's JSON mapping of the same value.\n")
	serverSummary(&sb, r, header, chart)
	return sb.String()
}

func table(sb *strings.Builder, r *results, w string, peers bool) {
	p := func(format string, args ...any) { fmt.Fprintf(sb, format, args...) }
	if peers {
		p("| op | lib | time/op | best | MB/s | B/op | allocs/op | ÷ encoding/json | ÷ ogen | rounds |\n")
		p("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	} else {
		p("| op | lib | time/op | best | MB/s | B/op | allocs/op | ÷ encoding/json | rounds |\n")
		p("|---|---|---:|---:|---:|---:|---:|---:|---:|\n")
	}
	for _, op := range []string{"Marshal", "Unmarshal"} {
		std, _ := r.get(w, op, "encoding-json")
		og, _ := r.ogenBase(w, op)
		for _, s := range r.of(w, op) {
			lib := s.lib
			switch {
			case lib == "oasgen":
				lib = "**oasgen**"
			case slices.Contains(limitLibs, lib):
				lib += " (limit)"
			}
			p("| %s | %s | %s | %s | %.0f | %s | %s | %s |", op, lib, fmtTime(s.ns), fmtTime(s.minNS), s.mbs,
				fmtBytes(s.bytes), fmtCount(s.allocs), fmtTimes(s.ns, std.ns))
			if peers {
				p(" %s |", fmtTimes(s.ns, og.ns))
			}
			p(" %d |\n", s.n)
		}
	}
	p("\n")
}

// targets writes issue 6's targets, each met or missed per workload.
func targets(sb *strings.Builder, r *results) {
	p := func(format string, args ...any) { fmt.Fprintf(sb, format, args...) }
	p("### Issue 6's targets\n\n")
	p("| target | %s |\n", strings.Join(peerWorkloads, " | "))
	p("|---|%s\n", strings.Repeat("---|", len(peerWorkloads)))
	verdict := func(ok bool) string {
		if ok {
			return "met"
		}
		return "**missed**"
	}
	row := func(name string, cell func(w string) string) {
		var cells []string
		for _, w := range peerWorkloads {
			cells = append(cells, cell(w))
		}
		p("| %s | %s |\n", name, strings.Join(cells, " | "))
	}
	var why []string
	ratioRow := func(op, name string, limit float64, base func(w string) (sample, bool)) {
		row(name, func(w string) string {
			o, ok1 := r.get(w, op, "oasgen")
			b, ok2 := base(w)
			if !ok1 || !ok2 {
				return "-"
			}
			ok := o.ns/b.ns <= limit
			if !ok {
				why = append(why, fmt.Sprintf("%s of %s, %s vs %s's %s (%s): %s%s", op, w, fmtTime(o.ns), b.lib, fmtTime(b.ns),
					fmtTimes(o.ns, b.ns), missReason(op, w), bestRounds(o, b, limit)))
			}
			return fmtTimes(o.ns, b.ns) + " " + verdict(ok)
		})
	}
	ratioRow("Marshal", "marshal: oasgen's time ≤ 0.6× ogen's", 0.6, func(w string) (sample, bool) { return r.ogenBase(w, "Marshal") })
	ratioRow("Unmarshal", "unmarshal, validating: ≤ 0.7× ogen's with Validate", 0.7, func(w string) (sample, bool) { return r.ogenBase(w, "Unmarshal") })
	for _, op := range []string{"Marshal", "Unmarshal"} {
		row(strings.ToLower(op)+": fewer allocs/op than ogen", func(w string) string {
			o, ok1 := r.get(w, op, "oasgen")
			b, ok2 := r.ogenBase(w, op)
			if !ok1 || !ok2 {
				return "-"
			}
			cell := fmt.Sprintf("%s vs %s ", fmtCount(o.allocs), fmtCount(b.allocs))
			if o.allocs == 0 && b.allocs == 0 {
				return cell + "met (both zero)"
			}
			return cell + verdict(o.allocs < b.allocs)
		})
	}
	for _, op := range []string{"Marshal", "Unmarshal"} {
		row(strings.ToLower(op)+": ≥ 20x faster than openapi-generator (default)", func(w string) string {
			o, ok1 := r.get(w, op, "oasgen")
			b, ok2 := r.get(w, op, "openapi-generator")
			if !ok1 || !ok2 {
				return "-"
			}
			return fmtSpeedup(b.ns, o.ns) + " " + verdict(b.ns/o.ns >= 20)
		})
	}
	for _, op := range []string{"Marshal", "Unmarshal"} {
		row(strings.ToLower(op)+": ≥ 10x faster than protojson on C", func(w string) string {
			o, ok1 := r.get(w, op, "oasgen")
			b, ok2 := r.get(w, op, "protojson")
			if w != "C" || !ok1 || !ok2 {
				return "-"
			}
			return fmtSpeedup(b.ns, o.ns) + " " + verdict(b.ns/o.ns >= 10)
		})
	}
	for _, op := range []string{"Marshal", "Unmarshal"} {
		row(strings.ToLower(op)+": fastest of all contenders", func(w string) string {
			o, ok := r.get(w, op, "oasgen")
			if !ok {
				return "-"
			}
			var faster []string
			for _, s := range r.contenders(w, op) {
				if !strings.HasPrefix(s.lib, "oasgen") && s.ns < o.ns { // oasgen's other doors are not contenders
					faster = append(faster, fmt.Sprintf("%s %s", s.lib, fmtTimes(s.ns, o.ns)))
				}
			}
			if len(faster) == 0 {
				return "yes"
			}
			if reason, ok := slowerReasons[op+"/"+w]; ok {
				why = append(why, fmt.Sprintf("%s of %s, fastest: %s", op, w, reason))
			}
			return "**no**: " + strings.Join(faster, ", ")
		})
	}
	p("\nTime ratios are oasgen's time ÷ the other's (below 1: oasgen is faster), speed-ups the other's ÷ oasgen's.\n")
	p("SomeValue and Oneof have no ogen Validate (ogen generates none for them: Decode already checks the value's kind,\n")
	p("or the variant's keys).\n")
	p("\"Fewer allocs\" counts as met where both make none. \"Fastest\" lists the contenders faster than oasgen\n")
	p("with their time ÷ oasgen's; protobuf decodes its binary encoding, not JSON.\n\n")
	bullets(p, "Why, where a target is missed:", why)
}

// bullets writes title and a list of items, or nothing when there are none.
func bullets(p func(format string, args ...any), title string, items []string) {
	if len(items) == 0 {
		return
	}
	p("%s\n\n", title)
	for _, it := range items {
		p("- %s\n", it)
	}
	p("\n")
}

// unionTarget writes issue 3's target for each union benchmark: decoding
// the union costs at most 1.2x decoding its variant directly.
func unionTarget(sb *strings.Builder, r *results, workloads []string) {
	p := func(format string, args ...any) { fmt.Fprintf(sb, format, args...) }
	p("| issue 3's target: union ≤ 1.2× its variant | union | variant | ratio | |\n|---|---:|---:|---:|---|\n")
	for _, w := range workloads {
		u, ok1 := r.get(w, "Unmarshal", "oasgen-union")
		v, ok2 := r.get(w, "Unmarshal", "oasgen-variant")
		if !ok1 || !ok2 {
			continue
		}
		verdict := "met"
		if u.ns > 1.2*v.ns {
			verdict = "**missed**" + bestRounds(u, v, 1.2)
		}
		p("| %s | %s | %s | %s | %s |\n", workloadNames[w], fmtTime(u.ns), fmtTime(v.ns), fmtTimes(u.ns, v.ns), verdict)
	}
	p("\n")
}

// missReason says, from the profiles of the workload, why oasgen's time is
// not the share of ogen's a target asks for.
func missReason(op, w string) string {
	switch {
	case op == "Unmarshal" && w == "B":
		return "the 19.3 MB are mostly Japanese text in 20,000 strings; both decoders spend most of their time copying those strings out of the input into new memory, and oasgen also checks the UTF-8 of every one, which ogen's jx does not."
	case op == "Unmarshal":
		return "a document this small leaves mostly fixed costs in both decoders' time (the calls per member, one copy of each string), so there is little per-byte work for oasgen to save."
	}
	return "both write the same bytes into a reused buffer, so what differs is the cost per member, which is small on both sides."
}

// slowerReasons says why a contender is faster than oasgen, where one is.
var slowerReasons = map[string]string{
	"Unmarshal/B": "sonic's default configuration points decoded strings into one copy of the input instead of copying each, checks no UTF-8 (`ValidateString` is off) and scans with SIMD; oasgen copies every string and checks its UTF-8, as encoding/json does.",
}

// bestRounds says whether the best rounds meet a ratio target the medians
// miss: the medians then moved with the load of the shared machine.
func bestRounds(o, b sample, limit float64) string {
	if o.minNS > 0 && b.minNS > 0 && o.minNS <= limit*b.minNS {
		return fmt.Sprintf(" The best rounds meet it (%s vs %s): the medians moved with the load of this shared machine.", fmtTime(o.minNS), fmtTime(b.minNS))
	}
	return ""
}

// svgChart draws the Marshal and Unmarshal times of workload w as
// horizontal bars on a logarithmic axis, oasgen and ogen highlighted.
func svgChart(r *results, w string) []byte {
	const (
		width  = 820
		labelW = 250
		valueW = 90
		barH   = 16
		rowH   = 21
		top    = 44
	)
	plotW := float64(width - labelW - valueW - 20)
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, op := range []string{"Marshal", "Unmarshal"} {
		for _, s := range r.contenders(w, op) {
			lo, hi = min(lo, s.ns), max(hi, s.ns)
		}
	}
	if math.IsInf(lo, 0) {
		return nil
	}
	loE := math.Floor(math.Log10(lo / 1.5))
	hiE := math.Ceil(math.Log10(hi))
	x := func(ns float64) float64 {
		return labelW + plotW*(math.Log10(ns)-loE)/(hiE-loE)
	}
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	height := top
	for _, op := range []string{"Marshal", "Unmarshal"} {
		height += 30 + rowH*len(r.contenders(w, op))
	}
	height += 30
	p(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", width, height, width, height)
	p(`<rect width="100%%" height="100%%" fill="white"/>` + "\n")
	p(`<text x="10" y="22" font-size="15" font-weight="bold">%s (%s): time per operation, log scale, shorter is faster</text>`+"\n", xmlEscape(workloadNames[w]), payloadSize(w))
	y := top
	for _, op := range []string{"Marshal", "Unmarshal"} {
		rows := r.contenders(w, op)
		if len(rows) == 0 {
			continue
		}
		p(`<text x="10" y="%d" font-size="13" font-weight="bold">%s</text>`+"\n", y+14, op)
		y += 22
		panelTop, panelBottom := y, y+rowH*len(rows)
		for e := loE; e <= hiE; e++ {
			gx := x(math.Pow(10, e))
			p(`<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/>`+"\n", gx, panelTop-4, gx, panelBottom)
			p(`<text x="%.1f" y="%d" text-anchor="middle" fill="#666" font-size="10">%s</text>`+"\n", gx, panelBottom+11, fmtDecade(e))
		}
		for _, s := range rows {
			color := "#b8b8b8"
			weight := "normal"
			switch s.lib {
			case "oasgen":
				color, weight = "#1565c0", "bold"
			case "ogen", "ogen-Validate", "ogen-new":
				color = "#ef8a17"
			case "encoding-json", "encoding-json-v2":
				color = "#6d6d6d"
			}
			p(`<text x="%d" y="%d" text-anchor="end" font-weight="%s">%s</text>`+"\n", labelW-8, y+barH-3, weight, xmlEscape(s.lib))
			p(`<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"/>`+"\n", labelW, y, max(1, x(s.ns)-labelW), barH, color)
			p(`<text x="%.1f" y="%d" font-weight="%s">%s</text>`+"\n", x(s.ns)+5, y+barH-3, weight, fmtTime(s.ns))
			y += rowH
		}
		y += 22
	}
	p("</svg>\n")
	return []byte(b.String())
}

func xmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}

// fmtDecade labels the axis line at 10^e nanoseconds.
func fmtDecade(e float64) string {
	n := int(e)
	units := []string{"ns", "µs", "ms", "s"}
	u := min(n/3, len(units)-1)
	return fmt.Sprintf("%.0f %s", math.Pow(10, float64(n-3*u)), units[u])
}
