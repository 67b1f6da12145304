#!/bin/sh
# scaninstr.sh: issue 44's scan target counted in instructions: the
# instructions one decode of workload B's 19 MB list takes through
# oasrt.Unmarshal (UnmarshalJSON into a new value, validating) and one
# go-faster/jx Valid scan of the same bytes, at REV (default: the working
# tree), and their ratio. Each is bench/cmd/decodeinstr (the working
# tree's, at every REV, as in decodeinstr.sh) run N times
# (default 10) under valgrind's callgrind, less a run of none (which
# builds the payload), divided by N, with the collector off (GOGC=off):
# its work on the 21 MB each decode allocates moved the decode's count by
# a tenth between runs of one binary. So the count is the decoder's own,
# the same on every run. Time, which the target is about, is another
# matter (bench/README.md, "lib=jx-Valid"): the decode writes 19 MB of
# strings into new memory and the collector runs, which a count does not
# weigh.
#
#	sh bench/scaninstr.sh [REV]
set -eu
rev=${1:-}
n=${N:-10}
root=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
command -v valgrind >/dev/null || { echo "scaninstr.sh: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
if [ -n "$rev" ]; then
	mkdir "$work/src"
	git -C "$root" archive "$rev" | tar -x -C "$work/src"
	rm -rf "$work/src/bench/cmd/decodeinstr"
	cp -R "$root/bench/cmd/decodeinstr" "$work/src/bench/cmd/decodeinstr"
	src=$work/src
else
	src=$root
fi
(cd "$src/bench" && go build -o "$work/decodeinstr" ./cmd/decodeinstr)
count() {
	GOGC=off GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$work/decodeinstr" "$@" 2>&1 | sed -n 's/.*Collected : //p'
}
d0=$(count -owned B 0)
d=$(count -owned B "$n")
v0=$(count -valid B 0)
v=$(count -valid B "$n")
echo "$d0 $d $v0 $v $n" | awk '{ d = ($2 - $1) / $5; v = ($4 - $3) / $5
	printf "| B, one call | instructions |\n|---|---:|\n| oasrt.Unmarshal | %.0f |\n| jx.Valid | %.0f |\n| ratio | %.3f |\n", d, v, d / v }'
