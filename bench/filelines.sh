#!/bin/sh
# filelines.sh: lines per generated file, of oasgen built at BASE and of
# this checkout, for the specs given (paths), as a Markdown table:
#
#	sh bench/filelines.sh BASE SPEC...
set -eu
base=$1
shift
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/src"
git -C "$root" archive "$base" | tar -x -C "$work/src"
(cd "$work/src" && go build -o "$work/before" ./cmd/oasgen)
(cd "$root" && go build -o "$work/after" ./cmd/oasgen)
echo "| spec | file | lines at $base | lines after | after/before |"
echo "|---|---|---:|---:|---:|"
for spec; do
	name=$(basename "$spec" .json)
	for gen in before after; do
		"$work/$gen" generate -i "$spec" -o "$work/$gen-$name/api" >/dev/null 2>&1
	done
	for f in $(cd "$work/after-$name/api" && ls *.go) total; do
		if [ "$f" = total ]; then
			b=$(cat "$work/before-$name/api"/*.go | wc -l)
			a=$(cat "$work/after-$name/api"/*.go | wc -l)
		else
			b=$(wc -l <"$work/before-$name/api/$f")
			a=$(wc -l <"$work/after-$name/api/$f")
		fi
		echo "$name $f $b $a" | awk '{ printf "| %s | %s | %d | %d | %.2f |\n", $1, $2, $3, $4, $4 / $3 }'
	done
done
