// Package decodecost benchmarks the oasgen decoders of workloads A, B, C
// and SomeValue alone, without the peers the bench package needs
// generated first: a small binary to build at two revisions of the
// runtime and run interleaved (../../intcost.sh).
package decodecost

import (
	"testing"

	"github.com/oasgen/oasgen/bench/internal/oasgen/a"
	"github.com/oasgen/oasgen/bench/internal/oasgen/b"
	"github.com/oasgen/oasgen/bench/internal/oasgen/c"
	"github.com/oasgen/oasgen/bench/internal/oasgen/u"
	"github.com/oasgen/oasgen/bench/internal/payload"
	"github.com/oasgen/oasgen/oasrt"
)

// BenchmarkDecode decodes each workload as bench's BenchmarkX/Unmarshal/
// lib=oasgen does: a reused Reader, a fresh value, the end checked.
func BenchmarkDecode(bb *testing.B) {
	run := func(name string, data []byte, decode func(*oasrt.Reader) error) {
		bb.Run(name, func(bb *testing.B) {
			var r oasrt.Reader
			bb.ReportAllocs()
			bb.SetBytes(int64(len(data)))
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
		})
	}
	run("A", payload.A, func(r *oasrt.Reader) error {
		var v a.Pet
		return v.DecodeJSON(r)
	})
	run("B", payload.B(), func(r *oasrt.Reader) error {
		var v b.List
		return v.DecodeJSON(r)
	})
	run("C", payload.C(), func(r *oasrt.Reader) error {
		var v c.ABitOfEverything
		return v.DecodeJSON(r)
	})
	run("SomeValue", payload.SomeValue, func(r *oasrt.Reader) error {
		var v u.SomeValue
		return v.DecodeJSON(r)
	})
}
