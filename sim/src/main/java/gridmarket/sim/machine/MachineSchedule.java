package gridmarket.sim.machine;

import gridmarket.sim.workload.Job;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The node-level schedule of one machine: which nodes each running job holds, and which nodes are promised to future
 * jobs (advance reservations). Schedulers ask it where and when jobs fit; it never decides anything itself.
 *
 * <p>Invariants: the node sets of all allocations that overlap in time are disjoint; a node runs at most one job at a
 * time; reservations start in the future. Time only moves forward. Planning uses {@link Allocation#plannedEnd()}
 * (the estimate); the real end is reported through {@link #finish(Allocation)}.
 */
public final class MachineSchedule {
    private static final Comparator<Allocation> BY_PLANNED_END = Comparator
            .comparingLong(Allocation::plannedEnd)
            .thenComparingInt(a -> a.job().order());

    private final Machine machine;
    private final BitSet idle;
    private final Allocation[] runningOn;
    /** The start and planned end of each node's running job (where {@link #runningOn} has one), for the table. */
    private final long[] runningStart;
    private final long[] runningEnd;
    private final TreeSet<Allocation> running = new TreeSet<>(BY_PLANNED_END);
    private final List<Allocation> reservations = new ArrayList<>();
    /**
     * Per node, the reservations holding it, ordered by start (they never overlap on a node): the index that free
     * intervals and node checks read, so that they cost the node's own reservations, not a sort of all of them.
     */
    private final ReservationsByNode byNode;
    /** The one free-interval table, refilled by every search (never two at once: a schedule is single-threaded). */
    private final FreeTable scratch;
    /** {@link #compress}'s node count, kept between passes (null until the first). */
    private CapacityProfile compressionCount;
    /** A reservation the table's fill passes over ({@link #sharedFreeTableWithout}), or null. */
    private Allocation hidden;
    private long busyNodeSeconds;
    /** Who is told of each start ({@link #onStart}); empty unless another agent shares the machine. */
    private final List<Consumer<Allocation>> startListeners = new ArrayList<>();
    /** Outages so far: numbers their stand-in jobs, so that two are never equal in {@link #running}. */
    private int outages;
    /** Maintenance windows that have not started, by start. */
    private final List<PlannedOutage> planned = new ArrayList<>();
    /** Changes of the free node-time from now on, of any kind ({@link #version()}). */
    private long version;
    /** Those of them that may have added free node-time ({@link #freeingVersion()}). */
    private long freeingVersion;

    public MachineSchedule(Machine machine) {
        this.machine = machine;
        this.idle = new BitSet(machine.nodes());
        this.idle.set(0, machine.nodes());
        this.runningOn = new Allocation[machine.nodes()];
        this.runningStart = new long[machine.nodes()];
        this.runningEnd = new long[machine.nodes()];
        this.byNode = new ReservationsByNode(machine.nodes());
        this.scratch = new FreeTable(machine.nodes(), 4 * machine.nodes());
    }

    /**
     * How many times the free node-time from the current instant on has changed: a job started other than at its
     * reservation's start, ended before its planned end or went down, a reservation made or withdrawn, maintenance
     * planned or begun. An answer read from the free intervals at one version holds at a later instant while the
     * version is the same, for every start from that instant on (time passing only clips intervals at their
     * beginning); a reservation starting at its start and a job ending at its planned end change nothing.
     */
    public long version() {
        return version;
    }

    /**
     * How many of the {@link #version() changes} may have added free node-time (a reservation withdrawn, a job ended
     * before its planned end, maintenance): while this stays the same, a run that did not fit before some instant
     * still does not fit there.
     */
    public long freeingVersion() {
        return freeingVersion;
    }

    private void changed(boolean freeing) {
        version++;
        if (freeing) {
            freeingVersion++;
        }
    }

    public Machine machine() {
        return machine;
    }

    /** Number of nodes. */
    public int size() {
        return machine.nodes();
    }

    /** Nodes idle right now (not running a job; they may be reserved for later). */
    public int freeNodes() {
        return idle.cardinality();
    }

    /** Running allocations, ordered by planned end, then job order; unmodifiable live view. */
    public Collection<Allocation> running() {
        return Collections.unmodifiableCollection(running);
    }

    /** Future reservations in the order they were made; unmodifiable live view. */
    public List<Allocation> reservations() {
        return Collections.unmodifiableList(reservations);
    }

    /** The allocation running on a node now, or {@code null} if the node is idle. */
    public Allocation runningOn(int node) {
        return runningOn[node];
    }

    /** Node-seconds of real run time of every job finished so far (multi-site overhead included). */
    public long busyNodeSeconds() {
        return busyNodeSeconds;
    }

    /**
     * Starts a job now on the lowest-numbered nodes that are idle and not reserved during its planned run.
     *
     * @throws IllegalStateException if fewer than {@code job.nodes()} such nodes exist: the caller's plan was wrong
     */
    public Allocation start(Job job, long now) {
        return start(job, job.nodes(), job.estimate(), job.runTime(), now);
    }

    /**
     * Starts {@code nodes} nodes of a job (the whole job or one part of a multi-site job) for {@code estimate}
     * planned and {@code runTime} real seconds.
     */
    public Allocation start(Job job, int nodes, long estimate, long runTime, long now) {
        long end = now + estimate;
        int[] ids = new int[nodes];
        int k = 0;
        for (int node = idle.nextSetBit(0); node >= 0 && k < nodes; node = idle.nextSetBit(node + 1)) {
            if (reservations.isEmpty() || !reservedDuring(node, now, end)) {
                ids[k++] = node;
            }
        }
        if (k < nodes) {
            throw new IllegalStateException(machine.name() + ": job " + job.id() + " needs " + nodes
                    + " nodes at " + now + ", only " + k + " are free");
        }
        return place(job, ids, now, end, runTime, true);
    }

    /** Starts a job now on the given nodes, e.g. those of its reservation, which this call consumes. */
    public Allocation startReserved(Allocation reservation, long now) {
        if (!reservations.remove(reservation)) {
            throw new IllegalStateException(machine.name() + ": no reservation " + reservation);
        }
        byNode.remove(reservation);
        if (reservation.start() != now) { // at its start the job holds the same nodes for the same time: no change
            changed(true);
        }
        int[] ids = reservation.nodeIdsShared();
        for (int node : ids) {
            if (!idle.get(node)) {
                throw new IllegalStateException(machine.name() + ": reserved node " + node + " of job "
                        + reservation.job().id() + " is busy at " + now);
            }
        }
        return place(reservation.job(), ids, now, now + (reservation.plannedEnd() - reservation.start()),
                reservation.runTimeShared(), reservation.start() != now);
    }

    /**
     * Starts a job now on the given idle nodes for {@code estimate} planned and {@code runTime} real seconds: a wide
     * job on the nodes its preemptions freed, or a preempted job resuming on the nodes it held (SPEC C7).
     *
     * @throws IllegalStateException if a node is busy: the caller's plan was wrong
     */
    public Allocation startOn(Job job, int[] nodeIds, long estimate, long runTime, long now) {
        int[] ids = nodeIds.clone();
        Arrays.sort(ids);
        for (int node : ids) {
            if (!idle.get(node)) {
                throw new IllegalStateException(machine.name() + ": node " + node + " for job " + job.id()
                        + " is busy at " + now);
            }
        }
        return place(job, ids, now, now + estimate, runTime, true);
    }

    private Allocation place(Job job, int[] ids, long now, long plannedEnd, long runTime, boolean changes) {
        Allocation a = new Allocation(job, machine, ids, now, plannedEnd, runTime);
        if (changes) {
            changed(false);
        }
        for (int node : ids) {
            idle.clear(node);
            runningOn[node] = a;
            runningStart[node] = a.start();
            runningEnd[node] = a.plannedEnd();
        }
        running.add(a);
        for (int i = 0; i < startListeners.size(); i++) {
            startListeners.get(i).accept(a);
        }
        return a;
    }

    /**
     * Tells {@code listener} of every job started on this machine from now on, as it starts: where two agents run
     * jobs on one machine (its local queue beside the grid's scheduler), each learns of the other's.
     */
    public void onStart(Consumer<Allocation> listener) {
        startListeners.add(listener);
    }

    /**
     * Reserves {@code job} (its nodes, for its estimate) at the earliest start from {@code from} on at which enough
     * nodes are free for its whole planned run, on the lowest ids free then; {@code null} if it is wider than the
     * machine.
     */
    public Allocation reserveEarliest(Job job, long from, long now) {
        if (job.nodes() > size()) {
            return null;
        }
        Slot slot = earliestSlot(job.nodes(), job.estimate(), Math.max(from, now), Long.MAX_VALUE, NO_NODES);
        return reserve(job, slot.nodes(), slot.start(), job.estimate(), now);
    }

    /**
     * Takes idle nodes out of service from now until {@code repair}: an outage held like a running job (so every
     * planner sees the nodes back at the repair time), which {@link #repair} ends. The jobs on the nodes must have
     * been ended first.
     *
     * @throws IllegalStateException if a node is not idle
     */
    public Allocation goDown(int[] nodeIds, long now, long repair) {
        if (repair <= now) {
            throw new IllegalArgumentException(machine.name() + ": repair at " + repair + " is not after " + now);
        }
        int[] ids = nodeIds.clone();
        Arrays.sort(ids);
        for (int node : ids) {
            if (!idle.get(node)) {
                throw new IllegalStateException(machine.name() + ": node " + node + " is not idle at " + now
                        + " and cannot be taken down");
            }
        }
        outages++;
        Job standIn = new Job(-outages, -outages, now, repair - now, repair - now, ids.length, -1, -1, -1);
        Allocation a = new Allocation(standIn, machine, ids, now, repair, repair - now, true);
        changed(false);
        for (int node : ids) {
            idle.clear(node);
            runningOn[node] = a;
            runningStart[node] = a.start();
            runningEnd[node] = a.plannedEnd();
        }
        running.add(a);
        return a;
    }

    /**
     * Announces a maintenance window, for planners to count like a reservation ({@link #plannedOutages()}) until it
     * starts ({@link #startMaintenance}).
     */
    public void planOutage(PlannedOutage window) {
        planned.add(window);
        changed(true);
        planned.sort(Comparator.comparingLong(PlannedOutage::start));
    }

    /** The maintenance windows that have not started, by start; unmodifiable live view. */
    public List<PlannedOutage> plannedOutages() {
        return Collections.unmodifiableList(planned);
    }

    /** When the next maintenance window after {@code now} starts, or {@link Long#MAX_VALUE}. */
    public long nextMaintenanceAfter(long now) {
        for (PlannedOutage w : planned) {
            if (w.start() > now) {
                return w.start();
            }
        }
        return Long.MAX_VALUE;
    }

    /**
     * Starts a maintenance window now: its nodes are taken from the idle ones, lowest ids first (a planner that
     * counted the window left them idle); nodes already out of service count towards it.
     *
     * @return the outage, or {@code null} if no node had to be taken
     */
    public Allocation startMaintenance(PlannedOutage window, long now) {
        if (!planned.remove(window)) {
            throw new IllegalStateException(machine.name() + ": maintenance " + window + " was not planned");
        }
        changed(true);
        int down = 0;
        for (Allocation a : running) {
            if (a.outage()) {
                down += a.nodeCount();
            }
        }
        int n = Math.min(window.nodes() - Math.min(down, window.nodes()), idle.cardinality());
        if (n == 0) {
            return null;
        }
        int[] ids = new int[n];
        int k = 0;
        for (int node = idle.nextSetBit(0); k < n; node = idle.nextSetBit(node + 1)) {
            ids[k++] = node;
        }
        return goDown(ids, now, window.end());
    }

    /**
     * Starts a maintenance window now on the given nodes, which a planner kept free for it (the market's owner
     * reserves a window's nodes when it is announced).
     *
     * @throws IllegalStateException if the window was not planned or a node is not idle
     */
    public Allocation startMaintenance(PlannedOutage window, int[] nodeIds, long now) {
        if (!planned.remove(window)) {
            throw new IllegalStateException(machine.name() + ": maintenance " + window + " was not planned");
        }
        changed(true);
        return goDown(nodeIds, now, window.end());
    }

    /** Ends an outage at its repair time: its nodes are idle again. */
    public void repair(Allocation outage) {
        if (!outage.outage()) {
            throw new IllegalArgumentException(machine.name() + ": " + outage + " is not an outage");
        }
        finish(outage, outage.plannedEnd());
    }

    /** Ends a running allocation at {@code end} and frees its nodes. */
    public void finish(Allocation a, long end) {
        if (!running.remove(a)) {
            throw new IllegalStateException(machine.name() + ": " + a + " is not running");
        }
        if (end < a.plannedEnd()) { // at or after it, the nodes were planned free from now on already
            changed(true);
        }
        for (int node : a.nodeIdsShared()) {
            runningOn[node] = null;
            idle.set(node);
        }
        if (!a.outage()) {
            busyNodeSeconds += (end - a.start()) * (long) a.nodeIdsShared().length;
        }
    }

    /** Ends a running allocation at its real end, {@code start + runTime}. */
    public void finish(Allocation a) {
        finish(a, a.actualEnd());
    }

    /**
     * Reserves the given nodes for a job from {@code start} for {@code estimate} seconds (advance reservation).
     *
     * @throws IllegalStateException if a node is not free for the whole interval
     */
    public Allocation reserve(Job job, int[] nodeIds, long start, long estimate, long now) {
        return reserve(job, nodeIds, start, estimate, job.runTime(), now);
    }

    /**
     * Reserves nodes for one part of a job that runs {@code runTime} real seconds (e.g. a co-allocated part,
     * stretched by the overhead) and plans with {@code estimate}.
     */
    public Allocation reserve(Job job, int[] nodeIds, long start, long estimate, long runTime, long now) {
        if (estimate <= 0) { // the per-node index orders reservations by start: each must hold its nodes a while
            throw new IllegalArgumentException(machine.name() + ": reservation of job " + job.id() + " for "
                    + estimate + " s");
        }
        long end = start + estimate;
        int[] ids = nodeIds.clone();
        Arrays.sort(ids);
        int busy = firstBusy(ids, start, end, now);
        if (busy >= 0) {
            throw new IllegalStateException(machine.name() + ": node " + busy + " is not free in [" + start + ", "
                    + end + ") for job " + job.id());
        }
        Allocation a = new Allocation(job, machine, ids, start, end, runTime);
        promise(a);
        return a;
    }

    /**
     * Moves reservations earlier where the schedule now allows it, never later (SPEC E10): in the order of their
     * starts (then job order), each movable reservation is taken out and put back at the earliest start before its
     * own at which enough nodes are free for its planned run, given every other allocation; other nodes may be used
     * (its own first, then the lowest ids). Every other reservation keeps its nodes and times while one is moved, so
     * no promise is broken.
     *
     * @param movable which reservations may move (e.g. not the parts of a co-allocated job)
     * @return the moves made, as (old, new) pairs, in the order made
     */
    public List<Allocation[]> compress(long now, Predicate<Allocation> movable) {
        List<Allocation[]> moves = new ArrayList<>();
        if (reservations.isEmpty()) {
            return moves;
        }
        List<Allocation> order = new ArrayList<>(reservations);
        order.sort(Comparator.comparingLong(Allocation::start).thenComparingInt(a -> a.job().order()));
        // The node count over time rules out most moves cheaply; node identities are checked only where it allows one.
        CapacityProfile count = compressionCount(now);
        for (Allocation a : running) {
            if (a.plannedEnd() > now) {
                count.take(a.nodeCount(), now, a.plannedEnd());
            }
        }
        for (Allocation r : reservations) {
            count.take(r.nodeCount(), Math.max(now, r.start()), r.plannedEnd()); // one due now starts after this
        }
        for (Allocation r : order) {
            if (r.start() <= now || !movable.test(r)) {
                continue;
            }
            long duration = r.plannedEnd() - r.start();
            int n = r.nodeCount();
            long earliest = count.earliestBefore(n, duration, r.start()); // the count alone, read-only
            Slot slot = null;
            if (earliest < r.start()) {
                withdraw(r);
                slot = earliestSlot(n, duration, earliest, r.start(), r.nodeIdsShared());
                if (slot == null) {
                    promise(r);
                }
            }
            if (slot == null) {
                continue;
            }
            Allocation moved = new Allocation(r.job(), machine, slot.nodes(), slot.start(),
                    slot.start() + duration, r.runTimeShared());
            promise(moved);
            count.move(n, duration, r.start(), moved.start());
            moves.add(new Allocation[] {r, moved});
        }
        return moves;
    }

    /** The node count that {@link #compress} builds afresh at every pass, in arrays kept from the last. */
    private CapacityProfile compressionCount(long now) {
        if (compressionCount == null) {
            compressionCount = new CapacityProfile(size(), now);
        } else {
            compressionCount.reset(now);
        }
        return compressionCount;
    }

    private static final int[] NO_NODES = {};

    /** A start time and the nodes, ascending, of a place found for a reservation. */
    private record Slot(long start, int[] nodes) {
    }

    /**
     * The earliest start in {@code [from, before)} at which {@code n} nodes are free for {@code duration} seconds, and
     * which nodes: those of {@code prefer} (sorted) first, then the lowest ids; {@code null} if there is none.
     */
    private Slot earliestSlot(int n, long duration, long from, long before, int[] prefer) {
        // A fit starts before `before` and lasts `duration`: nothing after their sum matters, and clipping intervals
        // there keeps every answer (an interval reaching past it is long enough either way).
        long horizon = before == Long.MAX_VALUE || duration > Long.MAX_VALUE - before ? Long.MAX_VALUE
                : before + duration;
        FreeTable free = scratchTable(from, horizon);
        long[] starts = new long[free.size()];
        int k = 0;
        for (int i = 0; i < free.size(); i++) {
            // the earliest fit starts where one of its nodes' intervals starts, an interval long enough
            long s = free.start(i);
            long e = free.end(i);
            if (s < before && (e == Long.MAX_VALUE || e - s >= duration)) {
                starts[k++] = s;
            }
        }
        Arrays.sort(starts, 0, k);
        boolean[] preferred = new boolean[size()];
        for (int node : prefer) {
            preferred[node] = true;
        }
        int[] ids = new int[n];
        for (int i = 0; i < k; i++) {
            long t = starts[i];
            if (i > 0 && t == starts[i - 1]) {
                continue;
            }
            long end = duration > Long.MAX_VALUE - t ? Long.MAX_VALUE : t + duration;
            int c = 0;
            for (int q = 0; q < prefer.length && c < n; q++) { // its own nodes first (prefer is ascending)
                if (free.freeFor(prefer[q], t, end)) {
                    ids[c++] = prefer[q];
                }
            }
            for (int node = 0; node < size() && c < n; node++) {
                if (!preferred[node] && free.freeFor(node, t, end)) {
                    ids[c++] = node;
                }
            }
            if (c == n) {
                Arrays.sort(ids);
                return new Slot(t, ids);
            }
        }
        return null;
    }

    /** Whether the given nodes are all free for {@code [start, start + estimate)}, planning with estimates. */
    public boolean canReserve(int[] nodeIds, long start, long estimate, long now) {
        return firstBusy(nodeIds, start, start + estimate, now) < 0;
    }

    /** The first node that is not free in {@code [start, end)}, or -1. */
    private int firstBusy(int[] ids, long start, long end, long now) {
        for (int node : ids) {
            Allocation r = runningOn[node];
            if ((r != null && r.plannedEnd() > start) || reservedDuring(node, start, end) || start < now) {
                return node;
            }
        }
        return -1;
    }

    /**
     * Puts back a reservation withdrawn by {@link #cancel(Allocation)} (e.g. after asking what the schedule would
     * allow without it).
     *
     * @throws IllegalStateException if its nodes are no longer free for its interval
     */
    public void reinstate(Allocation reservation, long now) {
        int busy = firstBusy(reservation.nodeIdsShared(), reservation.start(), reservation.plannedEnd(), now);
        if (busy >= 0) {
            throw new IllegalStateException(machine.name() + ": node " + busy + " was taken from " + reservation);
        }
        promise(reservation);
    }

    /**
     * The free intervals of every node inside {@code [from, to)} as if {@code reservation} (not started) were
     * withdrawn, in the shared table ({@link #sharedFreeTable}): what a co-allocated part could have here instead.
     * The reservation stays, listed last ({@link #listLast}), as after {@link #cancel} and {@link #reinstate}; the
     * versions do not change.
     */
    public FreeTable sharedFreeTableWithout(Allocation reservation, long from, long to) {
        listLast(reservation);
        hidden = reservation;
        try {
            return fill(scratch, from, to);
        } finally {
            hidden = null;
        }
    }

    /**
     * Lists a reservation (not started) after every other, as withdrawing it and making it again would: reservations
     * due at one instant start in the order listed, and a question asked as if it were withdrawn keeps that order.
     */
    public void listLast(Allocation reservation) {
        if (!reservations.remove(reservation)) {
            throw new IllegalStateException(machine.name() + ": no reservation " + reservation);
        }
        reservations.add(reservation);
    }

    /** Withdraws a reservation that has not started. */
    public void cancel(Allocation reservation) {
        if (!withdraw(reservation)) {
            throw new IllegalStateException(machine.name() + ": no reservation " + reservation);
        }
    }

    private void promise(Allocation r) {
        changed(false);
        reservations.add(r);
        byNode.add(r);
    }

    private boolean withdraw(Allocation r) {
        if (!reservations.remove(r)) {
            return false;
        }
        changed(true);
        byNode.remove(r);
        return true;
    }

    private boolean reservedDuring(int node, long from, long to) {
        return byNode.overlaps(node, from, to);
    }

    /**
     * The EASY shadow of a job needing {@code n} nodes, planned from {@code now} with the running jobs' planned ends;
     * reservations are not counted (EASY keeps none here).
     */
    public Shadow shadow(int n, long now) {
        int free = idle.cardinality();
        long time = free >= n ? now : Long.MAX_VALUE;
        for (Allocation a : running) { // ordered by planned end
            if (time != Long.MAX_VALUE && a.plannedEnd() > time) {
                break;
            }
            free += a.nodeCount();
            if (time == Long.MAX_VALUE && free >= n) {
                time = a.plannedEnd();
            }
        }
        return new Shadow(time, free - n);
    }

    /**
     * The earliest time {@code t >= from} at which at least {@code n} nodes are each free for all of
     * {@code [t, t + duration)}, planning with estimates. Returns {@link Long#MAX_VALUE} if {@code n > size()}.
     */
    public long earliestStart(int n, long duration, long from) {
        if (n > size()) {
            return Long.MAX_VALUE;
        }
        if (reservations.isEmpty()) {
            // Without reservations a node is free from its running job's planned end on, forever.
            int free = idle.cardinality();
            if (free >= n) {
                return from;
            }
            for (Allocation a : running) {
                free += a.nodeIdsShared().length;
                if (free >= n) {
                    return Math.max(from, a.plannedEnd());
                }
            }
            throw new IllegalStateException("unreachable: " + n + " <= " + size());
        }
        Slot slot = earliestSlot(n, duration, from, Long.MAX_VALUE, NO_NODES);
        return slot == null ? Long.MAX_VALUE : slot.start();
    }

    /**
     * Free intervals of every node inside {@code [from, to)}, planning with estimates: element {@code i} lists node
     * {@code i}'s idle stretches in time order, clipped to the window.
     */
    public List<List<FreeInterval>> freeIntervals(long from, long to) {
        FreeTable table = scratchTable(from, to);
        List<List<FreeInterval>> out = new ArrayList<>(size());
        for (int node = 0; node < size(); node++) {
            List<FreeInterval> f = new ArrayList<>(table.count(node));
            for (int k = table.first(node); k < table.first(node + 1); k++) {
                f.add(new FreeInterval(node, table.start(k), table.end(k)));
            }
            out.add(f);
        }
        return out;
    }

    /**
     * The free intervals of every node inside {@code [from, to)} in the schedule's own table: what
     * {@link #freeIntervals} gives, without an object per interval nor a table per call, for a search that has read all it needs before it asks this schedule anything else
     * or changes it, since the schedule's next search refills the table (the market's offer search asks for one on
     * every machine for every request).
     */
    public FreeTable sharedFreeTable(long from, long to) {
        return scratchTable(from, to);
    }

    /** The free intervals of every node inside {@code [from, to)} in the schedule's own table, for its searches. */
    private FreeTable scratchTable(long from, long to) {
        return fill(scratch, from, to);
    }

    private FreeTable fill(FreeTable table, long from, long to) {
        table.clear();
        int nodes = size();
        for (int node = 0; node < nodes; node++) {
            long cursor = from;
            boolean run = runningOn[node] != null;
            long runStart = runningStart[node];
            int reserved = byNode.count(node);
            int k = reserved == 0 ? 0 : byNode.firstEndingAfter(node, from); // those ending by from move no cursor
            while (cursor < to) {
                long start;
                long plannedEnd;
                if (run && (k == reserved || byNode.start(node, k) >= runStart)) {
                    start = runStart; // the running job before reservations starting with or after it
                    plannedEnd = runningEnd[node];
                    run = false;
                } else if (k < reserved) {
                    if (hidden != null && byNode.at(node, k) == hidden) {
                        k++;
                        continue;
                    }
                    start = byNode.start(node, k);
                    plannedEnd = byNode.end(node, k++);
                } else {
                    break;
                }
                long end = Math.min(start, to);
                if (cursor < end) {
                    table.add(cursor, end);
                }
                cursor = Math.max(cursor, plannedEnd);
            }
            if (cursor < to) {
                table.add(cursor, to);
            }
            table.endNode();
        }
        return table;
    }
}
