//go:build go1.27

package jsonv2

import (
	jsonv1 "encoding/json"
	"encoding/json/v2"
	"testing"

	"github.com/oasgen/oasgen/bench/internal/cputime"
	oasa "github.com/oasgen/oasgen/bench/internal/oasgen/a"
	oasb "github.com/oasgen/oasgen/bench/internal/oasgen/b"
	oasc "github.com/oasgen/oasgen/bench/internal/oasgen/c"
	oasu "github.com/oasgen/oasgen/bench/internal/oasgen/u"
	"github.com/oasgen/oasgen/bench/internal/payload"
	"github.com/oasgen/oasgen/bench/internal/plain"
)

// TestDoorsCPUTime is bench/cputime_test.go's measure for Go 1.27's doors:
// CPU time per call of encoding/json (built on v2, calling the generated
// MarshalJSONTo and UnmarshalJSONFrom) and encoding/json/v2, on the oasgen
// types and on the plain structs, on workloads A, B, C, SomeValue and Oneof:
//
//	encoding-json-go1.27  encoding/json on the plain structs
//	oasgen-json-go1.27    encoding/json on the oasgen type
//	encoding-json-v2      encoding/json/v2 on the plain structs
//	oasgen-jsonv2         encoding/json/v2 on the oasgen type
//	tokens-by-hand        (B only) encoding/json on tokenList, whose
//	                      MarshalJSONTo writes B token by token
//
// It runs only when OASGEN_CPUTIME is set (bench/doors.sh CPU=1 sets it).
func TestDoorsCPUTime(t *testing.T) {
	cputime.Test(t, func() (cs []cputime.Case) {
		cs = cpuWorkload[plain.Pet, oasa.Pet](t, cs, "A", payload.A)
		cs = cpuWorkload[plain.List, oasb.List](t, cs, "B", payload.B())
		// The hand-written token-by-token MarshalJSONTo of tokens_test.go:
		// what a MarshalJSONTo generated token by token would cost on B.
		var l oasb.List
		if err := jsonv1.Unmarshal(payload.B(), &l); err != nil {
			t.Fatal(err)
		}
		cs = append(cs, cputime.Case{Name: "B/Marshal/tokens-by-hand", F: func() error {
			_, err := jsonv1.Marshal(tokenList{&l})
			return err
		}})
		cs = cpuWorkload[plain.ABitOfEverything, oasc.ABitOfEverything](t, cs, "C", payload.C())
		cs = cpuWorkload[plain.SomeValue, oasu.SomeValue](t, cs, "SomeValue", payload.SomeValue)
		return cpuWorkload[plain.Oneof, oasu.Oneof](t, cs, "Oneof", payload.Oneof)
	})
}

// cpuWorkload appends the contenders of one workload to cs: P is its plain
// struct, O the oasgen type.
func cpuWorkload[P, O any, OP oasType[O]](t *testing.T, cs []cputime.Case, name string, data []byte) []cputime.Case {
	var p P
	var o O
	if err := jsonv1.Unmarshal(data, &p); err != nil {
		t.Fatal(err)
	}
	if err := jsonv1.Unmarshal(data, OP(&o)); err != nil {
		t.Fatal(err)
	}
	discard := func(_ []byte, err error) error { return err }
	add := func(op, lib string, f func() error) {
		cs = append(cs, cputime.Case{Name: name + "/" + op + "/" + lib, F: f})
	}
	add("Marshal", "encoding-json-go1.27", func() error { return discard(jsonv1.Marshal(&p)) })
	add("Marshal", "oasgen-json-go1.27", func() error { return discard(jsonv1.Marshal(OP(&o))) })
	add("Marshal", "encoding-json-v2", func() error { return discard(json.Marshal(&p)) })
	add("Marshal", "oasgen-jsonv2", func() error { return discard(json.Marshal(OP(&o))) })
	add("Unmarshal", "encoding-json-go1.27", func() error { return jsonv1.Unmarshal(data, new(P)) })
	add("Unmarshal", "oasgen-json-go1.27", func() error { return jsonv1.Unmarshal(data, OP(new(O))) })
	add("Unmarshal", "encoding-json-v2", func() error { return json.Unmarshal(data, new(P)) })
	add("Unmarshal", "oasgen-jsonv2", func() error { return json.Unmarshal(data, OP(new(O))) })
	return cs
}
