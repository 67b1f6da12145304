package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// ownedDoors are the doors of issue 15 that hand the caller memory of its
// own on a fresh call: oasrt.Marshal/Unmarshal and the generated
// MarshalJSON/UnmarshalJSON.
var ownedDoors = []string{"oasgen-oasrt", "oasgen-method"}

// doorTargets writes issue 15's targets for the doors, each met or missed
// per workload, from the same run as everything else, and where one is
// missed, what alloc-floor says of it.
func doorTargets(sb *strings.Builder, r *results) {
	p := func(format string, args ...any) { fmt.Fprintf(sb, format, args...) }
	p("### Issue 15's targets: the doors\n\n")
	t := newTargetTable(p, r, peerWorkloads)
	get := func(op, lib string) func(string) (sample, bool) {
		return func(w string) (sample, bool) { return r.get(w, op, lib) }
	}
	every := func(l float64) func(string) float64 { return func(string) float64 { return l } }
	t.row("owned output (oasrt.Marshal, MarshalJSON) ≤ goccy's time", "Marshal", ownedDoors, get("Marshal", "goccy"), every(1), false)
	t.row("owned decoding (oasrt.Unmarshal, UnmarshalJSON) ≤ goccy's time", "Unmarshal", ownedDoors, get("Unmarshal", "goccy"), every(1), false)
	t.row("owned output ≤ 0.7× ogen's", "Marshal", ownedDoors, func(w string) (sample, bool) { return r.ogenBase(w, "Marshal") }, every(0.7), false)
	t.row("owned decoding ≤ 0.7× ogen's with Validate", "Unmarshal", ownedDoors, func(w string) (sample, bool) { return r.ogenBase(w, "Unmarshal") }, every(0.7), false)
	t.row("owned output ≥ 4x faster than encoding/json on B, 3x on A and C", "Marshal", ownedDoors, get("Marshal", "encoding-json"), func(w string) float64 {
		switch w {
		case "B":
			return 4
		case "A", "C":
			return 3
		}
		return 0
	}, true)
	t.row("Go 1.27: json.Marshal of the generated type ≤ encoding/json's of plain structs", "Marshal", []string{"oasgen-json-go1.27"}, get("Marshal", "encoding-json-go1.27"), every(1), false)
	t.row("Go 1.27: json.Unmarshal into the generated type ≤ encoding/json's into plain structs", "Unmarshal", []string{"oasgen-json-go1.27"}, get("Unmarshal", "encoding-json-go1.27"), every(1), false)
	p("\nA cell gives each door's time ÷ the other's (or the other's ÷ the door's, \"faster\"), `oasgen-oasrt` first;\n")
	p("a target is met when every door meets it. Go 1.27's rows compare `oasgen-json-go1.27` with `encoding-json-go1.27`.\n")
	p("`alloc-floor` (in the tables below) is not a contender but what the owned doors must allocate before any JSON\n")
	p("is read or written: decoding, the value on the heap with its strings in one new block and each array in a new\n")
	p("slice, copied from the decoded value; encoding, a buffer the size of the output.\n\n")
	bullets(p, "Where a door's target is missed:", t.why)
}

// oneofDoors are the doors issue 46 holds the protobuf-style oneof to:
// oasrt.Unmarshal, UnmarshalJSON and DecodeJSON from a reused Reader.
var oneofDoors = []string{"oasgen-oasrt", "oasgen-method", "oasgen"}

// oneofTargets writes issue 46's target for the protobuf-style oneof
// (workload Oneof): decoding through each of oneofDoors no slower than
// goccy on plain structs, allocating only the value's own memory, which is
// what alloc-floor allocates (the value on the heap, its string in one new
// block).
func oneofTargets(sb *strings.Builder, r *results) {
	p := func(format string, args ...any) { fmt.Fprintf(sb, format, args...) }
	p("### Issue 46's target: the protobuf-style oneof\n\n")
	workloads := []string{"Oneof"}
	t := newTargetTable(p, r, workloads)
	t.row("decoding (oasrt.Unmarshal, UnmarshalJSON, reused Reader) ≤ goccy's time on plain structs", "Unmarshal", oneofDoors,
		func(w string) (sample, bool) { return r.get(w, "Unmarshal", "goccy") }, func(string) float64 { return 1 }, false)
	var cells []string
	for _, w := range workloads {
		f, okf := r.get(w, "Unmarshal", floorLib)
		var got []string
		met := true
		for _, d := range oneofDoors {
			o, ok := r.get(w, "Unmarshal", d)
			if !ok || !okf {
				continue
			}
			got = append(got, fmt.Sprintf("%s, %s", fmtCount(o.allocs), fmtBytes(o.bytes)))
			if o.allocs > f.allocs || o.bytes > f.bytes {
				met = false
				t.why = append(t.why, fmt.Sprintf("Unmarshal of %s: %s made %s allocs/op of %s, where the value's own memory (alloc-floor) is %s of %s.",
					w, d, fmtCount(o.allocs), fmtBytes(o.bytes), fmtCount(f.allocs), fmtBytes(f.bytes)))
			}
		}
		if len(got) == 0 {
			cells = append(cells, "-")
			continue
		}
		verdict := "met"
		if !met {
			verdict = "**missed**"
		}
		cells = append(cells, fmt.Sprintf("%s vs %s, %s %s", strings.Join(got, "; "), fmtCount(f.allocs), fmtBytes(f.bytes), verdict))
	}
	p("| allocating only the value's own memory: allocs/op and B/op ≤ alloc-floor's | %s |\n", strings.Join(cells, " | "))
	p("\nThe doors in the order `oasgen-oasrt`, `oasgen-method`, `oasgen` (DecodeJSON from a reused Reader); the target is\n")
	p("met when all three meet it. goccy decodes into a plain struct with a pointer per member of the oneof and checks\n")
	p("none of it: a document with two members, or none, decodes as well.\n\n")
	bullets(p, "Where it is missed:", t.why)
}

// issue44Targets writes issue 44's targets for the doors, each met or
// missed per workload: the owned doors (oasrt.Marshal/Unmarshal,
// MarshalJSON/UnmarshalJSON, a fresh call each time) no slower than goccy
// on plain structs and, decoding, than ogen-new (ogen's Decode into a new
// value, a fresh call each time); and decoding workload B's list through
// oasrt.Unmarshal, validating, no slower than jx's bare Valid scan of the
// same bytes, and no slower than that scan plus alloc-floor, the memory
// the owned value must get, which the scan does not pay. It then names the
// limits of B measured in the run.
func issue44Targets(sb *strings.Builder, r *results) {
	p := func(format string, args ...any) { fmt.Fprintf(sb, format, args...) }
	p("### Issue 44's targets: every door fast, a decoder at the speed of a bare scan\n\n")
	t := newTargetTable(p, r, peerWorkloads)
	get := func(op, lib string) func(string) (sample, bool) {
		return func(w string) (sample, bool) { return r.get(w, op, lib) }
	}
	every := func(string) float64 { return 1 }
	onlyB := func(w string) float64 {
		if w == "B" {
			return 1
		}
		return 0
	}
	t.row("owned output (oasrt.Marshal, MarshalJSON) ≤ goccy's time on plain structs", "Marshal", ownedDoors, get("Marshal", "goccy"), every, false)
	t.row("owned decoding (oasrt.Unmarshal, UnmarshalJSON) ≤ goccy's time on plain structs", "Unmarshal", ownedDoors, get("Unmarshal", "goccy"), every, false)
	t.row("owned decoding ≤ ogen-new's (ogen's Decode into a new value, a fresh call)", "Unmarshal", ownedDoors, get("Unmarshal", "ogen-new"), every, false)
	t.row("decoding the list through oasrt.Unmarshal, validating, ≤ jx's bare Valid scan", "Unmarshal", []string{"oasgen-oasrt"}, get("Unmarshal", "jx-Valid"), onlyB, false)
	t.row("decoding the list through oasrt.Unmarshal, validating, ≤ jx-Valid + alloc-floor (the bare scan plus the memory the owned value must get)",
		"Unmarshal", []string{"oasgen-oasrt"}, r.scanFloor, onlyB, false)
	p("\nA cell gives each door's time ÷ the other's, `oasgen-oasrt` first; a target is met when every door meets it.\n")
	p("The last row compares with the sum of `jx-Valid`'s and `alloc-floor`'s times on B in the same run: the scan builds\n")
	p("nothing, while the door must hand over a new value that owns its strings.\n")
	p("`ogen-new` decodes through ogen's generated Decode into a new value on the heap from a new `jx.DecodeBytes` decoder,\n")
	p("checking required properties only, as the `ogen` row does into a value on the stack from a reused decoder.\n")
	if l := limitsLine(r, "B"); l != "" {
		p("%s\n", l)
	}
	p("\n")
	bullets(p, "Where a target of issue 44 is missed:", t.why)
}

// scanFloorLib names what issue 44's fair row compares oasrt.Unmarshal
// with: jx-Valid's time plus alloc-floor's.
const scanFloorLib = "jx-Valid + alloc-floor"

// scanFloor is the sum of jx-Valid's and alloc-floor's times on workload
// w's Unmarshal, as lib scanFloorLib, or false when the run lacks either.
func (r *results) scanFloor(w string) (sample, bool) {
	s, oks := r.get(w, "Unmarshal", "jx-Valid")
	f, okf := r.get(w, "Unmarshal", floorLib)
	if !oks || !okf {
		return sample{}, false
	}
	return sample{workload: w, op: "Unmarshal", lib: scanFloorLib, ns: s.ns + f.ns}, true
}

// beyondFloor says how door o's time on op of w splits into alloc-floor's
// and the rest, the rest against scan, which builds nothing, or that the
// run has no alloc-floor.
func beyondFloor(r *results, w, op string, o, scan sample) string {
	f, ok := r.get(w, op, floorLib)
	if !ok {
		return " This run has no alloc-floor for it."
	}
	return fmt.Sprintf(" The owned value's memory alone (alloc-floor) took %s, which the scan does not pay; beyond it the door took %s, %s %s's %s.",
		fmtTime(f.ns), fmtTime(o.ns-f.ns), fmtTimes(o.ns-f.ns, scan.ns), scan.lib, fmtTime(scan.ns))
}

// limitsLine names what the limits of workload w (limitLibs) and
// oasrt.Unmarshal took in the run, with their throughput, or is empty when
// the run has none.
func limitsLine(r *results, w string) string {
	var got []string
	for _, lib := range limitLibs {
		if s, ok := r.get(w, "Unmarshal", lib); ok {
			got = append(got, fmt.Sprintf("%s %s (%s)", lib, fmtTime(s.ns), fmtRate(s.mbs)))
		}
	}
	if len(got) == 0 {
		return ""
	}
	if s, ok := r.get(w, "Unmarshal", "oasgen-oasrt"); ok {
		got = append(got, fmt.Sprintf("and oasgen-oasrt, decoding and validating, %s (%s)", fmtTime(s.ns), fmtRate(s.mbs)))
	}
	return fmt.Sprintf("The limits of %s in the same run, which build nothing: %s. memcpy copies the payload into a buffer\n"+
		"allocated once; jx-Valid and sonic-Valid (SIMD) check that it is JSON, neither its strings' UTF-8.", w, strings.Join(got, ", "))
}

// fmtRate is a throughput of MB/s as go test reports it (10⁶ bytes a
// second), in GB/s from 1000 MB/s up.
func fmtRate(mbs float64) string {
	if mbs >= 1000 {
		return fmt.Sprintf("%.2f GB/s", mbs/1000)
	}
	return fmt.Sprintf("%.0f MB/s", mbs)
}

// targetTable writes a table of targets with one column per workload and
// gathers, for each target missed, what the run shows of it.
type targetTable struct {
	p         func(format string, args ...any)
	r         *results
	workloads []string
	why       []string
}

// newTargetTable writes the table's header.
func newTargetTable(p func(format string, args ...any), r *results, workloads []string) *targetTable {
	p("| target | %s |\n", strings.Join(workloads, " | "))
	p("|---|%s\n", strings.Repeat("---|", len(workloads)))
	return &targetTable{p: p, r: r, workloads: workloads}
}

// row compares the doors' times on op with base's: a ratio of times at
// most limit, or with speedup set, base's time at least limit times
// theirs. A workload whose limit is 0 has no target.
func (t *targetTable) row(name, op string, doors []string, base func(w string) (sample, bool), limit func(w string) float64, speedup bool) {
	var cells []string
	for _, w := range t.workloads {
		b, okb := base(w)
		lim := limit(w)
		var got []string
		met, any := true, false
		var worst sample
		for _, d := range doors {
			o, ok := t.r.get(w, op, d)
			if !ok || !okb || lim == 0 {
				continue
			}
			any = true
			ratio := o.ns / b.ns
			if speedup {
				got = append(got, fmtSpeedup(b.ns, o.ns))
				ratio = b.ns / o.ns
				if ratio < lim {
					met = false
				}
			} else {
				got = append(got, fmtTimes(o.ns, b.ns))
				if ratio > lim {
					met = false
				}
			}
			if worst.ns < o.ns {
				worst = o
			}
		}
		if !any {
			cells = append(cells, "-")
			continue
		}
		verdict := "met"
		if !met {
			verdict = "**missed**"
			t.why = append(t.why, doorMiss(t.r, w, op, worst, b, lim, speedup))
		}
		cells = append(cells, strings.Join(got, ", ")+" "+verdict)
	}
	t.p("| %s | %s |\n", name, strings.Join(cells, " | "))
}

// doorMiss says what the run shows of a missed door target: the slower
// door against its base, and beside it what alloc-floor and oasgen's
// reused Reader or Writer took.
func doorMiss(r *results, w, op string, o, b sample, limit float64, speedup bool) string {
	budget := limit * b.ns
	s := fmt.Sprintf("%s of %s: %s took %s, %s %s's %s; the target is %s (%s).", op, w, o.lib, fmtTime(o.ns), fmtTimes(o.ns, b.ns), b.lib, fmtTime(b.ns), fmtLimit(limit), fmtTime(budget))
	if speedup {
		budget = b.ns / limit
		s = fmt.Sprintf("%s of %s: %s took %s, %s's %s ÷ %s; the target is %gx (%s).", op, w, o.lib, fmtTime(o.ns), b.lib, fmtTime(b.ns), fmtSpeedup(b.ns, o.ns), limit, fmtTime(budget))
	}
	if b.lib == scanFloorLib {
		scan, _ := r.get(w, op, "jx-Valid")
		s = fmt.Sprintf("%s of %s: %s took %s, %s %s (%s).", op, w, o.lib, fmtTime(o.ns), fmtTimes(o.ns, b.ns), b.lib, fmtTime(b.ns))
		return s + beyondFloor(r, w, op, o, scan) + limitMiss(r, w, op, scan.lib)
	}
	if slices.Contains(limitLibs, b.lib) {
		if op == "Unmarshal" {
			s += beyondFloor(r, w, op, o, b)
		}
		return s + limitMiss(r, w, op, b.lib)
	}
	if !slices.Contains(ownedDoors, o.lib) {
		return s // alloc-floor is the owned doors' floor
	}
	f, okf := r.get(w, op, floorLib)
	reused, okr := r.get(w, op, "oasgen")
	if !okf || !okr {
		return s + " This run has no alloc-floor for it."
	}
	what := "the allocation of the output alone"
	if op == "Unmarshal" {
		what = "the door's allocations and copies alone"
	}
	s += fmt.Sprintf(" Here %s (alloc-floor) took %s, and oasgen's %s a reused %s %s; ", what, fmtTime(f.ns), map[string]string{"Marshal": "encoding into", "Unmarshal": "decoding from"}[op], readerOrWriter(op), fmtTime(reused.ns))
	if room := budget - f.ns; room > 0 {
		return s + fmt.Sprintf("the target leaves the door %s past the floor.", fmtTime(room))
	}
	return s + "the floor alone is past the target, so no code reaches it through this door."
}

// limitMiss says what else the run shows of a door slower than the limit
// base: the other limits, and oasgen's decoding from a reused Reader.
func limitMiss(r *results, w, op, base string) string {
	var got []string
	for _, lib := range append(slices.Clone(limitLibs), "oasgen") {
		if s, ok := r.get(w, op, lib); ok && lib != base {
			name := lib
			if lib == "oasgen" {
				name = "oasgen from a reused Reader"
			}
			got = append(got, fmt.Sprintf("%s %s", name, fmtTime(s.ns)))
		}
	}
	if len(got) == 0 {
		return ""
	}
	return " In the same run: " + strings.Join(got, ", ") + "."
}

// fmtLimit is a time ratio a target asks for.
func fmtLimit(l float64) string { return strconv.FormatFloat(l, 'g', -1, 64) + "×" }

func readerOrWriter(op string) string {
	if op == "Unmarshal" {
		return "Reader"
	}
	return "Writer"
}
