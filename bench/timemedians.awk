# timemedians.awk: reads lines "SECONDS PEAK_KB" (/usr/bin/time -f "%e %M",
# one run a line) sorted by time (sort -n), and prints after -v label=...
# the median wall time and the largest peak RSS. gcpace.sh and gentime.sh
# use it.
{ t[NR] = $1; if ($2 > m) m = $2 }
END { printf "%s: median %.2f s, largest peak %d MB\n", label, t[int((NR + 1) / 2)], m / 1024 }
