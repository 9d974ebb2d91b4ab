#!/usr/bin/env bash
# X5 tables (markdown) from merged sweep results: per sweep, utilization and mean response time (ART, seconds) per
# scheme and load, as the mean over the replications (seeds) +- the half-width of its 95 % confidence interval
# (Student t). Usage: examples/x5/table.sh RESULTS.csv [COLUMN]   (COLUMN: the scheme column, default policy)
set -euo pipefail
csv="$1"
series="${2:-policy}"
awk -F, -v series="$series" '
  # quoted fields (run ids, workload descriptions) hold commas but never quotes: blank them out before splitting
  { gsub(/"[^"]*"/, "Q"); $0 = $0 }
  NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
  {
    k = $col["experiment"] SUBSEP $col[series] SUBSEP $col["workload.generate.load"]
    n[k]++; u[k] += $col["utilization"]; uu[k] += $col["utilization"] ^ 2
    r[k] += $col["art"]; rr[k] += $col["art"] ^ 2
    exps[$col["experiment"]] = 1; ser[$col["experiment"], $col[series]] = 1; loads[$col["workload.generate.load"] + 0] = $col["workload.generate.load"]
  }
  function t95(df) { return df >= 30 ? 1.96 : (df == 1 ? 12.71 : (df == 2 ? 4.30 : (df == 3 ? 3.18 : (df == 4 ? 2.78 : (df < 10 ? 2.36 - (df - 5) * 0.04 : (df < 20 ? 2.23 - (df - 10) * 0.0075 : 2.09 - (df - 20) * 0.004)))))) }
  function ci(s, ss, m) { return m < 2 ? 0 : t95(m - 1) * sqrt(((ss - s * s / m) > 0 ? (ss - s * s / m) : 0) / (m - 1) / m) }
  END {
    nl = 0; for (l in loads) L[++nl] = l + 0
    for (i = 1; i <= nl; i++) for (j = i + 1; j <= nl; j++) if (L[j] < L[i]) { x = L[i]; L[i] = L[j]; L[j] = x }
    for (e in exps) {
      ns = 0; delete S
      for (key in ser) { split(key, p, SUBSEP); if (p[1] == e) S[++ns] = p[2] }
      for (i = 1; i <= ns; i++) for (j = i + 1; j <= ns; j++) if (S[j] < S[i]) { x = S[i]; S[i] = S[j]; S[j] = x }
      for (metric = 1; metric <= 2; metric++) {
        printf "\n%s: %s (mean of replications +- 95 %% CI)\n\n| load |", e, metric == 1 ? "utilization" : "mean response time (s)"
        for (i = 1; i <= ns; i++) printf " %s |", S[i]
        printf "\n|---|"; for (i = 1; i <= ns; i++) printf "---|"; printf "\n"
        for (li = 1; li <= nl; li++) {
          printf "| %s |", L[li]
          for (i = 1; i <= ns; i++) {
            k = e SUBSEP S[i] SUBSEP loads[L[li]]
            if (!(k in n)) { printf " |"; continue }
            if (metric == 1) printf " %.3f +- %.3f |", u[k] / n[k], ci(u[k], uu[k], n[k])
            else printf " %.1f +- %.1f |", r[k] / n[k], ci(r[k], rr[k], n[k])
          }
          printf "\n"
        }
      }
    }
  }' "$csv"
