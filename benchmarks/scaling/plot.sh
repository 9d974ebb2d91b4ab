#!/usr/bin/env bash
# Draws scaling.csv as two log-log SVG charts (wall time against jobs, and against machines), one line per curve.
# Usage: benchmarks/scaling/plot.sh scaling.csv OUT.svg
set -euo pipefail
awk -F, -v W=900 -v H=380 '
  NR == 1 { next }
  { c = $1; x = ($1 ~ /^machines/) ? $4 : $3; y = $5; if (y <= 0) next
    p = ($1 ~ /^machines/) ? 2 : 1; curves[c] = p; n[c]++; X[c, n[c]] = log(x) / log(10); Y[c, n[c]] = log(y) / log(10)
    if (!(p in lo) || X[c, n[c]] < lo[p]) lo[p] = X[c, n[c]]; if (!(p in hi) || X[c, n[c]] > hi[p]) hi[p] = X[c, n[c]]
    if (!(p in ylo) || Y[c, n[c]] < ylo[p]) ylo[p] = Y[c, n[c]]; if (!(p in yhi) || Y[c, n[c]] > yhi[p]) yhi[p] = Y[c, n[c]] }
  END {
    split("#1f77b4 #d62728 #2ca02c #9467bd #ff7f0e #8c564b", col, " ")
    printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">\n", W, H
    printf "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
    for (p = 1; p <= 2; p++) {
      if (!(p in lo)) continue
      ox = (p - 1) * W / 2 + 60; ow = W / 2 - 90; oy = 30; oh = H - 80
      y0 = int(ylo[p]) - (ylo[p] < 0 ? 1 : 0); y1 = int(yhi[p]) + 1; x0 = lo[p]; x1 = hi[p]; if (x1 == x0) x1 = x0 + 1
      printf "<text x=\"%d\" y=\"18\" font-weight=\"bold\">%s</text>\n", ox, p == 1 ? "simulation wall time against jobs" : "simulation wall time against machines"
      printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#888\"/>\n", ox, oy, ow, oh
      for (e = y0; e <= y1; e++) { yy = oy + oh - (e - y0) / (y1 - y0) * oh
        printf "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/><text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%g s</text>\n", ox, ox + ow, yy, yy, ox - 4, yy + 4, 10 ^ e }
      for (e = int(x0); e <= x1 + 0.001; e += (p == 1 ? 0.5 : log(2) / log(10) * 2)) { if (e < x0 - 0.001) continue
        xx = ox + (e - x0) / (x1 - x0) * ow
        printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>\n", xx, oy + oh + 16, int(10 ^ e + 0.5) }
      printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s (log scale)</text>\n", ox + ow / 2, oy + oh + 34, p == 1 ? "jobs" : "machines of 128 nodes"
      k = 0
      for (c in curves) if (curves[c] == p) {
        k++; pts = ""
        for (i = 1; i <= n[c]; i++) pts = pts sprintf("%.1f,%.1f ", ox + (X[c, i] - x0) / (x1 - x0) * ow, oy + oh - (Y[c, i] - y0) / (y1 - y0) * oh)
        printf "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/>\n", pts, col[k]
        printf "<text x=\"%d\" y=\"%d\" fill=\"%s\">%s</text>\n", ox + 8, oy + 14 * k, col[k], c
      }
    }
    print "</svg>"
  }' "$1" > "$2"
