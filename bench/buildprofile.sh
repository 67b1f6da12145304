#!/bin/sh
# buildprofile.sh: where does the compiler spend the build of a generated
# package? Issue 14 asks for Kubernetes' package to build in at most 0.8x
# ogen's time and memory; this finds what to cut.
#
#	sh bench/buildprofile.sh SPEC [FILE...]
#
# It generates SPEC into a scratch module that uses this checkout's
# runtime, builds the runtime, then:
#
#  1. builds the package with -gcflags=-d=ssa/all/time, which prints the
#     time of every SSA pass of every function, and sums it by what the
#     function is (client methods, codecs, generic instantiations of the
#     runtime, ...) and by generic function: the backend's share per kind
#     of generated code;
#  2. sums the machine code of the package by the same kinds (go tool nm
#     -size), a measure that the machine's load does not change;
#  3. builds the package as generated and without each FILE given (say
#     oas_stream_gen.go, when nothing else refers to it), each from a new
#     nonce so it compiles again, printing wall time, CPU time and peak RSS.
#
# Run it under the shared lock: each build of Kubernetes' package takes
# about 2.7 GB and a minute.
set -eu
spec=$1
shift
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$root" && go build -o "$work/oasgen" ./cmd/oasgen)
cat >"$work/go.mod" <<MOD
module prof

go 1.26

require github.com/oasgen/oasgen v0.0.0
replace github.com/oasgen/oasgen => $root
MOD
"$work/oasgen" generate -i "$spec" -o "$work/api" >/dev/null 2>&1
cd "$work"
GOFLAGS=-mod=mod go build github.com/oasgen/oasgen/oasrt/... >/dev/null

# kind names what a function of the package is, from its symbol.
kind='function kind(n) {
	if (n ~ /\[/) return "generic instances of the runtime"
	sub(/^prof\/api\./, "", n)
	if (n ~ /^\.eq\.|^type:/) return "equality and type functions"
	if (n ~ /\.func[0-9]/) return "closure"
	if (n ~ /^\(\*Client\)/) return "Client methods"
	if (n ~ /^\(\*Server\)/) return "Server methods"
	if (n ~ /^decode.*Params$/) return "decodeXParams"
	if (n ~ /\)\.(Each|Decode.*Items|Encode.*Items)/) return "streaming methods"
	if (n ~ /EncodeJSON$/) return "EncodeJSON"
	if (n ~ /DecodeJSON$|decodeTyped$/) return "DecodeJSON"
	if (n ~ /MarshalJSON$|UnmarshalJSON$/) return "MarshalJSON, UnmarshalJSON"
	if (n ~ /Validate$/) return "Validate"
	if (n == "matchRoute") return "matchRoute"
	if (n ~ /^\(/) return "other methods"
	return "other functions"
}'

echo "== SSA passes by kind of function (seconds; the machine's load inflates them)"
echo "package api; const nonce = \"$(date +%s%N)\"" >api/nonce.go
go build -o /dev/null -gcflags=-d=ssa/all/time ./api 2>"$work/ssa.txt" || true
awk -F'\t' "$kind"'
$3 == "TIME(ns)" { k = kind($5); t[k] += $4; all += $4
	if ($5 ~ /\[/) { g = $5; sub(/\[.*/, "", g); gt[g] += $4 } }
END {
	for (k in t) printf "%8.2f s %5.1f%%  %s\n", t[k]/1e9, 100*t[k]/all, k | "sort -rn"
	close("sort -rn")
	printf "%8.2f s         all\n", all/1e9
	print "-- by generic function"
	for (g in gt) printf "%8.2f s  %s\n", gt[g]/1e9, g | "sort -rn | head -12"
}' "$work/ssa.txt"

echo "== machine code by kind of function (bytes, functions)"
rm api/nonce.go
go build ./api
go tool nm -size "$(go list -export -f '{{.Export}}' ./api)" | awk "$kind"'
$3 == "T" { n = $4; for (i = 5; i <= NF; i++) n = n " " $i; k = kind(n); s[k] += $2; c[k]++; all += $2 }
END {
	for (k in s) printf "%10d %6d %5.1f%%  %s\n", s[k], c[k], 100*s[k]/all, k | "sort -rn"
	close("sort -rn")
	printf "%10d         all\n", all
}'

echo "== builds: as generated, then without each file given"
build() {
	echo "package api; const nonce = \"$(date +%s%N)\"" >"$1/nonce.go"
	/usr/bin/time -f "$2: %e s elapsed, %U s user, %S s system, %M KB peak RSS" go build -o /dev/null "./$1" 2>&1 | tail -1
}
build api "as generated"
for f in "$@"; do
	rm -rf without
	cp -r api without
	rm "without/$f"
	build without "without $f"
done
