#!/usr/bin/env bash
# X2: the whole experiment of thesis section 5.7 (840 runs), then one results.csv. Usage: examples/x2/run.sh [OUT]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-results/x2}"
for s in local jobsharing multisite; do
  "$here/../../gridmarket" sweep "$here/$s.yaml" --out "$out/$s"
done
"$here/../../gridmarket" merge "$out/local" "$out/jobsharing" "$out/multisite" --out "$out/results.csv"
