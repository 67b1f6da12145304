#!/bin/sh
# doors.sh: issue 15's targets for the doors programs call (oasrt.Marshal,
# MarshalJSON, oasrt.Unmarshal, UnmarshalJSON; json.Marshal and
# json.Unmarshal on Go 1.26 and 1.27) against goccy, encoding/json and
# ogen on workloads A, B, C and SomeValue, in rounds that interleave every
# contender, and with BASE given, the same benchmarks built at BASE in the
# same rounds (before/after). Needs the peers: `cd bench && go run
# ./cmd/report -peers` first. Run from anywhere in the checkout:
#
#	sh bench/doors.sh [BASE] [ROUNDS]
#
# Writes bench/results/doors-{after,before}.txt (benchstat's input) and
# prints benchstat's comparisons, then the medians as ratios to goccy,
# encoding/json and ogen-Validate.
#
# BASE may also be a directory holding a checkout of the base (say, from
# `git archive REV | tar -x -C DIR`), used as it is. LIBS, a regular
# expression, picks the lib= contenders of the Go 1.26 binary (for example
# LIBS='oasgen|oasgen-method' for a generator change); V2=0 leaves out the
# Go 1.27 binary.
#
# With CPU=1 it runs TestDoorsCPUTime (bench/cputime_test.go and
# bench/jsonv2/cputime_test.go, with bench/internal/cputime, copied into
# BASE's tree) instead, alternating BASE's binaries and this tree's ROUNDS
# times, each first in half the rounds: CPU time per call of A, B, C and
# SomeValue on Go 1.26 and (unless V2=0) on Go 1.27 (GOTOOLCHAIN=go1.27.4),
# which a machine shared with other jobs disturbs far less than wall time.
# bench/cpumedians.awk sums it up. CASES, a regular expression, keeps only
# the CPU-time cases whose names (workload/op/lib) match it, for example
# CASES='^(A|SomeValue)/Unmarshal/'.
set -eu
base=${1:-}
rounds=${2:-6}
small=${SMALL:-200ms}
large=${LARGE:-3x}
root=$(git rev-parse --show-toplevel)
bench=$root/bench
work=$(mktemp -d)
trap 'if [ -n "$base" ] && [ ! -d "$base" ]; then git -C "$root" worktree remove --force "$work/base" >/dev/null 2>&1 || true; fi; rm -rf "$work"' EXIT

v2=${V2:-1}
build() { # build DIR NAME: the two benchmark binaries of the bench module in DIR
	(cd "$1" && go test -c -o "$work/$2.test" . && if [ "$v2" = 1 ]; then GOTOOLCHAIN=go1.27.4 go test -c -o "$work/$2-v2.test" ./jsonv2; fi)
}
build "$bench" after
names=after
if [ -n "$base" ]; then
	if [ -d "$base" ]; then
		build "$base/bench" before
	else
		git -C "$root" worktree add -q --detach "$work/base" "$base"
		ln -s "$bench/.work" "$work/base/bench/.work"
		cp "$bench/cputime_test.go" "$work/base/bench/"
		cp "$bench/jsonv2/cputime_test.go" "$work/base/bench/jsonv2/"
		mkdir -p "$work/base/bench/internal/cputime"
		cp "$bench/internal/cputime/cputime.go" "$work/base/bench/internal/cputime/"
		build "$work/base/bench" before
	fi
	names="before after"
fi

if [ "${CPU:-}" = 1 ]; then
	for i in $(seq "$rounds"); do
		order=$names
		if [ $((i % 2)) = 0 ] && [ -n "$base" ]; then
			order="after before" # each goes first in half the rounds
		fi
		for n in $order; do
			echo "== $n, round $i/$rounds, Go 1.26: CPU time per call, median of 5 interleaved runs (min-max)"
			(cd "$bench" && OASGEN_CPUTIME=1 OASGEN_CPUTIME_CASES="${CASES:-}" "$work/$n.test" -test.run '^TestDoorsCPUTime$' -test.count 1) | grep cpu-ns
			if [ "$v2" = 1 ]; then
				echo "== $n, round $i/$rounds, Go 1.27: CPU time per call, median of 5 interleaved runs (min-max)"
				(cd "$bench" && OASGEN_CPUTIME=1 OASGEN_CPUTIME_CASES="${CASES:-}" "$work/$n-v2.test" -test.run '^TestDoorsCPUTime$' -test.count 1) | grep cpu-ns
			fi
		done
	done
	exit 0
fi

libs=${LIBS:-'oasgen|oasgen-oasrt|oasgen-method|oasgen-json|encoding-json|goccy|ogen|ogen-Validate'}
out=$bench/results
mkdir -p "$out"
for n in $names; do : >"$out/doors-$n.txt"; done
for i in $(seq "$rounds"); do
	echo "round $i/$rounds" >&2
	for n in $names; do
		for run in \
			"$n.test ^Benchmark(A|C|SomeValue)\$/^(Marshal|Unmarshal)\$/^lib=($libs)\$ $small" \
			"$n-v2.test ^Benchmark(A|C|SomeValue)\$ $small" \
			"$n.test ^BenchmarkB\$/^(Marshal|Unmarshal)\$/^lib=($libs)\$ $large" \
			"$n-v2.test ^BenchmarkB\$ $large"; do
			set -- $run
			[ -e "$work/$1" ] || continue
			(cd "$bench" && "$work/$1" -test.run '^$' -test.bench "$2" -test.benchtime "$3" -test.count 1) |
				grep -E '^(Benchmark|goos|goarch|pkg|cpu)' >>"$out/doors-$n.txt"
		done
	done
done

stat() { (cd "$bench" && go tool benchstat "$@"); }
if [ -n "$base" ]; then
	stat -ignore pkg "$out/doors-before.txt" "$out/doors-after.txt"
fi
for n in $names; do
	echo "== $n: medians, and each door's time over goccy's, encoding/json's (Go 1.26 and 1.27) and ogen-Validate's"
	awk -v FS='[ \t]+' '
	/^Benchmark/ {
		split($1, p, "/"); w = p[1]; sub(/^Benchmark/, "", w); sub(/-[0-9]+$/, "", p[3])
		lib = p[3]; sub(/^lib=/, "", lib); k = w "/" p[2] "/" lib
		ns[k] = ns[k] " " $3; keys[k] = 1
	}
	function median(s,   a, n, i, j, t) {
		n = split(s, a, " ")
		for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	}
	END {
		split("A B C SomeValue", ws, " "); split("Marshal Unmarshal", ops, " ")
		split("oasgen oasgen-oasrt oasgen-method oasgen-json oasgen-json-go1.27 oasgen-jsonv2", doors, " ")
		printf "%-28s %12s %8s %8s %8s %8s\n", "benchmark", "ns/op", "/goccy", "/ej1.26", "/ej1.27", "/ogenV"
		for (i = 1; i <= 4; i++) for (o = 1; o <= 2; o++) {
			pre = ws[i] "/" ops[o] "/"
			g = median(ns[pre "goccy"]); e = median(ns[pre "encoding-json"]); e2 = median(ns[pre "encoding-json-go1.27"])
			v = median(ns[pre "ogen-Validate"]); if (!v) v = median(ns[pre "ogen"])
			for (d = 1; d <= 6; d++) if ((pre doors[d]) in keys) {
				m = median(ns[pre doors[d]])
				printf "%-28s %12.0f %8.2f %8.2f %8.2f %8.2f\n", pre doors[d], m, (g ? m / g : 0), (e ? m / e : 0), (e2 ? m / e2 : 0), (v ? m / v : 0)
			}
			printf "%-28s %12.0f %8s %8s %8s %8s\n", pre "goccy", g, "", "", "", ""
			printf "%-28s %12.0f\n%-28s %12.0f\n%-28s %12.0f\n", pre "encoding-json", e, pre "encoding-json-go1.27", e2, pre "ogen-Validate", v
		}
	}' "$out/doors-$n.txt"
done
