package gridmarket.sim.grid;

import gridmarket.sim.engine.EventClock;
import gridmarket.sim.engine.Orderings;
import gridmarket.sim.engine.QueueAgent;
import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.machine.Shadow;
import gridmarket.sim.policy.JobQueue;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.workload.Job;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * One queue over several machines: job-sharing (SPEC C9) and, with {@link MultiSiteRules}, multi-site scheduling
 * (C10). Also a site's own scheduler when the site has several machines.
 *
 * <p>A pass starts jobs from the head while the head can start now: on the machine where it leaves the fewest free
 * nodes (BestFit; ties: lower machine index), or else, with multi-site, split over machines in decreasing order of
 * free nodes. With backfilling (EASY across machines) the first job that cannot start gets a reservation at its
 * earliest planned start, single-site (the machine where it starts earliest) or multi-site, whichever is earlier
 * (single-site on a tie); later jobs then start on any machine as long as they do not delay it: on a machine the
 * reservation uses, a job must end by the reserved time or fit in the nodes left over there at that time. Without
 * backfilling (FCFS) the pass stops at the first job that cannot start.
 *
 * <p>On a single machine this is exactly EASY backfilling (or FCFS). A multi-site job holds its parts on every machine
 * for the same stretched interval {@code [start, start + (1 + p) runTime)}.
 */
public final class GridScheduler extends QueueAgent {
    private static final long serialVersionUID = 1L;

    private final List<MachineSchedule> machines;
    private final boolean backfill;
    private final MultiSiteRules multiSite;
    private final int[] sizes;
    private final Map<Machine, Integer> index = new IdentityHashMap<>();
    /** Every running multi-site part, with all the parts of its job: a failure of one kills them all. */
    private final Map<Allocation, List<Allocation>> multiSiteParts = new IdentityHashMap<>();
    /**
     * With backfilling, where failures may happen: the start last promised to each job that was the queue's head
     * and has not started, by job order ({@link #watchPromises}); {@code null} otherwise.
     */
    private Map<Integer, Long> promised;
    private long now;

    /**
     * @param machines  the machines, in index order
     * @param backfill  EASY backfilling across machines if true, FCFS if false
     * @param multiSite co-allocation rules, or {@code null} for job-sharing only
     */
    public GridScheduler(List<MachineSchedule> machines, boolean backfill, MultiSiteRules multiSite,
                         EventClock clock, JobLedger ledger) {
        super(clock, ledger);
        this.machines = List.copyOf(machines);
        this.backfill = backfill;
        this.multiSite = multiSite;
        this.sizes = machines.stream().mapToInt(MachineSchedule::size).toArray();
        for (int m = 0; m < machines.size(); m++) {
            index.put(machines.get(m).machine(), m);
        }
    }

    public List<MachineSchedule> machines() {
        return machines;
    }

    @Override
    public List<MachineSchedule> schedules() {
        return machines;
    }

    /** The head's reservation is the promise failures can break (EASY across machines; FCFS makes none). */
    @Override
    public void watchPromises() {
        if (backfill) {
            promised = new HashMap<>();
        }
    }

    @Override
    protected List<Allocation> attempt(Allocation a) {
        List<Allocation> parts = multiSiteParts.isEmpty() ? null : multiSiteParts.get(a);
        return parts == null ? List.of(a) : parts;
    }

    @Override
    protected String whyNever(Job job) {
        int largest = Arrays.stream(sizes).max().orElse(0);
        if (job.nodes() <= largest) {
            return null;
        }
        if (multiSite != null) {
            return multiSite.split(job.nodes(), sizes) != null ? null : "needs " + job.nodes()
                    + " nodes, more than a multi-site job can get from these machines";
        }
        return "needs " + job.nodes() + " nodes but the largest machine has " + largest;
    }

    @Override
    protected void pass(long now, JobQueue queue) {
        this.now = now;
        int i = 0;
        while (i < queue.size()) {
            int[] placement = placeNow(queue.get(i), null);
            if (placement == null) {
                break;
            }
            if (promised != null) {
                keep(queue.get(i), now);
                promised.remove(queue.get(i).order());
            }
            start(queue.get(i), placement);
            i++;
        }
        Reservation head = null;
        if (promised != null && i < queue.size()) {
            head = reserve(queue.get(i));
            keep(queue.get(i), head.time);
            promised.put(queue.get(i).order(), head.time);
        }
        if (!backfill || i >= queue.size() - 1) {
            return;
        }
        if (head == null) {
            head = reserve(queue.get(i));
        }
        for (int k = i + 1; k < queue.size() && anyFree(); k++) {
            Job job = queue.get(k);
            int[] placement = placeNow(job, head);
            if (placement != null) {
                head.consume(placement, now + plannedRun(job, placement));
                start(job, placement);
            }
        }
    }

    /** Counts a broken reservation if {@code job} was promised an earlier start than {@code start}. */
    private void keep(Job job, long start) {
        Long before = promised.get(job.order());
        if (before != null && start > before) {
            ledger.reservationBroken(start - before);
        }
    }

    private boolean anyFree() {
        for (MachineSchedule m : machines) {
            if (m.freeNodes() > 0) {
                return true;
            }
        }
        return false;
    }

    /** Nodes per machine for a start now that respects {@code head} (may be null), or {@code null}. */
    private int[] placeNow(Job job, Reservation head) {
        int n = job.nodes();
        int best = -1;
        int bestLeft = Integer.MAX_VALUE;
        for (int m = 0; m < machines.size(); m++) {
            int free = machines.get(m).freeNodes();
            if (n <= free && (head == null || head.allows(m, n, now + job.estimate())) && free - n < bestLeft) {
                best = m;
                bestLeft = free - n;
            }
        }
        if (best >= 0) {
            int[] placement = new int[machines.size()];
            placement[best] = n;
            return placement;
        }
        if (multiSite == null) {
            return null;
        }
        long end = now + multiSite.stretch(job.estimate());
        int[] available = new int[machines.size()];
        for (int m = 0; m < machines.size(); m++) {
            int free = machines.get(m).freeNodes();
            available[m] = head == null ? free : Math.min(free, head.usable(m, end));
        }
        return multiSite.split(n, available);
    }

    /** The head's reservation at its earliest planned start, single- or multi-site. */
    private Reservation reserve(Job job) {
        int n = job.nodes();
        long bestTime = Long.MAX_VALUE;
        int bestMachine = -1;
        int bestExtra = 0;
        for (int m = 0; m < machines.size(); m++) {
            MachineSchedule ms = machines.get(m);
            if (n > ms.size()) {
                continue;
            }
            Shadow shadow = ms.shadow(n, now);
            if (shadow.time() < bestTime) {
                bestTime = shadow.time();
                bestMachine = m;
                bestExtra = shadow.extraNodes();
            }
        }
        Reservation multi = multiSite == null ? null : reserveMultiSite(n, bestTime);
        if (multi != null) {
            return multi;
        }
        Reservation r = new Reservation(bestTime, machines.size());
        if (bestMachine >= 0) {
            r.limit(bestMachine, bestExtra);
        }
        return r;
    }

    /** The earliest multi-site reservation strictly before {@code before}, or {@code null}. */
    private Reservation reserveMultiSite(int n, long before) {
        List<Allocation> ends = new ArrayList<>();
        int[] freeAt = new int[machines.size()];
        for (int m = 0; m < machines.size(); m++) {
            freeAt[m] = machines.get(m).freeNodes();
            ends.addAll(machines.get(m).running());
        }
        ends.sort((a, b) -> Long.compare(a.plannedEnd(), b.plannedEnd()));
        int k = 0;
        while (k < ends.size()) {
            long t = ends.get(k).plannedEnd();
            if (t >= before) {
                return null;
            }
            while (k < ends.size() && ends.get(k).plannedEnd() == t) {
                freeAt[indexOf(ends.get(k))] += ends.get(k).nodeCount();
                k++;
            }
            int[] parts = multiSite.split(n, freeAt);
            if (parts != null) {
                Reservation r = new Reservation(t, machines.size());
                for (int m = 0; m < parts.length; m++) {
                    if (parts[m] > 0) {
                        r.limit(m, freeAt[m] - parts[m]);
                    }
                }
                return r;
            }
        }
        return null;
    }

    private int indexOf(Allocation a) {
        Integer m = index.get(a.machine());
        if (m == null) {
            throw new IllegalStateException("allocation of another machine: " + a);
        }
        return m;
    }

    private long plannedRun(Job job, int[] placement) {
        return isMultiSite(placement) ? multiSite.stretch(job.estimate()) : job.estimate();
    }

    private static boolean isMultiSite(int[] placement) {
        int used = 0;
        for (int p : placement) {
            used += p > 0 ? 1 : 0;
        }
        return used > 1;
    }

    private void start(Job job, int[] placement) {
        started(job);
        if (!isMultiSite(placement)) {
            for (int m = 0; m < placement.length; m++) {
                if (placement[m] > 0) {
                    MachineSchedule ms = machines.get(m);
                    Allocation a = ms.start(job, now);
                    clock.at(a.actualEnd(), Orderings.JOB_END, s -> {
                        if (killedBefore(a)) {
                            return;
                        }
                        ms.finish(a);
                        ledger.completed(a);
                    });
                    planPass(a.actualEnd());
                }
            }
            return;
        }
        long estimate = multiSite.stretch(job.estimate());
        long runTime = multiSite.stretch(job.runTime());
        long end = now + runTime;
        List<Allocation> parts = new ArrayList<>();
        for (int m = 0; m < placement.length; m++) {
            if (placement[m] > 0) {
                parts.add(machines.get(m).start(job, placement[m], estimate, runTime, now));
            }
        }
        for (Allocation a : parts) {
            multiSiteParts.put(a, parts);
        }
        clock.at(end, Orderings.JOB_END, s -> {
            boolean killed = false;
            for (Allocation a : parts) {
                multiSiteParts.remove(a);
                killed |= killedBefore(a);
            }
            if (killed) {
                return; // a failure killed every part
            }
            for (Allocation a : parts) {
                machines.get(indexOf(a)).finish(a);
                ledger.completed(a, end, parts.size());
            }
        });
        planPass(end);
    }

    /**
     * The head job's reservation: its time, and per machine the nodes later jobs may still use past that time
     * ({@link Integer#MAX_VALUE} on machines the reservation does not touch).
     */
    private static final class Reservation {
        private final long time;
        private final int[] extra;

        Reservation(long time, int machines) {
            this.time = time;
            this.extra = new int[machines];
            Arrays.fill(extra, Integer.MAX_VALUE);
        }

        void limit(int machine, int nodes) {
            extra[machine] = nodes;
        }

        /** Nodes usable on {@code machine} by a job planned to run until {@code end}. */
        int usable(int machine, long end) {
            return end <= time ? Integer.MAX_VALUE : extra[machine];
        }

        boolean allows(int machine, int nodes, long end) {
            return nodes <= usable(machine, end);
        }

        void consume(int[] placement, long end) {
            if (end <= time) {
                return;
            }
            for (int m = 0; m < placement.length; m++) {
                if (placement[m] > 0 && extra[m] != Integer.MAX_VALUE) {
                    extra[m] -= placement[m];
                }
            }
        }
    }
}
