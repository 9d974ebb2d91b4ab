#!/usr/bin/env bash
# X5: seed 004's simulation (Sect. 4, Figs 2-7, Table 3) in one command: five sweeps (3000 runs of 5000 jobs), then
# OUT/tables.md (utilization and mean response time per scheme and load, mean +- 95 % CI over 10 replications;
# Table 3's variances) and the figures (replication 1) in OUT/figures. Usage: examples/x5/run.sh [OUT]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
gm="${GRIDMARKET:-$here/../../gridmarket}"   # GRIDMARKET: another launcher, e.g. a fixed jar
out="${1:-results/x5}"
sweeps=(uniform cenju3 uniform-waitlimit cenju3-waitlimit fpfs-waitlimits)
for s in "${sweeps[@]}"; do
  "$gm" sweep "$here/$s.yaml" --out "$out/$s" --no-charts
done
{
  echo "# X5 tables (examples/x5/run.sh)"
  for s in uniform cenju3 uniform-waitlimit cenju3-waitlimit; do
    "$here/table.sh" "$out/$s/results.csv"
  done
  "$here/table.sh" "$out/fpfs-waitlimits/results.csv" waitLimit
  printf '\nTable 3: variance of the response time, load 0.5, Uniform Dist., WaitLimit 600 s (FCFS, backfilling: none)\n\n'
  "$here/variance.sh" "$out"/uniform/runs/policy={fcfs,easy},workload.generate.load=0.5,* \
    "$out"/uniform-waitlimit/runs/*workload.generate.load=0.5,*
} > "$out/tables.md"
for s in uniform cenju3 uniform-waitlimit cenju3-waitlimit; do
  "$gm" chart overhead "$out/$s/results.csv" --x workload.generate.load --series policy --metric utilization,art \
    --where seed=1 --out "$out/figures/$s" > /dev/null
done
"$gm" chart overhead "$out/fpfs-waitlimits/results.csv" --x workload.generate.load --series waitLimit \
  --metric utilization --where seed=1 --out "$out/figures/fpfs-waitlimits" > /dev/null
echo "X5: tables in $out/tables.md, figures in $out/figures"
