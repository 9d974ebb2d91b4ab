#!/usr/bin/env python3
"""X4: thesis Tables 4.3-4.5 (and seed 000's 256-node Tables 7-9) and Table 4.2's grid from the X4 sweeps, ours
beside the thesis', and the claims of section 4.2 checked one by one.

Reads only the runs' params.json and jobs.csv. Per run, with w = nodes x run time (Assumption 1) over the completed
jobs: makespan = last end - first submit; weighted completion time = sum w x end (ends counted from the month's first
submission, shape.shift); weighted flow time = sum w x (end - submit); flow time = sum (end - submit). Every figure is
relative to non-preemptive FCFS on the same month: 100 x (PFCFS / FCFS - 1). "Sum" is over the whole period,
sum over months of PFCFS / sum of FCFS - 1.

Usage: tables.py OUT   (OUT holding presets/, presets256/, grid/, instruction-c/ and instruction-c256/ of
examples/x4/run.sh, and grid-full/ of run.sh --full)
"""
import csv
import json
import pathlib
import sys

MONTHS = ["jul96", "aug96", "sep96", "oct96", "nov96", "dec96", "jan97", "feb97", "mar97", "apr97", "may97"]
CRITERIA = ["makespan", "completion", "flow"]
NAMES = {"makespan": "makespan", "completion": "weighted completion time", "flow": "weighted flow time"}
PRESETS = ["pfcfs1", "pfcfs2", "pfcfs3"]

# Thesis Tables 4.3-4.5 (= seed 000's Tables 4-6, 128 nodes) and seed 000's Tables 7-9 (256 nodes): months x presets.
THESIS = {
    (128, "makespan"): [(-3.5, -16.3, 20.0), (-8.3, -22.2, 14.3), (-10.0, -25.4, 8.7), (-4.9, -23.2, 12.2),
                        (-18.0, -30.0, 11.2), (-12.5, -22.3, 20.3), (-4.9, -16.9, 16.4), (-4.1, -15.4, 32.3),
                        (-5.6, -14.1, 15.4), (-14.3, -26.7, 8.6), (-15.8, -29.2, 3.0), (-9.5, -22.1, 14.4)],
    (128, "completion"): [(-7.1, -19.7, 13.8), (-6.1, -20.4, 13.2), (-10.9, -25.5, 6.5), (-3.3, -20.9, 11.5),
                          (-21.0, -33.4, 5.7), (-15.0, -25.6, 20.7), (-4.6, -13.4, 12.1), (-5.8, -18.3, 25.0),
                          (-5.3, -14.2, 16.7), (-11.8, -24.5, 11.8), (-14.0, -28.4, 2.7), (-9.6, -22.2, 12.3)],
    (128, "flow"): [(-10.4, -30.6, 22.0), (-22.6, -41.9, 2.0), (-15.9, -37.3, 9.4), (-5.2, -32.9, 17.4),
                    (-29.7, -47.3, 8.1), (-22.4, -39.1, 31.7), (28.1, 9.6, 63.0), (-8.2, -28.8, 38.3),
                    (-8.4, -22.3, 26.2), (-18.4, -38.3, 18.4), (-19.5, -39.5, 3.7), (-13.6, -33.2, 19.1)],
    (256, "makespan"): [(-5.2, -6.9, 13.3), (-2.4, -9.0, 11.7), (-8.1, -19.6, 18.2), (-23.5, -28.7, -6.5),
                        (-0.5, -9.6, 24.2), (-0.6, -5.6, 18.9), (-11.9, -18.7, 12.1), (-8.5, -13.7, 29.6),
                        (-2.4, -7.3, 16.1), (-1.6, -8.6, 24.3), (1.4, -9.1, 24.4), (-6.4, -13.0, 16.2)],
    (256, "completion"): [(-9.3, -11.6, 12.4), (-1.5, -8.1, 8.1), (-9.4, -19.4, 13.8), (0.9, -4.5, 20.7),
                          (-0.7, -8.5, 23.1), (0.0, -6.2, 19.5), (-11.2, -15.9, 2.3), (-11.9, -15.1, 7.9),
                          (-4.1, -7.5, 11.6), (0.9, -6.2, 22.9), (3.2, -7.2, 24.0), (-4.2, -10.4, 14.6)],
    (256, "flow"): [(-37.2, -46.8, 49.8), (-6.9, -36.5, 36.9), (-24.9, -51.9, 35.5), (4.7, -22.0, 190.6),
                    (-3.2, -31.8, 86.1), (-2.2, -30.1, 81.2), (-30.7, -42.3, 6.9), (-36.2, -47.3, 23.7),
                    (-14.4, -28.0, 44.2), (5.3, -41.3, 147.3), (9.8, -22.5, 73.3), (-16.1, -38.0, 55.6)],
}


def measure(run):
    first, last, comp, flow, plain = None, 0, 0.0, 0.0, 0.0
    with open(run / "jobs.csv", newline="") as f:
        for row in csv.DictReader(f):
            if row["status"] != "completed":
                continue
            s, e, w = int(row["submit"]), int(row["end"]), int(row["nodes"]) * int(row["run_time"])
            first = s if first is None else min(first, s)
            last = max(last, e)
            comp += w * e
            flow += w * (e - s)
            plain += e - s
    return {"makespan": last - first, "completion": comp, "flow": flow, "plainflow": plain}


def load(folder, key):
    found = {}
    for params in pathlib.Path(folder).glob("runs/*/params.json"):
        p = json.loads(params.read_text())
        found[(p["workload"], key(p))] = measure(params.parent)
    return found


def rel(a, b):
    return 100.0 * (a / b - 1)


def table(runs, settings, criterion):
    """Rows: months then Sum; columns: settings; values: percent against FCFS."""
    rows = []
    for m in MONTHS:
        rows.append([rel(runs[(m, s)][criterion], runs[(m, "fcfs")][criterion]) for s in settings])
    rows.append([rel(sum(runs[(m, s)][criterion] for m in MONTHS), sum(runs[(m, "fcfs")][criterion] for m in MONTHS))
                 for s in settings])
    return rows


def presets(out, nodes, folder):
    runs = load(pathlib.Path(out) / folder, lambda p: p["policy"])
    result = {}
    for c in CRITERIA:
        ours = table(runs, PRESETS, c)
        result[c] = ours
        thesis = THESIS[(nodes, c)]
        print(f"\n{NAMES[c].capitalize()}, {nodes} nodes, relative to FCFS (ours | thesis)\n")
        print("| month | PFCFS1 | PFCFS2 | PFCFS3 | thesis PFCFS1 | PFCFS2 | PFCFS3 |")
        print("|---|---|---|---|---|---|---|")
        for m, o, t in zip(MONTHS + ["Sum"], ours, thesis):
            print(f"| {m} | " + " | ".join(f"{v:+.1f}%" for v in o) + " | " + " | ".join(f"{v:+.1f}%" for v in t)
                  + " |")
        means = [sum(t[k] for t in thesis[:-1]) / len(MONTHS) for k in range(3)]
        print("\nthesis: mean of the printed months " + ", ".join(f"{v:+.1f}%" for v in means)
              + " against its Sum " + ", ".join(f"{v:+.1f}%" for v in thesis[-1]))
    plain = table(runs, PRESETS, "plainflow")
    result["plainflow"] = plain
    print(f"\n(unweighted) flow time, {nodes} nodes, Sum: " + ", ".join(f"{v:+.1f}%" for v in plain[-1]))
    return result


def grid(out, base):
    runs = load(pathlib.Path(out) / "grid", lambda p: p["policyParameters"])
    runs.update(base)
    settings = sorted({k[1] for k in runs if k[1] != "fcfs" and not k[1].startswith("pfcfs")},
                      key=lambda s: (s.rstrip("0123456789"), int(s.lstrip("abcdefghijklmnopqrstuvwxyz"))))
    tables = {c: table(runs, settings, c) for c in CRITERIA}
    print("\nTable 4.2's grid, 128 nodes, whole period (Sum) relative to FCFS, and months better than FCFS\n")
    print("| setting | makespan | weighted completion | weighted flow | months better (m / c / f) |")
    print("|---|---|---|---|---|")
    summary = {}
    for k, s in enumerate(settings):
        sums = [tables[c][-1][k] for c in CRITERIA]
        better = [sum(1 for row in tables[c][:-1] if row[k] < 0) for c in CRITERIA]
        summary[s] = (sums, better)
        print(f"| {s} | " + " | ".join(f"{v:+.2f}%" for v in sums) + " | " + " / ".join(map(str, better)) + " |")
    return summary


def claims(r128, r256, g, easy=None):
    def say(text, holds, why):
        print(f"- {text}: {'reproduced' if holds else 'NOT reproduced'} ({why})")

    print("\nClaims of section 4.2\n")
    # The tables' PFCFS2 column behaves as Table 4.1's PFCFS3 (n = 1) and the reverse: each claim on the printed
    # labels, then with our PFCFS2 and PFCFS3 exchanged.
    for label, two, three in (("as printed", 1, 2), ("PFCFS2 and PFCFS3 exchanged", 2, 1)):
        p = {c: r128[c] for c in CRITERIA}
        wins = sum(1 for c in CRITERIA for row in p[c][:-1]
                   if row[two] < 0 and row[two] < row[0] and row[two] < row[three])
        say(f"[{label}] PFCFS2 consistently outperforms FCFS and PFCFS1, PFCFS3", wins == 3 * len(MONTHS),
            f"{wins} of {3 * len(MONTHS)} month x criterion cells")
        worse = sum(1 for c in CRITERIA for row in p[c][:-1] if row[three] > 0)
        say(f"[{label}] FCFS may still outperform some preemptive methods (PFCFS3)", worse > 0,
            f"PFCFS3 worse than FCFS in {worse} of {3 * len(MONTHS)} cells")
        nov, jan = p["flow"][MONTHS.index("nov96")][two], p["flow"][MONTHS.index("jan97")][two]
        say(f"[{label}] PFCFS2's weighted flow time: almost -50 % in Nov 96, more than +9 % in Jan 97",
            nov < -40 and jan > 9, f"ours {nov:+.1f}% and {jan:+.1f}%")
    if g:
        sums, better = g["x40"]
        say("Table 4.6's setting (x 40 %, n 1, delay 60 s) improves every criterion in every month (Fig. 4.1)",
            all(b == len(MONTHS) for b in better), f"months better {better}, Sum " + ", ".join(f"{v:+.1f}%" for v in sums))
        odd = [g[f"n{n}"][0] for n in (1, 3, 11)]
        even = [g[f"n{n}"][0] for n in (2, 10)]
        say("odd n always improves on FCFS", all(v < 0 for s in odd for v in s),
            "n 1, 3, 11: " + "; ".join(", ".join(f"{v:+.1f}%" for v in s) for s in odd))
        say("even n is significantly worse than FCFS", all(v > 0 for s in even for v in s),
            "n 2, 10: " + "; ".join(", ".join(f"{v:+.1f}%" for v in s) for s in even))
        spread = max(abs(a - b) for a, b in zip(g["n3"][0], g["n11"][0]))
        say("for odd n the gains change little as n grows", spread < 2, f"n 3 against 11 differ by {spread:.2f} points")
        x = {k: g[f"x{k}"][0] for k in (40, 45, 50, 55, 60)}
        say("costs rise for x above 50 %", all(x[55][c] > x[50][c] and x[60][c] > x[55][c] for c in range(3)),
            "x 50, 55, 60: " + "; ".join(", ".join(f"{v:+.1f}%" for v in x[k]) for k in (50, 55, 60)))
        say("x below 50 % improves slightly", all(x[40][c] <= x[50][c] and x[45][c] <= x[50][c] for c in range(3)),
            "x 40, 45: " + "; ".join(", ".join(f"{v:+.1f}%" for v in x[k]) for k in (40, 45)))
        delays = {d: g[f"delay{d}"][0] for d in (60, 120, 240, 600, 1800, 3600)}
        best = [min(delays, key=lambda d: delays[d][c]) for c in range(3)]
        width = max(max(v[c] for v in delays.values()) - min(v[c] for v in delays.values()) for c in range(3))
        say("with odd n the delay matters little, 120 s frequently best", width < 3 and best.count(120) >= 2,
            f"best delay per criterion {best}, spread up to {width:.2f} points")
        d = max(abs(a - b) for a, b in zip(g["gang1"][0], g["gang60"][0]))
        say("gang length 1 s against 60 s changes the costs by less than 0.01 %", d < 0.01, f"{d:.3f} points")
    if easy:  # per month and criterion: the best of PFCFS1-3 against EASY backfilling, both relative to FCFS
        cells = [(c, m) for c in CRITERIA for m in range(len(MONTHS))]
        wins = sum(1 for c, m in cells if min(r128[c][m]) < easy[c][m][0])
        say("PFCFS outperforms the backfilling policy in all cases", wins == len(cells),
            f"best preset below EASY in {wins} of {len(cells)} month x criterion cells; EASY's Sums "
            + ", ".join(f"{easy[c][-1][0]:+.1f}%" for c in CRITERIA))
    diff = max(abs(a - b) for a, b in zip(r128["flow"][-1], r128["plainflow"][-1]))
    say("weighted and unweighted flow time differ little", diff < 5, f"Sums differ by up to {diff:.1f} points")
    if r256:  # Fig. 4.1 compares n = 1 settings; PFCFS3 is ours with n = 1
        say("256 nodes: the flow-time gain is more pronounced than on 128 (n = 1: PFCFS3)",
            r256["flow"][-1][2] < r128["flow"][-1][2],
            f"weighted flow Sum {r256['flow'][-1][2]:+.1f}% (256) against {r128['flow'][-1][2]:+.1f}% (128)")
        say("128 nodes: the better makespan (n = 1: PFCFS3)", r128["makespan"][-1][2] < r256["makespan"][-1][2],
            f"makespan Sum {r128['makespan'][-1][2]:+.1f}% (128) against {r256['makespan'][-1][2]:+.1f}% (256)")


def instruction_c(out, nodes, folder, base_folder, without):
    """PFCFS1-3 with Table 3.1's Instruction C (idle 50 %) beside the same presets without it and the thesis."""
    runs = load(pathlib.Path(out) / folder, lambda p: p["policy"])
    runs.update({k: v for k, v in load(pathlib.Path(out) / base_folder, lambda p: p["policy"]).items()
                 if k[1] == "fcfs"})
    result = {c: table(runs, PRESETS, c) for c in CRITERIA}
    print(f"\nWith Instruction C (a wide job's delay starts when half the nodes are idle), {nodes} nodes, whole period"
          " relative to FCFS (with C | without C | thesis)\n")
    print("| criterion | PFCFS1 | PFCFS2 | PFCFS3 | without C: PFCFS1 | PFCFS2 | PFCFS3 | thesis PFCFS1 | PFCFS2 | PFCFS3 |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for c in CRITERIA:
        cells = result[c][-1] + without[c][-1] + list(THESIS[(nodes, c)][-1])
        print(f"| {NAMES[c]} | " + " | ".join(f"{v:+.1f}%" for v in cells) + " |")
    # which of our presets follows the thesis' printed PFCFS2 column month by month: the mean distance over months
    for printed in (1, 2):
        dist = [sum(abs(result[c][m][ours] - THESIS[(nodes, c)][m][printed]) for c in CRITERIA
                    for m in range(len(MONTHS))) / (3 * len(MONTHS)) for ours in range(3)]
        print(f"\nthesis PFCFS{printed + 1} column, mean distance in points to ours with C, PFCFS1-3: "
              + ", ".join(f"{d:.1f}" for d in dist))
    return result


def full_grid(out, base):
    """Table 4.2's whole product (run.sh --full): section 4.2's claims over every combination, not one at a time."""
    runs = load(pathlib.Path(out) / "grid-full", lambda p: p["policyParameters"])
    runs.update(base)
    settings = sorted({k[1] for k in runs if k[1] != "fcfs"})
    sums = {}
    for st in settings:
        if all((m, st) in runs for m in MONTHS):
            sums[st] = [table(runs, [st], c)[-1][0] for c in CRITERIA]
    def parse(st):
        x, n, d, g = st.split("-")
        return int(x[1:]), int(n[1:]), int(d[1:]), int(g[1:])
    grid = {parse(st): v for st, v in sums.items()}
    print(f"\nTable 4.2's whole grid, 128 nodes: {len(grid)} settings, whole period (Sum) relative to FCFS\n")
    odd = [v for (x, n, d, g), v in grid.items() if n % 2]
    even = [v for (x, n, d, g), v in grid.items() if n % 2 == 0]
    print(f"- odd n improves on FCFS in all three criteria: {sum(all(c < 0 for c in v) for v in odd)} of {len(odd)}")
    print(f"- even n worse than FCFS in all three criteria: {sum(all(c > 0 for c in v) for v in even)} of {len(even)}"
          f" (better in all three: {sum(all(c < 0 for c in v) for v in even)})")
    rise = [(x, n, d, g) for (x, n, d, g) in grid if x == 50 and (55, n, d, g) in grid and (60, n, d, g) in grid]
    up = sum(1 for (x, n, d, g) in rise if all(grid[(60, n, d, g)][c] >= grid[(55, n, d, g)][c] >= grid[(50, n, d, g)][c]
                                               for c in range(3)))
    print(f"- costs rise from x 50 to 55 to 60 % (all three criteria): {up} of {len(rise)} (n, delay, gang) settings")
    down = sum(1 for (x, n, d, g) in rise if all(min(grid[(40, n, d, g)][c], grid[(45, n, d, g)][c])
                                                 <= grid[(50, n, d, g)][c] for c in range(3)))
    print(f"- x 40 or 45 % at least as good as 50 % (all three criteria): {down} of {len(rise)}")
    best_delay = {}
    for (x, n, d, g) in grid:
        if n % 2 and g in (1, 60):
            key = (x, n, g)
            if key not in best_delay or grid[(x, n, d, g)][2] < grid[(x, n, best_delay[key], g)][2]:
                best_delay[key] = d
    counts = {d: list(best_delay.values()).count(d) for d in (60, 120, 240, 600, 1800, 3600)}
    print("- odd n, fixed gang 1 or 60 s: the delay with the best weighted flow time, how often: "
          + ", ".join(f"{d} s {c}" for d, c in counts.items()) + f" (of {len(best_delay)})")
    for odd_n in (True, False):
        gang = [max(abs(grid[(x, n, d, 1)][c] - grid[(x, n, d, 60)][c]) for c in range(3))
                for (x, n, d, g) in grid if g == 1 and (x, n, d, 60) in grid and (n % 2 == 1) == odd_n]
        print(f"- {'odd' if odd_n else 'even'} n, gang 1 s against 60 s: largest change {max(gang):.3f} points, "
              f"median {sorted(gang)[len(gang) // 2]:.3f}")
    ranked = sorted(grid, key=lambda k: grid[k][2])
    print("- best weighted flow time: " + "; ".join(f"x {x} n {n} delay {d} gang {g}: "
                                                   + ", ".join(f"{v:+.2f}%" for v in grid[(x, n, d, g)])
                                                   for (x, n, d, g) in ranked[:3]))
    t46 = (40, 1, 60, 60)
    if t46 in grid:
        print(f"- Table 4.6's setting (x 40, n 1, delay 60): rank {ranked.index(t46) + 1} of {len(ranked)} by weighted"
              " flow time, " + ", ".join(f"{v:+.2f}%" for v in grid[t46]))


def main():
    out = pathlib.Path(sys.argv[1])
    r128 = presets(out, 128, "presets")
    r256 = presets(out, 256, "presets256") if (out / "presets256").exists() else None
    g = None
    if (out / "grid").exists():
        base = {k: v for k, v in load(out / "presets", lambda p: p["policy"]).items() if k[1] == "fcfs"}
        g = grid(out, base)
    runs = load(out / "presets", lambda p: p["policy"])
    easy = {c: table(runs, ["easy"], c) for c in CRITERIA} if any(k[1] == "easy" for k in runs) else None
    claims(r128, r256, g, easy)
    if (out / "grid-full").exists():
        full_grid(out, {k: v for k, v in load(out / "presets", lambda p: p["policy"]).items() if k[1] == "fcfs"})
    if (out / "instruction-c").exists():
        instruction_c(out, 128, "instruction-c", "presets", r128)
    if (out / "instruction-c256").exists() and r256:
        instruction_c(out, 256, "instruction-c256", "presets256", r256)


if __name__ == "__main__":
    main()
