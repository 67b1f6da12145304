// Command jsoninstr calls encoding/json's Marshal or Unmarshal on one
// workload's value many times, on the plain structs (lib plain) or on the
// type oasgen generates (lib oasgen), for valgrind's callgrind to count the
// instructions the calls take (bench/jsondoors.sh). Only the calls are
// counted: the script starts callgrind with collection off and
// --toggle-collect on calls, so building the payload and the value
// before them is left out. Built by Go 1.27, encoding/json is built on
// encoding/json/v2 and reaches the generated MarshalJSONTo and
// UnmarshalJSONFrom; built by Go 1.26, MarshalJSON and UnmarshalJSON.
//
//	jsoninstr marshal|unmarshal plain|oasgen A|B|C|SomeValue|Oneof|M N
//
// With -allocs it prints, instead of running under callgrind, the bytes
// and allocations one call takes (testing.AllocsPerRun's count, and
// runtime.MemStats' bytes over N calls) and the output's size.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime"
	"strconv"

	oasa "github.com/oasgen/oasgen/bench/internal/oasgen/a"
	oasb "github.com/oasgen/oasgen/bench/internal/oasgen/b"
	oasc "github.com/oasgen/oasgen/bench/internal/oasgen/c"
	oasm "github.com/oasgen/oasgen/bench/internal/oasgen/m"
	oasu "github.com/oasgen/oasgen/bench/internal/oasgen/u"
	"github.com/oasgen/oasgen/bench/internal/payload"
	"github.com/oasgen/oasgen/bench/internal/plain"
)

// sink keeps each result, so that it is on the heap as a caller's would be.
var sink any

// out keeps each output of Marshal.
var out []byte

func main() {
	allocs := flag.Bool("allocs", false, "print the bytes and allocations a call takes instead")
	flag.Parse()
	if flag.NArg() != 4 {
		fmt.Fprintln(os.Stderr, "usage: jsoninstr [-allocs] marshal|unmarshal plain|oasgen A|B|C|SomeValue|Oneof|M N")
		os.Exit(2)
	}
	op, lib, w := flag.Arg(0), flag.Arg(1), flag.Arg(2)
	n, err := strconv.Atoi(flag.Arg(3))
	if err != nil || op != "marshal" && op != "unmarshal" || lib != "plain" && lib != "oasgen" {
		fmt.Fprintln(os.Stderr, "jsoninstr: bad arguments")
		os.Exit(2)
	}
	var fresh func() any
	var data []byte
	switch w + "/" + lib {
	case "A/plain":
		fresh, data = func() any { return new(plain.Pet) }, payload.A
	case "A/oasgen":
		fresh, data = func() any { return new(oasa.Pet) }, payload.A
	case "B/plain":
		fresh, data = func() any { return new(plain.List) }, payload.B()
	case "B/oasgen":
		fresh, data = func() any { return new(oasb.List) }, payload.B()
	case "C/plain":
		fresh, data = func() any { return new(plain.ABitOfEverything) }, payload.C()
	case "C/oasgen":
		fresh, data = func() any { return new(oasc.ABitOfEverything) }, payload.C()
	case "SomeValue/plain":
		fresh, data = func() any { return new(plain.SomeValue) }, payload.SomeValue
	case "SomeValue/oasgen":
		fresh, data = func() any { return new(oasu.SomeValue) }, payload.SomeValue
	case "Oneof/plain":
		fresh, data = func() any { return new(plain.Oneof) }, payload.Oneof
	case "Oneof/oasgen":
		fresh, data = func() any { return new(oasu.Oneof) }, payload.Oneof
	case "M/plain":
		fresh, data = func() any { return new(plain.MasterData) }, masterData()
	case "M/oasgen":
		fresh, data = func() any { return new(oasm.MasterData) }, masterData()
	default:
		fmt.Fprintln(os.Stderr, "jsoninstr: no workload", w)
		os.Exit(2)
	}
	v := fresh()
	check(json.Unmarshal(data, v))
	if op == "marshal" { // one call first: the generated types size their output from earlier ones
		out, err = json.Marshal(v)
		check(err)
	}
	if *allocs {
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		calls(op, v, fresh, data, n)
		runtime.ReadMemStats(&m1)
		fmt.Printf("%s %s %s: %.1f allocs/op %.0f B/op, output %d B\n", op, lib, w,
			float64(m1.Mallocs-m0.Mallocs)/float64(n), float64(m1.TotalAlloc-m0.TotalAlloc)/float64(n), len(data))
		return
	}
	calls(op, v, fresh, data, n)
}

// masterData returns the streaming benchmark's master data, 4 MB of it:
// a large value whose text is ASCII, with numbers and booleans.
func masterData() []byte {
	data, err := json.Marshal(payload.MasterDataValue(4))
	check(err)
	return data
}

// calls makes the n calls callgrind counts (--toggle-collect=main.calls).
//
//go:noinline
func calls(op string, v any, fresh func() any, data []byte, n int) {
	var err error
	if op == "marshal" {
		for range n {
			out, err = json.Marshal(v)
			check(err)
		}
		return
	}
	for range n {
		v := fresh()
		check(json.Unmarshal(data, v))
		sink = v
	}
}

// check ends the command on an error.
func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "jsoninstr:", err)
		os.Exit(1)
	}
}
