package gridmarket.oracle;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * Independent reference scheduler for tests: FCFS (C1), EASY backfilling (C2) and conservative backfilling (C3)
 * on one machine of {@code nodes} identical nodes, written from the SPEC only, not from gridmarket's code.
 *
 * <p>Event order (SPEC "Event order"): time is integer seconds; at each instant t (next real job end or next
 * submit, and for conservative also the next reserved start) the oracle (1) ends every job whose real end
 * start + runTime is t, (2) enqueues every job submitted at t in trace order, (3) runs one scheduling pass. The
 * queue is ordered by submit time, then trace order. Schedulers only see estimates: the processor profile counts
 * every running job until start + estimate.
 *
 * <p>Conservative: every queued job holds a reservation (earliest feasible start in the profile when it arrives).
 * At an instant where jobs ended, the reservations are re-compressed once, in queue order, each removed and
 * re-placed at its earliest start (asserted never later), before the instant's arrivals are placed; then every job
 * reserved at t starts. "conservative" re-compresses whenever some job ended at t (SPEC "Event order": "once after
 * the ends of step (1)"; pyss' ConservativeScheduler re-compresses on every termination). "conservative-early"
 * re-compresses only when some job ended before its estimated end (C3's wording). They differ: re-compression is
 * not idempotent (a job re-placed early in the pass can be left behind a later job's reservation that then moves
 * earlier), so an on-time end can still let reservations move. Identical on traces without early ends (lublin,
 * whose estimates are the run times); on KTH-SP2 (100 nodes) identical too; on CTC-SP2 (338) 29,580 of 77,205
 * and on SDSC-SP2 (128) 15,360 of 54,034 start times differ.
 *
 * <p>Reserved starts are instants of their own for the conservative policies (as pyss schedules a start event for
 * every reservation): under "conservative-early" a reservation can be left at a time where nothing ends or arrives
 * (the stale end of a reservation that moved earlier; 10 jobs on CTC-SP2, 24 on SDSC-SP2). Under "conservative" no
 * such start was seen on those traces.
 */
public final class OracleSimulator {

    private OracleSimulator() {
    }

    /**
     * Simulates {@code jobs} (submit order, ties in trace order; every job at most {@code nodes} wide) under
     * {@code policy} ("fcfs", "easy", "conservative" or "conservative-early", see the class comment) and returns
     * job id -> start time, in start order.
     */
    public static Map<Long, Long> startTimes(List<OracleJob> jobs, int nodes, String policy) {
        return startTimes(jobs, nodes, policy, null, 1);
    }

    /**
     * As {@link #startTimes(List, int, String)}, but the queue is kept in {@code order} (SPEC C6 as docs/EXPERIMENTS.md
     * describes it): at an instant with arrivals, if the queued jobs that the last computation ordered are fewer than
     * {@code recompute} times the queue length, the whole queue is reordered (and, for conservative, every
     * reservation is made afresh in the new order); otherwise the arrivals stay at the end in arrival order.
     */
    public static Map<Long, Long> startTimes(List<OracleJob> jobs, int nodes, String policy, OracleOrder order,
                                             double recompute) {
        Policy p = switch (policy) {
            case "fcfs" -> Policy.FCFS;
            case "easy" -> Policy.EASY;
            case "conservative" -> Policy.CONSERVATIVE;
            case "conservative-early" -> Policy.CONSERVATIVE_EARLY;
            default -> throw new IllegalArgumentException("unknown policy " + policy);
        };
        for (int i = 0; i < jobs.size(); i++) {
            OracleJob j = jobs.get(i);
            if (j.procs() > nodes) {
                throw new IllegalArgumentException("job " + j.id() + " wider than the machine");
            }
            if (i > 0 && j.submit() < jobs.get(i - 1).submit()) {
                throw new IllegalArgumentException("jobs not in submit order at job " + j.id());
            }
        }
        return new Run(jobs, nodes, p, order, recompute).run();
    }

    private enum Policy {
        /** C1. */
        FCFS,
        /** C2. */
        EASY,
        /** C3, re-compressing at every instant where some job ended (SPEC event order; pyss compresses on every end). */
        CONSERVATIVE,
        /** C3, re-compressing only at instants where some job ended before its estimated end. */
        CONSERVATIVE_EARLY
    }

    /** A started job. */
    private record Running(OracleJob job, long start) {
        long realEnd() {
            return start + job.runTime();
        }

        long estimatedEnd() {
            return start + job.estimate();
        }
    }

    private static final class Run {
        private final List<OracleJob> jobs;
        private final int nodes;
        private final Policy policy;
        private final Map<Long, Long> starts = new LinkedHashMap<>();
        /** Waiting jobs, queue order (submit time, then trace order: arrivals are appended in that order). */
        private final List<OracleJob> queue = new ArrayList<>();
        private final PriorityQueue<Running> running =
                new PriorityQueue<>((a, b) -> Long.compare(a.realEnd(), b.realEnd()));
        private int busy;
        /** Conservative only: running jobs (to estimated end) plus every queued job's reservation. */
        private OracleProfile reservations;
        /** Conservative only: queued job -> reserved start (by identity: one object per job). */
        private final Map<OracleJob, Long> reservedStart = new IdentityHashMap<>();

        private final OracleOrder order;
        private final double recompute;
        /** Queued jobs placed by the last computation of the order (by identity). */
        private final Set<OracleJob> ordered = Collections.newSetFromMap(new IdentityHashMap<>());
        /** Trace position of each job (by identity). */
        private final Map<OracleJob, Integer> position = new IdentityHashMap<>();

        Run(List<OracleJob> jobs, int nodes, Policy policy, OracleOrder order, double recompute) {
            this.jobs = jobs;
            this.nodes = nodes;
            this.policy = policy;
            this.order = order;
            this.recompute = recompute;
            for (int i = 0; i < jobs.size(); i++) {
                position.put(jobs.get(i), i);
            }
            this.reservations = policy == Policy.CONSERVATIVE || policy == Policy.CONSERVATIVE_EARLY
                    ? new OracleProfile(nodes) : null;
        }

        /** Reorders the queue if the rule says so; returns whether it did. */
        private boolean reorder(List<OracleJob> arrivals) {
            if (order == null || arrivals.isEmpty() || ordered.size() >= recompute * queue.size()) {
                return false;
            }
            List<OracleJob> waiting = new ArrayList<>(queue);
            waiting.sort(Comparator.comparingInt(position::get)); // ties are broken by submit order, not the old order
            List<OracleJob> again = order.order(waiting, nodes);
            queue.clear();
            queue.addAll(again);
            ordered.clear();
            ordered.addAll(again);
            return true;
        }

        Map<Long, Long> run() {
            int next = 0;
            while (next < jobs.size() || !running.isEmpty() || !queue.isEmpty()) {
                long t = Long.MAX_VALUE;
                if (next < jobs.size()) {
                    t = jobs.get(next).submit();
                }
                if (!running.isEmpty()) {
                    t = Math.min(t, running.peek().realEnd());
                }
                // Conservative: a reservation can fall on an instant that is neither an end nor a submit (after a
                // compression, a reservation may sit at the old end of a reservation that has since moved earlier).
                // The job must still start there (pyss schedules a start event for every reservation).
                for (long s : reservedStart.values()) {
                    t = Math.min(t, s);
                }
                if (t == Long.MAX_VALUE) {
                    throw new IllegalStateException("deadlock: " + queue.size() + " queued jobs never start");
                }
                // (1) ends
                boolean anyEnd = false;
                boolean earlyEnd = false;
                while (!running.isEmpty() && running.peek().realEnd() == t) {
                    Running r = running.poll();
                    busy -= r.job().procs();
                    anyEnd = true;
                    if (r.estimatedEnd() > t) {
                        earlyEnd = true;
                        if (reservations != null) {
                            reservations.release(t, r.estimatedEnd(), r.job().procs());
                        }
                    }
                }
                // (2) arrivals
                List<OracleJob> arrivals = new ArrayList<>();
                while (next < jobs.size() && jobs.get(next).submit() == t) {
                    arrivals.add(jobs.get(next));
                    queue.add(jobs.get(next));
                    next++;
                }
                if (reorder(arrivals) && reservations != null) {
                    // every reservation afresh, in the new order, on top of the running jobs alone
                    reservations = new OracleProfile(nodes);
                    for (Running r : running) {
                        reservations.allocate(t, r.estimatedEnd(), r.job().procs());
                    }
                    reservedStart.clear();
                    arrivals = new ArrayList<>(queue);
                    anyEnd = false;
                    earlyEnd = false;
                }
                // (3) one scheduling pass
                switch (policy) {
                    case FCFS -> fcfsPass(t);
                    case EASY -> easyPass(t);
                    case CONSERVATIVE -> conservativePass(t, anyEnd, arrivals);
                    case CONSERVATIVE_EARLY -> conservativePass(t, earlyEnd, arrivals);
                    default -> throw new AssertionError(policy);
                }
            }
            if (starts.size() != jobs.size()) {
                throw new IllegalStateException("started " + starts.size() + " of " + jobs.size());
            }
            return starts;
        }

        private void start(OracleJob j, long t) {
            if (j.procs() > nodes - busy) {
                throw new IllegalStateException("job " + j.id() + " started at " + t + " without room: needs "
                        + j.procs() + ", free " + (nodes - busy));
            }
            busy += j.procs();
            ordered.remove(j);
            running.add(new Running(j, t));
            if (starts.put(j.id(), t) != null) {
                throw new IllegalStateException("duplicate job id " + j.id());
            }
        }

        /** Starts jobs from the head while the head fits now. */
        private void startHeads(long t) {
            while (!queue.isEmpty() && queue.get(0).procs() <= nodes - busy) {
                start(queue.remove(0), t);
            }
        }

        private void fcfsPass(long t) {
            startHeads(t);
        }

        private void easyPass(long t) {
            startHeads(t);
            if (queue.size() < 2) {
                return;
            }
            // Profile of running jobs to their estimated ends.
            OracleProfile profile = new OracleProfile(nodes);
            for (Running r : running) {
                profile.allocate(t, r.estimatedEnd(), r.job().procs());
            }
            OracleJob head = queue.get(0);
            long shadow = profile.earliestStart(t, head.estimate(), head.procs());
            if (shadow <= t) {
                throw new IllegalStateException("head " + head.id() + " fits now but was not started");
            }
            profile.allocate(shadow, shadow + head.estimate(), head.procs());
            Iterator<OracleJob> it = queue.listIterator(1);
            while (it.hasNext()) {
                OracleJob j = it.next();
                if (j.procs() <= nodes - busy && profile.fits(t, t + j.estimate(), j.procs())) {
                    profile.allocate(t, t + j.estimate(), j.procs());
                    it.remove();
                    start(j, t);
                }
            }
        }

        private void conservativePass(long t, boolean compress, List<OracleJob> arrivals) {
            reservations.forgetBefore(t);
            if (compress) {
                // Re-compress the existing reservations once, in queue order (arrivals are not placed yet).
                for (OracleJob j : queue) {
                    Long old = reservedStart.get(j);
                    if (old == null) {
                        continue; // a new arrival, placed below
                    }
                    // Shortcut, not needed for correctness: a start s < old needs >= procs free at s, and the job's
                    // own reservation does not cover [t, old); if no instant there has that many free, it stays.
                    if (!reservations.anyFits(t, old, j.procs())) {
                        continue;
                    }
                    reservations.release(old, old + j.estimate(), j.procs());
                    long s = reservations.earliestStart(t, j.estimate(), j.procs());
                    if (s > old) {
                        throw new IllegalStateException("compression moved job " + j.id() + " later: "
                                + old + " -> " + s + " at " + t);
                    }
                    reservations.allocate(s, s + j.estimate(), j.procs());
                    reservedStart.put(j, s);
                }
            }
            for (OracleJob j : arrivals) {
                long s = reservations.earliestStart(t, j.estimate(), j.procs());
                reservations.allocate(s, s + j.estimate(), j.procs());
                reservedStart.put(j, s);
            }
            Iterator<OracleJob> it = queue.iterator();
            while (it.hasNext()) {
                OracleJob j = it.next();
                long s = reservedStart.get(j);
                if (s < t) {
                    throw new IllegalStateException("job " + j.id() + " missed its reservation " + s + " (now " + t + ")");
                }
                if (s == t) {
                    it.remove();
                    reservedStart.remove(j);
                    start(j, t); // its reservation becomes the running job's profile entry, unchanged
                }
            }
        }
    }
}
