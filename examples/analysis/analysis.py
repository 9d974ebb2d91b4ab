#!/usr/bin/env python3
"""gridmarket results with pandas and matplotlib: the steps of analysis.ipynb as a plain script.

Usage: python3 analysis.py SWEEP_DIR [RUN] [FIGURES_DIR]

SWEEP_DIR is a sweep's results folder (results.csv and runs/), e.g. of
    ./gridmarket sweep examples/analysis/sweep.yaml --out results/analysis --no-charts
RUN is the run whose jobs are read (default: strategy=market,configuration=m128), FIGURES_DIR where the PNG files go
(default: SWEEP_DIR/figures). Exits with 1 if a metric recomputed from jobs.csv differs from summary.json.
"""
import json
import sys
from pathlib import Path

import matplotlib
matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt
import pandas as pd

TAU = 10  # seconds: the bound of the bounded slowdown, as gridmarket's metrics use it


def metrics(jobs):
    """AWRT, AWWT and bounded slowdown of completed jobs, each job once, weighted by nodes x run time."""
    done = jobs[jobs.status == "completed"]
    # a multi-site job has one row per machine: one job of the nodes of all its rows
    per_job = done.groupby(["job_id", "part"]).agg(submit=("submit", "first"), start=("start", "first"),
                                                   end=("end", "first"), run_time=("run_time", "first"),
                                                   nodes=("nodes", "sum"))
    w = per_job.nodes * per_job.run_time
    response = per_job.end - per_job.submit
    wait = per_job.start - per_job.submit
    return {
        "awrt": (w * response).sum() / w.sum(),
        "awwt": (w * wait).sum() / w.sum(),
        "meanBoundedSlowdown": (response / per_job.run_time.clip(lower=TAU)).clip(lower=1).mean(),
    }


def gantt(ax, jobs, machine, hours=48):
    """One bar per job and node range of `machine` in the first `hours` hours: nodes up, time across."""
    rows = jobs[(jobs.status == "completed") & (jobs.machine == machine) & (jobs.start < hours * 3600)]
    colours = plt.get_cmap("tab20")
    for i, r in enumerate(rows.itertuples()):
        for rng in str(r.node_ids).split(";"):
            a, _, b = rng.partition("-")
            low, high = int(a), int(b or a)
            ax.broken_barh([(r.start / 3600, (r.end - r.start) / 3600)], (low, high - low + 1),
                           facecolors=colours(i % 20), edgecolor="black", linewidth=0.2)
    ax.set_xlim(0, hours)
    ax.set_xlabel("time (h)")
    ax.set_ylabel(f"node of {machine}")


def main(args):
    sweep = Path(args[0])
    run = sweep / "runs" / (args[1] if len(args) > 1 else "strategy=market,configuration=m128")
    figures = Path(args[2]) if len(args) > 2 else sweep / "figures"
    figures.mkdir(parents=True, exist_ok=True)

    # 1. a sweep's results.csv: one row per run, parameters then metrics
    results = pd.read_csv(sweep / "results.csv")
    print(results[["strategy", "configuration", "awrt", "awwt", "meanBoundedSlowdown", "utilization"]]
          .to_string(index=False))

    # 2. a run's jobs.csv: one row per job (per machine for a multi-site job); the metrics recomputed from it
    jobs = pd.read_csv(run / "jobs.csv", keep_default_na=False, na_values={"price": [""], "utility": [""]})
    summary = json.loads((run / "summary.json").read_text())["metrics"]
    recomputed = metrics(jobs)
    bad = 0
    for name, value in recomputed.items():
        ok = abs(value - summary[name]) <= 1e-9 * max(1.0, abs(summary[name]))
        bad += not ok
        print(f"{name}: {value:.6f} from jobs.csv, {summary[name]:.6f} in summary.json: "
              f"{'equal' if ok else 'DIFFERENT'}")

    # 3. the strategies figure: AWRT per strategy and configuration
    table = results.pivot(index="configuration", columns="strategy", values="awrt") / 3600
    ax = table.plot.bar(rot=0, figsize=(6, 4))
    ax.set_ylabel("AWRT (h)")
    ax.set_title("AWRT by strategy")
    ax.figure.tight_layout()
    ax.figure.savefig(figures / "strategies.png", dpi=100)

    # 4. the wait distribution of the run
    done = jobs[jobs.status == "completed"].drop_duplicates(["job_id", "part"])
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.hist((done.start - done.submit) / 60, bins=50)
    ax.set_yscale("log")
    ax.set_xlabel("wait (min)")
    ax.set_ylabel("jobs")
    ax.set_title(f"Waits, {run.name}")
    fig.tight_layout()
    fig.savefig(figures / "waits.png", dpi=100)

    # 5. a Gantt chart of the run's first machine, its first two days
    fig, ax = plt.subplots(figsize=(10, 4))
    gantt(ax, jobs, sorted(done.machine.unique())[0])
    ax.set_title(f"Schedule, {run.name}")
    fig.tight_layout()
    fig.savefig(figures / "gantt.png", dpi=100)

    print(f"figures in {figures}")
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1:]))
