// Command routespecs writes the specs of the routing benchmarks,
// specs/routes{10,100,1000}.yaml, from package internal/routes. Run it from
// the bench module (generate.sh does, before generating oasgen's packages).
package main

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/oasgen/oasgen/bench/internal/routes"
)

func main() {
	for _, n := range routes.Sizes {
		path := filepath.Join("specs", fmt.Sprintf("routes%d.yaml", n))
		if err := os.WriteFile(path, routes.Spec(n), 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
