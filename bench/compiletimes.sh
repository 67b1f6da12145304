#!/bin/sh
# compiletimes.sh DIR [GCFLAGS]: builds the packages under DIR (a module,
# or in one) from a fresh build cache, with /usr/bin/time around every
# compile, and prints each package's peak RSS, wall and user time, the
# largest first: which package of a split build holds its peak
# (results/sizes.md, "Models split into packages"). GCFLAGS is passed to
# go build -gcflags, for example 'example.com/gh/api=-c=1' to compile one
# package with the backend on one core.
set -eu
dir=${1:?usage: compiletimes.sh DIR [GCFLAGS]}
gcflags=${2:-}
log=$(mktemp)
wrap=$(mktemp)
cache=$(mktemp -d)
trap 'rm -rf "$log" "$wrap" "$cache"' EXIT
cat >"$wrap" <<WRAP
#!/bin/sh
case "\$1" in
*/compile)
	pkg=\$(echo "\$@" | sed -n 's/.* -p \([^ ]*\).*/\1/p')
	exec /usr/bin/time -a -o "$log" -f "%M KB %e s %U u \$pkg" "\$@" ;;
*) exec "\$@" ;;
esac
WRAP
chmod +x "$wrap"
cd "$dir"
# Everything the packages import from outside their module first, untimed.
deps=$(go list -deps -f '{{if .Standard}}{{.ImportPath}}{{else}}{{with .Module}}{{if not .Main}}{{$.ImportPath}}{{end}}{{end}}{{end}}' ./...)
GOCACHE=$cache go build $deps
: >"$log"
GOCACHE=$cache /usr/bin/time -f "whole build: %e s wall, %U s user, %S s system, largest process %M KB" go build -toolexec "$wrap" -gcflags="$gcflags" ./...
sort -rn "$log" | grep -v ' $'
