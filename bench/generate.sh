#!/bin/sh
# Regenerates the oasgen packages of the benchmark workloads from bench/specs.
# Runs the generator of this checkout from the repository root, so the
# benchmark always measures the code the current generator writes.
set -eu
cd "$(dirname "$0")/.."
for w in a b c; do
	W=$(echo "$w" | tr a-z A-Z)
	go run ./cmd/oasgen generate -i "bench/specs/workload$W.yaml" -o "bench/internal/oasgen/$w" -p "$w"
done
go run ./cmd/oasgen generate -i bench/specs/unions.yaml -o bench/internal/oasgen/u -p u
go run ./cmd/oasgen generate -i bench/specs/masterdata.yaml -o bench/internal/oasgen/m -p m
