// Command petstore shows the code oasgen generates from its embedded
// petstore spec at work: it decodes a Pet, checking what the spec requires,
// encodes it back, and shows the errors bad input gets.
//
// Regenerate the package with:
//
//	go run ./cmd/oasgen generate -o examples/petstore/api
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/oasgen/oasgen/examples/petstore/api"
	"github.com/oasgen/oasgen/oasrt"
)

func main() {
	input := []byte(`{"id":111,"name":"Test name 111","photoUrls":["https://example.com/p.png"],
		"category":{"id":1,"name":"Dogs"},"tags":[{"name":"kawaii"}],"status":"available"}`)

	var pet api.Pet
	if err := json.Unmarshal(input, &pet); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("decoded:  id=%d name=%q category=%q status=%s tags=%d\n",
		pet.ID.Value, pet.Name, pet.Category.Value.Name.Value, pet.Status.Value, len(pet.Tags))

	// The fast path: encode into a reused buffer, no allocation.
	var w oasrt.Writer
	pet.EncodeJSON(&w)
	fmt.Printf("encoded:  %s\n", w.Bytes())

	// Bad input is rejected in the same single pass, with its JSON path
	// and byte offset.
	for _, bad := range []string{
		`{"name":"x"}`,
		`{"name":"x","photoUrls":["a",3]}`,
		`{"name":"x","photoUrls":[],"status":"lost"}`,
		`{"name":"x","photoUrls":[],"category":{"id":"one"}}`,
	} {
		var p api.Pet
		fmt.Printf("rejected: %-52s %v\n", bad, json.Unmarshal([]byte(bad), &p))
	}
}
