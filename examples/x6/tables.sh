#!/usr/bin/env bash
# X6 tables (markdown) from the sweep's results.csv: Table 2 (range of the mean processor utilization over N per
# policy, C and d = e), D_R (relative increase of the throughput R over PrFCFS, %) and the RT_max ratio (over PrFCFS)
# against N. Usage: examples/x6/tables.sh RESULTS.csv
set -euo pipefail
awk -F, '
  { gsub(/"[^"]*"/, "Q"); $0 = $0 }
  NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
  {
    de = substr($col["forkjoin"], 3); c = $col["forkjoin.cv"] + 0; p = $col["forkjoin.policy"]; n = $col["forkjoin.jobs"] + 0
    k = de SUBSEP c SUBSEP p SUBSEP n
    U[k] = $col["utilization"]; R[k] = $col["throughput"]; RH[k] = $col["throughputHalfWidth"]; M[k] = $col["maxResponseTime"]
    D[de] = 1; C[c] = 1; N[n] = 1
  }
  END {
    split("prfcfs sqfcfs prstf prsnutf prlstf", P, " ")
    nd = 0; for (d in D) DD[++nd] = d + 0
    for (i = 1; i <= nd; i++) for (j = i + 1; j <= nd; j++) if (DD[j] < DD[i]) { x = DD[i]; DD[i] = DD[j]; DD[j] = x }
    nn = 0; for (v in N) NN[++nn] = v + 0
    for (i = 1; i <= nn; i++) for (j = i + 1; j <= nn; j++) if (NN[j] < NN[i]) { x = NN[i]; NN[i] = NN[j]; NN[j] = x }
    printf "\nTable 2: mean processor utilization range over N = %d .. %d\n", NN[1], NN[nn]
    for (c = 2; c <= 4; c += 2) {
      printf "\nC = %d\n\n| policy |", c; for (i = 1; i <= nd; i++) printf " d = e = %d |", DD[i]
      printf "\n|---|"; for (i = 1; i <= nd; i++) printf "---|"; printf "\n"
      for (pi = 1; pi <= 5; pi++) {
        printf "| %s |", P[pi]
        for (i = 1; i <= nd; i++) {
          lo = 2; hi = -1
          for (ni = 1; ni <= nn; ni++) { u = U[DD[i] SUBSEP c SUBSEP P[pi] SUBSEP NN[ni]]; if (u < lo) lo = u; if (u > hi) hi = u }
          printf " %.2f - %.2f |", lo, hi
        }
        printf "\n"
      }
    }
    for (what = 1; what <= 2; what++) {
      for (c = 2; c <= 4; c += 2) for (i = 1; i <= nd; i++) {
        if (what == 1) printf "\nD_R (%%), d = e = %d, C = %d\n\n| N |", DD[i], c
        else printf "\nRT_max ratio, d = e = %d, C = %d\n\n| N |", DD[i], c
        for (pi = 2; pi <= 5; pi++) printf " %s |", P[pi]
        printf "\n|---|---|---|---|---|\n"
        for (ni = 1; ni <= nn; ni++) {
          base = DD[i] SUBSEP c SUBSEP "prfcfs" SUBSEP NN[ni]
          printf "| %d |", NN[ni]
          for (pi = 2; pi <= 5; pi++) {
            k = DD[i] SUBSEP c SUBSEP P[pi] SUBSEP NN[ni]
            if (what == 1) printf " %.1f |", 100 * (R[k] / R[base] - 1)
            else printf " %.2f |", M[k] / M[base]
          }
          printf "\n"
        }
      }
    }
  }' "$1"
