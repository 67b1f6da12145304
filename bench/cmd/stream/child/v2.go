//go:build goexperiment.jsonv2 && !go1.27

package main

import (
	"encoding/json/v2"
	"io"

	"github.com/oasgen/oasgen/bench/internal/plain"
)

// encoding/json/v2 exists only with GOEXPERIMENT=jsonv2, which also
// re-implements encoding/json, so cmd/stream builds this binary twice and
// measures json-v1 only with the binary built without the experiment.
// The file is for Go 1.26, the module's: Go 1.27 turns the experiment on
// by default, which would put this file in both binaries.
func init() {
	contenders["json-v2"] = contender{input: "json", run: func(r io.Reader, _ string) (any, error) {
		var v plain.MasterData
		return &v, json.UnmarshalRead(r, &v)
	}}
	delete(contenders, "json-v1")
}
