#!/usr/bin/env bash
# Each X8 mechanism's simulation time as a ratio to the call for offers' (docs/BENCHMARKS.md, "The market's
# mechanisms"). Every mechanism runs in its own JVM right after a call for offers in its own JVM, so that both see the
# same host load and neither inherits the other's compiled code or heap; a pair's ratio is taken within the pair, and
# the median over ROUNDS pairs is reported.
#
#   benchmarks/mechanisms/ratios.sh [ROUNDS] [MECHANISM...]     (default 3 rounds, X8's 12 other mechanisms)
#
# GRIDMARKET_JAR times another build's jar with the launcher's options (to compare two builds on one host).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
rounds=${1:-3}
shift || true
mechanisms=("$@")
if [ ${#mechanisms[@]} -eq 0 ]; then
  mechanisms=(first-price second-price sealed-bid-truthful sealed-bid-learn sealed-bid-second-price posted-prices
              double-auction english-clock dutch-clock dbc-cost dbc-time dbc-cost-time)
fi
cd "$here"
sim_seconds() { # the median simulation seconds of `bench` (one warm-up, three timed runs)
  if [ -n "${GRIDMARKET_JAR:-}" ]; then
    java -Xmx4g -XX:+UseParallelGC -jar "$GRIDMARKET_JAR" bench --repeat=3 "$1.yaml" 2>/dev/null
  else
    "$here/../../gridmarket" bench --repeat=3 "$1.yaml" 2>/dev/null
  fi | awk 'NR == 2 { print $4 }'
}
"$here/../../gridmarket" --version >/dev/null # builds the jar first if the sources changed
table=$(mktemp)
trap 'rm -f "$table"' EXIT
for ((r = 1; r <= rounds; r++)); do
  for m in "${mechanisms[@]}"; do
    base=$(sim_seconds call-for-offers)
    own=$(sim_seconds "$m")
    echo "$m $own $base" | awk -v r="$r" '{ printf "round %d  %-24s %7.3f s  call for offers %7.3f s  ratio %5.2f\n", r, $1, $2, $3, $2 / $3 }' >&2
    echo "$m $own $base" >>"$table"
  done
done
printf '%-24s %14s %14s %8s %8s %8s\n' mechanism "median sim s" "median cfo s" "ratio" "lowest" "highest"
median() { sort -g | awk '{ v[NR] = $1 } END { printf "%.3f", v[int((NR + 1) / 2)] }'; }
for m in "${mechanisms[@]}"; do
  rows=$(awk -v m="$m" '$1 == m { print $2, $3, $2 / $3 }' "$table")
  ratios=$(cut -d' ' -f3 <<<"$rows" | sort -g)
  printf '%-24s %14s %14s %8.2f %8.2f %8.2f\n' "$m" "$(cut -d' ' -f1 <<<"$rows" | median)" \
    "$(cut -d' ' -f2 <<<"$rows" | median)" "$(median <<<"$ratios")" "$(head -1 <<<"$ratios")" "$(tail -1 <<<"$ratios")"
done
