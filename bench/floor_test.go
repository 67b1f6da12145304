package bench_test

// lib=alloc-floor: what the owned doors (oasrt.Unmarshal, UnmarshalJSON,
// oasrt.Marshal, MarshalJSON) must pay before reading or writing any JSON,
// timed in the same rounds as they are, so that issue 15's targets for
// those doors can be read against it (cmd/report's "Issue 15's targets").
//
// Unmarshal: a deep copy of the decoded value into a new value on the heap,
// its strings copied into one new block and each array into a new slice:
// the memory any decoder must hand the caller through these doors (the
// value escapes through them, and the strings may not point into the
// caller's input), in as few allocations as oasgen's decoders make it.
// No JSON is read. On B, where 20,000 records each hold a short array of
// strings, those arrays are parts of one new block of strings, as oasgen's
// Reader makes them parts of shared blocks: a new slice each would be
// 20,000 allocations, more than the doors make. B's floor is what issue
// 44's fair target adds to jx's bare scan. Marshal: the allocation of a buffer the size of the
// output, which the caller then owns; nothing is written into it.
//
// It is not a contender: the report leaves it out of the speed-up table,
// the charts and "fastest of all contenders".

import (
	"reflect"
	"strings"
	"testing"
	"unsafe"

	oasa "github.com/oasgen/oasgen/bench/internal/oasgen/a"
	oasb "github.com/oasgen/oasgen/bench/internal/oasgen/b"
	oasc "github.com/oasgen/oasgen/bench/internal/oasgen/c"
	oasu "github.com/oasgen/oasgen/bench/internal/oasgen/u"
	"github.com/oasgen/oasgen/bench/internal/payload"
)

// floorLib is alloc-floor's name in the results (cmd/report has it too).
const floorLib = "alloc-floor"

var (
	floorValue  any
	floorOutput []byte
)

// floorBench returns the alloc-floor benchmark of op for the oasgen value
// v decoded from data, whose encoding takes n bytes, or nil where there is
// none.
func floorBench(op string, v any, data []byte, n int) func(b *testing.B) {
	if op == "Marshal" {
		return func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(n))
			for b.Loop() {
				floorOutput = make([]byte, 0, n)
			}
		}
	}
	var clone func() any
	switch v := v.(type) {
	case *oasa.Pet:
		clone = func() any { return clonePet(v) }
	case *oasb.List:
		clone = func() any { return cloneList(v) }
	case *oasc.ABitOfEverything:
		clone = func() any { return cloneABE(v) }
	case *oasu.SomeValue:
		clone = func() any { return cloneSomeValue(v) }
	case *oasu.Oneof:
		clone = func() any { return cloneOneof(v) }
	default:
		return nil
	}
	return func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			floorValue = clone()
		}
	}
}

// block is a string block: strings are appended to it and point into it,
// as into oasimpl.Reader's.
type block []byte

func (k *block) put(s string) string {
	if s == "" {
		return ""
	}
	i := len(*k)
	*k = append(*k, s...)
	return unsafe.String(&(*k)[i], len(s))
}

// strings copies s into a new slice (nil stays nil), its strings into k.
func (k *block) strings(s []string) []string {
	if s == nil {
		return nil
	}
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = k.put(x)
	}
	return out
}

// bigBlock is a string block allocated uncleared, as oasimpl.Reader
// allocates its blocks of 1 KiB and more: a strings.Builder grown once to
// the length of its strings, each string a part of its buffer, which
// never moves.
type bigBlock struct{ b strings.Builder }

func (k *bigBlock) put(s string) string {
	if s == "" {
		return ""
	}
	i := k.b.Len()
	k.b.WriteString(s)
	return k.b.String()[i:]
}

func clonePet(t *oasa.Pet) *oasa.Pet {
	n := len(t.Name) + len(t.Category.Value.Name.Value)
	for _, s := range t.Tag {
		n += len(s)
	}
	k := make(block, 0, n)
	v := new(oasa.Pet)
	*v = *t
	v.Name = k.put(t.Name)
	v.Category.Value.Name.Value = k.put(t.Category.Value.Name.Value)
	v.Tag = k.strings(t.Tag)
	return v
}

// cloneList copies B's list: the records into a new slice, their strings
// into one block (19 MB, not cleared) and their arrays of strings into one
// other, each array a part of it (nil stays nil).
func cloneList(t *oasb.List) *oasb.List {
	n, m := 0, 0
	for i := range t.Result {
		e := &t.Result[i]
		n += len(e.A) + len(e.B) + len(e.Date) + len(e.C)
		for _, s := range e.Highlight {
			n += len(s)
		}
		m += len(e.Highlight)
	}
	var k bigBlock
	k.b.Grow(n)
	hl := make([]string, m)
	v := new(oasb.List)
	*v = *t
	if t.Result != nil {
		v.Result = make([]oasb.Item, len(t.Result))
		for i := range t.Result {
			e, c := &t.Result[i], &v.Result[i]
			c.A = k.put(e.A)
			c.B = k.put(e.B)
			c.Date = k.put(e.Date)
			c.C = k.put(e.C)
			if e.Highlight != nil {
				h := hl[:len(e.Highlight):len(e.Highlight)]
				hl = hl[len(e.Highlight):]
				for j, s := range e.Highlight {
					h[j] = k.put(s)
				}
				c.Highlight = h
			}
		}
	}
	return v
}

func cloneABE(t *oasc.ABitOfEverything) *oasc.ABitOfEverything {
	n := len(t.StringValue.Value)
	for _, e := range t.Nested {
		n += len(e.Name.Value)
	}
	for _, s := range t.RepeatedStringValue {
		n += len(s)
	}
	k := make(block, 0, n)
	v := new(oasc.ABitOfEverything)
	*v = *t
	v.StringValue.Value = k.put(t.StringValue.Value)
	if t.Nested != nil {
		v.Nested = make([]oasc.Nested, len(t.Nested))
		for i, e := range t.Nested {
			v.Nested[i] = e
			v.Nested[i].Name.Value = k.put(e.Name.Value)
		}
	}
	v.RepeatedStringValue = k.strings(t.RepeatedStringValue)
	return v
}

func cloneSomeValue(t *oasu.SomeValue) *oasu.SomeValue {
	k := make(block, 0, len(t.Value.String))
	v := new(oasu.SomeValue)
	*v = *t
	v.Value.String = k.put(t.Value.String)
	return v
}

func cloneOneof(t *oasu.Oneof) *oasu.Oneof {
	k := make(block, 0, len(t.OneofStr.Str))
	v := new(oasu.Oneof)
	*v = *t
	v.OneofStr.Str = k.put(t.OneofStr.Str)
	return v
}

// TestAllocFloor checks that alloc-floor's copies equal the values they
// copy, share no string with them, and allocate no more often than
// oasgen's UnmarshalJSON does for the same payload into a value on the
// heap, as in the doors' benchmarks: a floor above the door would not be
// one.
func TestAllocFloor(t *testing.T) {
	check := func(name string, v any, clone func() any, door func() error, strs func(any) []string) {
		t.Run(name, func(t *testing.T) {
			c := clone()
			if !reflect.DeepEqual(v, c) {
				t.Fatalf("copy %+v, want %+v", c, v)
			}
			orig, copied := strs(v), strs(c)
			for i := range orig {
				if orig[i] != "" && unsafe.StringData(orig[i]) == unsafe.StringData(copied[i]) {
					t.Errorf("string %q shared", orig[i])
				}
			}
			doorAllocs := testing.AllocsPerRun(50, func() {
				if err := door(); err != nil {
					t.Fatal(err)
				}
			})
			floorAllocs := testing.AllocsPerRun(50, func() { floorValue = clone() })
			if floorAllocs > doorAllocs {
				t.Errorf("alloc-floor allocates %v times per copy, UnmarshalJSON %v", floorAllocs, doorAllocs)
			}
		})
	}
	pet := mustDecode[oasa.Pet](t, payload.A)
	check("A", pet, func() any { return clonePet(pet) }, func() error {
		v := new(oasa.Pet)
		floorValue = v
		return v.UnmarshalJSON(payload.A)
	}, func(x any) []string {
		p := x.(*oasa.Pet)
		return append([]string{p.Name, p.Category.Value.Name.Value}, p.Tag...)
	})
	abe := mustDecode[oasc.ABitOfEverything](t, payload.C())
	check("C", abe, func() any { return cloneABE(abe) }, func() error {
		v := new(oasc.ABitOfEverything)
		floorValue = v
		return v.UnmarshalJSON(payload.C())
	}, func(x any) []string {
		p := x.(*oasc.ABitOfEverything)
		out := append([]string{p.StringValue.Value}, p.RepeatedStringValue...)
		for _, e := range p.Nested {
			out = append(out, e.Name.Value)
		}
		return out
	})
	list := mustDecode[oasb.List](t, payload.B())
	check("B", list, func() any { return cloneList(list) }, func() error {
		v := new(oasb.List)
		floorValue = v
		return v.UnmarshalJSON(payload.B())
	}, func(x any) []string {
		var out []string
		for _, e := range x.(*oasb.List).Result {
			out = append(append(out, e.A, e.B, e.Date, e.C), e.Highlight...)
		}
		return out
	})
	sv := mustDecode[oasu.SomeValue](t, payload.SomeValue)
	check("SomeValue", sv, func() any { return cloneSomeValue(sv) }, func() error {
		v := new(oasu.SomeValue)
		floorValue = v
		return v.UnmarshalJSON(payload.SomeValue)
	}, func(x any) []string {
		return []string{x.(*oasu.SomeValue).Value.String}
	})
	ov := mustDecode[oasu.Oneof](t, payload.Oneof)
	check("Oneof", ov, func() any { return cloneOneof(ov) }, func() error {
		v := new(oasu.Oneof)
		floorValue = v
		return v.UnmarshalJSON(payload.Oneof)
	}, func(x any) []string {
		return []string{x.(*oasu.Oneof).OneofStr.Str}
	})
}
