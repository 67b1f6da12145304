// Command decodeinstr decodes (or, with -encode, encodes) one workload's
// payload many times from a reused Reader (into a reused Writer), for
// valgrind's callgrind to count the instructions it takes
// (bench/decodeinstr.sh): a count is the same on every run of the same
// binary, whatever else the machine is doing.
//
//	decodeinstr [-encode] A|C|SomeValue N
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"

	oasa "github.com/oasgen/oasgen/bench/internal/oasgen/a"
	oasc "github.com/oasgen/oasgen/bench/internal/oasgen/c"
	oasu "github.com/oasgen/oasgen/bench/internal/oasgen/u"
	"github.com/oasgen/oasgen/bench/internal/payload"
	"github.com/oasgen/oasgen/oasrt"
)

// codec is a generated type's DecodeJSON and EncodeJSON.
type codec interface {
	DecodeJSON(*oasrt.Reader) error
	EncodeJSON(*oasrt.Writer)
}

func main() {
	encode := flag.Bool("encode", false, "encode the decoded payload instead of decoding it")
	flag.Parse()
	if flag.NArg() != 2 {
		fmt.Fprintln(os.Stderr, "usage: decodeinstr [-encode] A|C|SomeValue N")
		os.Exit(2)
	}
	n, err := strconv.Atoi(flag.Arg(1))
	if err != nil {
		fmt.Fprintln(os.Stderr, "decodeinstr:", err)
		os.Exit(2)
	}
	var v codec
	var data []byte
	switch flag.Arg(0) {
	case "A":
		v, data = new(oasa.Pet), payload.A
	case "C":
		v, data = new(oasc.ABitOfEverything), payload.C()
	case "SomeValue":
		v, data = new(oasu.SomeValue), payload.SomeValue
	default:
		fmt.Fprintln(os.Stderr, "decodeinstr: no workload", flag.Arg(0))
		os.Exit(2)
	}
	var r oasrt.Reader
	if *encode {
		r.Reset(data)
		if err := v.DecodeJSON(&r); err != nil {
			fmt.Fprintln(os.Stderr, "decodeinstr:", err)
			os.Exit(1)
		}
		var w oasrt.Writer
		for range n {
			w.Reset()
			v.EncodeJSON(&w)
		}
		if len(w.Buf) == 0 {
			fmt.Fprintln(os.Stderr, "decodeinstr: no output")
			os.Exit(1)
		}
		return
	}
	for range n {
		r.Reset(data)
		if err := v.DecodeJSON(&r); err != nil {
			fmt.Fprintln(os.Stderr, "decodeinstr:", err)
			os.Exit(1)
		}
	}
}
