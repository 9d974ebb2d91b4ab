#!/usr/bin/env bash
# X3 as reported in docs/RESULTS.md: the syn_org grid, MF1-UF1 on every workload, the EASY and conservative
# job-sharing baselines, multi-site EASY at p = 0 and the offer search study, then one results.csv.
# Usage: examples/x3/run.sh [OUT] [--grid]   (--grid adds market.yaml, the whole 480-run MF x UF grid)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-results/x3}"
sweeps=(easy multisite mf1uf1 easy-exact mf1uf1-exact market-syn offer-search)
if [ "${2:-}" = "--grid" ]; then sweeps+=(market); fi
dirs=()
for s in "${sweeps[@]}"; do
  "$here/../../gridmarket" sweep "$here/$s.yaml" --out "$out/$s"
  dirs+=("$out/$s")
done
"$here/../../gridmarket" merge "${dirs[@]}" --out "$out/results.csv"
