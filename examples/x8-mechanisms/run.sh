#!/usr/bin/env bash
# X8 as reported in docs/RESULTS.md: every mechanism of the market on the eight Table 5.2 workloads on m128 and m512,
# EASY and conservative job-sharing on the same jobs, one results.csv, the tables (OUT/tables.md), the node-level
# checks of the m128 runs (OUT/checks.txt) and the figures.
# Usage: examples/x8-mechanisms/run.sh [OUT]    (default results/x8)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
gm="$here/../../gridmarket"
out="${1:-results/x8}"
"$gm" sweep "$here/market.yaml" --out "$out/market" --threads 2
"$gm" sweep "$here/baselines.yaml" --out "$out/baselines" --threads 2
"$gm" merge "$out/market" "$out/baselines" --out "$out/results.csv"
"$here/tables.sh" "$out/results.csv" > "$out/tables.md"
# every run's schedule replayed node by node on m128 (jobs read = completed + rejected, no node held twice, no job
# after its promised start): one line per run in checks.txt, the count in tables.md; a run that fails is listed there
# and the script goes on to the figures (exit code 1 of check), bad input stops it (2)
checked=0
"$gm" check $(find "$out/market/runs" "$out/baselines/runs" -mindepth 1 -maxdepth 1 -type d -name '*configuration=m128*' \
  | sort) > "$out/checks.txt" || checked=$?
[ "$checked" -le 1 ] || exit "$checked"
printf '\nNode-level checks on m128 (gridmarket check): %s\n' "$(tail -1 "$out/checks.txt")" >> "$out/tables.md"
chart() { "$gm" chart "$@" --out "$out/figures"; }
# AWRT per workload, every mechanism beside the two job-sharing baselines, one figure per configuration
chart strategies "$out/market" "$out/baselines" --x workload --series strategy,policy,market,market.uf
echo "X8: $out/results.csv, $out/tables.md, $out/figures"
