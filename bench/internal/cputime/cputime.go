// Package cputime measures calls in CPU time (user and system, of the
// whole process, so the collector's work counts) rather than wall time: on
// a machine shared with other jobs, wall time moves by 100% and more
// between rounds, CPU time by a few percent. bench/cputime_test.go (Go
// 1.26's doors) and bench/jsonv2/cputime_test.go (Go 1.27's) use it;
// bench/doors.sh CPU=1 runs both.
package cputime

import (
	"cmp"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"syscall"
	"testing"
	"time"
)

// A Case is one contender on one workload: Name is workload/op/lib.
type Case struct {
	Name string
	F    func() error
}

// Run runs every case in rounds that interleave them, each run repeating
// the call until it has taken min of CPU time, and writes one line per
// case to out: the median CPU time per call over the rounds, and the
// smallest and largest. Each round takes the cases in an order of its own
// (shuffled with a fixed seed, so runs repeat): in a fixed order,
// whatever one case leaves behind (garbage, a grown heap, evicted caches)
// falls on the same next case every round. On workload B it did: two
// doors running the same code measured 10.7 and 8.3 ms, every round.
//
// Each line also gives the share of the median run's time that the kernel
// charged as system time (page faults, madvise), apart from the user time
// of the code and the collector: a call that touches fresh memory pays
// there, and a machine's memory state moves it between runs.
func Run(out io.Writer, cases []Case, rounds int, min time.Duration) error {
	samples := make([][]sample, len(cases))
	order := make([]int, len(cases))
	for i := range order {
		order[i] = i
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range rounds {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, i := range order {
			c := cases[i]
			for n := 1; ; n *= 4 {
				u0, s0 := cpu()
				for range n {
					if err := c.F(); err != nil {
						return fmt.Errorf("%s: %w", c.Name, err)
					}
				}
				u1, s1 := cpu()
				if el := u1 - u0 + s1 - s0; el >= min {
					samples[i] = append(samples[i], sample{
						perCall: float64(el.Nanoseconds()) / float64(n),
						sys:     float64(s1-s0) / float64(el),
					})
					break
				}
			}
		}
	}
	for i, c := range cases {
		s := samples[i]
		slices.SortFunc(s, func(a, b sample) int { return cmp.Compare(a.perCall, b.perCall) })
		m := s[len(s)/2]
		fmt.Fprintf(out, "%-40s %12.0f cpu-ns/op (%.0f-%.0f) sys %.0f%%\n", c.Name, m.perCall, s[0].perCall, s[len(s)-1].perCall, 100*m.sys)
	}
	return nil
}

// A sample is one run of a case: its CPU time per call, and the share of
// it that was system time.
type sample struct {
	perCall, sys float64
}

// cpu returns the user and the system CPU time the process has used.
func cpu() (user, sys time.Duration) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano()), time.Duration(ru.Stime.Nano())
}

// Test is a CPU-time test's body: it skips unless OASGEN_CPUTIME is set
// (bench/doors.sh CPU=1 sets it), then runs the cases cases returns in
// five rounds of 100 ms each, printing the medians. OASGEN_CPUTIME_CASES,
// a regular expression, keeps only the cases whose names match it
// (bench/doors.sh's CASES).
func Test(t *testing.T, cases func() []Case) {
	if os.Getenv("OASGEN_CPUTIME") == "" {
		t.Skip("set OASGEN_CPUTIME to run")
	}
	cs := cases()
	if expr := os.Getenv("OASGEN_CPUTIME_CASES"); expr != "" {
		re, err := regexp.Compile(expr)
		if err != nil {
			t.Fatalf("OASGEN_CPUTIME_CASES: %v", err)
		}
		cs = slices.DeleteFunc(cs, func(c Case) bool { return !re.MatchString(c.Name) })
	}
	if err := Run(os.Stdout, cs, 5, 100*time.Millisecond); err != nil {
		t.Fatal(err)
	}
}
