#!/bin/sh
# codesize.sh: the machine code of a generated package by kind of function
# (go tool nm -size), as the generator and runtime at each REV make it: a
# measure of what the compiler produces that the machine's load does not
# change. Issue 14: what the codecs, validation and wrappers cost.
#
#	flock /tmp/heavy.lock nice sh bench/codesize.sh SPEC 'GENERATE FLAGS' REV...
#
# for example GitHub's repos client before and after a change:
#
#	flock /tmp/heavy.lock nice sh bench/codesize.sh \
#		.corpus/node_modules/@octokit/openapi/generated/api.github.com.json \
#		'-parts client -tags repos' 26bb074 HEAD
#
# Each REV is exported with git archive into a scratch directory, its own
# generator writes SPEC there (inside its module, so the package builds
# against that revision's runtime), and the package is built once.
set -eu
spec=$(realpath "$1")
flags=$2
shift 2
root=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
kind='function kind(n) {
	if (n ~ /\[/) return "generic instances of the runtime"
	sub(/^github.com\/oasgen\/oasgen\/codesizeapi\./, "", n)
	if (n ~ /^\.eq\.|^type:/) return "equality and type functions"
	if (n ~ /\.func[0-9]/) return "closures"
	if (n ~ /^\(\*Client\)/) return "Client methods"
	if (n ~ /\)\.(Each|Decode.*Items|Encode.*Items)/ || n ~ /\)\.[A-Za-z0-9]*Field$/) return "streaming methods"
	if (n ~ /EncodeJSON$/) return "EncodeJSON"
	if (n ~ /DecodeJSON$|decodeTyped$/) return "DecodeJSON"
	if (n ~ /MarshalJSON$|UnmarshalJSON$/) return "MarshalJSON, UnmarshalJSON"
	if (n ~ /[vV]alidate$/) return "Validate, validate"
	if (n ~ /^\(/) return "other methods"
	return "other functions"
}'
for rev in "$@"; do
	dir=$work/$rev
	mkdir -p "$dir"
	git -C "$root" archive "$rev" | tar -x -C "$dir"
	# shellcheck disable=SC2086 # the flags are words
	(cd "$dir" && go run ./cmd/oasgen generate -i "$spec" -o codesizeapi -p api $flags >/dev/null 2>&1 && go build ./codesizeapi)
	echo "== $rev ($(git -C "$root" rev-parse --short "$rev")): bytes, functions, share"
	(cd "$dir" && go tool nm -size "$(go list -export -f '{{.Export}}' ./codesizeapi)") | awk "$kind"'
	$3 == "T" { n = $4; for (i = 5; i <= NF; i++) n = n " " $i; k = kind(n); s[k] += $2; c[k]++; all += $2 }
	END {
		for (k in s) printf "%10d %6d %5.1f%%  %s\n", s[k], c[k], 100*s[k]/all, k | "sort -rn"
		close("sort -rn")
		printf "%10d         all\n", all
	}'
done
