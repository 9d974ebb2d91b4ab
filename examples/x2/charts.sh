#!/usr/bin/env bash
# X2 figures (thesis Figs 5.5-5.7, 5.9, 5.10) from the results of run.sh, into OUT/figures.
# Usage: examples/x2/charts.sh [OUT]     (OUT as given to run.sh; default results/x2)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-results/x2}"
chart() { "$here/../../gridmarket" chart "$@" --out "$out/figures"; }
r="$out/results.csv"
p=0,0.1,0.2,0.3,0.4,0.5,0.6
# Figs 5.5, 5.6: AWRT per configuration and strategy, absolute and relative to m512; one figure per workload
chart strategies "$r" --where multisite.overhead=$p
chart strategies "$r" --where strategy=jobsharing,multisite --where multisite.overhead=$p --baseline configuration=m512
# Fig 5.7: the workloads on m128, relative to m512
chart strategies "$r" --x workload --where configuration=m128 --where strategy=jobsharing,multisite \
  --where multisite.overhead=0,0.25,0.5 --baseline configuration=m512
# Figs 5.9, 5.10: AWRT against the overhead p, one line per configuration, absolute and relative to m512
chart overhead "$r"
chart overhead "$r" --baseline configuration=m512
