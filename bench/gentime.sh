#!/bin/sh
# gentime.sh REV SPEC [ROUNDS]: generates SPEC with oasgen built at git
# revision REV and with oasgen built from this checkout, alternating the
# two ROUNDS times, and prints each one's wall times, then their medians
# and largest peak RSS (results/sizes.md, "Generation"), and whether the two
# generated the same files (diff -r of their last outputs).
set -eu
rev=${1:?usage: gentime.sh REV SPEC [ROUNDS]}
spec=${2:?usage: gentime.sh REV SPEC [ROUNDS]}
rounds=${3:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$tmp/base" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
git -C "$root" worktree add -q --detach "$tmp/base" "$rev"
(cd "$tmp/base" && go build -o "$tmp/before" ./cmd/oasgen)
(cd "$root" && go build -o "$tmp/after" ./cmd/oasgen)
for i in $(seq "$rounds"); do
	for v in before after; do
		rm -rf "$tmp/out-$v"
		/usr/bin/time -a -o "$tmp/$v.txt" -f "%e %M" "$tmp/$v" generate -i "$spec" -o "$tmp/out-$v/api" >/dev/null 2>&1
	done
done
for v in before after; do
	echo "$v: $(awk '{printf "%s s, ", $1}' "$tmp/$v.txt")"
	sort -n "$tmp/$v.txt" | awk -v label=$v -f "$root/bench/timemedians.awk"
done
if diff -r "$tmp/out-before" "$tmp/out-after" >/dev/null; then
	echo "outputs: the same"
else
	echo "outputs: differ"
fi
