#!/usr/bin/env python3
"""X1: thesis Tables 2.4-2.9 from an X1 results.csv, ours beside the thesis', and the claims of section 2.8.4.

Reads only the merged results (gridmarket merge). Usage: tables.py results/x1/results.csv

Normalisation: the thesis' weighted figures (about 1E11 on CTC) are sum w (e - s) / N with w = nodes x run time, i.e.
gridmarket's AWRT (sum w (e - s) / sum w) times the mean weight sum w / N. We print that product so the absolute
numbers compare; percentages are the same either way. The weighted columns of PSRS and SMART come from the runs that
order by weight (policyParameters.weighted: true), the unweighted ones from the unweighted runs; FCFS, its
backfilling and Garey-Graham do not use weights, so one run serves both.
"""
import csv
import sys
from collections import defaultdict

FAMILIES = ["FCFS", "PSRS", "SMART-FFIA", "SMART-NFIW"]
COLUMNS = ["list", "conservative", "EASY"]
POLICY = {("FCFS", "list"): "fcfs", ("FCFS", "conservative"): "conservative", ("FCFS", "EASY"): "easy",
          ("GG", "list"): "list"}
for fam, key in (("PSRS", "psrs"), ("SMART-FFIA", "smart-ffia"), ("SMART-NFIW", "smart-nfiw")):
    POLICY[(fam, "list")] = key
    POLICY[(fam, "conservative")] = key + "-conservative"
    POLICY[(fam, "EASY")] = key + "-easy"

# The thesis' absolute values: workload -> case -> family -> (list, conservative, EASY); Garey&Graham as "GG" (list).
T = {
    "ctc_exact": {"U": {"FCFS": (4.91e6, 4.05e5, 3.93e5), "PSRS": (1.05e5, 6.35e4, 5.48e4),
                        "SMART-FFIA": (9.07e4, 5.60e4, 5.33e4), "SMART-NFIW": (9.39e4, 5.66e4, 5.34e4),
                        "GG": (1.46e5,)},
                  "W": {"FCFS": (4.99e11, 1.14e11, 9.82e10), "PSRS": (3.91e11, 1.15e11, 9.91e10),
                        "SMART-FFIA": (3.03e11, 2.73e11, 2.58e11), "SMART-NFIW": (3.33e11, 2.92e11, 2.68e11),
                        "GG": (1.20e11,)}},
    "ctc": {"U": {"FCFS": (4.91e6, 6.70e5, 3.95e5), "PSRS": (1.59e5, 1.02e5, 1.06e5),
                  "SMART-FFIA": (1.57e5, 1.00e5, 1.17e5), "SMART-NFIW": (1.82e5, 1.02e5, 1.11e5), "GG": (1.46e5,)},
            "W": {"FCFS": (4.99e11, 1.83e11, 1.43e11), "PSRS": (3.82e11, 1.70e11, 1.43e11),
                  "SMART-FFIA": (3.57e11, 2.00e11, 1.51e11), "SMART-NFIW": (3.91e11, 2.03e11, 1.49e11),
                  "GG": (1.20e11,)}},
    "probabilistic": {"U": {"FCFS": (6.17e6, 1.06e6, 1.03e6), "PSRS": (2.86e5, 1.71e5, 1.55e5),
                            "SMART-FFIA": (2.67e5, 1.74e5, 1.57e5), "SMART-NFIW": (2.85e5, 1.65e5, 1.64e5),
                            "GG": (2.78e5,)},
                      "W": {"FCFS": (6.17e11, 3.03e11, 2.96e11), "PSRS": (5.10e11, 3.05e11, 2.91e11),
                            "SMART-FFIA": (4.84e11, 3.33e11, 2.97e11), "SMART-NFIW": (4.86e11, 3.31e11, 3.03e11),
                            "GG": (2.72e11,)}},
    "randomized": {"U": {"FCFS": (3.40e8, 1.72e8, 1.73e8), "PSRS": (1.66e8, 1.44e8, 1.32e8),
                         "SMART-FFIA": (1.57e8, 1.41e8, 1.37e8), "SMART-NFIW": (1.61e8, 1.42e8, 1.39e8),
                         "GG": (1.73e8,)},
                   "W": {"FCFS": (9.40e14, 6.66e14, 6.64e14), "PSRS": (8.66e14, 6.61e14, 6.60e14),
                         "SMART-FFIA": (8.15e14, 7.54e14, 6.96e14), "SMART-NFIW": (9.05e14, 7.96e14, 7.09e14),
                         "GG": (6.68e14,)}},
}
# The printed percentages, same layout.
TP = {
    "ctc_exact": {"U": {"FCFS": (0, -39.6, -0.5), "PSRS": (-34.0, -37.7, -48.3), "SMART-FFIA": (-42.2, -45.1, -49.7),
                        "SMART-NFIW": (-48.4, -44.5, -51.9), "GG": (0.0,)},
                  "W": {"FCFS": (0, -37.7, -31.3), "PSRS": (2.4, -32.4, -30.7), "SMART-FFIA": (-15.1, 36.5, 70.9),
                        "SMART-NFIW": (-14.8, 43.8, 79.9), "GG": (0.0,)}},
    "ctc": {"U": {"FCFS": (1143.0, -69.6, 0), "PSRS": (-59.7, -74.2, -73.2), "SMART-FFIA": (-60.2, -74.7, -70.4),
                  "SMART-NFIW": (-53.9, -74.2, -71.9), "GG": (-63.0,)},
            "W": {"FCFS": (249.0, 28.0, 0), "PSRS": (167.1, 18.9, 0), "SMART-FFIA": (149.6, 39.9, 5.6),
                  "SMART-NFIW": (173.4, 42.0, 4.2), "GG": (-16.1,)}},
    "probabilistic": {"U": {"FCFS": (499.0, 2.9, 0), "PSRS": (-72.2, -83.4, -85.0),
                            "SMART-FFIA": (-74.1, -83.1, -84.8), "SMART-NFIW": (-72.3, -84.0, -84.1), "GG": (-73.0,)},
                      "W": {"FCFS": (108.4, 2.4, 0), "PSRS": (72.3, 3.0, -1.7), "SMART-FFIA": (63.5, 12.5, 0.3),
                            "SMART-NFIW": (64.2, 11.8, 2.4), "GG": (-8.1,)}},
    "randomized": {"U": {"FCFS": (96.5, -0.6, 0), "PSRS": (-4.0, -16.8, -23.7), "SMART-FFIA": (-9.2, -18.5, -20.8),
                         "SMART-NFIW": (-6.9, -17.9, -19.7), "GG": (0,)},
                   "W": {"FCFS": (41.6, 0.3, 0), "PSRS": (30.4, -0.5, -0.6), "SMART-FFIA": (22.7, 13.6, 4.8),
                         "SMART-NFIW": (36.3, 19.9, 6.8), "GG": (0.6,)}},
}
TITLE = {"ctc_exact": "Table 2.4: CTC with exact run times (percent: against the same cell with estimates, "
                      "Table 2.5)",
         "ctc": "Table 2.5: CTC with estimated run times (percent: against FCFS with EASY)",
         "probabilistic": "Table 2.6: the probabilistic workload (percent: against FCFS with EASY)",
         "randomized": "Table 2.7: the randomized workload (percent: against FCFS with EASY)"}
CASE = {"U": ("unweighted, ART (s)", "art"), "W": ("weighted, sum w (e - s) / N", "awrt")}


def load(path):
    runs = {}
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            weighted = r.get("policyParameters.weighted", "") in ("true", "True")
            runs[(r["workload"], r["policy"], weighted)] = r
    return runs


def value(runs, workload, family, column, case):
    policy = POLICY[(family, column)]
    weighted = case == "W" and family in ("PSRS", "SMART-FFIA", "SMART-NFIW")
    r = runs.get((workload, policy, weighted))
    if r is None:
        return None
    if case == "U":
        return float(r["art"])
    return float(r["awrt"]) * float(r["machines.m1.work"]) / float(r["completed"])


def pct(a, b):
    return None if a is None or b is None else 100.0 * (a / b - 1)


def reference(runs, workload, family, column, case):
    """The value a cell's percentage is taken against, ours; and the thesis'."""
    if workload == "ctc_exact":
        return value(runs, "ctc", family, column, case), T["ctc"][case][family][COLUMNS.index(column)]
    return value(runs, workload, "FCFS", "EASY", case), T[workload][case]["FCFS"][2]


def fmt(v):
    return "-" if v is None else f"{v:.2e}"


def fmtp(p):
    return "-" if p is None else f"{p:+.1f} %"


def table(runs, workload):
    print(f"\n### {TITLE[workload]}\n")
    for case in ("U", "W"):
        print(f"{CASE[case][0]}: ours / thesis\n")
        print("| | list | conservative | EASY |")
        print("|---|---|---|---|")
        for family in FAMILIES + ["GG"]:
            cols = COLUMNS if family != "GG" else ["list"]
            cells = []
            for i, c in enumerate(cols):
                ours = value(runs, workload, family, c, case)
                ref = reference(runs, workload, family, c, case)[0]
                cells.append(f"{fmt(ours)} ({fmtp(pct(ours, ref))}) / {T[workload][case][family][i]:.2e} "
                             f"({TP[workload][case][family][i]:+.1f} %)")
            name = "Garey-Graham" if family == "GG" else family
            print(f"| {name} | " + " | ".join(cells) + " |")
        print()


def consistency():
    """Recomputes every printed percentage from the printed absolutes (3 significant digits) and lists the cells
    outside what rounding allows."""
    bad = []
    for workload in T:
        for case in ("U", "W"):
            for family, values in T[workload][case].items():
                for i, v in enumerate(values):
                    if workload == "ctc_exact":
                        ref = T["ctc"][case][family][i]
                    else:
                        ref = T[workload][case]["FCFS"][2]
                    printed = TP[workload][case][family][i]
                    lo = 100 * ((v - 0.005 * v / 1.0) / (ref + 0.005 * ref) - 1) - 0.05
                    hi = 100 * ((v + 0.005 * v) / (ref - 0.005 * ref) - 1) + 0.05
                    if not lo <= printed <= hi:
                        exact = 100 * (v / ref - 1)
                        bad.append(f"{TITLE[workload].split(':')[0]}, {CASE[case][0].split(',')[0]}, "
                                   f"{'Garey-Graham' if family == 'GG' else family} {COLUMNS[i]}: printed "
                                   f"{printed:+.1f} %, the absolutes give {exact:+.1f} % ({v:.2e} against {ref:.2e})")
    return bad


def claims(runs):
    out = []

    def v(w, f, c, case="U"):
        return value(runs, w, f, c, case)

    def have(*xs):
        return all(x is not None for x in xs)

    orders = ["PSRS", "SMART-FFIA", "SMART-NFIW"]
    w = "ctc"
    fe, fc = v(w, "FCFS", "EASY"), v(w, "FCFS", "conservative")
    others = [v(w, f, c) for f in orders for c in COLUMNS] + [v(w, "GG", "list")]
    if have(fe, fc, *others):
        out.append(("CTC, unweighted: all algorithms are clearly better than FCFS, even with backfilling",
                    all(x < min(fe, fc) for x in others),
                    f"largest ART of the others {max(others):.3g} s against FCFS-EASY {fe:.3g} s"))
        improved = [(f, v(w, f, "list"), min(v(w, f, "conservative"), v(w, f, "EASY"))) for f in orders]
        out.append(("CTC, unweighted: PSRS and SMART improve significantly with backfilling",
                    all(b < 0.9 * a for _, a, b in improved),
                    ", ".join(f"{f} {100 * (b / a - 1):+.0f} %" for f, a, b in improved)))
        gg = v(w, "GG", "list")
        backfilled = [v(w, f, c) for f in orders for c in ("conservative", "EASY")]
        out.append(("CTC, unweighted: Garey-Graham is good but inferior to PSRS and SMART with backfilling",
                    gg < fe and all(x < gg for x in backfilled),
                    f"Garey-Graham {gg:.3g} s; backfilled PSRS/SMART {min(backfilled):.3g}-{max(backfilled):.3g} s"))
        cons_better = [(f, v(w, f, "conservative"), v(w, f, "EASY")) for f in orders]
        out.append(("CTC, unweighted: conservative slightly better than EASY for PSRS and SMART",
                    all(c < e for _, c, e in cons_better),
                    ", ".join(f"{f} {100 * (c / e - 1):+.1f} %" for f, c, e in cons_better)))
        out.append(("CTC, unweighted: little difference between PSRS and SMART with backfilling",
                    max(backfilled) / min(backfilled) < 1.2,
                    f"spread {100 * (max(backfilled) / min(backfilled) - 1):.0f} % between the best and worst"))
        ggw = v(w, "GG", "list", "W")
        rest = [v(w, f, c, "W") for f in FAMILIES for c in COLUMNS]
        if have(ggw, *rest):
            out.append(("CTC, weighted: Garey-Graham clearly outperforms all other algorithms",
                        all(ggw < x for x in rest),
                        f"Garey-Graham {ggw:.3g}; best other {min(rest):.3g}"))
    w = "probabilistic"
    fe = v(w, "FCFS", "EASY")
    if have(fe, *[v(w, f, c) for f in orders for c in COLUMNS]):
        out.append(("probabilistic: PSRS and SMART improve with either backfilling",
                    all(min(v(w, f, "conservative"), v(w, f, "EASY")) < v(w, f, "list") for f in orders), ""))
        for case in ("U", "W"):
            fe_c = v(w, "FCFS", "EASY", case)
            bf = [v(w, f, c, case) for f in orders for c in ("conservative", "EASY")]
            if have(fe_c, *bf):
                out.append((f"probabilistic, {CASE[case][0].split(',')[0]}: PSRS and SMART are never better than "
                            f"FCFS with EASY", all(x >= fe_c for x in bf),
                            f"best backfilled PSRS/SMART {100 * (min(bf) / fe_c - 1):+.1f} % against FCFS-EASY"))
        out.append(("probabilistic, unweighted: EASY is superior to conservative (for PSRS and SMART)",
                    all(v(w, f, "EASY") < v(w, f, "conservative") for f in orders),
                    ", ".join(f"{f} {100 * (v(w, f, 'EASY') / v(w, f, 'conservative') - 1):+.1f} %" for f in orders)))
        out.append(("probabilistic, unweighted: PSRS slightly better than either SMART",
                    all(v(w, "PSRS", c) <= min(v(w, "SMART-FFIA", c), v(w, "SMART-NFIW", c)) for c in COLUMNS),
                    ", ".join(f"{c}: PSRS {v(w, 'PSRS', c):.3g}, SMART {min(v(w, 'SMART-FFIA', c), v(w, 'SMART-NFIW', c)):.3g}"
                              for c in COLUMNS)))
    if have(*[v("ctc", f, c) for f in orders for c in COLUMNS], *[v("ctc_exact", f, c) for f in orders for c in COLUMNS]):
        ratios = [v("ctc", f, c) / v("ctc_exact", f, c) for f in orders for c in COLUMNS]
        out.append(("exact vs estimated, unweighted: PSRS and SMART improve by almost a factor of 2 with exact times",
                    min(ratios) > 1.5, f"estimated / exact ART {min(ratios):.2f}-{max(ratios):.2f}"))
        gg = v("ctc_exact", "GG", "list", "W")
        bf = [v("ctc_exact", f, c, "W") for f in ("FCFS", "PSRS") for c in ("conservative", "EASY")]
        if have(gg, *bf):
            out.append(("exact, weighted: both backfillings beat Garey-Graham for FCFS and PSRS",
                        all(x < gg for x in bf), f"Garey-Graham {gg:.3g}, backfilled {min(bf):.3g}-{max(bf):.3g}"))
        sm = [(v("ctc_exact", f, c, "W"), v("ctc", f, c, "W")) for f in ("SMART-FFIA", "SMART-NFIW")
              for c in ("conservative", "EASY")]
        if all(have(a, b) for a, b in sm):
            out.append(("weighted: SMART with backfilling is worse with exact than with estimated times",
                        all(a > b for a, b in sm),
                        ", ".join(f"{100 * (a / b - 1):+.0f} %" for a, b in sm)))
    return out


def times(runs):
    print("\n### Tables 2.8 and 2.9: scheduler time (our simulation seconds) against FCFS with EASY\n")
    print("| workload | case | FCFS list | PSRS list | SMART-FFIA list | Garey-Graham | PSRS EASY | SMART-FFIA EASY |")
    print("|---|---|---|---|---|---|---|---|")
    for w in ("ctc", "probabilistic"):
        base = runs.get((w, "easy", False))
        if base is None:
            continue
        b = float(base["performance.simulationSeconds"])
        for case, weighted in (("unweighted", False), ("weighted", True)):
            cells = []
            for pol in ("fcfs", "psrs", "smart-ffia", "list", "psrs-easy", "smart-ffia-easy"):
                ordered = pol.startswith(("psrs", "smart"))
                r = runs.get((w, pol, weighted and ordered))
                cells.append("-" if r is None else
                             f"{float(r['performance.simulationSeconds']):.1f} s ({pct(float(r['performance.simulationSeconds']), b):+.0f} %)")
            print(f"| {w} | {case} | " + " | ".join(cells) + " |")
    print(f"\n(FCFS with EASY: " + ", ".join(f"{w} {float(runs[(w, 'easy', False)]['performance.simulationSeconds']):.1f} s"
                                             for w in ("ctc", "probabilistic") if (w, 'easy', False) in runs) + ")")


def main(path):
    runs = load(path)
    for w in ("ctc_exact", "ctc", "probabilistic", "randomized"):
        if any(k[0] == w for k in runs):
            table(runs, w)
    times(runs)
    print("\n### Printed cells that cannot all be right\n")
    for b in consistency() or ["none"]:
        print(f"- {b}")
    print("\n### The claims of section 2.8.4\n")
    print("| claim | reproduced | ours |")
    print("|---|---|---|")
    for text, ok, detail in claims(runs):
        print(f"| {text} | {'yes' if ok else 'no'} | {detail} |")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "results/x1/results.csv")
