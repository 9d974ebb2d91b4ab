#!/usr/bin/env bash
# X1 (thesis section 2.8, Tables 2.4-2.7): FCFS, PSRS, SMART-FFIA and SMART-NFIW plain, with conservative and with
# EASY backfilling, and Garey-Graham, on CTC/256 with estimated and exact run times and the probabilistic workload,
# then one results.csv and the tables of docs/RESULTS.md beside the thesis' numbers.
# Usage: examples/x1/run.sh [OUT] [--randomized]   (--randomized adds Table 2.7's workload: 15 runs, a few minutes)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-results/x1}"
sweeps=(classic orders)
if [ "${2:-}" = "--randomized" ]; then sweeps+=(randomized randomized-weighted); fi
dirs=()
for s in "${sweeps[@]}"; do
  "$here/../../gridmarket" sweep "$here/$s.yaml" --out "$out/$s" --threads 2 --no-charts
  dirs+=("$out/$s")
done
"$here/../../gridmarket" merge "${dirs[@]}" --out "$out/results.csv"
python3 "$here/tables.py" "$out/results.csv"
