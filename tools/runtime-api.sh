#!/bin/sh
# runtime-api.sh [DIR] counts the exported API of each runtime package in
# the module at DIR (default: this checkout): the lines of `go doc -short`
# (top-level names, constructors listed under their types) and the exported
# methods `go doc -all` lists. To count an older commit:
#   mkdir /tmp/old && git archive REV go.mod go.sum oasrt | tar -x -C /tmp/old
#   sh tools/runtime-api.sh /tmp/old
set -e
cd "${1:-$(dirname "$0")/..}"
printf '%-28s %6s %8s\n' package names methods
for p in oasrt oasrt/oasimpl oasrt/oashttp oasrt/oashttp/oashttpimpl; do
	[ -d "$p" ] || continue
	names=$(go doc -short "./$p" | wc -l)
	methods=$(go doc -all "./$p" | grep -c '^func (' || true)
	printf '%-28s %6d %8d\n' "$p" "$names" "$methods"
done
