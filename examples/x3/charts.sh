#!/usr/bin/env bash
# X3 figures (thesis Figs 6.9-6.16) from the results of run.sh, into OUT/figures.
# Usage: examples/x3/charts.sh [OUT]     (OUT as given to run.sh; default results/x3)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-results/x3}"
chart() { "$here/../../gridmarket" chart "$@" --out "$out/figures"; }
# Fig 6.9: MF1-UF1 against EASY and conservative job-sharing, AWRT per workload, m128 and m512
chart strategies "$out/easy" "$out/mf1uf1" --x workload --series strategy,policy,configuration
# Fig 6.10: AWRT and AWWT of MF1-UF1 per workload, one figure per configuration
chart configurations "$out/mf1uf1" --x workload
# Fig 6.11: AWRT and AWWT per configuration, syn_org, MF1-UF1
chart configurations "$out/market-syn" --where market.mf=MF1 --where market.uf=UF1
# Figs 6.12, 6.13: work and utilization per machine on m128 (the thesis' pairs and also MF2-UF1)
chart machines "$out/market-syn" --where configuration=m128 --where market.mf=MF1,MF2 --where market.uf=UF1,UF2
# Fig 6.14: AWRT and AWWT per MF/UF pair on m128
chart configurations "$out/market-syn" --x market.mf,market.uf --where configuration=m128
# Figs 6.15, 6.16: AWRT per machine function with UF3, and per utility function with MF2, on m128
chart strategies "$out/market-syn" --x market.mf --where market.uf=UF3 --where configuration=m128
chart strategies "$out/market-syn" --x market.uf --where market.mf=MF2 --where configuration=m128
# utility values and prices paid per machine function, UF2 on m128
chart distribution "$out/market-syn" --where configuration=m128 --where market.uf=UF2
