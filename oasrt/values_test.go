package oasrt_test

import (
	"fmt"

	"github.com/oasgen/oasgen/oasrt"
)

// An optional parameter's default: Or gives the value when it was sent.
func ExampleOr() {
	var limit oasrt.Opt[int64] // the query had no limit
	fmt.Println(oasrt.Or(limit, 20))
	limit = oasrt.NewOpt[int64](5)
	fmt.Println(oasrt.Or(limit, 20))
	// Output:
	// 20
	// 5
}
