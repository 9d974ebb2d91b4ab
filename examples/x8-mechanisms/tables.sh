#!/usr/bin/env bash
# X8 tables (markdown) from one results.csv holding the market sweep and the baselines (run.sh merges both): AWRT per
# workload, one table per configuration; then each mechanism's means over the eight workloads in seconds and money.
# Usage: examples/x8-mechanisms/tables.sh RESULTS.csv
set -euo pipefail
awk -F, '
  function v(name) { return (name in col) ? $col[name] : "" }
  { gsub(/"[^"]*"/, "Q"); $0 = $0 }
  NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
  {
    m = v("market"); if (m == "") m = (v("policy") == "easy" ? "EASY job-sharing" : "conservative job-sharing")
    c = v("configuration"); w = v("workload")
    if (!(m in seenM)) { seenM[m] = 1; M[++nm] = m }
    if (!(w in seenW)) { seenW[w] = 1; W[++nw] = w }
    if (!(c in seenC)) { seenC[c] = 1; C[++nc] = c }
    k = m SUBSEP c SUBSEP w
    AWRT[k] = v("awrt"); n[m, c]++
    split("awrt awwt meanBoundedSlowdown utilization rejected market.revenue market.economy.yield market.economy.yieldShare market.economy.waitFairness market.economy.priceFairness market.economy.deadlineSuccess market.economy.priceVolatility", F, " ")
    for (f = 1; f <= 12; f++) { x = v(F[f]); if (x != "") { S[m, c, f] += x; N[m, c, f]++ } }
  }
  END {
    for (ci = 1; ci <= nc; ci++) {
      c = C[ci]
      printf "\nAWRT (s) on %s\n\n| mechanism |", c; for (wi = 1; wi <= nw; wi++) printf " %s |", W[wi]
      printf "\n|---|"; for (wi = 1; wi <= nw; wi++) printf "---:|"; printf "\n"
      for (mi = 1; mi <= nm; mi++) {
        m = M[mi]; if (!((m, c) in n)) continue
        printf "| %s |", m
        for (wi = 1; wi <= nw; wi++) { k = m SUBSEP c SUBSEP W[wi]; printf (k in AWRT) ? " %.0f |" : " - |", AWRT[k] }
        printf "\n"
      }
      printf "\nMeans over the workloads on %s (money in node-second units; - where a strategy has no market)\n\n", c
      printf "| mechanism | AWRT s | AWWT s | bounded slowdown | utilization | rejected | revenue | yield | efficiency | wait fairness | price fairness | deadline success | price volatility |\n"
      printf "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
      for (mi = 1; mi <= nm; mi++) {
        m = M[mi]; if (!((m, c) in n)) continue
        printf "| %s |", m
        for (f = 1; f <= 12; f++) {
          if (!((m, c, f) in N)) { printf " - |"; continue }
          x = S[m, c, f] / N[m, c, f]
          if (f <= 2) printf " %.0f |", x; else if (f == 5) printf " %.1f |", x
          else if (f == 6 || f == 7) printf " %.3g |", x; else printf " %.3f |", x
        }
        printf "\n"
      }
    }
  }' "$1"
