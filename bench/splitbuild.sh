#!/bin/sh
# splitbuild.sh: would a generated package build faster, or in less
# memory, split in two: the models with their codecs and validation in a
# package of their own, the router, server and client in another that
# imports it? Issue 14 asks for output that lets Go compile in parallel
# where that helps, chosen by measurement; this is the measurement, on a
# split made by hand from oasgen's output (no generator option makes it):
#
#	sh bench/splitbuild.sh SPEC [ROUNDS]
#
# It generates SPEC whole (package single) and with -parts models (package
# models), copies the whole output's router, server and client files into
# package api with a dot import of models (they use none of its unexported
# names but the patterns of parameter checks, which are copied along), and
# builds, ROUNDS times in turn, `go build ./single` and `go build ./api`
# (which builds models first), each after the runtime is built, from a new
# nonce file so each compiles again. It prints wall time, CPU time and the
# peak RSS of the largest compile, per build. Run it under the shared lock:
# GitHub's single package takes about 15 GB.
set -eu
spec=$1
rounds=${2:-1}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$root" && go build -o "$work/oasgen" ./cmd/oasgen)
cat >"$work/go.mod" <<MOD
module split

go 1.26

require github.com/oasgen/oasgen v0.0.0
replace github.com/oasgen/oasgen => $root
MOD
"$work/oasgen" generate -i "$spec" -o "$work/single" -p single >/dev/null
"$work/oasgen" generate -parts models -i "$spec" -o "$work/models" -p models >/dev/null
mkdir "$work/api"
for f in oas_router_gen.go oas_server_gen.go oas_client_gen.go; do
	[ -e "$work/single/$f" ] || continue
	sed -e '1,/^package single$/s/^package single$/package api/' \
		-e '0,/^import (/s//import (\n\t. "split\/models"\n/' "$work/single/$f" >"$work/api/$f"
	# A file that names nothing of the models still uses the import.
	printf '\nvar _ SplitUsed\n' >>"$work/api/$f"
done
printf 'package models\n\n// SplitUsed is named by every file of package api.\ntype SplitUsed struct{}\n' >"$work/models/zz_split.go"
# The patterns only parameter checks use are declared with the models'
# in the whole package: the api package declares them.
grep -h '^var pattern[0-9]* = ' "$work/single"/*.go | sort >"$work/p1.txt" || true
grep -h '^var pattern[0-9]* = ' "$work/models"/*.go | sort >"$work/p2.txt" || true
comm -23 "$work/p1.txt" "$work/p2.txt" >"$work/patterns.txt"
if grep -q '^var ' "$work/patterns.txt"; then
	{ printf 'package api\n\nimport "regexp"\n\n'; cat "$work/patterns.txt"; } >"$work/api/oas_patterns.go"
fi
cd "$work"
GOFLAGS=-mod=mod go mod tidy
go build github.com/oasgen/oasgen/oasrt github.com/oasgen/oasgen/oasrt/oashttp # the runtime, built once
lines() { cat "$1"/*.go | wc -l; }
echo "lines: single $(lines single), models $(lines models), api $(lines api)"
for i in $(seq "$rounds"); do
	for pkg in single api; do
		for d in single models api; do printf 'package %s\n\n// nonce %s %s\n' "$d" "$(date +%s%N)" "$i" >"$d/zz_nonce.go"; done
		/usr/bin/time -f "round $i: go build ./$pkg: %e s wall, %U+%S s CPU, peak RSS %M KiB" go build -o /dev/null "./$pkg" 2>&1 | tail -5 # an error shows above the time
	done
done
