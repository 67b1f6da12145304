// Command oasgen generates fast Go code from OpenAPI 3 specs.
package main

import (
	"os"

	"github.com/oasgen/oasgen/internal/cli"
)

func main() {
	os.Exit(cli.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
