package gridmarket.agents;

import gridmarket.market.Fit;
import gridmarket.market.FormulaException;
import gridmarket.market.FreeNodeWindows;
import gridmarket.market.MachineFunction;
import gridmarket.market.Offer;
import gridmarket.market.OfferGenerator;
import gridmarket.market.OfferPart;
import gridmarket.market.OfferUtility;
import gridmarket.market.Placement;
import gridmarket.market.Request;
import gridmarket.market.Rescheduling;
import gridmarket.sim.engine.EventClock;
import gridmarket.sim.engine.Orderings;
import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.workload.Job;
import sim.engine.SimState;
import sim.engine.Steppable;

import java.util.ArrayList;
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
public final class MachineOwnerAgent implements Steppable {
    private static final long serialVersionUID = 1L;

    private final int index;
    private final MachineSchedule schedule;
    private final MachineFunction mf;
    private final OfferGenerator generator;
    private final int offersPerMachine;
    private final double offerCost;
    private final double reservationCost;
    private final Rescheduling rescheduling;
    private final double speed;
    private final EventClock clock;
    private final JobLedger ledger;
    private final ScheduleChanges changes;
    private final LongConsumer onJobEnd;
    private final Set<Long> plannedSteps = new HashSet<>();
    /** Co-allocated parts (reserved or running) and on how many machines their job runs. */
    private final Map<Allocation, Integer> spread = new HashMap<>();
    /** Accepted reservations not yet started, by id; compression replaces the allocation, never the id. */
    private final Map<Long, Allocation> byId = new HashMap<>();
    private final Map<Allocation, Long> idOf = new HashMap<>();
    private long nextReservationId;
    private boolean compressionDue;
    private long nextOfferId;

    /**
     * @param mf       the owner's objective: the machine's own, else the market's
     * @param speed    the machine's speed, a run-time factor (1: the trace's times)
     * @param onJobEnd told the end time of every job this owner starts, when it starts it, so that MetaManagers can
     *                 plan to retry waiting requests at that change of the schedule
     */
    MachineOwnerAgent(int index, MachineSchedule schedule, MachineFunction mf, OfferGenerator generator,
                      int offersPerMachine, double offerCost, double reservationCost, Rescheduling rescheduling,
                      double speed, EventClock clock, JobLedger ledger, ScheduleChanges changes,
                      LongConsumer onJobEnd) {
        this.index = index;
        this.schedule = schedule;
        this.mf = mf;
        this.generator = generator;
        this.offersPerMachine = offersPerMachine;
        this.offerCost = offerCost;
        this.reservationCost = reservationCost;
        this.rescheduling = rescheduling;
        this.speed = speed;
        this.clock = clock;
        this.ledger = ledger;
        this.changes = changes;
        this.onJobEnd = onJobEnd;
    }

    public MachineSchedule schedule() {
        return schedule;
    }

    public int index() {
        return index;
    }

    /**
     * The machine's best affordable offers for a request, best first by the request's utility on this machine. Offers
     * above the request's job or reservation budget are left out before the best are chosen, so a cheaper offer is
     * returned when one exists. A request whose template has no ELEMENT that holds here gets no offer.
     */
    Answer offers(Request r, int domain, long now) {
        Fit fit = fit(r);
        if (fit == null) {
            return new Answer(List.of(), false, false);
        }
        List<Offer> all = new ArrayList<>();
        boolean overBudget = false;
        OfferUtility utility = fit.utility();
        for (Placement p : generator.candidates(schedule, r.numberOfProcessors(), fit.plannedRunTime(),
                r.startTime(), r.endTime(), now)) {
            double price = price(r, p);
            if (!r.affords(price, reservationCost)) {
                overBudget = true;
                continue;
            }
            double uv = utilityValue(r, schedule.machine().name(), utility, p.start(), p.end(), price, offerCost,
                    reservationCost);
            all.add(Offer.single(nextOfferId(), r.requestId(),
                    new OfferPart(domain, index, schedule.machine().name(), p, price), offerCost, reservationCost,
                    uv));
        }
        all.sort(Offer.BEST_FIRST);
        return new Answer(all.size() > offersPerMachine ? List.copyOf(all.subList(0, offersPerMachine))
                : List.copyOf(all), overBudget, true);
    }

    /**
     * The request's terms on this machine: from its template, or (a request of the market's homogeneous users) the
     * market's utility function over the job's times scaled by this machine's speed; {@code null} if no ELEMENT of
     * its template holds here.
     */
    Fit fit(Request r) {
        if (r.terms() != null) {
            return r.terms().on(index);
        }
        Job job = r.job();
        long[] times = Fit.scaled(r.runTime(), job.runTime(), speed == 1 ? r.runTime() : r.runTime() / speed);
        long planned = times[0];
        return new Fit(0, planned, times[1], (s, e, c, oc, rc) -> r.utility().value(s, e, c,
                r.numberOfProcessors(), planned, job.submit()), "");
    }

    /**
     * An owner's answer to a request.
     *
     * @param offers     its best affordable offers, best first
     * @param overBudget whether it left out placements above the request's budgets
     * @param suited     whether the request could use a machine of the answer (an ELEMENT of its template held)
     */
    record Answer(List<Offer> offers, boolean overBudget, boolean suited) {
    }

    /** The answer to a partial request: how many nodes are free for a run of {@code duration} from each start. */
    FreeNodeWindows freeNodeWindows(Request r, long duration, long now) {
        return FreeNodeWindows.of(schedule, duration, Math.max(now, r.startTime()), now);
    }

    /**
     * A part of a co-allocated job: {@code nodes} nodes for {@code duration} planned seconds from exactly
     * {@code start}, the cheapest placement the offer search finds; {@code null} if none fits.
     */
    OfferPart partOffer(Request r, int nodes, long start, long duration, int domain, long now) {
        OfferPart best = null;
        for (Placement p : generator.candidates(schedule, nodes, duration, start, start + duration, now)) {
            if (p.start() != start) {
                continue;
            }
            double price = price(r, p);
            if (best == null || price < best.price()) {
                best = new OfferPart(domain, index, schedule.machine().name(), p, price);
            }
        }
        return best;
    }

    private double price(Request r, Placement p) {
        try {
            return mf.price(p.nodes().length, p.end() - p.start(), p.start(), p.variables());
        } catch (FormulaException e) {
            throw new FormulaException("machine " + schedule.machine().name() + ", job " + r.job().id() + ": "
                    + e.getMessage());
        }
    }

    /**
     * The request's utility value of an offer; a formula that fails on it (a pole, an overflow) names the job and the
     * machine, as a machine function's failure does.
     */
    static double utilityValue(Request r, String machine, OfferUtility utility, long start, long end, double jobCost,
                               double offerCost, double reservationCost) {
        try {
            return utility.value(start, end, jobCost, offerCost, reservationCost);
        } catch (FormulaException e) {
            throw new FormulaException("machine " + machine + ", job " + r.job().id() + ": " + e.getMessage());
        }
    }

    long nextOfferId() {
        return ((long) index << 40) | nextOfferId++;
    }

    /** Whether an offered part's nodes are still free (they may have been promised during a round's latency). */
    boolean stillFree(OfferPart part, long now) {
        Placement p = part.placement();
        return schedule.canReserve(p.nodes(), p.start(), p.end() - p.start(), now);
    }

    /**
     * Reserves an accepted part's nodes; the job starts now or at its reserved time.
     *
     * @param runTime  real seconds the part runs (the job's run time, stretched for a co-allocated part)
     * @param machines on how many machines the job runs (1 for an ordinary offer)
     * @return the reservation's id, by which its user may ask for its start or release it
     */
    long accept(Request r, OfferPart part, long runTime, int machines, long now) {
        Placement p = part.placement();
        Allocation reservation = schedule.reserve(r.job(), p.nodes(), p.start(), p.end() - p.start(), runTime, now);
        long id = nextReservationId++;
        if (machines > 1) {
            spread.put(reservation, machines);
        }
        if (p.start() == now) {
            start(reservation, now);
            return id;
        }
        idOf.put(reservation, id);
        byId.put(id, reservation);
        planStep(p.start());
        return id;
    }

    /**
     * This machine's free node-count windows for a run of {@code duration} seconds as if the accepted reservation
     * {@code reservationId} were not there: what a co-allocated job holding it could have here instead.
     */
    FreeNodeWindows windowsWithout(long reservationId, long duration, long now) {
        Allocation a = byId.get(reservationId);
        schedule.cancel(a);
        try {
            return FreeNodeWindows.of(schedule, duration, now, now);
        } finally {
            schedule.reinstate(a, now);
        }
    }

    /**
     * Moves an accepted reservation (a co-allocated part) to start exactly at {@code start}, on nodes the offer search
     * finds there, keeping its node count, planned length and price; a move to now starts the part at once.
     *
     * @throws IllegalStateException if no placement exists there (the windows said one did)
     */
    void movePart(long reservationId, long start, long now) {
        Allocation a = byId.get(reservationId);
        long duration = a.plannedEnd() - a.start();
        schedule.cancel(a);
        Placement p = null;
        for (Placement c : generator.candidates(schedule, a.nodeCount(), duration, start, start + duration, now)) {
            if (c.start() == start) {
                p = c;
                break;
            }
        }
        if (p == null) {
            schedule.reinstate(a, now);
            throw new IllegalStateException(schedule.machine().name() + ": no place at " + start + " for " + a);
        }
        Allocation moved = schedule.reserve(a.job(), p.nodes(), start, duration, a.actualEnd() - a.start(), now);
        byId.put(reservationId, moved);
        idOf.remove(a);
        idOf.put(moved, reservationId);
        Integer machines = spread.remove(a);
        if (machines != null) {
            spread.put(moved, machines);
        }
        changes.changed();
        if (start == now) {
            start(moved, now);
        } else {
            planStep(start);
        }
    }

    double offerCost() {
        return offerCost;
    }

    double reservationCost() {
        return reservationCost;
    }

    /** The start of an accepted reservation (as compression moved it), or now if its job has started. */
    long currentStart(long reservationId) {
        Allocation r = byId.get(reservationId);
        return r == null ? clock.now() : r.start();
    }

    /** Withdraws an accepted reservation that has not started (its user swapped to a better offer). */
    void release(long reservationId) {
        Allocation reservation = byId.remove(reservationId);
        if (reservation == null) {
            throw new IllegalStateException(schedule.machine().name() + ": no reservation " + reservationId);
        }
        idOf.remove(reservation);
        schedule.cancel(reservation);
        spread.remove(reservation);
        changes.changed();
        if (rescheduling != Rescheduling.NONE) {
            compressAndStart(clock.now());
        }
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
                changes.announceIdle(now, schedule.freeNodes());
            }
        } else {
            startDue(now);
        }
    }

    private void compressAndStart(long now) {
        for (Allocation[] move : schedule.compress(now, a -> !spread.containsKey(a))) {
                changes.changed();
            Long id = idOf.remove(move[0]);
            if (id != null) {
                idOf.put(move[1], id);
                byId.put(id, move[1]);
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
        Integer machines = spread.remove(reservation);
        Long id = idOf.remove(reservation);
        if (id != null) {
            byId.remove(id);
        }
        Allocation a = schedule.startReserved(reservation, now);
        long end = a.actualEnd();
        boolean early = rescheduling != Rescheduling.NONE && end < a.plannedEnd();
        clock.at(end, Orderings.JOB_END, s -> {
            schedule.finish(a);
            if (machines == null) {
                ledger.completed(a);
            } else {
                ledger.completed(a, end, machines);
            }
            changes.changed();
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
