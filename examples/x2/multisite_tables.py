#!/usr/bin/env python3
"""Thesis Tables 5.3 and 5.4 from a multisite-m128 sweep folder, ours beside the thesis'.

Reads every run's params.json and jobs.csv (the results files, not the simulator). A multi-site job is a (job, part)
whose rows carry multisite >= 2; it counts once. Work is the processor-time product nodes x (end - start) of the
completed rows, overhead included (the stretched run is what occupies the machines); Table 5.4's share is the
multi-site jobs' work over all work. Usage: multisite_tables.py SWEEP_OUT
"""
import csv
import json
import pathlib
import sys

WORKLOADS = ["10_20k_org", "30_40k_org", "60_70k_org", "syn_org"]
P = [0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60]
# Table 5.3 (jobs) and Table 5.4 (percent of the work), rows p = 0 .. 60 %, columns as WORKLOADS
THESIS_JOBS = [[539, 431, 840, 774], [543, 436, 850, 769], [582, 448, 928, 827], [572, 490, 917, 906],
               [583, 546, 946, 946], [601, 567, 951, 1042], [622, 521, 979, 1026], [637, 523, 1036, 1063],
               [647, 534, 1106, 1012], [673, 597, 1008, 1181], [755, 579, 1029, 1188], [748, 578, 1086, 1233],
               [746, 638, 1114, 1177]]
THESIS_SHARE = [[22.19, 23.97, 34.01, 40.75], [22.87, 25.09, 36.36, 41.21], [24.71, 27.21, 37.28, 46.85],
                [25.30, 28.24, 38.97, 47.95], [26.05, 31.36, 40.43, 46.91], [29.40, 31.93, 41.02, 52.81],
                [29.11, 30.84, 44.53, 53.62], [30.24, 31.01, 44.38, 54.01], [31.21, 32.82, 48.10, 56.01],
                [33.22, 37.20, 45.87, 59.77], [37.15, 34.18, 46.25, 59.99], [37.87, 36.05, 49.81, 62.72],
                [41.46, 39.17, 52.38, 60.46]]


def measure(run):
    jobs, ms, work, ms_work = set(), set(), 0, 0
    with open(run / "jobs.csv", newline="") as f:
        for row in csv.DictReader(f):
            key = (row["job_id"], row["part"])
            jobs.add(key)
            if row["status"] != "completed":
                continue
            w = int(row["nodes"]) * (int(row["end"]) - int(row["start"]))
            work += w
            if row["multisite"] and int(row["multisite"]) >= 2:
                ms.add(key)
                ms_work += w
    return len(ms), len(jobs), 100.0 * ms_work / work


def main(out):
    found = {}
    for params in pathlib.Path(out).glob("runs/*/params.json"):
        p = json.loads(params.read_text())
        found[(p["workload"], round(100 * p["multisite.overhead"]))] = measure(params.parent)
    print("Table 5.3: multi-site jobs on m128, ours / thesis (ours as a share of all jobs)\n")
    print("| p | " + " | ".join(WORKLOADS) + " |")
    print("|---" * (len(WORKLOADS) + 1) + "|")
    for i, p in enumerate(P):
        cells = []
        for j, w in enumerate(WORKLOADS):
            n, total, _ = found[(w, p)]
            cells.append(f"{n} / {THESIS_JOBS[i][j]} ({100.0 * n / total:.1f} %)")
        print(f"| {p} % | " + " | ".join(cells) + " |")
    print("\nGrowth of the count from p = 0 to p = 60 %, ours / thesis:",
          ", ".join(f"{w} {100.0 * (found[(w, 60)][0] / found[(w, 0)][0] - 1):+.0f} % / "
                    f"{100.0 * (THESIS_JOBS[-1][j] / THESIS_JOBS[0][j] - 1):+.0f} %"
                    for j, w in enumerate(WORKLOADS)))
    print("\nTable 5.4: multi-site jobs' share of the work on m128 in percent, ours / thesis\n")
    print("| p | " + " | ".join(WORKLOADS) + " |")
    print("|---" * (len(WORKLOADS) + 1) + "|")
    for i, p in enumerate(P):
        print(f"| {p} % | " + " | ".join(f"{found[(w, p)][2]:.1f} / {THESIS_SHARE[i][j]:.1f}"
                                          for j, w in enumerate(WORKLOADS)) + " |")
    print("\nGrowth of the share from p = 0 to p = 60 %, ours / thesis:",
          ", ".join(f"{w} {100.0 * (found[(w, 60)][2] / found[(w, 0)][2] - 1):+.0f} % / "
                    f"{100.0 * (THESIS_SHARE[-1][j] / THESIS_SHARE[0][j] - 1):+.0f} %"
                    for j, w in enumerate(WORKLOADS)))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "results/x2-multisite-m128")
