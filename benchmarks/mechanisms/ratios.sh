#!/usr/bin/env bash
# Each X8 mechanism's time as a ratio to the call for offers' (docs/BENCHMARKS.md, "The market's mechanisms"). Every
# mechanism runs in its own JVM right after a call for offers in its own JVM, so that both see the same host load and
# neither inherits the other's compiled code or heap; a pair's ratio is taken within the pair, and the median over
# ROUNDS pairs is reported, for the simulation's wall time and for the CPU time of a whole run (which leaves out the
# time a shared host gave to others).
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
bench_times() { # "wall cpu": bench's median simulation seconds and median CPU seconds (one warm-up, three timed runs)
  if [ -n "${GRIDMARKET_JAR:-}" ]; then
    java -Xmx4g -XX:+UseParallelGC -jar "$GRIDMARKET_JAR" bench --repeat=3 "$1.yaml" 2>/dev/null
  else
    "$here/../../gridmarket" bench --repeat=3 "$1.yaml" 2>/dev/null
  fi | awk 'NR == 2 { print $4, $9 }'
}
"$here/../../gridmarket" --version >/dev/null # builds the jar first if the sources changed
table=$(mktemp)
trap 'rm -f "$table"' EXIT
for ((r = 1; r <= rounds; r++)); do
  for m in "${mechanisms[@]}"; do
    base=$(bench_times call-for-offers)
    own=$(bench_times "$m")
    echo "$m $own $base" | awk -v r="$r" '{ printf "round %d  %-24s wall %6.3f s cpu %6.3f s  call for offers wall %6.3f s cpu %6.3f s  ratios %5.2f %5.2f\n", r, $1, $2, $3, $4, $5, $2 / $4, $3 / $5 }' >&2
    echo "$m $own $base" >>"$table"
  done
done
median() { sort -g | awk '{ v[NR] = $1 } END { printf "%.2f", v[int((NR + 1) / 2)] }'; }
printf '%-24s %10s %10s %10s %10s %-18s %-18s\n' mechanism "wall s" "cfo wall s" "cpu s" "cfo cpu s" "wall ratio" "cpu ratio"
for m in "${mechanisms[@]}"; do
  rows=$(awk -v m="$m" '$1 == m { print $2, $3, $4, $5, $2 / $4, $3 / $5 }' "$table")
  col() { cut -d' ' -f"$1" <<<"$rows" | median; }
  range() { cut -d' ' -f"$1" <<<"$rows" | sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.2f-%.2f", lo, hi }'; }
  printf '%-24s %10s %10s %10s %10s %-18s %-18s\n' "$m" "$(col 1)" "$(col 3)" "$(col 2)" "$(col 4)" \
    "$(col 5) ($(range 5))" "$(col 6) ($(range 6))"
done
