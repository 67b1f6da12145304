#!/bin/sh
# splittrace.sh: when does each package of a split API compile? The
# build of models split into packages (-model-packages N) is as long as
# its longest chain of packages importing each other, so this prints, for
# one build, each generated package's start, end and duration (go build
# -debug-trace), which shows the chain and what runs side by side:
#
#	sh bench/splittrace.sh SPEC [N]
#
# It generates SPEC with -model-packages N (10 when not given) into a
# scratch module using this checkout's runtime, builds it once to fill the
# cache, then builds it again from a new nonce file in every package, so
# each compiles again, under /usr/bin/time. Run it under the shared lock:
# GitHub's whole spec takes over a minute.
set -eu
spec=$1
n=${2:-10}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$root" && go build -o "$work/oasgen" ./cmd/oasgen)
mkdir "$work/api"
cat >"$work/api/go.mod" <<MOD
module trace

go 1.26

require github.com/oasgen/oasgen v0.0.0
replace github.com/oasgen/oasgen => $root
MOD
"$work/oasgen" generate -i "$spec" -o "$work/api" -model-packages "$n" >/dev/null 2>&1
cd "$work/api"
GOFLAGS=-mod=mod go build ./...
for d in $(find . -name '*.go' -exec dirname {} \; | sort -u); do
	pkg=$(sed -n 's/^package //p' "$(ls "$d"/*.go | head -1)" | head -1)
	printf 'package %s\n\n// nonce %s\n' "$pkg" "$(date +%s%N)" >"$d/zz_nonce.go"
done
/usr/bin/time -f "build: %e s elapsed, %U s user, %M KB peak RSS" go build -debug-trace="$work/trace.json" ./... 2>&1 | tail -1
# The trace has an event per line; a package's compile is the action
# "build trace/...", begun (B) and ended (E) on one thread.
awk -F'"' '
/"name":"Executing action \(build trace/ {
	name = $4; sub(/Executing action \(build /, "", name); sub(/\)$/, "", name)
	ts = $0; sub(/.*"ts":/, "", ts); sub(/,.*/, "", ts)
	if ($0 ~ /"ph":"B"/) start[name] = ts; else end[name] = ts
	if (t0 == "" || ts < t0) t0 = ts
}
END {
	print "start s   end s  took s  package"
	for (p in start) printf "%7.1f %7.1f %7.1f  %s\n", (start[p]-t0)/1e6, (end[p]-t0)/1e6, (end[p]-start[p])/1e6, p | "sort -n"
}' "$work/trace.json"
