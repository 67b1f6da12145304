#!/bin/sh
# Regenerates the oasgen packages of the benchmark workloads from bench/specs.
# Runs the generator of this checkout from the repository root, so the
# benchmark always measures the code the current generator writes, with
# the defaults (no -json-tokens: issue 44's targets are the default's).
set -eu
cd "$(dirname "$0")/.."
for w in a b c; do
	W=$(echo "$w" | tr a-z A-Z)
	go run ./cmd/oasgen generate -i "bench/specs/workload$W.yaml" -o "bench/internal/oasgen/$w" -p "$w"
done
go run ./cmd/oasgen generate -i bench/specs/unions.yaml -o bench/internal/oasgen/u -p u
go run ./cmd/oasgen generate -i bench/specs/masterdata.yaml -o bench/internal/oasgen/m -p m
# The routing and HTTP benchmarks: the route tables' specs (from
# internal/routes), then their servers and the petstore's.
(cd bench && go run ./cmd/routespecs)
for n in 10 100 1000; do
	go run ./cmd/oasgen generate -i "bench/specs/routes$n.yaml" -o "bench/internal/oasgen/r$n" -p "r$n"
done
go run ./cmd/oasgen generate -i bench/specs/petstore.yaml -o bench/internal/oasgen/pet -p pet
# The request-validation benchmark: the validating middleware alone
# (models and validator, no server or client).
go run ./cmd/oasgen generate -i bench/specs/petvalidator.yaml -o bench/internal/oasgen/petv -p petv -parts models,validator
