package gridmarket.agents;

import gridmarket.market.FreeNodeWindows;
import gridmarket.market.OfferGenerator;
import gridmarket.market.Placement;
import gridmarket.market.PostedPrice;
import gridmarket.market.Request;
import gridmarket.market.Rescheduling;
import gridmarket.market.protocol.Accept;
import gridmarket.market.protocol.Broken;
import gridmarket.market.protocol.CallForOffers;
import gridmarket.market.protocol.FreeWindows;
import gridmarket.market.protocol.IdleNodes;
import gridmarket.market.protocol.Killed;
import gridmarket.market.protocol.Lost;
import gridmarket.market.protocol.MachineWindows;
import gridmarket.market.protocol.Message;
import gridmarket.market.protocol.MovePart;
import gridmarket.market.protocol.Moved;
import gridmarket.market.protocol.Offers;
import gridmarket.market.protocol.PartOffer;
import gridmarket.market.protocol.PartRequest;
import gridmarket.market.protocol.PartWindows;
import gridmarket.market.protocol.PartialRequest;
import gridmarket.market.protocol.Refused;
import gridmarket.market.protocol.Release;
import gridmarket.market.protocol.WindowsWithout;
import gridmarket.market.roles.AskPricing;
import gridmarket.market.roles.OwnerStrategy;
import gridmarket.market.roles.PostedPricing;
import gridmarket.sim.grid.MultiSiteRules;
import gridmarket.sim.engine.EventClock;
import gridmarket.sim.engine.Orderings;
import gridmarket.sim.failure.MachineKeeper;
import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.machine.PlannedOutage;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.result.Kill;
import gridmarket.sim.workload.Job;
import sim.engine.SimState;
import sim.engine.Steppable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.function.LongConsumer;

/**
 * The owner of one machine (SPEC E1): answers requests with offers priced by its machine function MF, keeps the
 * accepted ones as advance reservations on its node-level schedule, and starts each reserved job at its reserved
 * time ({@link Orderings#RESERVATION_START}). For co-allocation it answers partial requests with its free node-count
 * windows and offers parts at a given start (SPEC E6).
 *
 * <p>With rescheduling (SPEC E10), when one of its jobs ends before its estimate or a reservation is released, it
 * moves its later reservations earlier, in its own step at {@link Orderings#RESERVATION_START} (after every end of
 * the instant, before any market round), never later. The parts of a co-allocated job are not moved: they must
 * start together on several machines; nor is a swap's new reservation while its origin may still release it
 * ({@link Accept#movableFrom()}).
 *
 * <p>With node failures (docs/FAILURES.md) it is its machine's {@link MachineKeeper}: a failure kills the jobs on the
 * failed nodes (every part of a co-allocated job, which is one program) and breaks the reservations on them that
 * would start before the repair, and the owner tells each job's origin ({@link Killed}, {@link Broken}), whose user
 * asks the market again. A maintenance window is reserved on its nodes when it is announced, so that no offer and
 * no reservation crosses it.
 */
public final class MachineOwnerAgent implements Steppable, MarketNetwork.Agent, MachineKeeper {
    private static final long serialVersionUID = 1L;

    private final int index;
    private final MachineSchedule schedule;
    private final OwnerStrategy strategy;
    private final OfferDesk desk;
    private final Rescheduling rescheduling;
    private final EventClock clock;
    private final JobLedger ledger;
    private final ScheduleChanges changes;
    private final LongConsumer onJobEnd;
    private final Set<Long> plannedSteps = new HashSet<>();
    private final HeldReservations held = new HeldReservations();
    private MarketNetwork network;
    private Address address;
    private int domain;
    /** How many domains the grid has: an idle announcement goes to each. */
    private int domains;
    private boolean compressionDue;
    /** Told when capacity is freed here: a job ends before its estimate, a reservation is released or moved up. */
    private Runnable freed = () -> { };
    /** Node failures: every owner of the grid (a co-allocated job's parts die together), or empty without failures. */
    private List<MachineOwnerAgent> grid = List.of();
    /** Plans every MetaManager's step at an instant nodes fail or are repaired. */
    private LongConsumer outageAhead = t -> { };
    /** With failures, who holds each accepted reservation, by hold id: told when a failure breaks it. */
    private final Map<Long, HeldReservations.Holder> holderOf = new HashMap<>();
    /** With failures, who holds each running job (by allocation, identity): told when a failure kills it. */
    private final Map<Allocation, HeldReservations.Holder> runningFor = new IdentityHashMap<>();
    /** Running co-allocated parts. */
    private final Set<Allocation> runningSpread = Collections.newSetFromMap(new IdentityHashMap<>());
    /** Parts a failure killed: their end events are void. */
    private final Set<Allocation> killed = Collections.newSetFromMap(new IdentityHashMap<>());
    /** Holds a failure broke: a release that still comes for one is moot. */
    private final Set<Long> broken = new HashSet<>();
    /** Announced maintenance windows and the reservations that keep their nodes free (by identity). */
    private final Map<PlannedOutage, Allocation> maintenance = new IdentityHashMap<>();
    private final Set<Allocation> standIns = Collections.newSetFromMap(new IdentityHashMap<>());
    /** Reservations of local jobs (local load beside the market): no compression moves them. By identity. */
    private final Set<Allocation> local = Collections.newSetFromMap(new IdentityHashMap<>());
    /** Instants at which failed nodes of this machine come back. */
    private final Set<Long> repairs = new HashSet<>();
    /** The last free windows without each co-allocated part, kept while the schedule does not change. */
    private final Map<Long, WindowsMemo> windowsMemo = new HashMap<>();

    /**
     * The free windows without a co-allocated part, for runs of {@code duration} s starting before {@code before},
     * last sent when the schedule stood at its {@code version} and {@code freeingVersion}; {@code reaches}: whether the
     * part itself fitted at some earlier start there. Windows that reach were read at that version and are exact;
     * windows that do not may have been read earlier, and are then an upper bound of the counts that still does not
     * reach: all that the job's compression asks of them.
     */
    private record WindowsMemo(long version, long freeingVersion, long duration, long before, FreeNodeWindows windows,
                               boolean reaches) {
        /**
         * These windows if they answer the same question now, else {@code null}: while nothing changed, they hold from
         * now on as they did; while nothing was freed, counts only fell, so a part that fitted nowhere earlier still
         * does not, and the job's earliest common start stays its start whichever windows are sent.
         */
        FreeNodeWindows answers(MachineSchedule schedule, long duration, long before) {
            if (duration != this.duration || before != this.before) {
                return null;
            }
            boolean same = schedule.version() == version;
            boolean nothingFreed = schedule.freeingVersion() == freeingVersion;
            return same || (nothingFreed && !reaches) ? windows : null;
        }
    }

    /**
     * @param strategy how the owner prices placements (the thesis' owner: its machine function)
     * @param speed    the machine's speed, a run-time factor (1: the trace's times)
     * @param onJobEnd told the end time of every job this owner starts, when it starts it, so that MetaManagers can
     *                 plan to retry waiting requests at that change of the schedule
     */
    MachineOwnerAgent(int index, MachineSchedule schedule, OwnerStrategy strategy, OfferGenerator generator,
                      int offersPerMachine, double offerCost, double reservationCost, Rescheduling rescheduling,
                      double speed, EventClock clock, JobLedger ledger, ScheduleChanges changes,
                      LongConsumer onJobEnd) {
        this.index = index;
        this.schedule = schedule;
        this.strategy = strategy;
        this.desk = new OfferDesk(index, schedule, strategy, generator, offersPerMachine, offerCost, reservationCost,
                speed);
        this.rescheduling = rescheduling;
        this.clock = clock;
        this.ledger = ledger;
        this.changes = changes;
        this.onJobEnd = onJobEnd;
    }

    /** Joins the market's network as the owner of this machine in domain {@code domain}, of {@code domains}. */
    void connect(MarketNetwork network, int domain, int domains) {
        this.network = network;
        this.domain = domain;
        this.domains = domains;
        this.address = Address.owner(index, domain);
        network.register(address, this);
    }

    @Override
    public void receive(Address from, Message m, long now) {
        if (m instanceof CallForOffers c) {
            OfferDesk.Answer a = offers(c.request(), now);
            network.send(address, from, new Offers(c.conversation(), c.requestId(), a.offers(), a.overBudget(),
                    a.suited()));
        } else if (m instanceof PartialRequest pr) {
            network.send(address, from, new FreeWindows(pr.conversation(), pr.requestId(),
                    List.of(windows(pr.request(), pr.rules(), now))));
        } else if (m instanceof PartRequest pr) {
            network.send(address, from, new PartOffer(pr.conversation(), pr.requestId(),
                    desk.partOffer(pr.request(), pr.nodes(), pr.start(), pr.duration(), domain, now)));
        } else if (m instanceof Accept a) {
            accept(from, a, now);
        } else if (m instanceof Lost l) {
            strategy.lost(l.requestId(), l.part(), now);
        } else if (m instanceof Release r) {
            if (broken.remove(r.hold())) {
                return; // a failure broke it already
            }
            if (!release(r.hold())) {
                network.send(address, from, new Refused(r.requestId(), r.hold())); // its job has started
            }
        } else if (m instanceof WindowsWithout w) {
            network.send(address, from, new PartWindows(w.conversation(), w.requestId(),
                    held.get(w.hold()) != null ? windowsWithout(w.hold(), w.duration(), w.before(), now) : null));
        } else if (m instanceof MovePart mp) {
            if (held.get(mp.hold()) != null) {
                movePart(mp.hold(), mp.start(), now);
            }
        } else {
            throw new IllegalStateException(schedule.machine().name() + " cannot handle " + m);
        }
    }

    /** Who is told when this machine's capacity is freed (its MetaManager, where routing is by capacity). */
    void onCapacityFreed(Runnable freed) {
        this.freed = freed;
    }

    public MachineSchedule schedule() {
        return schedule;
    }

    public int index() {
        return index;
    }

    /** What the owner's strategy reports of itself at the end of the run ({@link OwnerStrategy#summary()}). */
    /** The ask per node-second of an owner that asks one rate for any slot ({@link AskPricing}), else NaN. */
    public double askRate() {
        return strategy instanceof AskPricing a ? a.rate() : Double.NaN;
    }

    Map<String, Object> strategySummary() {
        return strategy.summary();
    }

    /**
     * The prices the owner posted per period through the one that holds {@code end}, if its strategy posts prices
     * ({@link PostedPricing}); else empty.
     */
    List<PostedPrice> postedPrices(long end) {
        return strategy instanceof PostedPricing p ? p.history(end) : List.of();
    }

    /** This machine's best affordable offers for a request, best first ({@link OfferDesk#offers}). */
    OfferDesk.Answer offers(Request r, long now) {
        return desk.offers(r, domain, now);
    }

    /** This machine's free node-count windows for a partial request ({@link OfferDesk#windows}). */
    MachineWindows windows(Request r, MultiSiteRules rules, long now) {
        return desk.windows(r, rules, domain, now);
    }

    /**
     * Reserves an accepted part's nodes for the job's real run time here (stretched for a co-allocated part); the job
     * starts now or at its reserved time. Nodes promised to another job while the accept travelled are refused.
     */
    private void accept(Address origin, Accept a, long now) {
        Placement p = a.part().placement();
        Request r = a.request();
        if (!schedule.canReserve(p.nodes(), p.start(), p.end() - p.start(), now)) {
            network.send(address, origin, new Refused(r.requestId(), a.hold()));
            return;
        }
        long runTime = desk.fit(r).runTime();
        MultiSiteRules stretch = a.stretch();
        Allocation reservation = schedule.reserve(r.job(), p.nodes(), p.start(), p.end() - p.start(),
                stretch == null ? runTime : stretch.stretch(runTime), now);
        if (a.machines() > 1) {
            held.spread(reservation, a.machines());
        }
        if (!grid.isEmpty()) {
            holderOf.put(a.hold(), new HeldReservations.Holder(r.requestId(), origin));
        }
        strategy.accepted(r, a.part(), now);
        if (p.start() == now) {
            start(reservation, a.hold(), now);
            return;
        }
        held.hold(a.hold(), reservation, a.follow() ? new HeldReservations.Holder(r.requestId(), origin) : null,
                a.movableFrom());
        planStep(p.start());
    }

    /**
     * This machine's free node-count windows for a run of {@code duration} seconds as if the accepted reservation
     * {@code reservationId} were not there: what a co-allocated job holding it could have here instead.
     */
    FreeNodeWindows windowsWithout(long reservationId, long duration, long before, long now) {
        Allocation a = held.get(reservationId);
        WindowsMemo last = windowsMemo.get(reservationId);
        FreeNodeWindows windows = last == null ? null : last.answers(schedule, duration, before);
        if (windows == null) {
            windows = FreeNodeWindows.before(
                    schedule.sharedFreeTableWithout(a, now, FreeNodeWindows.horizon(duration, before)),
                    duration, now, before);
        } else {
            // listed last all the same, as after every such question: reservations due at one instant start in the
            // order listed
            schedule.listLast(a);
        }
        // kept with the versions after the part is back (taking it out and back changes nothing for the next ask)
        boolean reaches = last != null && windows == last.windows() ? last.reaches()
                : windows.reaches(a.nodeCount(), now, before);
        windowsMemo.put(reservationId, new WindowsMemo(schedule.version(), schedule.freeingVersion(), duration, before,
                windows, reaches));
        return windows;
    }

    /**
     * Moves an accepted reservation (a co-allocated part) to start exactly at {@code start}, on nodes the offer search
     * finds there, keeping its node count, planned length and price; a move to now starts the part at once.
     *
     * @throws IllegalStateException if no placement exists there (the windows said one did)
     */
    void movePart(long reservationId, long start, long now) {
        Allocation a = held.get(reservationId);
        long duration = a.plannedEnd() - a.start();
        schedule.cancel(a);
        Placement p = desk.placementAt(a.nodeCount(), duration, start, now);
        if (p == null) {
            schedule.reinstate(a, now);
            throw new IllegalStateException(schedule.machine().name() + ": no place at " + start + " for " + a);
        }
        Allocation moved = schedule.reserve(a.job(), p.nodes(), start, duration, a.actualEnd() - a.start(), now);
        held.moved(a, moved);
        changes.changed();
        capacityFreed();
        if (start == now) {
            start(moved, held.idOf(moved), now);
        } else {
            planStep(start);
        }
    }

    /**
     * Withdraws an accepted reservation that has not started (its user swapped to a better offer).
     *
     * @return false if there is none: its job has started
     */
    private boolean release(long reservationId) {
        Allocation reservation = held.release(reservationId);
        windowsMemo.remove(reservationId);
        if (reservation == null) {
            return false;
        }
        schedule.cancel(reservation);
        holderOf.remove(reservationId);
        changes.changed();
        capacityFreed();
        if (rescheduling != Rescheduling.NONE) {
            compressAndStart(clock.now());
        }
        return true;
    }

    private void capacityFreed() {
        changes.capacityFreed();
        freed.run();
    }

    private void planStep(long time) {
        if (plannedSteps.add(time)) {
            clock.at(time, Orderings.RESERVATION_START, this);
        }
    }

    @Override
    public void step(SimState state) {
        long now = clock.now();
        plannedSteps.remove(now);
        if (!repairs.isEmpty() && repairs.remove(now)) { // failed nodes came back: waiting requests may fit now
            changes.changed();
            freed.run();
        }
        if (compressionDue) {
            compressionDue = false;
            compressAndStart(now);
            if (rescheduling == Rescheduling.REBID && schedule.freeNodes() > 0) {
                IdleNodes idle = new IdleNodes(schedule.freeNodes());
                for (int d = 0; d < domains; d++) {
                    if (network.reaches(address, d)) { // a domain that cannot reach this one cannot re-bid here
                        network.send(address, Address.metaManager(d), idle);
                    }
                }
            }
        } else {
            startDue(now);
        }
    }

    private void compressAndStart(long now) {
        for (Allocation[] move : schedule.compress(now,
                a -> !held.coAllocated(a) && held.movable(a, now) && !standIns.contains(a) && !local.contains(a))) {
            changes.changed();
            capacityFreed();
            HeldReservations.Holder h = held.moved(move[0], move[1]);
            if (h != null) {
                network.send(address, h.origin(), new Moved(h.requestId(), held.idOf(move[1]), move[1].start()));
            }
            if (move[1].start() > now) {
                planStep(move[1].start());
            }
        }
        startDue(now);
    }

    private void startDue(long now) {
        for (Allocation r : List.copyOf(schedule.reservations())) {
            if (r.start() == now && !standIns.contains(r)) {
                start(r, held.idOf(r), now);
            }
        }
    }

    /**
     * Holds a local job, which came to the machine's own scheduler and not through the market, as a reservation at
     * its earliest start from {@code from} on, on the lowest nodes free for its estimate; no compression moves it, and
     * it starts as reserved.
     *
     * @return the reservation, or the job's allocation if it starts now; {@code null} if the job is wider than the
     *         machine
     */
    Allocation holdLocal(Job job, long from, long now) {
        Allocation r = schedule.reserveEarliest(job, from, now);
        if (r == null) {
            return null;
        }
        if (r.start() == now) { // this instant's starts are done: it starts at once
            return start(r, null, now);
        }
        local.add(r);
        planStep(r.start());
        return r;
    }

    /** Starts a reservation, booked under {@code hold} ({@code null} if it is not in the book). */
    private Allocation start(Allocation reservation, Long hold, long now) {
        if (!local.isEmpty()) {
            local.remove(reservation);
        }
        if (hold != null) {
            windowsMemo.remove(hold);
        }
        Integer machines = held.started(reservation);
        Allocation a = schedule.startReserved(reservation, now);
        if (!grid.isEmpty()) {
            runningFor.put(a, holderOf.remove(hold));
            if (machines != null) {
                runningSpread.add(a);
            }
        }
        long end = a.actualEnd();
        boolean early = rescheduling != Rescheduling.NONE && end < a.plannedEnd();
        strategy.jobStarted(a, now);
        clock.at(end, Orderings.JOB_END, s -> {
            if (!killed.isEmpty() && killed.remove(a)) {
                return; // a failure ended it before
            }
            if (!grid.isEmpty()) {
                runningFor.remove(a);
                runningSpread.remove(a);
            }
            schedule.finish(a);
            strategy.jobEnded(a, end);
            if (machines == null) {
                ledger.completed(a);
            } else {
                ledger.completed(a, end, machines);
            }
            changes.changed();
            if (end < a.plannedEnd()) {
                capacityFreed();
            }
            if (early) {
                compressionDue = true; // a hole opened before the plan: later reservations may move up
            }
        });
        if (early) {
            planStep(end); // planned now: MASON cannot schedule "later at the current time" once the job ends
        }
        onJobEnd.accept(end);
        return a;
    }

    /**
     * Node failures may happen in this run: this owner fails with the other owners of the grid ({@code grid}, in
     * machine order), and {@code outageAhead} plans every MetaManager's step at an instant nodes fail or come back.
     */
    void watchFailures(List<MachineOwnerAgent> grid, LongConsumer outageAhead) {
        this.grid = List.copyOf(grid);
        this.outageAhead = outageAhead;
    }

    @Override
    public void watchPromises() {
        // the owner keeps who holds each reservation from the grid's watchFailures on
    }

    @Override
    public void expectOutage(long time) {
        planStep(time);
        outageAhead.accept(time);
    }

    /**
     * Kills the jobs on the failed nodes (all parts of a co-allocated one) and tells their origins, takes the nodes
     * out of service, and breaks the reservations on them that start before the repair; later reservations stay.
     */
    @Override
    public Allocation nodesFailed(MachineSchedule machine, int[] nodes, long now, long repair, long checkpoint) {
        List<Allocation> victims = new ArrayList<>();
        Set<Allocation> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        int[] up = new int[nodes.length];
        int count = 0;
        for (int node : nodes) {
            Allocation a = schedule.runningOn(node);
            if (a != null && a.outage()) {
                continue;
            }
            up[count++] = node;
            if (a != null && seen.add(a)) {
                victims.add(a);
            }
        }
        if (count == 0) {
            return null;
        }
        int[] down = Arrays.copyOf(up, count);
        victims.sort(Comparator.comparingInt(a -> a.job().order()));
        for (Allocation v : victims) {
            kill(v, now, checkpoint);
        }
        Allocation outage = schedule.goDown(down, now, repair);
        breakReservations(down, now, repair);
        changes.changed();
        freed.run();
        if (rescheduling != Rescheduling.NONE) {
            compressionDue = true; // the killed jobs' other nodes and the broken reservations left room
        }
        repairs.add(repair);
        planStep(repair);
        outageAhead.accept(repair);
        return outage;
    }

    /** Ends a killed attempt on every machine it runs on, records it once, and tells its origin. */
    private void kill(Allocation victim, long now, long checkpoint) {
        Job job = victim.job();
        List<MachineOwnerAgent> where = new ArrayList<>();
        List<Allocation> parts = new ArrayList<>();
        if (runningSpread.contains(victim)) {
            for (MachineOwnerAgent o : grid) {
                Allocation part = o == this ? victim : o.runningPart(job.order());
                if (part != null) {
                    where.add(o);
                    parts.add(part);
                }
            }
        } else {
            where.add(this);
            parts.add(victim);
        }
        long elapsed = now - victim.start();
        // a checkpoint keeps whole intervals of the run, never all of it (nor all of the estimate)
        long saved = checkpoint <= 0 ? 0
                : Math.min(elapsed / checkpoint, (Math.min(job.runTime(), job.estimate()) - 1) / checkpoint)
                        * checkpoint;
        StringJoiner machines = new StringJoiner("+");
        StringJoiner held = new StringJoiner("+");
        long nodes = 0;
        HeldReservations.Holder holder = null;
        for (int i = 0; i < parts.size(); i++) {
            Allocation part = parts.get(i);
            HeldReservations.Holder h = where.get(i).abort(part, now);
            holder = where.get(i) == this ? h : holder;
            machines.add(part.machine().name());
            held.add(JobOutcome.ranges(part.nodeIds()));
            nodes += part.nodeCount();
        }
        ledger.killed(job, new Kill(machines.toString(), held.toString(), victim.start(), now,
                Math.max(0, elapsed - saved) * nodes));
        if (holder == null) {
            throw new IllegalStateException(schedule.machine().name() + ": no origin known for job " + job.id());
        }
        network.send(address, holder.origin(), new Killed(holder.requestId(), saved));
    }

    /** This machine's running part of co-allocated job {@code order}, or {@code null}. */
    private Allocation runningPart(int order) {
        for (Allocation a : schedule.running()) {
            if (!a.outage() && a.job().order() == order && runningSpread.contains(a)) {
                return a;
            }
        }
        return null;
    }

    /** Ends a running job here now, its end event void; returns who holds it. */
    private HeldReservations.Holder abort(Allocation a, long now) {
        schedule.finish(a, now);
        killed.add(a);
        runningSpread.remove(a);
        changes.changed();
        freed.run();
        if (rescheduling != Rescheduling.NONE) {
            compressionDue = true;
        }
        return runningFor.remove(a);
    }

    /** Breaks every reservation on the failed nodes that starts before the repair, and tells its origin. */
    private void breakReservations(int[] down, long now, long repair) {
        for (Allocation r : List.copyOf(schedule.reservations())) {
            if (r.start() >= repair || standIns.contains(r) || !overlaps(r.nodeIds(), down)) {
                continue;
            }
            boolean coAllocated = held.coAllocated(r);
            BrokenHold b = cancelBroken(r);
            if (coAllocated) { // its other parts cannot run without it
                for (MachineOwnerAgent o : grid) {
                    if (o != this) {
                        o.cancelPart(r.job().order());
                    }
                }
            }
            network.send(address, b.holder().origin(), new Broken(b.holder().requestId(), b.hold()));
        }
    }

    /** Cancels this machine's reservation of co-allocated job {@code order}, if it holds one. */
    private void cancelPart(int order) {
        for (Allocation r : List.copyOf(schedule.reservations())) {
            if (r.job().order() == order && !standIns.contains(r)) {
                cancelBroken(r);
                changes.changed();
                freed.run();
                if (rescheduling != Rescheduling.NONE) {
                    compressionDue = true;
                }
            }
        }
    }

    /** A reservation a failure broke: its hold id and who held it. */
    private record BrokenHold(long hold, HeldReservations.Holder holder) {
    }

    /** Takes a broken reservation out of the book and the schedule. */
    private BrokenHold cancelBroken(Allocation r) {
        Long id = held.idOf(r);
        if (id == null) {
            throw new IllegalStateException(schedule.machine().name() + ": reservation not in the book: " + r);
        }
        held.release(id);
        windowsMemo.remove(id);
        schedule.cancel(r);
        broken.add(id);
        return new BrokenHold(id, holderOf.remove(id));
    }

    private static boolean overlaps(int[] sorted, int[] nodes) {
        for (int node : nodes) {
            if (Arrays.binarySearch(sorted, node) >= 0) {
                return true;
            }
        }
        return false;
    }

    /** Reserves the announced window's nodes, the lowest ids free for all of it, so that nothing is placed across. */
    @Override
    public void maintenancePlanned(MachineSchedule machine, PlannedOutage window) {
        long length = window.end() - window.start();
        int[] ids = new int[Math.min(window.nodes(), schedule.size())];
        int count = 0;
        for (int node = 0; node < schedule.size() && count < ids.length; node++) {
            if (schedule.canReserve(new int[] {node}, window.start(), length, window.start())) {
                ids[count++] = node;
            }
        }
        if (count == 0) {
            return; // other windows hold every node then
        }
        Job standIn = new Job(-1, -1, window.start(), length, length, count, -1, -1, -1);
        Allocation r = schedule.reserve(standIn, Arrays.copyOf(ids, count), window.start(), length,
                window.start());
        maintenance.put(window, r);
        standIns.add(r);
    }

    /** Takes the window's reserved nodes out of service. */
    @Override
    public Allocation maintenanceStarts(MachineSchedule machine, PlannedOutage window, long now) {
        Allocation r = maintenance.remove(window);
        if (r == null) {
            return machine.startMaintenance(window, now);
        }
        standIns.remove(r);
        schedule.cancel(r);
        return schedule.startMaintenance(window, r.nodeIds(), now);
    }
}
