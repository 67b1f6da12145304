// Command decodeinstr decodes (or, with -encode, encodes) one workload's
// payload many times from a reused Reader (into a reused Writer), for
// valgrind's callgrind to count the instructions it takes
// (bench/decodeinstr.sh): a count is the same on every run of the same
// binary, whatever else the machine is doing. With -owned it decodes
// through UnmarshalJSON into a new value on the heap each time, as the
// owned doors do (a fresh Reader, the allocations and the collector's
// work included); with -owned and -encode it encodes with MarshalJSON,
// a new output each time. With -json it decodes with json.Unmarshal into a
// new value, or with -encode encodes with json.Marshal (built by Go 1.27,
// through the generated UnmarshalJSONFrom and MarshalJSONTo). With -valid
// it runs go-faster/jx's Valid on the payload instead, a scan that builds
// nothing: issue 44's limit for workload B, counted the same way.
//
//	decodeinstr [-encode] [-owned | -json | -valid] A|B|C|SomeValue N
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"runtime"
	"strconv"

	"github.com/go-faster/jx"
	oasa "github.com/oasgen/oasgen/bench/internal/oasgen/a"
	oasb "github.com/oasgen/oasgen/bench/internal/oasgen/b"
	oasc "github.com/oasgen/oasgen/bench/internal/oasgen/c"
	oasu "github.com/oasgen/oasgen/bench/internal/oasgen/u"
	"github.com/oasgen/oasgen/bench/internal/payload"
	"github.com/oasgen/oasgen/oasrt/oasimpl"
)

// codec is a generated type's DecodeJSON, EncodeJSON and UnmarshalJSON.
type codec interface {
	DecodeJSON(*oasimpl.Reader) error
	EncodeJSON(*oasimpl.Writer)
	UnmarshalJSON([]byte) error
	AppendJSON([]byte) ([]byte, error)
}

// out keeps each output -owned -encode makes, so that it is on the heap.
var out []byte

// sink keeps each value -owned decodes, so that it is on the heap.
var sink codec

func main() {
	encode := flag.Bool("encode", false, "encode the decoded payload instead of decoding it")
	owned := flag.Bool("owned", false, "decode with UnmarshalJSON into a new value each time (with -encode: encode with MarshalJSON)")
	viaJSON := flag.Bool("json", false, "decode with json.Unmarshal into a new value each time (with -encode: encode with json.Marshal)")
	valid := flag.Bool("valid", false, "scan the payload with jx.Valid instead of decoding it")
	flag.Parse()
	if flag.NArg() != 2 || *owned && *viaJSON || *valid && (*owned || *viaJSON || *encode) {
		fmt.Fprintln(os.Stderr, "usage: decodeinstr [-encode] [-owned | -json | -valid] A|B|C|SomeValue N")
		os.Exit(2)
	}
	n, err := strconv.Atoi(flag.Arg(1))
	if err != nil {
		fmt.Fprintln(os.Stderr, "decodeinstr:", err)
		os.Exit(2)
	}
	var fresh func() codec
	var data []byte
	switch flag.Arg(0) {
	case "A":
		fresh, data = func() codec { return new(oasa.Pet) }, payload.A
	case "B":
		fresh, data = func() codec { return new(oasb.List) }, payload.B()
	case "C":
		fresh, data = func() codec { return new(oasc.ABitOfEverything) }, payload.C()
	case "SomeValue":
		fresh, data = func() codec { return new(oasu.SomeValue) }, payload.SomeValue
	default:
		fmt.Fprintln(os.Stderr, "decodeinstr: no workload", flag.Arg(0))
		os.Exit(2)
	}
	v := fresh()
	var r oasimpl.Reader
	if *encode { // the value to encode
		r.Reset(data)
		check(v.DecodeJSON(&r))
	}
	// The collection the payload's making started ends here, not in the
	// loop: B's payload is 19 MB, built in memory.
	runtime.GC()
	switch {
	case *valid:
		for range n {
			if !jx.Valid(data) {
				check(errors.New("jx.Valid refuses the payload"))
			}
		}
	case *encode && *viaJSON:
		for range n {
			out, err = json.Marshal(v)
			check(err)
		}
	case *viaJSON:
		for range n {
			v := fresh()
			check(json.Unmarshal(data, v))
			sink = v
		}
	case *encode && *owned:
		for range n {
			// MarshalJSON is AppendJSON(nil), on a value receiver.
			out, err = v.AppendJSON(nil)
			check(err)
		}
	case *encode:
		var w oasimpl.Writer
		for range n {
			w.Reset()
			v.EncodeJSON(&w)
		}
		if len(w.Buf) == 0 {
			check(errors.New("no output"))
		}
	case *owned:
		for range n {
			v := fresh()
			check(v.UnmarshalJSON(data))
			sink = v
		}
	default:
		for range n {
			r.Reset(data)
			check(v.DecodeJSON(&r))
		}
	}
}

// check ends the command on an error.
func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "decodeinstr:", err)
		os.Exit(1)
	}
}
