# cpumedians.awk: the medians over rounds of `CPU=1 sh bench/doors.sh BASE ROUNDS`
# output, before and after, for oasgen's own doors:
#
#	CPU=1 sh bench/doors.sh BASE 6 >cpu.txt; awk -f bench/cpumedians.awk cpu.txt
#
# With -v all=1 it prints every contender (goccy, encoding/json, ogen...),
# not only oasgen's doors.
/^== / { side = $2; sub(/,$/, "", side); next }
/cpu-ns/ { v[side, $1] = v[side, $1] " " $2; names[$1] = 1; if (!($1 in order)) { order[$1] = ++n; list[n] = $1 } }
function median(s,   a, k, i, j, t) {
	k = split(s, a, " ")
	for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
	return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
}
END {
	printf "| door | before (cpu-ns/op) | after | after/before |\n|---|---:|---:|---:|\n"
	for (i = 1; i <= n; i++) { x = list[i]; if (!all && x !~ /\/(writer|reader|method|oasrt)$/) continue
		b = median(v["before", x]); a = median(v["after", x])
		printf "| %s | %.0f | %.0f | %.2f |\n", x, b, a, (b ? a / b : 0) }
}
