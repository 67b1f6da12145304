package difftest

import (
	"bytes"
	"encoding/json"
	"math"
	"runtime"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oasimpl"

	"github.com/oasgen/oasgen/testdata/formats"
	"github.com/oasgen/oasgen/testdata/jsonspec"
	jsonspecplain "github.com/oasgen/oasgen/testdata/jsonspec/plain"
	"github.com/oasgen/oasgen/testdata/petstore"
	petstoreplain "github.com/oasgen/oasgen/testdata/petstore/plain"
)

// TestOwnedDoorsAllocs pins what the owned-output doors allocate for the
// petstore Pet: decoding through a pooled Reader allocates the value's
// string block and its block of string arrays, nothing for the Reader;
// encoding allocates the returned slice.
func TestOwnedDoorsAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops items under the race detector")
	}
	var p petstore.Pet
	cases := []struct {
		name string
		run  func() error
		want float64
	}{
		{"oasrt.Unmarshal", func() error { return oasrt.Unmarshal(petDoc, &p) }, 2},
		{"UnmarshalJSON", func() error { return p.UnmarshalJSON(petDoc) }, 2},
		{"oasrt.Marshal", func() error { _, err := oasrt.Marshal(&p); return err }, 1},
		{"MarshalJSON", func() error { _, err := p.MarshalJSON(); return err }, 1},
	}
	for _, tc := range cases {
		if err := tc.run(); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if n := testing.AllocsPerRun(100, func() { _ = tc.run() }); n > tc.want {
			t.Errorf("%s: %v allocs, want at most %v", tc.name, n, tc.want)
		}
	}
}

// TestOwnedOutputMemory measures the bytes the owned-output encoders
// allocate for a list larger than a pooled buffer: once the type's size is
// known, one buffer a little larger than the output (not a buffer grown
// from the pool's size and copied, about five times the output).
func TestOwnedOutputMemory(t *testing.T) {
	doc := listDoc(1500) // about 1.4 MB
	var l jsonspec.List
	if err := oasrt.Unmarshal(doc, &l); err != nil {
		t.Fatal(err)
	}
	var w oasimpl.Writer
	l.EncodeJSON(&w)
	for _, tc := range []struct {
		name    string
		marshal func() ([]byte, error)
	}{
		{"MarshalJSON", l.MarshalJSON},
		{"oasrt.Marshal", func() ([]byte, error) { return oasrt.Marshal(&l) }},
	} {
		out, err := tc.marshal() // learns the size
		if err != nil || !bytes.Equal(out, w.Buf) {
			t.Fatalf("%s: %d bytes, %v; want EncodeJSON's %d bytes", tc.name, len(out), err, len(w.Buf))
		}
		const runs = 4
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for range runs {
			out, _ = tc.marshal()
		}
		runtime.ReadMemStats(&after)
		perCall := (after.TotalAlloc - before.TotalAlloc) / runs
		if limit := uint64(len(out)) * 5 / 4; perCall > limit {
			t.Errorf("%s of %d bytes allocates %d bytes per call, want at most %d", tc.name, len(out), perCall, limit)
		}
	}
}

// TestAppendJSON checks the door MarshalJSON and oasrt.Marshal share:
// AppendJSON appends to what dst holds, writes into dst's spare room
// without allocating, and on an error returns dst as it was.
func TestAppendJSON(t *testing.T) {
	var p petstore.Pet
	if err := p.UnmarshalJSON(petDoc); err != nil {
		t.Fatal(err)
	}
	want, err := p.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := any(&p).(oasimpl.Appender); !ok {
		t.Fatal("*petstore.Pet is not an oasimpl.Appender")
	}
	out, err := p.AppendJSON([]byte("[1,"))
	if err != nil || string(out) != "[1,"+string(want) {
		t.Fatalf("AppendJSON after a prefix = %s, %v; want [1,%s", out, err, want)
	}
	dst := make([]byte, 0, 4*len(want))
	if n := testing.AllocsPerRun(100, func() { out, _ = p.AppendJSON(dst) }); n != 0 {
		t.Errorf("AppendJSON into a buffer with room: %v allocs, want 0", n)
	}
	if !bytes.Equal(out, want) || &out[0] != &dst[:1][0] {
		t.Errorf("AppendJSON into a buffer with room = %s (in dst: %v), want %s in dst", out, &out[0] == &dst[:1][0], want)
	}

	var e formats.Everything
	e.Double = oasrt.NewOpt(math.NaN())
	out, err = e.AppendJSON([]byte("x"))
	if err == nil || string(out) != "x" {
		t.Errorf("AppendJSON of a NaN = %q, %v; want %q and an error", out, err, "x")
	}
	if out, err := oasrt.Marshal(&e); err == nil || out != nil {
		t.Errorf("oasrt.Marshal of a NaN = %q, %v; want nil and an error", out, err)
	}
}

// TestJSONMarshalMemory pins what json.Marshal allocates for a generated
// type beyond what it allocates for plain structs of the same shape and
// value (issue 44), on the Go that runs it. On the petstore Pet: no
// allocation more on Go 1.27 (MarshalJSONTo encodes into a pooled
// Writer), one on Go 1.26 (MarshalJSON's result, which encoding/json
// copies). On a list of 1.4 MB of wide text: on Go 1.26 the
// output once more (MarshalJSON's result, sized from the last output and
// a sixteenth over it); on Go 1.27 a quarter of it (the token way's
// Writer buffer of keys and punctuation and its tape of strings, each
// allocated at the size of the last call's). The count may be three more
// on either: besides those, a sync.Pool allocates its per-P array again
// after a collection, which a call this large brings on (encoding/json's
// scanner on Go 1.26, the token way's Writer and tape on Go 1.27).
func TestJSONMarshalMemory(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops items under the race detector")
	}
	var p petstore.Pet
	var pp petstoreplain.Pet
	var l jsonspec.List
	var pl jsonspecplain.List
	doc := listDoc(1500)
	for _, u := range []struct {
		data []byte
		v    any
	}{{petDoc, &p}, {petDoc, &pp}, {doc, &l}, {doc, &pl}} {
		if err := json.Unmarshal(u.data, u.v); err != nil {
			t.Fatal(err)
		}
	}
	petMore := 0.0
	moreBytes := func(out int) uint64 { return uint64(out / 4) }
	if runtime.Version() < "go1.27" {
		petMore = 1
		moreBytes = func(out int) uint64 { return uint64(out + out/16 + 4<<10) }
	}
	for _, tc := range []struct {
		name             string
		generated, plain any
		moreAllocs       float64
		large            bool
	}{
		{"Pet", &p, &pp, petMore, false},
		{"List", &l, &pl, 3, true},
	} {
		out, err := json.Marshal(tc.generated) // learns the size
		if err != nil {
			t.Fatal(err)
		}
		if _, err := json.Marshal(tc.plain); err != nil {
			t.Fatal(err)
		}
		runs := 100
		if tc.large {
			runs = 8
		}
		// The least of three measures: a collection that empties
		// encoding/json's pools or oasrt's during one costs allocations
		// that are not the type's.
		measure := func(v any) (allocs float64, bytes uint64) {
			allocs, bytes = math.Inf(1), math.MaxUint64
			for range 3 {
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				a := testing.AllocsPerRun(runs, func() { _, _ = json.Marshal(v) })
				runtime.ReadMemStats(&after)
				allocs, bytes = min(allocs, a), min(bytes, (after.TotalAlloc-before.TotalAlloc)/uint64(runs+1))
			}
			return allocs, bytes
		}
		plainAllocs, plainBytes := measure(tc.plain)
		allocs, bytes := measure(tc.generated)
		t.Logf("%s: %v allocs, %d bytes a call; plain structs %v, %d; output %d bytes", tc.name, allocs, bytes, plainAllocs, plainBytes, len(out))
		if allocs > plainAllocs+tc.moreAllocs {
			t.Errorf("%s: json.Marshal takes %v allocations, plain structs %v: want at most %v more", tc.name, allocs, plainAllocs, tc.moreAllocs)
		}
		if tc.large && bytes > plainBytes+moreBytes(len(out)) {
			t.Errorf("%s: json.Marshal allocates %d bytes a call, plain structs %d: want at most %d more (output %d bytes)", tc.name, bytes, plainBytes, moreBytes(len(out)), len(out))
		}
	}
}
