package bench_test

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/go-faster/jx"
	goccy "github.com/goccy/go-json"

	ogena "github.com/oasgen/oasgen/bench/.work/gen/ogen/a"
	ogenc "github.com/oasgen/oasgen/bench/.work/gen/ogen/c"
	ogenu "github.com/oasgen/oasgen/bench/.work/gen/ogen/u"
	oasa "github.com/oasgen/oasgen/bench/internal/oasgen/a"
	oasb "github.com/oasgen/oasgen/bench/internal/oasgen/b"
	oasc "github.com/oasgen/oasgen/bench/internal/oasgen/c"
	oasu "github.com/oasgen/oasgen/bench/internal/oasgen/u"
	"github.com/oasgen/oasgen/bench/internal/payload"
	"github.com/oasgen/oasgen/bench/internal/plain"
	"github.com/oasgen/oasgen/oasrt"
)

// TestDoorsCPUTime measures the doors of workloads A, C and SomeValue (and
// B's Writer and Reader) in CPU time (user and system, of the whole
// process, so the collector's work counts) per call, rather than wall
// time: on a machine shared with other
// jobs, wall time moves by 100% and more between rounds, CPU time by a few
// percent. Five rounds interleave the contenders; each line is the median.
// It runs only when OASGEN_CPUTIME is set (bench/doors.sh sets it):
//
//	OASGEN_CPUTIME=1 go test -run TestDoorsCPUTime -v .
func TestDoorsCPUTime(t *testing.T) {
	if os.Getenv("OASGEN_CPUTIME") == "" {
		t.Skip("set OASGEN_CPUTIME to run")
	}
	type contender struct {
		name string
		f    func() error
	}
	var cs []contender
	add := func(name string, f func() error) { cs = append(cs, contender{name, f}) }
	var w oasrt.Writer
	var r oasrt.Reader
	var e jx.Encoder
	var d jx.Decoder
	workload := func(name string, data []byte, oasEnc, oasM, oasMJ, jsonM func() error,
		oasDec, oasU, oasUJ, jsonU, goccyM, goccyU, ogenM, ogenU func() error) {
		add(name+"/Marshal/writer", oasEnc)
		add(name+"/Marshal/oasrt", oasM)
		add(name+"/Marshal/method", oasMJ)
		add(name+"/Marshal/json", jsonM)
		add(name+"/Marshal/goccy", goccyM)
		add(name+"/Marshal/ogen", ogenM)
		add(name+"/Unmarshal/reader", oasDec)
		add(name+"/Unmarshal/oasrt", oasU)
		add(name+"/Unmarshal/method", oasUJ)
		add(name+"/Unmarshal/json", jsonU)
		add(name+"/Unmarshal/goccy", goccyU)
		add(name+"/Unmarshal/ogen", ogenU)
	}
	a, c, u := payload.A, payload.C(), payload.SomeValue
	pa, pc, pu := mustDecode[oasa.Pet](t, a), mustDecode[oasc.ABitOfEverything](t, c), mustDecode[oasu.SomeValue](t, u)
	var ga plain.Pet
	var gc plain.ABitOfEverything
	var gu plain.SomeValue
	var oa ogena.Pet
	var oc ogenc.ABitOfEverything
	var ou ogenu.SomeValue
	for _, err := range []error{json.Unmarshal(a, &ga), json.Unmarshal(c, &gc), json.Unmarshal(u, &gu),
		oa.Decode(jx.DecodeBytes(a)), oc.Decode(jx.DecodeBytes(c)), ou.Decode(jx.DecodeBytes(u))} {
		if err != nil {
			t.Fatal(err)
		}
	}
	discard := func(_ []byte, err error) error { return err }
	workload("A", a,
		func() error { w.Reset(); pa.EncodeJSON(&w); return w.Err() },
		func() error { return discard(oasrt.Marshal(pa)) },
		func() error { return discard(pa.MarshalJSON()) },
		func() error { return discard(json.Marshal(pa)) },
		func() error { v := new(oasa.Pet); r.Reset(a); return v.DecodeJSON(&r) },
		func() error { return oasrt.Unmarshal(a, new(oasa.Pet)) },
		func() error { return new(oasa.Pet).UnmarshalJSON(a) },
		func() error { return json.Unmarshal(a, new(oasa.Pet)) },
		func() error { return discard(goccy.Marshal(&ga)) },
		func() error { return goccy.Unmarshal(a, new(plain.Pet)) },
		func() error { e.Reset(); oa.Encode(&e); return nil },
		func() error {
			v := new(ogena.Pet)
			d.ResetBytes(a)
			if err := v.Decode(&d); err != nil {
				return err
			}
			return v.Validate()
		})
	workload("C", c,
		func() error { w.Reset(); pc.EncodeJSON(&w); return w.Err() },
		func() error { return discard(oasrt.Marshal(pc)) },
		func() error { return discard(pc.MarshalJSON()) },
		func() error { return discard(json.Marshal(pc)) },
		func() error { v := new(oasc.ABitOfEverything); r.Reset(c); return v.DecodeJSON(&r) },
		func() error { return oasrt.Unmarshal(c, new(oasc.ABitOfEverything)) },
		func() error { return new(oasc.ABitOfEverything).UnmarshalJSON(c) },
		func() error { return json.Unmarshal(c, new(oasc.ABitOfEverything)) },
		func() error { return discard(goccy.Marshal(&gc)) },
		func() error { return goccy.Unmarshal(c, new(plain.ABitOfEverything)) },
		func() error { e.Reset(); oc.Encode(&e); return nil },
		func() error {
			v := new(ogenc.ABitOfEverything)
			d.ResetBytes(c)
			if err := v.Decode(&d); err != nil {
				return err
			}
			return v.Validate()
		})
	workload("SomeValue", u,
		func() error { w.Reset(); pu.EncodeJSON(&w); return w.Err() },
		func() error { return discard(oasrt.Marshal(pu)) },
		func() error { return discard(pu.MarshalJSON()) },
		func() error { return discard(json.Marshal(pu)) },
		func() error { v := new(oasu.SomeValue); r.Reset(u); return v.DecodeJSON(&r) },
		func() error { return oasrt.Unmarshal(u, new(oasu.SomeValue)) },
		func() error { return new(oasu.SomeValue).UnmarshalJSON(u) },
		func() error { return json.Unmarshal(u, new(oasu.SomeValue)) },
		func() error { return discard(goccy.Marshal(&gu)) },
		func() error { return goccy.Unmarshal(u, new(plain.SomeValue)) },
		func() error { e.Reset(); ou.Encode(&e); return nil },
		func() error { v := new(ogenu.SomeValue); d.ResetBytes(u); return v.Decode(&d) })
	// B, oasgen's own doors only: a generator change's before and after.
	bp := payload.B()
	pb := mustDecode[oasb.List](t, bp)
	add("B/Marshal/writer", func() error { w.Reset(); pb.EncodeJSON(&w); return w.Err() })
	add("B/Unmarshal/reader", func() error { v := new(oasb.List); r.Reset(bp); return v.DecodeJSON(&r) })

	samples := make([][]float64, len(cs))
	for range 5 {
		for i, c := range cs {
			// Grow the count until one run takes 100 ms of CPU time.
			for n := 1; ; n *= 4 {
				t0 := cpuTime()
				for range n {
					if err := c.f(); err != nil {
						t.Fatalf("%s: %v", c.name, err)
					}
				}
				if el := cpuTime() - t0; el >= 100*time.Millisecond {
					samples[i] = append(samples[i], float64(el.Nanoseconds())/float64(n))
					break
				}
			}
		}
	}
	for i, c := range cs {
		slices.Sort(samples[i])
		fmt.Printf("%-28s %10.0f cpu-ns/op (%.0f-%.0f)\n", c.name, samples[i][2], samples[i][0], samples[i][4])
	}
}

// cpuTime returns the user and system CPU time the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
