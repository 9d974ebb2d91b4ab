#!/usr/bin/env bash
# How cost grows: wall time of the event loop, of the whole process, events per second and peak heap against jobs
# (probabilistic model fitted to CTC) and against machines, for each strategy, the market routed by capacity beside
# EASY job-sharing on the same jobs. Writes scaling.csv (one row per run) and prints each curve's fitted growth
# exponent (least squares of log time on log size). Usage: benchmarks/scaling/scaling.sh [OUT]
# (JOBS, MACHINES, MACHINE_JOBS and MARKET_JOBS override the sizes). Each run is its own JVM
# (`gridmarket run --no-charts`, GRIDMARKET_JAVA_OPTS or -Xmx6g); sim_s is the summary's simulationSeconds.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."
out="${1:-$here/out}"
mkdir -p "$out"
traces="$(cd "$root/../shared/data/traces" && pwd)"
jar="${GRIDMARKET_JAR:-$root/app/target/gridmarket.jar}"
csv="$out/scaling.csv"
echo "curve,strategy,jobs,machines,sim_s,heap_mib,wall_s,events,events_per_s" > "$csv"
one() { # curve strategy policy jobs grid-yaml
  local name="$1-$4-$(echo "$5" | cksum | cut -c1-6)"
  cat > "$out/$name.yaml" <<YAML
name: $name
seed: 1
workload: {generate: {model: probabilistic, fit: $traces/CTC-SP2-1996-3.1-cln.swf.gz, jobs: $4}}
$5
strategy: $2
policy: $3
YAML
  local began ended
  began="$(date +%s.%N)"
  java ${GRIDMARKET_JAVA_OPTS:--Xmx6g} -jar "$jar" run "$out/$name.yaml" --no-charts --out "$out/runs/$name" >/dev/null
  ended="$(date +%s.%N)"
  local s="$out/runs/$name/summary.json"
  local sim heap events
  sim="$(sed -n 's/.*"simulationSeconds" : \([0-9.]*\).*/\1/p' "$s")"
  heap="$(sed -n 's/.*"peakHeapBytes" : \([0-9]*\).*/\1/p' "$s")"
  events="$(sed -n 's/.*"events" : \([0-9]*\).*/\1/p' "$s")"
  echo "$1,$2,$4,$6,$sim,$((heap / 1048576)),$(awk -v a="$began" -v b="$ended" 'BEGIN { printf "%.2f", b - a }'),$events,$(awk -v e="$events" -v s="$sim" 'BEGIN { printf "%d", (s > 0 ? e / s : 0) }')" | tee -a "$csv"
}
capacity="market: {routing: capacity}"
single="machines: [{name: m1, nodes: 338}]"
for jobs in ${JOBS:-10000 30000 100000 300000 1000000}; do
  one jobs-easy local easy "$jobs" "$single" 1
  one jobs-conservative local conservative "$jobs" "$single" 1
  one jobs-jobsharing jobsharing easy "$jobs" "configuration: m128" 4
  one jobs-multisite multisite easy "$jobs" "configuration: m128
multisite: {overhead: 0.25}" 4
  one jobs-market market easy "$jobs" "configuration: m128
$capacity" 4
done
for m in ${MACHINES:-4 16 64 256 512}; do
  grid="sites: [$(for i in $(seq "$m"); do printf '{name: s%d, machines: [{name: m%d, nodes: 128}]}' "$i" "$i"; if [ "$i" -lt "$m" ]; then printf ', '; fi; done)]"
  one machines-jobsharing jobsharing easy "${MACHINE_JOBS:-20000}" "$grid" "$m"
  one machines-multisite multisite easy "${MACHINE_JOBS:-20000}" "$grid
multisite: {overhead: 0.25}" "$m"
  one machines-market market easy "${MACHINE_JOBS:-20000}" "$grid
$capacity" "$m"
  one machines-market-all market easy "${MARKET_JOBS:-2000}" "$grid" "$m"
done
# fitted exponent b of sim_s = a * size^b per curve
awk -F, 'NR > 1 && $5 > 0 { x = log($1 ~ /^machines/ ? $4 : $3); y = log($5); c = $1;
    n[c]++; sx[c] += x; sy[c] += y; sxx[c] += x * x; sxy[c] += x * y }
  END { for (c in n) if (n[c] > 1) printf "%s: exponent %.2f over %d sizes\n", c,
    (n[c] * sxy[c] - sx[c] * sy[c]) / (n[c] * sxx[c] - sx[c] * sx[c]), n[c] }' "$csv" | sort | tee "$out/exponents.txt"
