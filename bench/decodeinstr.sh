#!/bin/sh
# decodeinstr.sh: the instructions the oasgen decoders of workloads A, C
# and SomeValue take at BASE and at NEW (default HEAD), counted by
# valgrind's callgrind: 100,000 decodes from a reused Reader each
# (bench/cmd/decodeinstr, NEW's on both sides; with ENCODE=1, 100,000
# encodes into a reused Writer instead; with OWNED=1, 100,000 decodes
# through UnmarshalJSON into a new value, allocations and the collector's
# work included; with both, 100,000 MarshalJSON calls; with JSON=1
# instead of OWNED=1, json.Unmarshal or json.Marshal, which on Go 1.27
# (GOTOOLCHAIN=go1.27.4 in the environment) call the generated
# UnmarshalJSONFrom and MarshalJSONTo), with Go's
# asynchronous preemption off (callgrind stops at its signals) and one P.
# A count is the same on every run of one binary (with OWNED=1, within a
# percent or two: the collector's work varies), so a change of a percent
# shows where CPU time on this shared machine moves by more. Each revision is exported
# with git archive and generates NEW's bench specs itself, as in
# decodecost.sh. Run from anywhere in the checkout:
#
#	sh bench/decodeinstr.sh BASE [NEW]
#	ENCODE=1 sh bench/decodeinstr.sh BASE [NEW]
#	OWNED=1 sh bench/decodeinstr.sh BASE [NEW]
#	ENCODE=1 OWNED=1 sh bench/decodeinstr.sh BASE [NEW]
#	ENCODE=1 JSON=1 GOTOOLCHAIN=go1.27.4 sh bench/decodeinstr.sh BASE [NEW]
set -eu
mode=
[ "${ENCODE:-0}" = 1 ] && mode=-encode
[ "${OWNED:-0}" = 1 ] && mode="$mode -owned"
[ "${JSON:-0}" = 1 ] && mode="$mode -json"
base=${1:?usage: sh bench/decodeinstr.sh BASE [NEW]}
new=${2:-HEAD}
root=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
command -v valgrind >/dev/null || { echo "decodeinstr.sh: needs valgrind (apt-get install valgrind)" >&2; exit 1; }

git -C "$root" archive "$new" bench/specs bench/cmd/decodeinstr | tar -x -C "$work"

# prepare REV SIDE: the command, built with the decoders REV generates, on REV's runtime.
prepare() {
	dir="$work/$2"
	mkdir "$dir"
	git -C "$root" archive "$1" | tar -x -C "$dir"
	rm -rf "$dir/bench/cmd/decodeinstr"
	cp -R "$work/bench/cmd/decodeinstr" "$dir/bench/cmd/decodeinstr"
	for w in a c u; do
		case $w in
		u) spec=unions.yaml ;;
		*) spec=workload$(echo "$w" | tr a-z A-Z).yaml ;;
		esac
		rm -rf "$dir/bench/internal/oasgen/$w"
		(cd "$dir" && go run ./cmd/oasgen generate -i "$work/bench/specs/$spec" -o "bench/internal/oasgen/$w" -p "$w" >/dev/null)
	done
	(cd "$dir/bench" && go build -o "$work/$2.bin" ./cmd/decodeinstr)
	echo "decodeinstr.sh: $2 is $(git -C "$root" rev-parse --short "$1")" >&2
}
prepare "$base" before
prepare "$new" after

for w in A SomeValue C; do
	for side in before after; do
		n=$(GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$work/$side.bin" $mode "$w" 100000 2>&1 | sed -n 's/.*Collected : //p')
		echo "$w $side $n"
	done
done | awk '{c[$1, $2] = $3; if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 } }
END { printf "| workload | before (instructions) | after | after/before |\n|---|---:|---:|---:|\n"
	for (i = 1; i <= n; i++) { w = order[i]; printf "| %s | %.0f | %.0f | %.3f |\n", w, c[w, "before"], c[w, "after"], c[w, "after"] / c[w, "before"] } }'
