#!/usr/bin/env bash
# X7 as reported in docs/RESULTS.md: a heterogeneous population (half the users minimise price, half the end of
# their jobs) on two machine kinds, and the two homogeneous populations on the same machines and jobs, then one
# results.csv with the per-population columns (market.populations.<name>.*) and the work and utilization per machine
# of the three runs (charts/machines.png).
# Usage: examples/x7-heterogeneous/run.sh [OUT]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-results/x7}"
dirs=()
for e in experiment all-cheap all-fast; do
  "$here/../../gridmarket" run "$here/$e.yaml" --out "$out/$e"
  dirs+=("$out/$e")
done
"$here/../../gridmarket" merge "${dirs[@]}" --out "$out/results.csv"
"$here/../../gridmarket" chart machines "${dirs[@]}" --out "$out/charts"
