#!/usr/bin/env bash
# X9 as reported in docs/RESULTS.md: EASY and conservative job-sharing and the market (MF1-UF1; rescheduling none,
# compress, rebid) on 10_20k_org and syn_org on m128 under node failures (axis A), one domain outage (axis B, the
# market only), local load (axis C), weekly maintenance of s1's machine (axis D, conservative job-sharing and the
# market) and s1's machine failing alone (axis E); one results.csv, the tables (OUT/tables.md), the node-level checks
# of every run (OUT/checks.txt) and the figures.
# Usage: examples/x9-faults/run.sh [OUT]    (default results/x9)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
gm="$here/../../gridmarket"
out="${1:-results/x9}"
sweeps=(local-market local-baselines failures-market failures-baselines outages maintenance-market
  maintenance-baselines site-failures-market site-failures-baselines)
for s in "${sweeps[@]}"; do "$gm" sweep "$here/$s.yaml" --out "$out/$s" --threads 2; done
"$gm" merge $(for s in "${sweeps[@]}"; do echo "$out/$s"; done) --out "$out/results.csv"
"$here/tables.sh" "$out" > "$out/tables.md"
# every run's schedule replayed node by node, failure windows included (jobs read = completed + rejected, no job on a
# failed or busy node, every killed attempt accounted for): one line per run in checks.txt, the count in tables.md; a
# run that fails is listed there and the script goes on to the figures (exit code 1 of check), bad input stops it (2)
checked=0
"$gm" check $(for s in "${sweeps[@]}"; do find "$out/$s/runs" -mindepth 1 -maxdepth 1 -type d; done | sort) \
  > "$out/checks.txt" || checked=$?
[ "$checked" -le 1 ] || exit "$checked"
printf '\nNode-level checks (gridmarket check): %s\n' "$(tail -1 "$out/checks.txt")" >> "$out/tables.md"
chart() {
  local dir="$1"; shift
  "$gm" chart strategies "$@" --series strategy,policy,market.rescheduling --out "$out/figures/$dir"
}
# AWRT per failure rate (the local-load sweeps' share 0 is "(none)"), per outage setting, and the grid's jobs' AWRT
# per local share (figures/failures, outage, local), every strategy side by side, one figure per workload (log
# scale: the market without rescheduling is several times slower than the rest)
chart failures "$out/failures-market" "$out/failures-baselines" "$out/local-market" "$out/local-baselines" \
  --where localLoad.share=0 --x failures --log --title "X9: AWRT (s) under node failures" \
  --x-label "16-node failures per machine-day (mean)" --y-label "AWRT (s)"
chart outage "$out/outages" "$out/local-market" --where localLoad.share=0 --x failures --log \
  --title "X9: AWRT (s) with domain s1 down for a day" \
  --x-label "domain s1 down for a day: its users' new requests go to s2 (fallback-s2) or wait (none: no outage)" --y-label "AWRT (s)"
chart local "$out/local-market" "$out/local-baselines" --x localLoad.share --metric strategyFields.localLoad.awrtGrid \
  --log --title "X9: AWRT (s) of the grid's jobs beside local load" \
  --x-label "local load (share of the jobs sent straight to their machine)" --y-label "AWRT of the grid's jobs (s)"
# AWRT with s1's machine m1 out: failing alone (axis E) or in weekly maintenance (axis D; no EASY bar, as EASY is
# refused with maintenance), beside the runs without (figures/site)
chart site "$out/site-failures-market" "$out/site-failures-baselines" "$out/maintenance-market" \
  "$out/maintenance-baselines" "$out/local-market" "$out/local-baselines" --where localLoad.share=0 --x failures --log \
  --title "X9: AWRT (s) with s1's machine m1 out of service" \
  --x-label "m1 out of service: m1-down failing alone, m1-weekly 8 h maintenance a week (none: never)" --y-label "AWRT (s)"
echo "X9: $out/results.csv, $out/tables.md, $out/figures"
