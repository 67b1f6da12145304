#!/bin/sh
# jsondoors.sh: encoding/json's Marshal and Unmarshal on the types oasgen
# generates against the same calls on the plain structs of the same shape
# (issue 44), on workloads A, B, C, SomeValue and Oneof, built by Go 1.26
# (encoding/json calls MarshalJSON and UnmarshalJSON) and by Go 1.27
# (GOTOOLCHAIN=go1.27.4: encoding/json is built on v2 and calls
# MarshalJSONTo and UnmarshalJSONFrom). Counts instructions with valgrind's
# callgrind (bench/cmd/jsoninstr: only the calls are counted, not building
# the payload), the same on every run however busy the machine is, and
# prints them per call with the ratio oasgen/plain (below 1: oasgen takes
# fewer). Then the bytes and allocations of one json.Marshal of workload B
# (19 MB) on both Go versions. The oasgen packages are the committed ones
# of bench/internal/oasgen (bench/generate.sh: the default output). Run
# from anywhere in the checkout:
#
#	sh bench/jsondoors.sh
#
# W (a regular expression) picks the workloads, OPS the operations, GOS the
# Go versions: W='^(A|C)$' OPS=marshal GOS=1.27 sh bench/jsondoors.sh
set -eu
root=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v valgrind >/dev/null || { echo "jsondoors.sh: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
gos=${GOS:-"1.26 1.27"}
for g in $gos; do
	case $g in
	1.27) (cd "$root/bench" && GOTOOLCHAIN=go1.27.4 go build -o "$work/ji$g" ./cmd/jsoninstr) ;;
	*) (cd "$root/bench" && go build -o "$work/ji$g" ./cmd/jsoninstr) ;;
	esac
done
count() { # count BIN OP LIB W N: instructions per call (GOGC=off: the collector's timing would move them)
	c=$(GOGC=off GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		--collect-atstart=no --toggle-collect=main.calls "$1" "$2" "$3" "$4" "$5" 2>&1 | sed -n 's/.*Collected : //p')
	echo $((c / $5))
}
printf '| Go | op | workload | plain (instructions per call) | oasgen | oasgen/plain |\n|---|---|---|---:|---:|---:|\n'
for g in $gos; do
	for op in ${OPS:-marshal unmarshal}; do
		for w in A B C SomeValue Oneof M; do
			echo "$w" | grep -Eq "${W:-.}" || continue
			case $w in B | M) n=1 ;; C) n=2000 ;; *) n=20000 ;; esac
			p=$(count "$work/ji$g" "$op" plain "$w" "$n")
			o=$(count "$work/ji$g" "$op" oasgen "$w" "$n")
			awk -v g="$g" -v op="$op" -v w="$w" -v p="$p" -v o="$o" 'BEGIN { printf "| %s | %s | %s | %d | %d | %.3f |\n", g, op, w, p, o, o / p }'
		done
	done
done
if echo B | grep -Eq "${W:-.}"; then
	for g in $gos; do
		for lib in plain oasgen; do
			printf 'Go %s, json.Marshal, ' "$g"
			"$work/ji$g" -allocs marshal "$lib" B 10
		done
	done
fi
