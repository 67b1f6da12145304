package bench_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/go-faster/jx"
	goccy "github.com/goccy/go-json"

	ogena "github.com/oasgen/oasgen/bench/.work/gen/ogen/a"
	ogenb "github.com/oasgen/oasgen/bench/.work/gen/ogen/b"
	ogenc "github.com/oasgen/oasgen/bench/.work/gen/ogen/c"
	ogenu "github.com/oasgen/oasgen/bench/.work/gen/ogen/u"
	"github.com/oasgen/oasgen/bench/internal/cputime"
	oasa "github.com/oasgen/oasgen/bench/internal/oasgen/a"
	oasb "github.com/oasgen/oasgen/bench/internal/oasgen/b"
	oasc "github.com/oasgen/oasgen/bench/internal/oasgen/c"
	oasu "github.com/oasgen/oasgen/bench/internal/oasgen/u"
	"github.com/oasgen/oasgen/bench/internal/payload"
	"github.com/oasgen/oasgen/bench/internal/plain"
	"github.com/oasgen/oasgen/oasrt/oasimpl"
)

// TestDoorsCPUTime measures the doors of workloads A, B, C, SomeValue and
// Oneof in CPU time per call (package cputime), on the Go that runs it:
// five rounds interleave the contenders, each line is the median. The libs:
//
//	writer, reader  EncodeJSON into a reused Writer, DecodeJSON from a
//	                reused Reader
//	oasrt, method   oasrt.Marshal / oasrt.Unmarshal, MarshalJSON /
//	                UnmarshalJSON: owned output, a fresh call each time
//	json            json.Marshal / json.Unmarshal on the oasgen type
//	encoding-json   json.Marshal / json.Unmarshal on the plain structs
//	goccy           goccy on the plain structs
//	ogen            ogen's reused jx.Encoder; Decode from a reused
//	                jx.Decoder, then Validate
//	ogen-method     ogen's MarshalJSON (a fresh jx.Encoder); its
//	                UnmarshalJSON (a fresh jx.Decoder), then Validate:
//	                ogen's owned-output doors
//	jx-Valid        B's Unmarshal only: jx.Valid, issue 44's limit, a scan
//	                of the bytes that builds nothing (bench/README.md)
//	alloc-floor     B's Unmarshal only: the copy of the decoded list that
//	                is alloc-floor (floor_test.go), what the owned value
//	                adds to the scan in issue 44's fair target
//
// It runs only when OASGEN_CPUTIME is set (bench/doors.sh CPU=1 sets it):
//
//	OASGEN_CPUTIME=1 go test -run TestDoorsCPUTime -v .
func TestDoorsCPUTime(t *testing.T) {
	cputime.Test(t, func() (cs []cputime.Case) {
		cs = cpuWorkload[plain.Pet, oasa.Pet, ogena.Pet](t, cs, "A", payload.A)
		cs = cpuWorkload[plain.List, oasb.List, ogenb.List](t, cs, "B", payload.B())
		cs = append(cs, cputime.Case{Name: "B/Unmarshal/jx-Valid", F: func() error {
			if !jx.Valid(payload.B()) {
				return errors.New("jx.Valid refuses the payload")
			}
			return nil
		}})
		list := mustDecode[oasb.List](t, payload.B())
		cs = append(cs, cputime.Case{Name: "B/Unmarshal/alloc-floor", F: func() error {
			floorValue = cloneList(list)
			return nil
		}})
		cs = cpuWorkload[plain.ABitOfEverything, oasc.ABitOfEverything, ogenc.ABitOfEverything](t, cs, "C", payload.C())
		cs = cpuWorkload[plain.SomeValue, oasu.SomeValue, ogenu.SomeValue](t, cs, "SomeValue", payload.SomeValue)
		return cpuWorkload[plain.Oneof, oasu.Oneof, ogenu.Oneof](t, cs, "Oneof", payload.Oneof)
	})
}

// cpuWorkload appends the contenders of one workload to cs: P is its plain
// struct, O the oasgen type, G ogen's.
func cpuWorkload[P, O, G any, OP oasType[O], GP ogenPeer[G]](t *testing.T, cs []cputime.Case, name string, data []byte) []cputime.Case {
	v := OP(mustDecode[O, OP](t, data))
	var p P
	var g G
	if err := json.Unmarshal(data, &p); err != nil {
		t.Fatal(err)
	}
	if err := GP(&g).Decode(jx.DecodeBytes(data)); err != nil {
		t.Fatal(err)
	}
	var w oasimpl.Writer
	var r oasimpl.Reader
	var e jx.Encoder
	var d jx.Decoder
	discard := func(_ []byte, err error) error { return err }
	add := func(op, lib string, f func() error) {
		cs = append(cs, cputime.Case{Name: name + "/" + op + "/" + lib, F: f})
	}
	add("Marshal", "writer", func() error { w.Reset(); v.EncodeJSON(&w); return w.Err() })
	add("Marshal", "oasrt", func() error { return discard(oasrt.Marshal(v)) })
	add("Marshal", "method", func() error { return discard(v.MarshalJSON()) })
	add("Marshal", "json", func() error { return discard(json.Marshal(v)) })
	add("Marshal", "encoding-json", func() error { return discard(json.Marshal(&p)) })
	add("Marshal", "goccy", func() error { return discard(goccy.Marshal(&p)) })
	add("Marshal", "ogen", func() error { e.Reset(); GP(&g).Encode(&e); return nil })
	add("Marshal", "ogen-method", func() error {
		return discard(any(GP(&g)).(interface{ MarshalJSON() ([]byte, error) }).MarshalJSON())
	})
	add("Unmarshal", "reader", func() error { r.Reset(data); return OP(new(O)).DecodeJSON(&r) })
	add("Unmarshal", "oasrt", func() error { return oasrt.Unmarshal(data, OP(new(O))) })
	add("Unmarshal", "method", func() error { return OP(new(O)).UnmarshalJSON(data) })
	add("Unmarshal", "json", func() error { return json.Unmarshal(data, OP(new(O))) })
	add("Unmarshal", "encoding-json", func() error { return json.Unmarshal(data, new(P)) })
	add("Unmarshal", "goccy", func() error { return goccy.Unmarshal(data, new(P)) })
	add("Unmarshal", "ogen", func() error {
		v := GP(new(G))
		d.ResetBytes(data)
		if err := v.Decode(&d); err != nil {
			return err
		}
		if vv, ok := any(v).(interface{ Validate() error }); ok {
			return vv.Validate()
		}
		return nil
	})
	add("Unmarshal", "ogen-method", func() error {
		v := GP(new(G))
		if err := any(v).(interface{ UnmarshalJSON([]byte) error }).UnmarshalJSON(data); err != nil {
			return err
		}
		if vv, ok := any(v).(interface{ Validate() error }); ok {
			return vv.Validate()
		}
		return nil
	})
	return cs
}
