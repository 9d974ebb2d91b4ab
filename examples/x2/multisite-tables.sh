#!/usr/bin/env bash
# Thesis Tables 5.3 and 5.4: the number of multi-site jobs on m128 per overhead p, and their share of the work, for
# the four "org" workloads, ours beside the thesis'. Usage: examples/x2/multisite-tables.sh [OUT]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-results/x2-multisite-m128}"
"$here/../../gridmarket" sweep "$here/multisite-m128.yaml" --out "$out" --no-charts
python3 "$here/multisite_tables.py" "$out"
