package oasrt_test

import (
	"encoding/json"
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

// IsZero is the one method of Opt and OptNullable: encoding/json's
// omitzero option calls it, so an absent value is left out of a struct
// encoded by reflection.
func ExampleOpt_IsZero() {
	type query struct {
		Limit oasrt.Opt[int64]          `json:"limit,omitzero"`
		Tag   oasrt.OptNullable[string] `json:"tag,omitzero"`
	}
	b, _ := json.Marshal(query{})
	fmt.Println(string(b))
	// Output:
	// {}
}
