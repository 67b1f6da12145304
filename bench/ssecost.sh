#!/bin/sh
# ssecost.sh: bench/streams' BenchmarkSSE (events over loopback HTTP
# through the generated server and client, and through encoding/json with
# bufio) at BASE and at the working tree, interleaved round by round,
# compared with benchstat. The streams package needs none of the peers'
# generated code, so each side builds from its own tree alone.
#
#	sh bench/ssecost.sh [BASE] [ROUNDS] > bench/results/sse-NAME.txt
set -eu
base=${1:-HEAD}
rounds=${2:-10}
root=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/base"
git -C "$root" archive "$base" | tar -x -C "$work/base"
(cd "$work/base/bench" && go test -c -o "$work/base.test" ./streams)
(cd "$root/bench" && go test -c -o "$work/head.test" ./streams)
for i in $(seq "$rounds"); do
	for side in base head; do
		"$work/$side.test" -test.run '^$' -test.bench 'BenchmarkSSE/lib=oasgen$' -test.benchtime 100000x |
			grep '^Benchmark' | sed "s|lib=oasgen|lib=oasgen-$side|"
	done
	"$work/head.test" -test.run '^$' -test.bench 'BenchmarkSSE/lib=encoding-json' -test.benchtime 100000x | grep '^Benchmark'
done >"$work/out.txt"
cat "$work/out.txt"
echo
(cd "$root/bench" && go tool benchstat -col /lib "$work/out.txt")
