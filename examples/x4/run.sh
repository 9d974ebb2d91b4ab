#!/usr/bin/env bash
# X4 (thesis chapter 4, seed 000): FCFS, EASY (128 nodes) and PFCFS1-3 on every CTC month July 1996 - May 1997 on 128 and 256 nodes,
# and Table 4.2's parameter grid on 128 nodes, then the tables of docs/RESULTS.md beside the thesis' numbers and the
# claims of section 4.2, and PFCFS1-3 with Table 3.1's Instruction C. 363 runs, about 2 minutes on 2 cores. Usage: examples/x4/run.sh [OUT [--full]]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-results/x4}"
sweeps="presets presets256 grid instruction-c instruction-c256"
if [ "${2:-}" = "--full" ]; then
  sweeps="$sweeps grid-full" # Table 4.2's whole product: 4,675 more runs
fi
for s in $sweeps; do
  "$here/../../gridmarket" sweep "$here/$s.yaml" --out "$out/$s" --threads 2 --no-charts
done
python3 "$here/tables.py" "$out"
