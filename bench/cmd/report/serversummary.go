package main

// Running and summarising the routing and HTTP benchmarks (route_test.go,
// http_test.go): issue 4's targets, a table and a chart per group.

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/oasgen/oasgen/bench/internal/benchenv"
	"github.com/oasgen/oasgen/bench/internal/payload"
)

// serverAgreeTests run before any timing, with the other agreement tests.
const serverAgreeTests = "TestRoutesAgree|TestPetServersAgree|TestParseWrk|TestValidatorsAgree"

// serverBench is one run of the test binary per round.
type serverBench struct {
	re   string
	args []string
}

// serverBenchmarks are the runs of a round: route lookups and ServeHTTP at
// -benchtime fast, the petstore ServeHTTP and the validating middlewares
// at pet, then wrk for dur per server and request (one run: -benchtime 1x).
func serverBenchmarks(quick bool) []serverBench {
	fast, pet, dur := "300ms", "500ms", "3s"
	if quick {
		fast, pet, dur = "10ms", "20ms", "1s"
	}
	return []serverBench{
		{"^Benchmark(Route|Serve)(10|100|1000)$", []string{"-test.benchtime", fast}},
		{"^BenchmarkServePet$", []string{"-test.benchtime", pet}},
		{"^BenchmarkValidator$", []string{"-test.benchtime", pet}},
		{"^BenchmarkHTTP$", []string{"-test.benchtime", "1x", "-http.duration", dur, "-http.conns", "32", "-http.threads", "1"}},
	}
}

// serverSettings describes serverBenchmarks for the raw output's header.
func serverSettings(quick bool) string {
	var parts []string
	for _, b := range serverBenchmarks(quick) {
		parts = append(parts, strings.Trim(b.re, "^$")+" "+strings.Join(b.args, " "))
	}
	return strings.Join(parts, "; ")
}

func runServerBenchmarks(dir string, w io.Writer, bin string, quick bool) {
	for _, b := range serverBenchmarks(quick) {
		args := append([]string{"-test.run", "^$", "-test.bench", b.re, "-test.count", "1", "-test.timeout", "60m"}, b.args...)
		run(dir, io.MultiWriter(w, &progress{w: os.Stderr}), bin, args...)
	}
}

// isServerWorkload tells the workloads of these benchmarks from the
// JSON workloads.
func isServerWorkload(w string) bool {
	return strings.HasPrefix(w, "Route") || strings.HasPrefix(w, "Serve") || w == "HTTP" || w == validatorWorkload
}

// runServersOnly runs only the routing and HTTP benchmarks and merges them
// into the raw output file out of an earlier run: that run's routing and
// HTTP lines, if any, are replaced, and a header line says when and at
// which commit these ran.
func runServersOnly(dir, out, bin string, quick bool, rounds int, m benchenv.Machine, versions []string) {
	old, err := os.ReadFile(out)
	if err != nil {
		log.Fatalf("-only servers merges into the raw output of an earlier run, and %s cannot be read: %v (run the whole suite once first)", rel(dir, out), err)
	}
	var head, body bytes.Buffer
	inRounds, skipping := false, false
	for line := range strings.Lines(string(old)) {
		f := strings.Fields(line)
		switch {
		case strings.HasPrefix(line, "# round"):
			inRounds = true
			skipping = strings.Contains(line, "(routing and HTTP")
		case strings.HasPrefix(line, "# routing and HTTP"):
			continue
		case strings.HasPrefix(line, "# peer: ") && isServerPeerLine(line):
			continue
		case len(f) > 0 && strings.HasPrefix(f[0], "Benchmark") && isServerWorkload(benchWorkload(f[0])):
			continue
		}
		switch {
		case !inRounds:
			head.WriteString(line)
		case !skipping:
			body.WriteString(line)
		}
	}
	var b bytes.Buffer
	b.Write(head.Bytes())
	quickFlag := map[bool]string{true: " -quick"}[quick]
	fmt.Fprintf(&b, "# routing and HTTP: run alone after the rounds above (cd bench && go run ./cmd/report%s -only servers), %d round(s) at oasgen commit %s, started %s, %d cores (GOMAXPROCS %d)\n",
		quickFlag, rounds, m.Commit, time.Now().UTC().Format(time.RFC3339), runtime.NumCPU(), runtime.GOMAXPROCS(0))
	fmt.Fprintf(&b, "# routing and HTTP: %s\n", serverSettings(quick))
	for _, v := range versions {
		if isServerPeerLine("# peer: " + v) {
			fmt.Fprintf(&b, "# peer: %s\n", v)
		}
	}
	b.Write(body.Bytes())
	start := time.Now()
	for i := 1; i <= rounds; i++ {
		log.Printf("routing and HTTP round %d/%d (%s elapsed)", i, rounds, time.Since(start).Round(time.Second))
		fmt.Fprintf(&b, "# round %d (routing and HTTP)\n", i)
		runServerBenchmarks(dir, &b, bin, quick)
	}
	check(os.WriteFile(out, b.Bytes(), 0o644))
	log.Printf("routing and HTTP done in %s; merged into %s", time.Since(start).Round(time.Second), rel(dir, out))
}

// isServerPeerLine tells the peer lines prepareServerPeers adds.
func isServerPeerLine(line string) bool {
	v := strings.TrimPrefix(strings.TrimSpace(line), "# peer: ")
	for _, m := range serverPeerModules {
		if strings.HasPrefix(v, m+" ") {
			return true
		}
	}
	return strings.HasPrefix(v, "wrk ")
}

// benchWorkload is the workload of a benchmark line's name.
func benchWorkload(name string) string {
	w, _, _ := strings.Cut(strings.TrimPrefix(name, "Benchmark"), "/")
	return w
}

// The groups of the summary.
var (
	routeSizes = []string{"10", "100", "1000"}
	routeOps   = []string{"Static", "TwoParams", "NotFound"}
	routeLibs  = []string{"oasgen", "ogen", "servemux", "servemux-nested", "httprouter", "chi", "oapi-codegen", "libopenapi-validator"}
	routeNames = map[string]string{
		"Static":    "GET /orders",
		"TwoParams": "GET /orders/12345/items/678",
		"NotFound":  "GET /orders/12345/nothing",
		"GET":       "GET /pet/10",
		"GETPath":   "GET /pet/10",
		"GETQuery":  "GET /pet/findByStatus?status=available",
		"POST":      "POST /pet",
	}
)

func serverLibRank(lib string) int {
	if i := slices.Index(routeLibs, lib); i >= 0 {
		return i
	}
	return len(routeLibs)
}

// serverSamples returns the samples of workload w and op, in routeLibs order.
func serverSamples(r *results, w, op string) []sample {
	var out []sample
	for _, s := range r.samples {
		if s.workload == w && s.op == op {
			out = append(out, s)
		}
	}
	slices.SortStableFunc(out, func(a, b sample) int { return serverLibRank(a.lib) - serverLibRank(b.lib) })
	return out
}

// serverSummary writes the routing and HTTP section, if the run has it.
func serverSummary(sb *strings.Builder, r *results, header []string, chart func(w string) string) {
	has := false
	for _, s := range r.samples {
		has = has || isServerWorkload(s.workload)
	}
	if !has {
		return
	}
	p := func(format string, args ...any) { fmt.Fprintf(sb, format, args...) }
	p("\n## Routing and HTTP servers (issues 4 and 6)\n\n")
	for _, h := range header {
		if strings.HasPrefix(h, "routing and HTTP") {
			p("- %s\n", h)
		}
	}
	p("\nThe route tables have 10, 100 and 1000 operations over 2, 20 and 200 resources (`bench/internal/routes`,\n")
	p("`specs/routes*.yaml`); every request goes to the last resource, `/orders`. `Route` is the lookup alone, as\n")
	p("directly as each router allows; `Serve` a whole `ServeHTTP` of a GET to an empty handler answering 204, into\n")
	p("a ResponseWriter that keeps nothing. ogen is generated without its OpenTelemetry feature (tracing off).\n")
	p("The nested ServeMux hands each resource to a child mux, as a user's server that outgrew one mux did. See `bench/route_test.go` and\n")
	p("`bench/http_test.go` for exactly what each contender does.\n\n")
	serverTargets(sb, r)

	for _, group := range []struct{ prefix, title string }{
		{"Route", "Route lookup"},
		{"Serve", "ServeHTTP of a GET, empty handler"},
	} {
		for _, n := range routeSizes {
			w := group.prefix + n
			if len(serverSamples(r, w, "Static")) == 0 {
				continue
			}
			p("### %s, %s operations\n\n", group.title, n)
			if chart != nil {
				if link := chart(w); link != "" {
					p("![%s at %s operations: time per request of every router](%s)\n\n", group.title, n, link)
				}
			}
			serverTable(sb, r, w, routeOps)
		}
	}
	if len(serverSamples(r, "ServePet", "GET")) > 0 {
		p("### Petstore GET and POST, ServeHTTP in process\n\n")
		p("`specs/petstore.yaml` (addPet and getPetById of the Swagger Petstore v3); the handlers return a fixed Pet\n")
		p("and echo the posted one (%d bytes of JSON).\n\n", len(payload.PetstorePet))
		if chart != nil {
			if link := chart("ServePet"); link != "" {
				p("![Petstore ServeHTTP: time per request](%s)\n\n", link)
			}
		}
		serverTable(sb, r, "ServePet", []string{"GET", "POST"})
	}
	if len(serverSamples(r, "HTTP", "GET")) > 0 {
		p("### Petstore over loopback HTTP under load (wrk)\n\n")
		p("Each server (net/http's, in the benchmark process) against wrk in another process on the same 2 cores,\n")
		p("so the load generator takes CPU from the server: compare the servers with each other, not with other machines.\n")
		p("Time/request is 1 ÷ throughput; B and allocs per request are what the server process allocated, net/http's included.\n\n")
		if chart != nil {
			if link := chart("HTTP"); link != "" {
				p("![Petstore over HTTP: requests per second](%s)\n\n", link)
			}
		}
		httpTable(sb, r)
	}
	p("Medians over the rounds; `best` is the fastest round; ÷ ogen is the time ratio to ogen's median (below 1 is faster).\n")
	validatorSummary(sb, r, chart)
}

func serverTable(sb *strings.Builder, r *results, w string, ops []string) {
	p := func(format string, args ...any) { fmt.Fprintf(sb, format, args...) }
	p("| request | lib | time/op | best | B/op | allocs/op | ÷ ogen | rounds |\n")
	p("|---|---|---:|---:|---:|---:|---:|---:|\n")
	for _, op := range ops {
		og, _ := r.get(w, op, "ogen")
		for _, s := range serverSamples(r, w, op) {
			lib := s.lib
			if lib == "oasgen" {
				lib = "**oasgen**"
			}
			p("| %s | %s | %s | %s | %s | %s | %s | %d |\n", routeNames[op], lib, fmtTime(s.ns), fmtTime(s.minNS),
				fmtBytes(s.bytes), fmtCount(s.allocs), fmtTimes(s.ns, og.ns), s.n)
		}
	}
	p("\n")
}

func httpTable(sb *strings.Builder, r *results) {
	p := func(format string, args ...any) { fmt.Fprintf(sb, format, args...) }
	p("| request | lib | requests/s | time/request | p50 | p90 | p99 | B/request | allocs/request | ÷ ogen (time) | rounds |\n")
	p("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, op := range []string{"GET", "POST"} {
		og, _ := r.get("HTTP", op, "ogen")
		for _, s := range serverSamples(r, "HTTP", op) {
			lib := s.lib
			if lib == "oasgen" {
				lib = "**oasgen**"
			}
			p("| %s | %s | %.0f | %s | %s | %s | %s | %s | %s | %s | %d |\n", routeNames[op], lib, s.extra["req/s"], fmtTime(s.ns),
				fmtTime(s.extra["p50-µs"]*1e3), fmtTime(s.extra["p90-µs"]*1e3), fmtTime(s.extra["p99-µs"]*1e3),
				fmtBytes(s.bytes), fmtCount(s.allocs), fmtTimes(s.ns, og.ns), s.n)
		}
	}
	p("\n")
}

// serverTargets writes issue 4's benchmark targets, met or missed, with a
// sentence from the measurements for each one missed.
func serverTargets(sb *strings.Builder, r *results) {
	p := func(format string, args ...any) { fmt.Fprintf(sb, format, args...) }
	verdict := func(ok bool) string {
		if ok {
			return "met"
		}
		return "**missed**"
	}
	var why []string
	p("### Issue 4's targets\n\n")
	p("| target | 10 operations | 100 operations | 1000 operations |\n|---|---|---|---|\n")
	for _, op := range routeOps {
		p("| route lookup, %s: no slower than ogen's |", routeNames[op])
		var missed []string
		extra := ""
		for _, n := range routeSizes {
			o, ok1 := r.get("Route"+n, op, "oasgen")
			g, ok2 := r.get("Route"+n, op, "ogen")
			if !ok1 || !ok2 {
				p(" - |")
				continue
			}
			p(" %s (%s vs %s) %s |", fmtTimes(o.ns, g.ns), fmtTime(o.ns), fmtTime(g.ns), verdict(o.ns <= g.ns))
			if o.ns > g.ns {
				missed = append(missed, fmt.Sprintf("%s operations, %s vs %s", n, fmtTime(o.ns), fmtTime(g.ns)))
				extra = bestRounds(o, g, 1)
			}
		}
		p("\n")
		if len(missed) > 0 {
			reason := "oasgen's tree cuts the path into segments and compares whole segments in `switch`es, while ogen's router compares the path byte by byte"
			if op == "NotFound" {
				reason += " and gives up at the first byte no route has: by the time this path fails, oasgen has cut and compared three segments"
			}
			why = append(why, fmt.Sprintf("Route lookup of `%s` (%s): %s.%s", routeNames[op], strings.Join(missed, "; "), reason, extra))
		}
	}
	p("| ServeHTTP, %s: ≤ 0.8× ogen's time, 0 allocs |", routeNames["TwoParams"])
	for _, n := range routeSizes {
		o, ok1 := r.get("Serve"+n, "TwoParams", "oasgen")
		g, ok2 := r.get("Serve"+n, "TwoParams", "ogen")
		if !ok1 || !ok2 {
			p(" - |")
			continue
		}
		ok := o.ns <= 0.8*g.ns && o.allocs == 0
		p(" %s, %s allocs %s |", fmtTimes(o.ns, g.ns), fmtCount(o.allocs), verdict(ok))
		if !ok {
			lo, _ := r.get("Route"+n, "TwoParams", "oasgen")
			lg, _ := r.get("Route"+n, "TwoParams", "ogen")
			why = append(why, fmt.Sprintf("ServeHTTP with two parameters at %s operations: oasgen %s (%s allocs) against ogen %s (%s); the lookups take %s and %s, the rest of the request (escaped path, two int64 parameters, handler call, status) %s and %s: oasgen saves ogen's allocation, but both spend a few tens of nanoseconds on the same steps, so it is not a fifth faster.%s",
				n, fmtTime(o.ns), fmtCount(o.allocs), fmtTime(g.ns), fmtCount(g.allocs), fmtTime(lo.ns), fmtTime(lg.ns), fmtTime(max(0, o.ns-lo.ns)), fmtTime(max(0, g.ns-lg.ns)), bestRounds(o, g, 0.8)))
		}
	}
	p("\n| ServeHTTP, 404 (%s): < 100 ns, 0 allocs |", routeNames["NotFound"])
	for _, n := range routeSizes {
		o, ok := r.get("Serve"+n, "NotFound", "oasgen")
		if !ok {
			p(" - |")
			continue
		}
		met := o.ns < 100 && o.allocs == 0
		p(" %s, %s allocs %s |", fmtTime(o.ns), fmtCount(o.allocs), verdict(met))
		if !met {
			lo, _ := r.get("Route"+n, "NotFound", "oasgen")
			extra := ""
			if o.minNS < 100 {
				extra = fmt.Sprintf(" The best round meets it (%s): the median moved with the load of this shared machine.", fmtTime(o.minNS))
			}
			why = append(why, fmt.Sprintf("404 at %s operations: %s (%s allocs), of which the lookup is %s; the rest is the recovery, the error hook and writing the problem+json answer.%s",
				n, fmtTime(o.ns), fmtCount(o.allocs), fmtTime(lo.ns), extra))
		}
	}
	o, ok1 := r.get("ServePet", "POST", "oasgen")
	g, ok2 := r.get("ServePet", "POST", "ogen")
	if ok1 && ok2 {
		met := o.ns <= 0.5*g.ns
		p("\n| ServeHTTP, POST of a small JSON Pet: ≤ 0.5× ogen's time | %s (%s vs %s) %s | | |", fmtTimes(o.ns, g.ns), fmtTime(o.ns), fmtTime(g.ns), verdict(met))
		if !met {
			why = append(why, fmt.Sprintf("POST of a Pet: oasgen %s (%s allocs) against ogen %s (%s allocs).%s", fmtTime(o.ns), fmtCount(o.allocs), fmtTime(g.ns), fmtCount(g.allocs), bestRounds(o, g, 0.5)))
		}
	}
	p("\n\nPOST is measured on the petstore spec alone, hence one column.\n\n")
	bullets(p, "Missed, and why:", why)
}

// serverChart draws workload w of the routing and HTTP benchmarks as
// horizontal bars, a panel per request: times on a logarithmic axis, or
// for HTTP requests per second on a linear one. It returns nil when w is
// not one of them or has no samples.
func serverChart(r *results, w string) []byte {
	if !isServerWorkload(w) {
		return nil
	}
	ops, title := routeOps, ""
	value, label := func(s sample) float64 { return s.ns }, func(v float64) string { return fmtTime(v) }
	logScale := true
	switch {
	case strings.HasPrefix(w, "Route"):
		title = "Route lookup, " + strings.TrimPrefix(w, "Route") + " operations: time per lookup, log scale, shorter is faster"
	case w == "ServePet":
		ops, title = []string{"GET", "POST"}, "Petstore ServeHTTP in process: time per request, log scale, shorter is faster"
	case strings.HasPrefix(w, "Serve"):
		title = "ServeHTTP of a GET, " + strings.TrimPrefix(w, "Serve") + " operations: time per request, log scale, shorter is faster"
	case w == validatorWorkload:
		ops, title = validatorOps, "Request validation in front of a no-op handler: time per request, log scale, shorter is faster"
	case w == "HTTP":
		ops, title = []string{"GET", "POST"}, "Petstore over loopback HTTP (wrk): requests per second, longer is faster"
		value, label = func(s sample) float64 { return s.extra["req/s"] }, func(v float64) string { return fmt.Sprintf("%.0f/s", v) }
		logScale = false
	}
	const (
		width  = 820
		labelW = 200
		valueW = 90
		barH   = 16
		rowH   = 21
		top    = 44
	)
	plotW := float64(width - labelW - valueW - 20)
	lo, hi := math.Inf(1), math.Inf(-1)
	rows := 0
	for _, op := range ops {
		for _, s := range serverSamples(r, w, op) {
			lo, hi = min(lo, value(s)), max(hi, value(s))
			rows++
		}
	}
	if rows == 0 || hi <= 0 {
		return nil
	}
	var x func(v float64) float64
	var ticks []float64
	if logScale {
		loE, hiE := math.Floor(math.Log10(lo/1.5)), math.Ceil(math.Log10(hi))
		x = func(v float64) float64 { return labelW + plotW*(math.Log10(v)-loE)/(hiE-loE) }
		for e := loE; e <= hiE; e++ {
			ticks = append(ticks, math.Pow(10, e))
		}
	} else {
		step := math.Pow(10, math.Floor(math.Log10(hi)))
		if hi/step < 3 {
			step /= 2
		}
		top := math.Ceil(hi/step) * step
		x = func(v float64) float64 { return labelW + plotW*v/top }
		for t := 0.0; t <= top; t += step {
			ticks = append(ticks, t)
		}
	}
	var b strings.Builder
	pr := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	height := top + 30*len(ops) + rowH*rows + 30
	pr(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", width, height, width, height)
	pr(`<rect width="100%%" height="100%%" fill="white"/>` + "\n")
	pr(`<text x="10" y="22" font-size="15" font-weight="bold">%s</text>`+"\n", xmlEscape(title))
	y := top
	for _, op := range ops {
		ss := serverSamples(r, w, op)
		if len(ss) == 0 {
			continue
		}
		pr(`<text x="10" y="%d" font-size="13" font-weight="bold">%s</text>`+"\n", y+14, xmlEscape(routeNames[op]))
		y += 22
		panelTop, panelBottom := y, y+rowH*len(ss)
		for _, t := range ticks {
			gx := x(t)
			tick := fmt.Sprintf("%.0f", t)
			if logScale {
				tick = fmtDecade(math.Log10(t))
			}
			pr(`<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/>`+"\n", gx, panelTop-4, gx, panelBottom)
			pr(`<text x="%.1f" y="%d" text-anchor="middle" fill="#666" font-size="10">%s</text>`+"\n", gx, panelBottom+11, tick)
		}
		for _, s := range ss {
			color, weight := "#b8b8b8", "normal"
			switch s.lib {
			case "oasgen":
				color, weight = "#1565c0", "bold"
			case "ogen":
				color = "#ef8a17"
			case "servemux", "servemux-nested", "libopenapi-validator":
				color = "#6d6d6d"
			}
			v := value(s)
			pr(`<text x="%d" y="%d" text-anchor="end" font-weight="%s">%s</text>`+"\n", labelW-8, y+barH-3, weight, xmlEscape(s.lib))
			pr(`<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"/>`+"\n", labelW, y, max(1, x(v)-labelW), barH, color)
			pr(`<text x="%.1f" y="%d" font-weight="%s">%s</text>`+"\n", x(v)+5, y+barH-3, weight, label(v))
			y += rowH
		}
		y += 22
	}
	pr("</svg>\n")
	return []byte(b.String())
}
