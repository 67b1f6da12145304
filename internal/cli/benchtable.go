package cli

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// benchResult is one line of go test -bench -benchmem output.
type benchResult struct {
	NsPerOp     float64
	MBPerS      float64 // 0 when the benchmark set no byte count
	BytesPerOp  float64
	AllocsPerOp float64
}

// parseBenchLine parses a result line of go test -bench, such as
//
//	BenchmarkDecodeOasgen-2   2951   406.2 ns/op   167.41 MB/s   208 B/op   3 allocs/op
//
// returning the benchmark's name without the -GOMAXPROCS suffix.
func parseBenchLine(line string) (string, benchResult, bool) {
	var r benchResult
	f := strings.Fields(line)
	if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
		return "", r, false
	}
	name := f[0]
	if i := strings.LastIndexByte(name, '-'); i > 0 {
		if _, err := strconv.Atoi(name[i+1:]); err == nil {
			name = name[:i]
		}
	}
	if _, err := strconv.ParseInt(f[1], 10, 64); err != nil {
		return "", r, false // a name line, or a benchmark's log
	}
	haveNs := false
	for i := 2; i+1 < len(f); i += 2 {
		v, err := strconv.ParseFloat(f[i], 64)
		if err != nil {
			return "", r, false
		}
		switch f[i+1] {
		case "ns/op":
			r.NsPerOp, haveNs = v, true
		case "MB/s":
			r.MBPerS = v
		case "B/op":
			r.BytesPerOp = v
		case "allocs/op":
			r.AllocsPerOp = v
		}
	}
	return name, r, haveNs
}

// median returns the median of xs (the mean of the middle two for an even
// count) and the largest distance of any x from it, as a fraction of it.
func median(xs []float64) (med, spread float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		med = s[n/2]
	} else {
		med = (s[n/2-1] + s[n/2]) / 2
	}
	if med != 0 {
		for _, x := range s {
			if d := abs(x-med) / med; d > spread {
				spread = d
			}
		}
	}
	return med, spread
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// benchRow is one row of the table: medians of a benchmark's rounds.
type benchRow struct {
	op, lib  string
	res      benchResult
	nsSpread float64
}

// medianRow reduces a benchmark's rounds to their medians, column by
// column.
func medianRow(bn benchName, rounds []benchResult) benchRow {
	col := func(get func(benchResult) float64) float64 {
		xs := make([]float64, len(rounds))
		for i, r := range rounds {
			xs[i] = get(r)
		}
		m, _ := median(xs)
		return m
	}
	ns := make([]float64, len(rounds))
	for i, r := range rounds {
		ns[i] = r.NsPerOp
	}
	row := benchRow{op: bn.op, lib: bn.lib}
	row.res.NsPerOp, row.nsSpread = median(ns)
	row.res.MBPerS = col(func(r benchResult) float64 { return r.MBPerS })
	row.res.BytesPerOp = col(func(r benchResult) float64 { return r.BytesPerOp })
	row.res.AllocsPerOp = col(func(r benchResult) float64 { return r.AllocsPerOp })
	return row
}

// table prints the results.
func (b *benchRun) table(results map[string][]benchResult, benches []benchName, notes []string) {
	ptr, _ := b.decl.Origin()
	w := b.stdout
	fmt.Fprintf(w, "schema %s (%s) of %s; payload %s, %s bytes\n", b.decl.Name(), ptr, b.cfg.spec, b.cfg.data, thousands(float64(b.payloadLen)))
	machine := strings.TrimSpace(b.goVersion + " " + b.goos + "/" + b.goarch)
	if b.cpu != "" {
		machine += ", " + b.cpu
	}
	rounds := "1 round"
	if b.cfg.count > 1 {
		rounds = fmt.Sprintf("medians of %d rounds", b.cfg.count)
	}
	fmt.Fprintf(w, "%s; %s of -benchtime %s; runtime %s\n\n", machine, rounds, b.cfg.benchtime, b.src)

	var rows []benchRow
	base := map[string]float64{} // encoding/json's ns/op by operation
	for _, bn := range benches {
		r := medianRow(bn, results[bn.fn])
		rows = append(rows, r)
		if bn.lib == "encoding/json" {
			base[bn.op] = r.res.NsPerOp
		}
	}
	many := b.cfg.count > 1
	header := []string{"", "", "ns/op", "MB/s", "B/op", "allocs/op", "vs encoding/json"}
	if many {
		header = slices.Insert(header, 3, "±")
	}
	cells := [][]string{header}
	for _, r := range rows {
		vs := ""
		if j, ok := base[r.op]; ok && r.res.NsPerOp > 0 {
			vs = fmt.Sprintf("%.2fx", j/r.res.NsPerOp)
		}
		mb := ""
		if r.res.MBPerS > 0 {
			whole, frac, _ := strings.Cut(fmt.Sprintf("%.2f", r.res.MBPerS), ".")
			n, _ := strconv.ParseFloat(whole, 64)
			mb = thousands(n) + "." + frac
		}
		row := []string{r.op, r.lib, nsString(r.res.NsPerOp), mb,
			thousands(r.res.BytesPerOp), thousands(r.res.AllocsPerOp), vs}
		if many {
			row = slices.Insert(row, 3, fmt.Sprintf("%.0f%%", r.nsSpread*100))
		}
		cells = append(cells, row)
	}
	if len(base) == 0 { // oasgen alone: nothing to compare with
		for i := range cells {
			cells[i] = cells[i][:len(cells[i])-1]
		}
	}
	writeColumns(w, cells, 2)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "MB/s: of the payload for decode, of the library's own output for encode.")
	if len(base) > 0 {
		fmt.Fprintln(w, "vs encoding/json: its time divided by this row's (above 1 is faster).")
	}
	if many {
		fmt.Fprintln(w, "±: the largest distance of one round's ns/op from the median.")
	}
	fmt.Fprintf(w, "oasgen checks every constraint of the schema while decoding; encoding/json checks none.\n")
	for _, n := range notes {
		fmt.Fprintln(w, "note:", n)
	}
}

// writeColumns prints cells as aligned columns: the first left ones
// aligned left, the others right.
func writeColumns(w io.Writer, cells [][]string, left int) {
	width := map[int]int{}
	for _, row := range cells {
		for i, c := range row {
			width[i] = max(width[i], len([]rune(c)))
		}
	}
	for _, row := range cells {
		var b strings.Builder
		for i, c := range row {
			if i > 0 {
				b.WriteString("  ")
			}
			pad := strings.Repeat(" ", width[i]-len([]rune(c)))
			if i < left {
				b.WriteString(c + pad)
			} else {
				b.WriteString(pad + c)
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}

// nsString prints a time per operation: one decimal below 100 ns, whole
// nanoseconds with thousands separators above.
func nsString(ns float64) string {
	if ns < 100 {
		return strconv.FormatFloat(ns, 'f', 1, 64)
	}
	return thousands(ns)
}

// thousands prints x rounded to an integer, with commas between thousands.
func thousands(x float64) string {
	s := strconv.FormatFloat(x, 'f', 0, 64)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
