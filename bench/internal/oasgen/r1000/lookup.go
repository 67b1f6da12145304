package r1000

// Lookup returns the index of the operation that serves method and path,
// or a negative number when none does: the generated router alone, for the
// routing benchmarks. path is routed as the server routes a URL whose Path
// it is and whose RawPath is empty (oashttpimpl.RoutePath: decoded, not scanned
// for escapes), the URL ogen's FindPath is given in the same benchmark.
// Written by hand, not by oasgen (the generator replaces only oas_*_gen.go
// files).
func Lookup(method, path string) int {
	var p [2]string
	op, _ := matchRoute(method, path, false, &p)
	return op
}
