#!/usr/bin/env bash
# schemathesis (PyPI) against the petstore example served over loopback,
# with the embedded spec: every default check, a fixed seed and a bounded
# number of examples per operation, so a run takes about a minute on two
# cores. Any failure fails CI. Run from the repository root or anywhere:
#
#	bash .ci/schemathesis.sh
#
# SCHEMATHESIS_EXAMPLES and SCHEMATHESIS_SEED override the bounds, for a
# deeper local run; the report (JUnit XML) goes to $CACHE/report.
set -euo pipefail
cd "$(dirname "$0")/.."

version=4.32.5 # pinned; check `pip index versions schemathesis` before moving it
examples=${SCHEMATHESIS_EXAMPLES:-100}
seed=${SCHEMATHESIS_SEED:-20261123}
cache=${OASGEN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/oasgen}
venv=$cache/schemathesis-$version
spec=$PWD/internal/cli/petstore/openapi.yaml # the spec the example is generated from

# python3 with venv and pip: install Debian's when missing.
if ! command -v python3 >/dev/null || ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
	echo "installing python3 and python3-venv"
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 python3-venv >/dev/null
fi
if [ ! -x "$venv/bin/schemathesis" ] || ! "$venv/bin/schemathesis" --version 2>/dev/null | grep -q "$version"; then
	echo "installing schemathesis $version into $venv"
	rm -rf "$venv"
	mkdir -p "$cache"
	python3 -m venv "$venv"
	"$venv/bin/pip" install -q --disable-pip-version-check "schemathesis==$version"
fi

# The server picks a free loopback port and prints it.
work=$(mktemp -d)
server_pid=
cleanup() {
	if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
	rm -rf "$work"
}
trap cleanup EXIT
go build -o "$work/petstore" ./examples/petstore
"$work/petstore" -addr 127.0.0.1:0 >"$work/server.log" 2>&1 &
server_pid=$!
url=
for _ in $(seq 100); do
	url=$(sed -n 's/.*petstore: serving \(http:[^ ]*\).*/\1/p' "$work/server.log")
	[ -n "$url" ] && break
	if ! kill -0 "$server_pid" 2>/dev/null; then
		cat "$work/server.log"; echo "the petstore server exited"; exit 1
	fi
	sleep 0.1
done
if [ -z "$url" ]; then cat "$work/server.log"; echo "the petstore server did not start"; exit 1; fi
echo "petstore at $url; schemathesis $version, seed $seed, $examples examples per operation"

# From the scratch directory: schemathesis keeps a cache of past failures
# in its working directory, and each run starts from none.
status=0
(cd "$work" && "$venv/bin/schemathesis" run "$spec" --url "$url" \
	--seed "$seed" --max-examples "$examples" --workers 1 \
	--report junit --report-dir "$cache/report" --no-color) || status=$?
if ! kill -0 "$server_pid" 2>/dev/null; then
	echo "the petstore server died during the run:"; cat "$work/server.log"; exit 1
fi
if [ "$status" -ne 0 ]; then
	echo "schemathesis found failures (exit $status); server log:"; tail -n 50 "$work/server.log"
	exit "$status"
fi
