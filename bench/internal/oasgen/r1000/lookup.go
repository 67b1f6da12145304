package r1000

// Lookup returns the index of the operation that serves method and the
// escaped path, or a negative number when none does: the generated router
// alone, for the routing benchmarks. Written by hand, not by oasgen (the
// generator replaces only oas_*_gen.go files).
func Lookup(method, path string) int {
	var p [2]string
	op, _ := matchRoute(method, path, &p)
	return op
}
