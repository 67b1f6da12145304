// Package jsonv2 benchmarks encoding/json/v2 on the plain structs of the
// workloads. Its tests build only with GOEXPERIMENT=jsonv2, which also
// re-implements encoding/json on top of v2, so they run from a test binary
// of their own (cmd/report builds it) and the other benchmarks keep the
// real encoding/json:
//
//	GOEXPERIMENT=jsonv2 go test -bench . ./jsonv2
package jsonv2
