#!/usr/bin/env bash
# X5 Table 3 (seed 004, Sect. 4.3): variance of the response time at load 0.5, "Uniform Dist.", per scheme: the
# population variance of (end - submit) over a run's jobs, averaged over the replications.
# Usage: examples/x5/variance.sh RUN_FOLDER...   (run folders at load 0.5, whose ids name the policy)
set -euo pipefail
printf '| scheme | variance (s^2) | runs |\n|---|---|---|\n'
for run in "$@"; do
    [ -f "$run/jobs.csv" ] || continue
    p="$(basename "$run" | sed -e 's/.*policy=\([a-z]*\).*/\1/')"
    awk -F, -v p="$p" 'NR > 1 && $13 == "completed" { r = $7 - $5; n++; s += r; ss += r * r }
      END { printf "%s %.6f\n", p, ss / n - (s / n) ^ 2 }' "$run/jobs.csv"
done | awk '{ v[$1] += $2; n[$1]++ } END { for (p in v) printf "| %s | %.0f | %d |\n", p, v[p] / n[p], n[p] }' | sort
