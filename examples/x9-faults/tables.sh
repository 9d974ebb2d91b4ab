#!/usr/bin/env bash
# X9 tables (markdown) from run.sh's folder: OUT/results.csv (the nine sweeps merged) and, for the outage and for
# s1's machine failing alone, each run's jobs.csv (the AWRT of s1's users' jobs and of the others', over the run and
# over the jobs submitted in the outage; the jobs killed of each).
# Strategies: EASY and conservative job-sharing, the market with each rescheduling; the runs without failures, outage
# or local load are the local-load sweeps' share 0.
# Usage: examples/x9-faults/tables.sh OUT
set -euo pipefail
out="$1"
down_from=1900000 down_to=1986400 # outage.csv's day
awk -F, -v out="$out" -v from="$down_from" -v to="$down_to" '
  function v(name) { return (name in col) ? $col[name] : "" }
  function label() {
    if (v("strategy") == "market") return "market, " v("market.rescheduling")
    return v("policy") == "easy" ? "EASY job-sharing" : "conservative job-sharing"
  }
  function f0(x) { return x == "" ? "-" : sprintf("%.0f", x) }
  # AWRT (weights nodes x run time, as metrics.awrt) of a run folder`s completed jobs (its id written out, as
  # results.csv`s run column is quoted): s1`s users, the others, and the
  # same two over the jobs submitted in the outage; A[1..4]; the jobs killed at least once, s1`s and the others`, K[1..2]
  function bysite(dir,   line, fs, n, i, w, k) {
    delete SW; delete SR; delete KJ; K[1] = 0; K[2] = 0
    file = dir "/jobs.csv"; n = 0
    while ((getline line < file) > 0) {
      gsub(/"[^"]*"/, "Q", line); split(line, fs, ",")
      if (++n == 1) { for (i = 1; i in fs; i++) jc[fs[i]] = i; continue }
      if (fs[jc["status"]] != "completed") continue
      w = fs[jc["nodes"]] * fs[jc["run_time"]]
      k = (fs[jc["site"]] == "s1") ? 1 : 2
      if (fs[jc["reason"]] ~ /killed on/ && !(fs[jc["job_id"]] in KJ)) { KJ[fs[jc["job_id"]]] = 1; K[k]++ }
      SW[k] += w; SR[k] += w * (fs[jc["end"]] - fs[jc["submit"]])
      if (fs[jc["submit"]] >= from && fs[jc["submit"]] < to) { SW[k + 2] += w; SR[k + 2] += w * (fs[jc["end"]] - fs[jc["submit"]]) }
    }
    close(file)
    for (k = 1; k <= 4; k++) A[k] = (SW[k] > 0) ? SR[k] / SW[k] : ""
  }
  { gsub(/"[^"]*"/, "Q"); $0 = $0 }
  NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
  {
    s = label(); w = v("workload"); e = v("experiment")
    if (!(s in seenS)) { seenS[s] = 1; S[++ns] = s }
    if (!(w in seenW)) { seenW[w] = 1; W[++nw] = w }
    if (e ~ /local/) { share = v("localLoad.share") + 0
      k = s SUBSEP w SUBSEP share
      AW[k] = v("awrt"); AG[k] = v("strategyFields.localLoad.awrtGrid"); AL[k] = v("strategyFields.localLoad.awrtLocal")
      LR[k] = v("strategyFields.localLoad.localRejected")
      if (share == 0) { k = s SUBSEP w SUBSEP "none"; F[k, "awrt"] = v("awrt")
        if (s ~ /market/) { bysite(out "/local-market/runs/workload=" w ",market.rescheduling=" v("market.rescheduling") ",localLoad.share=0")
          O[s, w, "none", "msgs"] = v("market.messages") }
        else bysite(out "/local-baselines/runs/workload=" w ",strategy=jobsharing,policy=" v("policy") ",localLoad.share=0")
        for (j = 1; j <= 4; j++) O[s, w, "none", j] = A[j] }
    } else if (e ~ /maintenance/) { k = s SUBSEP w
      D[k, "awrt"] = v("awrt"); D[k, "windows"] = v("failures.outages"); D[k, "killed"] = v("failures.killed")
      D[k, "avail"] = v("failures.availability.m1"); D[k, "completed"] = v("completed"); D[k, "rejected"] = v("rejected")
    } else if (e ~ /site-failures/) { k = s SUBSEP w
      bysite(out "/site-failures-" (s ~ /market/ ? "market/runs/workload=" w ",market.rescheduling=" v("market.rescheduling") \
        : "baselines/runs/workload=" w ",strategy=jobsharing,policy=" v("policy")) ",failures=" v("failures"))
      for (j = 1; j <= 2; j++) { E[k, j] = A[j]; E[k, "killed" j] = K[j] }
      E[k, "awrt"] = v("awrt"); E[k, "failures"] = v("failures.outages"); E[k, "lost"] = v("failures.lostNodeSeconds")
      E[k, "avail"] = v("failures.availability.m1"); E[k, "broken"] = v("failures.reservationsBroken")
      E[k, "completed"] = v("completed"); E[k, "rejected"] = v("rejected")
    } else if (e ~ /failures/) { k = s SUBSEP w SUBSEP v("failures")
      F[k, "awrt"] = v("awrt"); F[k, "killed"] = v("failures.killed"); F[k, "jobsKilled"] = v("failures.jobsKilled")
      F[k, "lost"] = v("failures.lostNodeSeconds"); F[k, "broken"] = v("failures.reservationsBroken")
      F[k, "by"] = v("failures.brokenDelaySeconds"); F[k, "goodput"] = v("failures.goodput")
      F[k, "outages"] = v("failures.outages"); F[k, "completed"] = v("completed"); F[k, "rejected"] = v("rejected")
    } else if (e ~ /outages/) { f = v("failures"); k = s SUBSEP w SUBSEP f
      bysite(out "/outages/runs/workload=" w ",market.rescheduling=" v("market.rescheduling") ",failures=" f); for (j = 1; j <= 4; j++) O[s, w, f, j] = A[j]
      O[s, w, f, "awrt"] = v("awrt"); O[s, w, f, "msgs"] = v("market.messages")
      O[s, w, f, "lost"] = v("failures.domainOutages.messagesLost"); O[s, w, f, "timedOut"] = v("failures.domainOutages.roundsTimedOut")
      O[s, w, f, "delayed"] = v("failures.domainOutages.requestsDelayed"); O[s, w, f, "delay"] = v("failures.domainOutages.delaySeconds")
      O[s, w, f, "redirected"] = v("failures.domainOutages.requestsRedirected")
    }
  }
  END {
    split("none 0.25-per-day 1-per-day", M, " ")
    for (wi = 1; wi <= nw; wi++) { w = W[wi]
      printf "\nA. Node failures on %s, m128: AWRT (s) without failures, with one 16-node failure per 4 machine-days and per machine-day\n\n", w
      printf "| strategy | AWRT, no failures | AWRT, 1 per 4 days | AWRT, 1 per day |\n|---|---:|---:|---:|\n"
      for (si = 1; si <= ns; si++) { s = S[si]; printf "| %s |", s
        for (m = 1; m <= 3; m++) printf " %s |", f0(F[s, w, M[m], "awrt"]); printf "\n" }
      printf "\nA. Failure measures on %s: attempts killed (jobs), work lost, promises broken (and by how much in all), goodput\n\n", w
      printf "| strategy | failures | outages | killed (jobs) | work lost, node-s | promises broken | by, s | goodput | completed + rejected |\n"
      printf "|---|---|---:|---:|---:|---:|---:|---:|---:|\n"
      for (si = 1; si <= ns; si++) for (m = 2; m <= 3; m++) { s = S[si]; k = s SUBSEP w SUBSEP M[m]
        if (!((k, "awrt") in F)) continue
        printf "| %s | %s | %s | %s (%s) | %s | %s | %s | %.3f | %s + %s |\n", s, M[m], F[k, "outages"], F[k, "killed"],
          F[k, "jobsKilled"], f0(F[k, "lost"]), F[k, "broken"], f0(F[k, "by"]), F[k, "goodput"], F[k, "completed"], F[k, "rejected"] }
    }
    split("none wait fallback-s2", G, " ")
    for (wi = 1; wi <= nw; wi++) { w = W[wi]
      printf "\nB. Domain s1 unreachable over [%d, %d) on %s, the market: AWRT (s) of all jobs, of s1`s users` jobs and of the others`, over the run and over the jobs submitted in the outage; messages lost, rounds timed out, requests delayed (s in all) or redirected\n\n", from, to, w
      printf "| market | outage | AWRT | s1`s users | others | in the outage: s1`s | in the outage: others | messages lost | rounds timed out | delayed (s) | redirected | messages |\n"
      printf "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
      for (si = 1; si <= ns; si++) for (g = 1; g <= 3; g++) { s = S[si]; f = G[g]
        if (s !~ /market/ || !((s, w, f, 1) in O)) continue
        a = (g == 1) ? F[s, w, "none", "awrt"] : O[s, w, f, "awrt"]
        printf "| %s | %s | %s | %s | %s | %s | %s |", s, f, f0(a), f0(O[s, w, f, 1]), f0(O[s, w, f, 2]), f0(O[s, w, f, 3]), f0(O[s, w, f, 4])
        if (g == 1) printf " | | | | %s |\n", O[s, w, f, "msgs"]
        else printf " %s | %s | %s (%s) | %s | %s |\n", O[s, w, f, "lost"], O[s, w, f, "timedOut"], O[s, w, f, "delayed"], f0(O[s, w, f, "delay"]), O[s, w, f, "redirected"], O[s, w, f, "msgs"]
      }
    }
    for (wi = 1; wi <= nw; wi++) { w = W[wi]
      printf "\nC. Local load on %s (local FCFS): AWRT (s) of the grid`s jobs and of the local jobs (local jobs rejected as wider than their machine)\n\n", w
      printf "| strategy | no local load | 25 %%: grid | 25 %%: local | 50 %%: grid | 50 %%: local |\n|---|---:|---:|---:|---:|---:|\n"
      for (si = 1; si <= ns; si++) { s = S[si]; if (!((s, w, 0) in AW)) continue
        printf "| %s | %s |", s, f0(AW[s, w, 0])
        for (h = 1; h <= 2; h++) { k = s SUBSEP w SUBSEP (h * 0.25)
          printf " %s | %s%s |", f0(AG[k]), f0(AL[k]), (LR[k] > 0 ? " (" LR[k] ")" : "") }
        printf "\n" }
    }
    for (wi = 1; wi <= nw; wi++) { w = W[wi]
      printf "\nD. Maintenance on %s: s1`s machine m1 out whole for 8 h once a week (6 windows, known from the start): AWRT (s) without and with, windows, attempts killed, m1`s availability\n\n", w
      printf "| strategy | AWRT, no maintenance | AWRT, maintenance | change | windows | killed | m1 availability | completed + rejected |\n"
      printf "|---|---:|---:|---:|---:|---:|---:|---:|\n"
      for (si = 1; si <= ns; si++) { s = S[si]; k = s SUBSEP w; if (!((k, "awrt") in D)) continue
        a0 = F[s, w, "none", "awrt"]
        printf "| %s | %s | %s | %+.1f %% | %s | %s | %.3f | %s + %s |\n", s, f0(a0), f0(D[k, "awrt"]),
          (D[k, "awrt"] / a0 - 1) * 100, D[k, "windows"], D[k, "killed"], D[k, "avail"], D[k, "completed"], D[k, "rejected"] }
    }
    for (wi = 1; wi <= nw; wi++) { w = W[wi]
      printf "\nE. s1`s machine m1 failing alone on %s (whole machine, once per 4 days on average, repairs of 4 h on average): AWRT (s) of all jobs, of s1`s users` jobs and of the others`, without and with the failures; jobs killed (s1`s users` + the others`), work lost, promises broken, m1`s availability\n\n", w
      printf "| strategy | AWRT, no failures | s1`s users | others | AWRT, m1 failing | s1`s users | others | s1`s users: change | others: change | failures | jobs killed (s1`s + others`) | work lost, node-s | promises broken | m1 availability |\n"
      printf "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
      for (si = 1; si <= ns; si++) { s = S[si]; k = s SUBSEP w; if (!((k, "awrt") in E)) continue
        printf "| %s | %s | %s | %s | %s | %s | %s | %+.1f %% | %+.1f %% | %s | %s + %s | %s | %s | %.3f |\n", s,
          f0(F[s, w, "none", "awrt"]), f0(O[s, w, "none", 1]), f0(O[s, w, "none", 2]), f0(E[k, "awrt"]), f0(E[k, 1]), f0(E[k, 2]),
          (E[k, 1] / O[s, w, "none", 1] - 1) * 100, (E[k, 2] / O[s, w, "none", 2] - 1) * 100, E[k, "failures"],
          E[k, "killed1"], E[k, "killed2"], f0(E[k, "lost"]), E[k, "broken"], E[k, "avail"] }
    }
  }' "$out/results.csv" | tr '`' "'"
