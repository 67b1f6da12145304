package bench_test

// The peers: the code generators and libraries an oasgen user would
// otherwise pick, on the same workloads (issue 6). Their packages are
// generated at bench time into .work/gen by `go run ./cmd/report` (or
// `go run ./cmd/report -peers` alone), never committed; see README.md.
//
//	lib=ogen                 ogen's jx path: Encode into a reused jx.Encoder,
//	                         Decode from a reused jx.Decoder (required
//	                         properties checked, nothing else)
//	lib=ogen-Validate        Decode, then the generated Validate (enums,
//	                         formats), as ogen's server does
//	lib=ogen-new             Decode into a new heap value from a new
//	                         jx.DecodeBytes decoder, a fresh call each time:
//	                         what the owned doors (oasrt.Unmarshal,
//	                         UnmarshalJSON) are held to (issue 44)
//	lib=oapi-codegen         encoding/json on oapi-codegen's models
//	lib=openapi-generator    encoding/json on openapi-generator's models,
//	                         with its generated MarshalJSON and UnmarshalJSON
//	lib=openapi-generator-noMarshalJSON  the same, generateMarshalJSON=false
//	lib=goccy, lib=sonic     goccy/go-json and bytedance/sonic on package plain
//	lib=protojson            protobuf's JSON mapping (workloads C, SomeValue,
//	                         Oneof)
//	lib=protobuf             binary protobuf (workloads C, SomeValue, Oneof)
//
// Workload B's Unmarshal also has the limits of issue 44, which are not
// contenders (they build nothing): lib=memcpy, a copy of the payload into a
// preallocated buffer; lib=jx-Valid, go-faster/jx's Valid, a scan of the
// bytes that builds nothing; lib=sonic-Valid, sonic's Valid, its SIMD scan
// (neither checks the UTF-8 of strings). See limits.
//
// encoding/json/v2 is Go 1.27's, whose encoding/json is built on it, so
// its benchmarks live in package jsonv2 and run from a second test binary
// built by that Go.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/bytedance/sonic"
	"github.com/go-faster/jx"
	goccy "github.com/goccy/go-json"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	oapia "github.com/oasgen/oasgen/bench/.work/gen/oapicodegen/a"
	oapib "github.com/oasgen/oasgen/bench/.work/gen/oapicodegen/b"
	oapic "github.com/oasgen/oasgen/bench/.work/gen/oapicodegen/c"
	oapiu "github.com/oasgen/oasgen/bench/.work/gen/oapicodegen/u"
	ogena "github.com/oasgen/oasgen/bench/.work/gen/ogen/a"
	ogenb "github.com/oasgen/oasgen/bench/.work/gen/ogen/b"
	ogenc "github.com/oasgen/oasgen/bench/.work/gen/ogen/c"
	ogenu "github.com/oasgen/oasgen/bench/.work/gen/ogen/u"
	opga "github.com/oasgen/oasgen/bench/.work/gen/openapigen/a"
	opgb "github.com/oasgen/oasgen/bench/.work/gen/openapigen/b"
	opgc "github.com/oasgen/oasgen/bench/.work/gen/openapigen/c"
	opgu "github.com/oasgen/oasgen/bench/.work/gen/openapigen/u"
	opgna "github.com/oasgen/oasgen/bench/.work/gen/openapigen_nomarshal/a"
	opgnb "github.com/oasgen/oasgen/bench/.work/gen/openapigen_nomarshal/b"
	opgnc "github.com/oasgen/oasgen/bench/.work/gen/openapigen_nomarshal/c"
	opgnu "github.com/oasgen/oasgen/bench/.work/gen/openapigen_nomarshal/u"
	"github.com/oasgen/oasgen/bench/.work/gen/pb"
	"github.com/oasgen/oasgen/bench/internal/jsoneq"
	"github.com/oasgen/oasgen/bench/internal/payload"
	"github.com/oasgen/oasgen/bench/internal/plain"
)

// contender is one peer on one workload.
type contender struct {
	lib string
	// data is what it decodes and what its MB/s count: the workload's
	// payload, or for protobuf the same value in protobuf's own encoding.
	data []byte
	// check fails unless the contender decodes data to the workload's value
	// and encodes that value back: it runs before any timing.
	check func(tb testing.TB)
	// marshal and unmarshal are the benchmarks; either may be nil.
	marshal, unmarshal func(b *testing.B)
}

// peers returns the peers of a workload, in the order of the tables.
func peers(workload string) []contender {
	switch workload {
	case "A":
		return slicesConcat(
			ogenPeers[ogena.Pet](payload.A,
				func(d *jx.Decoder) error { var v ogena.Pet; return v.Decode(d) },
				func(d *jx.Decoder) error {
					var v ogena.Pet
					if err := v.Decode(d); err != nil {
						return err
					}
					return v.Validate()
				}),
			[]contender{
				viaFuncs[oapia.Pet]("oapi-codegen", payload.A, json.Marshal, json.Unmarshal),
				viaFuncs[opga.Pet]("openapi-generator", payload.A, json.Marshal, json.Unmarshal),
				viaFuncs[opgna.Pet]("openapi-generator-noMarshalJSON", payload.A, json.Marshal, json.Unmarshal),
				viaFuncs[plain.Pet]("goccy", payload.A, goccy.Marshal, goccy.Unmarshal),
				viaFuncs[plain.Pet]("sonic", payload.A, sonic.Marshal, sonic.Unmarshal),
			})
	case "B":
		data := payload.B()
		return slicesConcat(
			ogenPeers[ogenb.List](data,
				func(d *jx.Decoder) error { var v ogenb.List; return v.Decode(d) },
				func(d *jx.Decoder) error {
					var v ogenb.List
					if err := v.Decode(d); err != nil {
						return err
					}
					return v.Validate()
				}),
			[]contender{
				viaFuncs[oapib.List]("oapi-codegen", data, json.Marshal, json.Unmarshal),
				viaFuncs[opgb.List]("openapi-generator", data, json.Marshal, json.Unmarshal),
				viaFuncs[opgnb.List]("openapi-generator-noMarshalJSON", data, json.Marshal, json.Unmarshal),
				viaFuncs[plain.List]("goccy", data, goccy.Marshal, goccy.Unmarshal),
				viaFuncs[plain.List]("sonic", data, sonic.Marshal, sonic.Unmarshal),
			},
			limits(data))
	case "C":
		data := payload.C()
		return slicesConcat(
			ogenPeers[ogenc.ABitOfEverything](data,
				func(d *jx.Decoder) error { var v ogenc.ABitOfEverything; return v.Decode(d) },
				func(d *jx.Decoder) error {
					var v ogenc.ABitOfEverything
					if err := v.Decode(d); err != nil {
						return err
					}
					return v.Validate()
				}),
			[]contender{
				viaFuncs[oapic.ABitOfEverything]("oapi-codegen", data, json.Marshal, json.Unmarshal),
				viaFuncs[opgc.ABitOfEverything]("openapi-generator", data, json.Marshal, json.Unmarshal),
				viaFuncs[opgnc.ABitOfEverything]("openapi-generator-noMarshalJSON", data, json.Marshal, json.Unmarshal),
				viaFuncs[plain.ABitOfEverything]("goccy", data, goccy.Marshal, goccy.Unmarshal),
				viaFuncs[plain.ABitOfEverything]("sonic", data, sonic.Marshal, sonic.Unmarshal),
			},
			protoPeers(data, protoC(payload.CValue()), func() *pb.ABitOfEverything { return new(pb.ABitOfEverything) }),
		)
	case "SomeValue":
		data := payload.SomeValue
		// ogen generates no Validate for SomeValue: Decode checks all there
		// is (the JSON kind of the value).
		return slicesConcat(
			ogenPeers[ogenu.SomeValue](data,
				func(d *jx.Decoder) error { var v ogenu.SomeValue; return v.Decode(d) }, nil),
			[]contender{
				oapiSomeValue(data),
				viaFuncs[opgu.SomeValue]("openapi-generator", data, json.Marshal, json.Unmarshal),
				viaFuncs[opgnu.SomeValue]("openapi-generator-noMarshalJSON", data, json.Marshal, json.Unmarshal),
				viaFuncs[plain.SomeValue]("goccy", data, goccy.Marshal, goccy.Unmarshal),
				viaFuncs[plain.SomeValue]("sonic", data, sonic.Marshal, sonic.Unmarshal),
			},
			protoPeers([]byte(`{"type":2,"str":"some string value"}`),
				&pb.SomeValue{Type: 2, Value: &pb.SomeValue_Str{Str: "some string value"}},
				func() *pb.SomeValue { return new(pb.SomeValue) }),
		)
	case "Oneof":
		data := payload.Oneof
		// ogen generates no Validate for Oneof: Decode tells the variant
		// by the members' keys and checks each variant's required keys.
		// protobuf's message is SomeValue's: payload.Oneof is its JSON
		// mapping.
		return slicesConcat(
			ogenPeers[ogenu.Oneof](data,
				func(d *jx.Decoder) error { var v ogenu.Oneof; return v.Decode(d) }, nil),
			[]contender{
				oapiOneof(data),
				viaFuncs[opgu.Oneof]("openapi-generator", data, json.Marshal, json.Unmarshal),
				viaFuncs[opgnu.Oneof]("openapi-generator-noMarshalJSON", data, json.Marshal, json.Unmarshal),
				viaFuncs[plain.Oneof]("goccy", data, goccy.Marshal, goccy.Unmarshal),
				viaFuncs[plain.Oneof]("sonic", data, sonic.Marshal, sonic.Unmarshal),
			},
			protoPeers(data,
				&pb.SomeValue{Type: 2, Value: &pb.SomeValue_Str{Str: "some string value"}},
				func() *pb.SomeValue { return new(pb.SomeValue) }),
		)
	}
	panic("no workload " + workload)
}

func slicesConcat(s ...[]contender) []contender {
	var out []contender
	for _, c := range s {
		out = append(out, c...)
	}
	return out
}

// runPeers runs the op ("Marshal" or "Unmarshal") benchmarks of peers,
// each as a sub-benchmark lib=NAME.
func runPeers(b *testing.B, op string, peers []contender) {
	for _, c := range peers {
		f := c.marshal
		if op == "Unmarshal" {
			f = c.unmarshal
		}
		if f != nil {
			b.Run("lib="+c.lib, f)
		}
	}
}

// TestPeersAgree checks every peer on every workload before it is timed:
// it must decode the payload and encode a document of the same value.
func TestPeersAgree(t *testing.T) {
	for _, w := range []string{"A", "B", "C", "SomeValue", "Oneof"} {
		for _, c := range peers(w) {
			t.Run(w+"/"+c.lib, func(t *testing.T) { c.check(t) })
		}
	}
}

// ogenPeer is a type ogen generates.
type ogenPeer[T any] interface {
	*T
	Encode(*jx.Encoder)
	Decode(*jx.Decoder) error
}

// ogenPeers returns ogen's contenders: decode decodes into a fresh value
// (written out per workload, as in benchWorkload, so that the value need not
// go through a type parameter), validate does that and calls Validate.
func ogenPeers[T any, TP ogenPeer[T]](data []byte, decode, validate func(*jx.Decoder) error) []contender {
	encoded := func(tb testing.TB) (*T, *jx.Encoder) {
		v := new(T)
		var d jx.Decoder
		d.ResetBytes(data)
		if err := TP(v).Decode(&d); err != nil {
			tb.Fatalf("ogen Decode: %v", err)
		}
		e := new(jx.Encoder)
		TP(v).Encode(e)
		return v, e
	}
	check := func(name string, decode func(*jx.Decoder) error) func(tb testing.TB) {
		return func(tb testing.TB) {
			var d jx.Decoder
			d.ResetBytes(data)
			if err := decode(&d); err != nil {
				tb.Fatalf("%s: %v", name, err)
			}
			_, e := encoded(tb)
			if err := jsoneq.Equal(data, e.Bytes()); err != nil {
				tb.Fatalf("ogen Encode after Decode: %v", err)
			}
		}
	}
	unmarshal := func(decode func(*jx.Decoder) error) func(b *testing.B) {
		return func(b *testing.B) {
			var d jx.Decoder
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				d.ResetBytes(data)
				if err := decode(&d); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	out := []contender{{
		lib:   "ogen",
		data:  data,
		check: check("ogen Decode", decode),
		marshal: func(b *testing.B) {
			v, e := encoded(b) // e has grown once: measure the reuse
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				e.Reset()
				TP(v).Encode(e)
			}
		},
		unmarshal: unmarshal(decode),
	}}
	if validate != nil {
		out = append(out, contender{
			lib:       "ogen-Validate",
			data:      data,
			check:     check("ogen Decode and Validate", validate),
			unmarshal: unmarshal(validate),
		})
	}
	return append(out, contender{
		lib:   "ogen-new",
		data:  data,
		check: check("ogen Decode into a new value", func(*jx.Decoder) error { _, err := ogenNew[T, TP](data); return err }),
		unmarshal: func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				v, err := ogenNew[T, TP](data)
				if err != nil {
					b.Fatal(err)
				}
				ogenSink = v
			}
		},
	})
}

// ogenSink keeps lib=ogen-new's values, which the caller owns, as it owns
// what oasrt.Unmarshal hands over.
var ogenSink any

// ogenNew decodes data into a new value on the heap through ogen's
// generated Decode, from a decoder of its own (jx.DecodeBytes, as ogen's
// server does per request).
func ogenNew[T any, TP ogenPeer[T]](data []byte) (*T, error) {
	v := new(T)
	if err := TP(v).Decode(jx.DecodeBytes(data)); err != nil {
		return nil, err
	}
	return v, nil
}

// limits returns issue 44's limits on data: what no decoder can beat
// (memcpy) and scans that check the JSON and build nothing (jx's Valid,
// sonic's SIMD Valid). They decode nothing, so they have no Marshal, and
// their check is that they accept data and refuse it cut short.
func limits(data []byte) []contender {
	scan := func(lib string, valid func([]byte) bool) contender {
		return contender{
			lib:  lib,
			data: data,
			check: func(tb testing.TB) {
				if !valid(data) || valid(data[:len(data)-1]) {
					tb.Fatalf("%s: accepts the payload %v, cut short %v", lib, valid(data), valid(data[:len(data)-1]))
				}
			},
			unmarshal: func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(data)))
				for b.Loop() {
					if !valid(data) {
						b.Fatal("invalid")
					}
				}
			},
		}
	}
	return []contender{
		{
			lib:  "memcpy",
			data: data,
			check: func(tb testing.TB) {
				buf := make([]byte, len(data))
				if copy(buf, data) != len(data) || !bytes.Equal(buf, data) {
					tb.Fatal("memcpy: the copy differs")
				}
			},
			unmarshal: func(b *testing.B) {
				buf := make([]byte, len(data))
				b.ReportAllocs()
				b.SetBytes(int64(len(data)))
				for b.Loop() {
					copy(buf, data)
				}
			},
		},
		scan("jx-Valid", jx.Valid),
		scan("sonic-Valid", sonic.Valid),
	}
}

// viaFuncs returns the contender of a library with encoding/json's API
// (or encoding/json itself on a generator's types): marshal(&v) and
// unmarshal(data, &v) of a T.
func viaFuncs[T any](lib string, data []byte, marshal func(any) ([]byte, error), unmarshal func([]byte, any) error) contender {
	decoded := func(tb testing.TB) *T {
		v := new(T)
		if err := unmarshal(data, v); err != nil {
			tb.Fatalf("%s: decode: %v", lib, err)
		}
		return v
	}
	return contender{
		lib:  lib,
		data: data,
		check: func(tb testing.TB) {
			out, err := marshal(decoded(tb))
			if err != nil {
				tb.Fatalf("%s: encode: %v", lib, err)
			}
			if err := jsoneq.Equal(data, out); err != nil {
				tb.Fatalf("%s: encode after decode: %v", lib, err)
			}
		},
		marshal: func(b *testing.B) {
			v := decoded(b)
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := marshal(v); err != nil {
					b.Fatal(err)
				}
			}
		},
		unmarshal: func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				var v T
				if err := unmarshal(data, &v); err != nil {
					b.Fatal(err)
				}
			}
		},
	}
}

// oapiSomeValue is oapi-codegen on SomeValue. Its oneOf keeps the value as
// raw JSON (json.RawMessage) until the user asks for a variant with
// AsSomeValueValue0..2, so json.Unmarshal alone would not have decoded
// the union: the benchmark also finds the variant, trying them in the
// order of the spec as a user must.
func oapiSomeValue(data []byte) contender {
	c := viaFuncs[oapiu.SomeValue]("oapi-codegen", data, json.Marshal, json.Unmarshal)
	check := c.check
	c.check = func(tb testing.TB) {
		check(tb)
		var v oapiu.SomeValue
		if err := json.Unmarshal(data, &v); err != nil {
			tb.Fatal(err)
		}
		if got, err := oapiVariant(&v); err != nil || got != "some string value" {
			tb.Fatalf("oapi-codegen: variant %#v, %v", got, err)
		}
	}
	c.unmarshal = func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			var v oapiu.SomeValue
			if err := json.Unmarshal(data, &v); err != nil {
				b.Fatal(err)
			}
			if _, err := oapiVariant(&v); err != nil {
				b.Fatal(err)
			}
		}
	}
	return c
}

// oapiVariant returns the value of an oapi-codegen SomeValue's union.
func oapiVariant(v *oapiu.SomeValue) (any, error) {
	if n, err := v.Value.AsSomeValueValue0(); err == nil {
		return n, nil
	}
	if s, err := v.Value.AsSomeValueValue1(); err == nil {
		return s, nil
	}
	if b, err := v.Value.AsSomeValueValue2(); err == nil {
		return b, nil
	}
	return nil, errors.New("value is none of int32, string, bool")
}

// oapiOneof is oapi-codegen on Oneof. Its oneOf keeps the object as raw
// JSON until the user asks for a variant, and AsOneofNum, AsOneofStr and
// AsOneofB each decode any object without error (none checks its required
// keys), so the union cannot say which variant it holds: the benchmark
// asks for the one the payload holds, AsOneofStr, which is the least a user
// pays.
func oapiOneof(data []byte) contender {
	c := viaFuncs[oapiu.Oneof]("oapi-codegen", data, json.Marshal, json.Unmarshal)
	check := c.check
	c.check = func(tb testing.TB) {
		check(tb)
		var v oapiu.Oneof
		if err := json.Unmarshal(data, &v); err != nil {
			tb.Fatal(err)
		}
		if s, err := v.AsOneofStr(); err != nil || s.Type != 2 || s.Str != "some string value" {
			tb.Fatalf("oapi-codegen: AsOneofStr %+v, %v", s, err)
		}
	}
	c.unmarshal = func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			var v oapiu.Oneof
			if err := json.Unmarshal(data, &v); err != nil {
				b.Fatal(err)
			}
			if _, err := v.AsOneofStr(); err != nil {
				b.Fatal(err)
			}
		}
	}
	return c
}

// protoPeers returns protobuf's contenders on a workload: protojson decodes
// jsonData (the workload's payload for C and Oneof; protobuf's own JSON
// mapping of the same value for SomeValue, whose oneof members are fields
// of their own) and
// binary protobuf decodes want's binary encoding.
func protoPeers[M proto.Message](jsonData []byte, want M, fresh func() M) []contender {
	bin, err := proto.Marshal(want)
	if err != nil {
		panic(err)
	}
	jsonOpts := protojson.MarshalOptions{UseProtoNames: true}
	roundTrip := func(tb testing.TB, name string, data []byte, unmarshal func([]byte, proto.Message) error, marshal func(proto.Message) ([]byte, error)) {
		m := fresh()
		if err := unmarshal(data, m); err != nil {
			tb.Fatalf("%s: decode: %v", name, err)
		}
		if !proto.Equal(m, want) {
			tb.Fatalf("%s: decoded %v, want %v", name, m, want)
		}
		out, err := marshal(m)
		if err != nil {
			tb.Fatalf("%s: encode: %v", name, err)
		}
		m2 := fresh()
		if err := unmarshal(out, m2); err != nil || !proto.Equal(m2, want) {
			tb.Fatalf("%s: encoded %s, which decodes to %v, %v", name, out, m2, err)
		}
	}
	bench := func(data []byte, appendMarshal func([]byte, proto.Message) ([]byte, error), unmarshal func([]byte, proto.Message) error) (func(*testing.B), func(*testing.B)) {
		return func(b *testing.B) {
				buf, err := appendMarshal(nil, want) // grown once: measure the reuse
				if err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				b.SetBytes(int64(len(data)))
				for b.Loop() {
					if buf, err = appendMarshal(buf[:0], want); err != nil {
						b.Fatal(err)
					}
				}
			}, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(data)))
				for b.Loop() {
					if err := unmarshal(data, fresh()); err != nil {
						b.Fatal(err)
					}
				}
			}
	}
	pj := contender{lib: "protojson", data: jsonData, check: func(tb testing.TB) {
		roundTrip(tb, "protojson", jsonData, protojson.Unmarshal, jsonOpts.Marshal)
	}}
	pj.marshal, pj.unmarshal = bench(jsonData, jsonOpts.MarshalAppend, protojson.Unmarshal)
	pbin := contender{lib: "protobuf", data: bin, check: func(tb testing.TB) {
		roundTrip(tb, "protobuf", bin, proto.Unmarshal, proto.Marshal)
	}}
	pbin.marshal, pbin.unmarshal = bench(bin, proto.MarshalOptions{}.MarshalAppend, proto.Unmarshal)
	return []contender{pj, pbin}
}

// protoC converts workload C's value to its protobuf message.
func protoC(v *plain.ABitOfEverything) *pb.ABitOfEverything {
	m := &pb.ABitOfEverything{
		Uuid:                v.UUID,
		FloatValue:          v.FloatValue,
		DoubleValue:         v.DoubleValue,
		Int64Value:          v.Int64Value,
		Uint64Value:         v.Uint64Value,
		Int32Value:          v.Int32Value,
		Fixed64Value:        v.Fixed64Value,
		Fixed32Value:        v.Fixed32Value,
		BoolValue:           v.BoolValue,
		StringValue:         v.StringValue,
		Uint32Value:         v.Uint32Value,
		Sfixed32Value:       v.Sfixed32Value,
		Sfixed64Value:       v.Sfixed64Value,
		Sint32Value:         v.Sint32Value,
		Sint64Value:         v.Sint64Value,
		RepeatedStringValue: v.RepeatedStringValue,
	}
	for _, n := range v.Nested {
		pn := &pb.ABitOfEverything_Nested{Name: n.Name, Amount: n.Amount}
		if n.Ok != nil {
			e, ok := pb.ABitOfEverything_Nested_DeepEnum_value[*n.Ok]
			if !ok {
				panic(fmt.Sprintf("enum value %q", *n.Ok))
			}
			pn.Ok = pb.ABitOfEverything_Nested_DeepEnum(e).Enum()
		}
		m.Nested = append(m.Nested, pn)
	}
	return m
}
