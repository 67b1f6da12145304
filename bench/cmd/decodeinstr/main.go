// Command decodeinstr decodes one workload's payload many times from a
// reused Reader, for valgrind's callgrind to count the instructions it
// takes (bench/decodeinstr.sh): a count is the same on every run of the
// same binary, whatever else the machine is doing.
//
//	decodeinstr A|C|SomeValue N
package main

import (
	"fmt"
	"os"
	"strconv"

	oasa "github.com/oasgen/oasgen/bench/internal/oasgen/a"
	oasc "github.com/oasgen/oasgen/bench/internal/oasgen/c"
	oasu "github.com/oasgen/oasgen/bench/internal/oasgen/u"
	"github.com/oasgen/oasgen/bench/internal/payload"
	"github.com/oasgen/oasgen/oasrt"
)

// decoder is a generated type's DecodeJSON.
type decoder interface{ DecodeJSON(*oasrt.Reader) error }

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: decodeinstr A|C|SomeValue N")
		os.Exit(2)
	}
	n, err := strconv.Atoi(os.Args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, "decodeinstr:", err)
		os.Exit(2)
	}
	var v decoder
	var data []byte
	switch os.Args[1] {
	case "A":
		v, data = new(oasa.Pet), payload.A
	case "C":
		v, data = new(oasc.ABitOfEverything), payload.C()
	case "SomeValue":
		v, data = new(oasu.SomeValue), payload.SomeValue
	default:
		fmt.Fprintln(os.Stderr, "decodeinstr: no workload", os.Args[1])
		os.Exit(2)
	}
	var r oasrt.Reader
	for range n {
		r.Reset(data)
		if err := v.DecodeJSON(&r); err != nil {
			fmt.Fprintln(os.Stderr, "decodeinstr:", err)
			os.Exit(1)
		}
	}
}
