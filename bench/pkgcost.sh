#!/bin/sh
# pkgcost.sh: what `go build` of a generated tree costs, package by package:
# each compile's wall time and peak RSS (GNU time around the compiler, run
# through -toolexec), with the package's generated lines, the largest
# first, then the whole build's wall time. The dependencies outside the
# tree are built first and not timed; a file with a fresh comment is
# written into every package of the tree (and removed after), so that each
# one is compiled again however warm the build cache is.
#
#	sh bench/pkgcost.sh DIR [N]
#
# DIR is the generated package's directory, inside a module; N (default
# 15) is how many packages to list. Used for Microsoft Graph beta's row in
# bench/results/sizes-noflags.md. Needs GNU time (/usr/bin/time).
set -eu
dir=$(cd "$1" && pwd)
n=${2:-15}
work=$(mktemp -d)
trap 'rm -rf "$work"; find "$dir" -name zz_pkgcost_nonce.go -delete' EXIT
[ -x /usr/bin/time ] || { echo "pkgcost.sh: needs GNU time (apt-get install time)" >&2; exit 1; }
cat >"$work/wrap" <<'EOF'
#!/bin/sh
# A compile of a package (not the go command asking the compiler's version)
# runs under GNU time, which appends "seconds KiB package" to $PKGCOST_LOG.
tool=$1
case "$tool" in
*/compile)
	pkg=
	prev=
	for a in "$@"; do
		[ "$prev" = "-p" ] && pkg=$a
		prev=$a
	done
	if [ -n "$pkg" ]; then
		exec /usr/bin/time -a -o "$PKGCOST_LOG" -f "%e %M $pkg" "$@"
	fi
	;;
esac
exec "$@"
EOF
chmod +x "$work/wrap"
cd "$dir"
go list -f '{{.ImportPath}} {{.Dir}}' ./... >"$work/pkgs"
cut -d' ' -f1 "$work/pkgs" >"$work/paths"
# The dependencies outside the tree, built untimed.
go list -deps -f '{{if not .Standard}}{{.ImportPath}}{{end}}' ./... | grep -v -x -F -f "$work/paths" | xargs -r go build
nonce=$(date +%s%N)
while read -r p d; do
	name=$(sed -n 's/^package \([A-Za-z0-9_]*\).*/\1/p' "$(ls "$d"/*.go | head -1)" | head -1)
	printf '// %s\n\npackage %s\n' "$nonce" "$name" >"$d/zz_pkgcost_nonce.go"
done <"$work/pkgs"
: >"$work/log"
start=$(date +%s.%N)
PKGCOST_LOG="$work/log" go build -toolexec "$work/wrap" ./...
end=$(date +%s.%N)
printf '| package | lines | compile | peak RSS |\n|---|---:|---:|---:|\n'
while read -r secs kib pkg; do
	d=$(awk -v p="$pkg" '$1 == p { print $2 }' "$work/pkgs")
	[ -n "$d" ] || continue
	lines=$(cat "$d"/*.go | wc -l)
	echo "$kib $secs $pkg $lines"
done <"$work/log" | sort -rn | head -n "$n" | awk '{ printf "| %s | %d | %.1f s | %d MiB |\n", $3, $4 - 3, $2, $1 / 1024 }'
awk -v s="$start" -v e="$end" -v c="$(wc -l <"$work/log")" 'BEGIN { printf "\n%d packages compiled; go build wall time %.1f s\n", c, e - s }'
