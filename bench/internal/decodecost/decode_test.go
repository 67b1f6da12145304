// Package decodecost benchmarks the oasgen decoders of workloads A, B, C
// and SomeValue alone, without the peers the bench package needs
// generated first: a small binary to build at two revisions of the
// generator or runtime and run interleaved (../../intcost.sh,
// ../../decodecost.sh, which copies this file into the older revision).
// It imports nothing of the bench module but the generated packages and
// the payloads, so it builds at revisions that predate it.
package decodecost

import (
	"syscall"
	"testing"
	"time"

	"github.com/oasgen/oasgen/bench/internal/oasgen/a"
	"github.com/oasgen/oasgen/bench/internal/oasgen/b"
	"github.com/oasgen/oasgen/bench/internal/oasgen/c"
	"github.com/oasgen/oasgen/bench/internal/oasgen/u"
	"github.com/oasgen/oasgen/bench/internal/payload"
	"github.com/oasgen/oasgen/oasrt/oasimpl"
)

// BenchmarkDecode decodes each workload as bench's BenchmarkX/Unmarshal/
// lib=oasgen does: a reused Reader, a fresh value, the end checked. Besides
// wall time it reports cpu-ns/op, the process's CPU time (user and system,
// so the collector's work counts) per decode: on a machine shared with
// other jobs wall time moves with their load, CPU time much less.
func BenchmarkDecode(bb *testing.B) {
	run := func(name string, data []byte, decode func(*oasimpl.Reader) error) {
		bb.Run(name, func(bb *testing.B) {
			var r oasimpl.Reader
			bb.ReportAllocs()
			bb.SetBytes(int64(len(data)))
			t0 := cpu()
			for bb.Loop() {
				r.Reset(data)
				err := decode(&r)
				if err == nil {
					err = r.End()
				}
				if err != nil {
					bb.Fatal(err)
				}
			}
			bb.ReportMetric(float64((cpu()-t0).Nanoseconds())/float64(bb.N), "cpu-ns/op")
		})
	}
	run("A", payload.A, func(r *oasimpl.Reader) error {
		var v a.Pet
		return v.DecodeJSON(r)
	})
	run("B", payload.B(), func(r *oasimpl.Reader) error {
		var v b.List
		return v.DecodeJSON(r)
	})
	run("C", payload.C(), func(r *oasimpl.Reader) error {
		var v c.ABitOfEverything
		return v.DecodeJSON(r)
	})
	run("SomeValue", payload.SomeValue, func(r *oasimpl.Reader) error {
		var v u.SomeValue
		return v.DecodeJSON(r)
	})
}

// cpu is the CPU time the process has used so far.
func cpu() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
