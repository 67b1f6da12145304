// Package jsonv2 benchmarks what Go 1.27 changed: encoding/json/v2 on the
// plain structs of the workloads, encoding/json (built on v2 there) on the
// plain structs, and both on the oasgen types, which they reach through
// the generated MarshalJSONTo and UnmarshalJSONFrom. Its tests build only
// with Go 1.27, so they run from a test binary of their own (cmd/report
// builds it with GOTOOLCHAIN=go1.27.4) and the other benchmarks keep the
// module's Go and its encoding/json:
//
//	GOTOOLCHAIN=go1.27.4 go test -bench . ./jsonv2
package jsonv2
