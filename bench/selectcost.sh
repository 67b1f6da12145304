#!/bin/sh
# selectcost.sh measures issue 14's "generating only GitHub's repos client
# builds in at most 10 s" (results/sizes.md, "A selection: GitHub's repos
# client"): bench/cmd/sizes on the github-repos-client entry (GitHub's spec
# with -parts client -tags repos) against oapi-codegen's include-tags,
# written into results/sizes.md; then, for oasgen's package, the lines per file
# and per kind of method, and one more build with the compiler's phase
# times (-gcflags=-bench).
#
#	flock /tmp/heavy.lock nice sh bench/selectcost.sh [CORPUS_DIR] [GENS]
set -e
cd "$(dirname "$0")"
corpus=${1:-../.corpus}
gens=${2:-oasgen,oapi-codegen}
go run ./cmd/sizes -specs github-repos-client -gens "$gens" -builds 3 -corpus "$corpus" -doc results/sizes.md -marker repos
dir=.work/sizes/github-repos-client/oasgen
echo
echo "lines per file:"
wc -l "$dir"/*.go | sed "s|$dir/||"
echo
echo "lines per method name (100 lines or more):"
awk '/^func \(/ { name = $0; sub(/^func \([^)]*\) /, "", name); sub(/[[(].*/, "", name); in_func = 1
		if ($0 ~ /^func \(c \*Client\) /) name = "(methods of Client)" }
	in_func { lines[name]++ }
	/^}/ { in_func = 0 }
	END { for (n in lines) if (lines[n] >= 100) printf "%8d %s\n", lines[n], n }' "$dir"/*.go | sort -rn
printf 'package api\n\n// nonce %s\n' "$(date +%s%N)" >"$dir/zz_selectcost_nonce.go"
rm -f .work/selectcost-phases.txt
go build -gcflags=-bench="$PWD/.work/selectcost-phases.txt" -o /dev/null "./$dir"
rm -f "$dir/zz_selectcost_nonce.go"
echo
echo "compiler phases of one more build:"
grep -E ':(fe:parse|fe:devirtualize-and-inline|fe:escapes|be:compilefuncs|be:dumpobj|total) ' .work/selectcost-phases.txt |
	sed -E 's/^BenchmarkCompile:[^:]*://'
