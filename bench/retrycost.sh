#!/bin/sh
# retrycost.sh: what the client's retries cost a call that does not fail
# (issue 17's target: at most 5% over the client before retries).
# Builds internal/servertest's BenchmarkClientCall at HEAD and, with the
# same canned transport and call, at BASE (default 0937b3e, the last
# commit before retries), then runs them interleaved and compares with
# benchstat. Run from anywhere in the checkout; needs an idle machine.
#
#	sh bench/retrycost.sh [BASE] [ROUNDS]
set -eu
base=${1:-0937b3e}
rounds=${2:-24}
root=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$work/base" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

git -C "$root" worktree add -q --detach "$work/base" "$base"
# The baseline benchmark: the transport and client of clientbench_test.go,
# one call with the options the old client had (none).
sed '/^\/\/ TestClientRetryAllocs/,$d' "$root/internal/servertest/clientbench_test.go" > "$work/base/internal/servertest/clientbench_test.go"
cat >> "$work/base/internal/servertest/clientbench_test.go" <<'GO'
func BenchmarkClientCall(b *testing.B) {
	b.Run("retry=on", func(b *testing.B) {
		c := cannedClient(b)
		ctx := context.Background()
		b.ReportAllocs()
		for b.Loop() {
			if _, err := c.GetMe(ctx); err != nil {
				b.Fatal(err)
			}
		}
	})
}
GO
(cd "$work/base" && go test -c -o "$work/base.test" ./internal/servertest)
(cd "$root" && go test -c -o "$work/head.test" ./internal/servertest)

for i in $(seq "$rounds"); do
	"$work/base.test" -test.run '^$' -test.bench 'BenchmarkClientCall/retry=on$' -test.benchtime 500ms -test.cpu 1 -test.benchmem |
		grep '^Benchmark' | sed 's#retry=on#code=before#' >>"$work/out.txt"
	"$work/head.test" -test.run '^$' -test.bench 'BenchmarkClientCall/retry=on$' -test.benchtime 500ms -test.cpu 1 -test.benchmem |
		grep '^Benchmark' >>"$work/out.txt"
done
cd "$root/bench" && go tool benchstat -col /retry,/code "$work/out.txt"
