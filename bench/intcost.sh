#!/bin/sh
# intcost.sh: what JSON Schema's integers (1.0 and 1e2 read as integers,
# oasrt/integral.go) cost the decoders of workloads A, B, C and SomeValue
# (issue 12: no more than 5% slower). Builds the bench test binary with
# the runtime's number reading at BASE (default 0bc70d0, before the
# change: oasrt's reader.go, union.go and not.go put back for the build,
# then restored) and at HEAD, runs their oasgen decoders interleaved, and
# compares with benchstat (bench/internal/decodecost: the decoders alone,
# without the peers bench's own benchmarks need generated first). Run
# from anywhere in the checkout, under the shared lock; the generated
# packages are the same for both.
#
#	sh bench/intcost.sh [BASE] [ROUNDS]
set -eu
base=${1:-0bc70d0}
rounds=${2:-10}
root=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
files="oasrt/reader.go oasrt/union.go oasrt/not.go"
trap 'cd "$root" && git checkout -q HEAD -- $files; rm -rf "$work"' EXIT

cd "$root"
if ! git diff --quiet HEAD -- $files; then
	echo "intcost.sh: commit or stash the changes to $files first" >&2
	exit 2
fi
(cd bench && go test -c -o "$work/head.test" ./internal/decodecost)
for f in $files; do
	git show "$base:$f" >"$f"
done
(cd bench && go test -c -o "$work/base.test" ./internal/decodecost)
git checkout -q HEAD -- $files

bench='^BenchmarkDecode$'
for i in $(seq "$rounds"); do
	"$work/base.test" -test.run '^$' -test.bench "$bench" -test.benchtime 300ms -test.cpu 1 -test.benchmem |
		grep '^Benchmark' | sed 's#^BenchmarkDecode/\([A-Za-z]*\)#BenchmarkDecode/\1/code=before#' >>"$work/out.txt"
	"$work/head.test" -test.run '^$' -test.bench "$bench" -test.benchtime 300ms -test.cpu 1 -test.benchmem |
		grep '^Benchmark' | sed 's#^BenchmarkDecode/\([A-Za-z]*\)#BenchmarkDecode/\1/code=after#' >>"$work/out.txt"
done
cd "$root/bench" && go tool benchstat -col /code "$work/out.txt"
