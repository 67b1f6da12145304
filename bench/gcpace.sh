#!/bin/sh
# gcpace.sh SPEC [ROUNDS]: generates SPEC with oasgen built from this
# checkout, alternating the pace generate picks (internal/cli/gc.go) with
# Go's default (GOGC=100 in the environment, which generate keeps), and
# prints each one's wall times and peak RSS, then their medians
# (results/sizes.md, "Generation").
set -eu
spec=${1:?usage: gcpace.sh SPEC [ROUNDS]}
rounds=${2:-10}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/oasgen" ./cmd/oasgen)
for i in $(seq "$rounds"); do
	for pace in default picked; do
		if [ $pace = default ]; then
			GOGC=100 /usr/bin/time -a -o "$tmp/$pace" -f "%e %M" "$tmp/oasgen" generate -i "$spec" -o "$tmp/out" >/dev/null 2>&1
		else
			env -u GOGC /usr/bin/time -a -o "$tmp/$pace" -f "%e %M" "$tmp/oasgen" generate -i "$spec" -o "$tmp/out" >/dev/null 2>&1
		fi
	done
done
for pace in default picked; do
	echo "$pace: $(awk '{printf "%s s %d MB, ", $1, $2/1024}' "$tmp/$pace")"
	sort -n "$tmp/$pace" | awk -v label=$pace -f "$root/bench/timemedians.awk"
done
