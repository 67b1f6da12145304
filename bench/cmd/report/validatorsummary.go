package main

// Summarising the request-validation benchmark (validator_test.go): issue
// 45's targets and a table of the three middlewares.

import (
	"fmt"
	"strings"

	"github.com/oasgen/oasgen/bench/internal/payload"
	"github.com/oasgen/oasgen/oasrt/oashttp"
)

// validatorWorkload is the benchmark's workload name, validatorOps its
// requests and validatorPeers the middlewares oasgen's is compared with.
const validatorWorkload = "Validator"

var (
	validatorOps   = []string{"GETPath", "GETQuery", "POST"}
	validatorPeers = []string{"oapi-codegen", "libopenapi-validator"}
)

// validatorBodyLimit is the body limit of oasgen's middleware in the
// benchmark (its default), which bounds what it may hold of a body.
const validatorBodyLimit int64 = oashttp.DefaultMaxBodyBytes

// fastestValidatorPeer is the peer with the lowest median time on op.
func fastestValidatorPeer(r *results, op string) (sample, bool) {
	var best sample
	found := false
	for _, lib := range validatorPeers {
		if s, ok := r.get(validatorWorkload, op, lib); ok && (!found || s.ns < best.ns) {
			best, found = s, true
		}
	}
	return best, found
}

// validatorSummary writes the request-validation section, if the run has it.
func validatorSummary(sb *strings.Builder, r *results, chart func(w string) string) {
	if len(serverSamples(r, validatorWorkload, "POST")) == 0 && len(serverSamples(r, validatorWorkload, "GETPath")) == 0 {
		return
	}
	p := func(format string, args ...any) { fmt.Fprintf(sb, format, args...) }
	p("### Request validation in front of a server (issue 45)\n\n")
	p("A validating middleware in front of a handler that does nothing, each loaded from `specs/petvalidator.yaml`:\n")
	p("oasgen's generated one (`-parts models,validator`), oapi-codegen's `OapiRequestValidator` (nethttp-middleware on\n")
	p("kin-openapi's openapi3filter, the decoded body discarded) and libopenapi-validator's `ValidateHttpRequest` in a\n")
	p("middleware answering 400. `TestValidatorsAgree` checks first that all three pass these requests, body intact, and\n")
	p("refuse the same invalid ones (an enum value outside the query's enum, a path parameter that is not an integer, a\n")
	p("body without a required property). The POST sends the %d-byte Pet; oasgen's body limit is %s.\n\n", len(payload.PetstorePet), fmtBodyLimit(validatorBodyLimit))
	validatorTargets(sb, r)
	if chart != nil {
		if link := chart(validatorWorkload); link != "" {
			p("![Request validation: time per request](%s)\n\n", link)
		}
	}
	p("| request | lib | time/op | best | B/op | allocs/op | ÷ fastest peer | rounds |\n")
	p("|---|---|---:|---:|---:|---:|---:|---:|\n")
	for _, op := range validatorOps {
		peer, _ := fastestValidatorPeer(r, op)
		for _, s := range serverSamples(r, validatorWorkload, op) {
			lib := s.lib
			if lib == "oasgen" {
				lib = "**oasgen**"
			}
			p("| %s | %s | %s | %s | %s | %s | %s | %d |\n", routeNames[op], lib, fmtTime(s.ns), fmtTime(s.minNS),
				fmtBytes(s.bytes), fmtCount(s.allocs), fmtTimes(s.ns, peer.ns), s.n)
		}
	}
	p("\nMedians over the rounds; `best` is the fastest round; ÷ fastest peer is the time ratio to the faster peer's median on that request (below 1 is faster).\n")
}

// fmtBodyLimit writes a body limit in whole MiB or KiB where it is one.
func fmtBodyLimit(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d B", n)
}

// validatorTargets writes issue 45's benchmark targets, met or missed:
// per request at least 10x faster than the faster peer; no allocation on
// a GET; on the POST, memory per request within the body limit.
func validatorTargets(sb *strings.Builder, r *results) {
	p := func(format string, args ...any) { fmt.Fprintf(sb, format, args...) }
	verdict := func(ok bool) string {
		if ok {
			return "met"
		}
		return "**missed**"
	}
	var why []string
	p("#### Issue 45's targets\n\n")
	p("| target | %s |\n|---|", strings.Join(mapSlice(validatorOps, func(op string) string { return routeNames[op] }), " | "))
	for range validatorOps {
		p("---|")
	}
	p("\n| at least 10× faster than the faster peer |")
	for _, op := range validatorOps {
		o, ok1 := r.get(validatorWorkload, op, "oasgen")
		g, ok2 := fastestValidatorPeer(r, op)
		if !ok1 || !ok2 {
			p(" - |")
			continue
		}
		met := 10*o.ns <= g.ns
		p(" %.1f× faster (%s vs %s, %s) %s |", g.ns/o.ns, fmtTime(o.ns), fmtTime(g.ns), g.lib, verdict(met))
		if !met {
			extra := ""
			if o.minNS > 0 && g.minNS > 0 && 10*o.minNS <= g.minNS {
				extra = fmt.Sprintf(" The best rounds meet it (%s vs %s): the medians moved with the load of this shared machine.", fmtTime(o.minNS), fmtTime(g.minNS))
			}
			why = append(why, fmt.Sprintf("%s: oasgen %s (%s allocs) against %s %s (%s allocs), %.1f× faster.%s",
				routeNames[op], fmtTime(o.ns), fmtCount(o.allocs), g.lib, fmtTime(g.ns), fmtCount(g.allocs), g.ns/o.ns, extra))
		}
	}
	p("\n| no allocation on a GET |")
	for _, op := range validatorOps {
		o, ok := r.get(validatorWorkload, op, "oasgen")
		if !ok || !strings.HasPrefix(op, "GET") {
			p(" - |")
			continue
		}
		p(" %s allocs, %s %s |", fmtCount(o.allocs), fmtBytes(o.bytes), verdict(o.allocs == 0))
		if o.allocs != 0 {
			why = append(why, fmt.Sprintf("%s allocates: %s allocs, %s per request.", routeNames[op], fmtCount(o.allocs), fmtBytes(o.bytes)))
		}
	}
	p("\n| memory per request within the body limit (%s) on a POST |", fmtBodyLimit(validatorBodyLimit))
	for _, op := range validatorOps {
		o, ok := r.get(validatorWorkload, op, "oasgen")
		if !ok || op != "POST" {
			p(" - |")
			continue
		}
		met := o.bytes <= float64(validatorBodyLimit)
		p(" %s/op for a %d-byte body %s |", fmtBytes(o.bytes), len(payload.PetstorePet), verdict(met))
		if !met {
			why = append(why, fmt.Sprintf("%s holds %s per request, more than the body limit.", routeNames[op], fmtBytes(o.bytes)))
		}
	}
	p("\n\n")
	bullets(p, "Missed, and why:", why)
}

// mapSlice returns f of every element of s.
func mapSlice[T, U any](s []T, f func(T) U) []U {
	out := make([]U, len(s))
	for i, v := range s {
		out[i] = f(v)
	}
	return out
}
