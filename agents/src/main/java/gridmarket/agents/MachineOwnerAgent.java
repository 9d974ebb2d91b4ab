package gridmarket.agents;

import gridmarket.market.FreeNodeWindows;
import gridmarket.market.OfferGenerator;
import gridmarket.market.Placement;
import gridmarket.market.PostedPrice;
import gridmarket.market.Request;
import gridmarket.market.Rescheduling;
import gridmarket.market.protocol.Accept;
import gridmarket.market.protocol.CallForOffers;
import gridmarket.market.protocol.FreeWindows;
import gridmarket.market.protocol.IdleNodes;
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
import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.result.JobLedger;
import sim.engine.SimState;
import sim.engine.Steppable;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 * start together on several machines.
 */
public final class MachineOwnerAgent implements Steppable, MarketNetwork.Agent {
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
    /** The last free windows without each co-allocated part, kept while the schedule does not change. */
    private final Map<Long, WindowsMemo> windowsMemo = new HashMap<>();

    /**
     * The free windows without a co-allocated part, for runs of {@code duration} s starting before {@code before},
     * as the schedule stood at its {@code version} and {@code freeingVersion}; {@code reaches}: whether the part itself
     * fitted at some earlier start there.
     */
    private record WindowsMemo(long version, long freeingVersion, long duration, long before, FreeNodeWindows windows,
                               boolean reaches) {
        /**
         * These windows if they answer the same question now, else {@code null}: while nothing changed, they are
         * still exact from now on; while nothing was freed, counts only fell, so a part that fitted nowhere earlier
         * still does not, and the job's earliest common start stays its start whichever of the two is sent.
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
        strategy.accepted(r, a.part(), now);
        if (p.start() == now) {
            start(reservation, now);
            return;
        }
        held.hold(a.hold(), reservation, a.follow() ? new HeldReservations.Holder(r.requestId(), origin) : null);
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
            windows = schedule.without(a, () -> FreeNodeWindows.before(schedule, duration, now, before, now));
        } else {
            // taken out and put back all the same: the schedule then lists it last, as after every such question,
            // and reservations due at one instant start in the order listed
            schedule.without(a, () -> null);
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
            start(moved, now);
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
        for (Allocation[] move : schedule.compress(now, a -> !held.coAllocated(a))) {
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
            if (r.start() == now) {
                start(r, now);
            }
        }
    }

    private Allocation start(Allocation reservation, long now) {
        Long hold = held.idOf(reservation);
        if (hold != null) {
            windowsMemo.remove(hold);
        }
        Integer machines = held.started(reservation);
        Allocation a = schedule.startReserved(reservation, now);
        long end = a.actualEnd();
        boolean early = rescheduling != Rescheduling.NONE && end < a.plannedEnd();
        strategy.jobStarted(a, now);
        clock.at(end, Orderings.JOB_END, s -> {
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
}
