#!/bin/sh
# decodecost.sh: the oasgen decoders of workloads A, B, C and SomeValue as
# the generator and runtime at BASE write and run them, against NEW's
# (default HEAD): issue 12's "no more than 5% slower than at 0f14b66".
#
# Each revision is exported with git archive into a scratch directory (the
# checkout is not touched; uncommitted changes are not measured), its own
# generator generates NEW's bench specs of the four workloads there, and
# bench/internal/decodecost (NEW's: the same benchmark on both sides, also
# where BASE predates it) is built against that revision's runtime. The
# two binaries run interleaved, -test.cpu 1 with -test.benchmem, the first
# to run alternating round by round, and benchstat compares them: wall
# time, B/s, cpu-ns/op (the process's CPU time per decode, steadier than
# wall time on a shared machine), B/op and allocs/op. Run from anywhere
# in the checkout, under the shared lock:
#
#	flock /tmp/heavy.lock nice sh bench/decodecost.sh BASE [ROUNDS] [NEW]
#
# DECODECOST_RAW=FILE keeps the benchmark lines benchstat read;
# DECODECOST_BENCH=REGEXP runs some workloads only ('^BenchmarkDecode$/^C$').
set -eu
base=${1:?usage: sh bench/decodecost.sh BASE [ROUNDS] [NEW]}
rounds=${2:-10}
new=${3:-HEAD}
root=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT

git -C "$root" archive "$new" bench/specs bench/internal/decodecost | tar -x -C "$work"

# prepare REV SIDE: SIDE.test, the decoders REV generates, on REV's runtime.
prepare() {
	dir="$work/$2"
	mkdir "$dir"
	git -C "$root" archive "$1" | tar -x -C "$dir"
	rm -rf "$dir/bench/internal/decodecost"
	cp -R "$work/bench/internal/decodecost" "$dir/bench/internal/decodecost"
	for w in a b c u; do
		case $w in
		u) spec=unions.yaml ;;
		*) spec=workload$(echo "$w" | tr a-z A-Z).yaml ;;
		esac
		rm -rf "$dir/bench/internal/oasgen/$w"
		(cd "$dir" && go run ./cmd/oasgen generate -i "$work/bench/specs/$spec" -o "bench/internal/oasgen/$w" -p "$w" >/dev/null)
	done
	(cd "$dir/bench" && go test -c -o "$work/$2.test" ./internal/decodecost)
	echo "decodecost.sh: $2 is $(git -C "$root" rev-parse --short "$1")" >&2
}
prepare "$base" before
prepare "$new" after

out=${DECODECOST_RAW:-$work/out.txt}
: >"$out"
side() {
	"$work/$1.test" -test.run '^$' -test.bench "${DECODECOST_BENCH:-^BenchmarkDecode\$}" -test.benchtime 300ms -test.cpu 1 -test.benchmem |
		grep '^Benchmark' | sed "s#^BenchmarkDecode/\([A-Za-z]*\)#BenchmarkDecode/\1/code=$1#" >>"$out"
}
for i in $(seq "$rounds"); do
	if [ $((i % 2)) = 1 ]; then
		side before
		side after
	else
		side after
		side before
	fi
done
cd "$root/bench" && go tool benchstat -col /code "$out"
