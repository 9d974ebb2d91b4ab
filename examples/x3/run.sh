#!/usr/bin/env bash
# X3 as reported in docs/RESULTS.md: the syn_org grid, MF1-UF1 on every workload, the EASY baseline and the offer
# search study, then one results.csv. Usage: examples/x3/run.sh [OUT]   (add market.yaml for the whole grid)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-results/x3}"
for s in easy multisite mf1uf1 easy-exact mf1uf1-exact market-syn offer-search; do
  "$here/../../gridmarket" sweep "$here/$s.yaml" --out "$out/$s"
done
"$here/../../gridmarket" merge "$out/easy" "$out/multisite" "$out/mf1uf1" "$out/easy-exact" "$out/mf1uf1-exact" "$out/market-syn" "$out/offer-search" --out "$out/results.csv"
