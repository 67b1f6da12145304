#!/bin/sh
# selectcost.sh measures issue 14's "generating only GitHub's repos client
# builds in at most 10 s" (docs/sizes.md, "A selection: GitHub's repos
# client"): bench/cmd/sizes on the github-repos-client entry (GitHub's spec
# with -parts client -tags repos) against oapi-codegen's include-tags,
# written into docs/sizes.md, then one more build of oasgen's package with
# the compiler's phase times (-gcflags=-bench).
#
#	flock /tmp/heavy.lock nice sh bench/selectcost.sh [CORPUS_DIR] [GENS]
set -e
cd "$(dirname "$0")"
corpus=${1:-../.corpus}
gens=${2:-oasgen,oapi-codegen}
go run ./cmd/sizes -specs github-repos-client -gens "$gens" -builds 3 -corpus "$corpus" -doc ../docs/sizes.md -marker repos
dir=.work/sizes/github-repos-client/oasgen
printf 'package api\n\n// nonce %s\n' "$(date +%s%N)" >"$dir/zz_selectcost_nonce.go"
rm -f .work/selectcost-phases.txt
go build -gcflags=-bench="$PWD/.work/selectcost-phases.txt" -o /dev/null "./$dir"
rm -f "$dir/zz_selectcost_nonce.go"
grep -E ':(fe:parse|fe:devirtualize-and-inline|fe:escapes|be:compilefuncs|be:dumpobj|total) ' .work/selectcost-phases.txt |
	sed -E 's/^BenchmarkCompile:[^:]*://'
