// Package bench holds oasgen's benchmarks; see README.md.
package bench

//go:generate ./generate.sh
