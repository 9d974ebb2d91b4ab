#!/usr/bin/env bash
# X6: seed 001's experiment in one command: the sweep (150 points of 10 replications), then OUT/tables.md (Table 2,
# D_R and RT_max ratios) and figures of utilization, throughput and RT_max against N. Usage: examples/x6/run.sh [OUT]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
gm="${GRIDMARKET:-$here/../../gridmarket}"   # GRIDMARKET: another launcher, e.g. a fixed jar
out="${1:-results/x6}"
"$gm" sweep "$here/x6.yaml" --out "$out" --no-charts
"$gm" sweep "$here/estimation.yaml" --out "$out/estimation" --no-charts
{
  "$here/tables.sh" "$out/results.csv"
  printf '\nEstimation error E: throughput (and its 95 %% half-width), d = e = 10, C = 2\n\n| policy | N | E | R |\n|---|---|---|---|\n'
  awk -F, '{ gsub(/"[^"]*"/, "Q"); $0 = $0 } NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { printf "| %s | %s | %s | %.4f +- %.4f |\n", $c["forkjoin.policy"], $c["forkjoin.jobs"], $c["forkjoin.estimationError"],
      $c["throughput"], $c["throughputHalfWidth"] }' "$out/estimation/results.csv"
} > "$out/tables.md"
"$gm" chart overhead "$out/results.csv" --x forkjoin.jobs --series policy,forkjoin.policy \
  --metric utilization,throughput,maxResponseTime --out "$out/figures" > /dev/null
echo "X6: tables in $out/tables.md, figures in $out/figures"
