package gridmarket.agents;

import gridmarket.market.MachineFunction;
import gridmarket.market.Offer;
import gridmarket.market.OfferGenerator;
import gridmarket.market.Placement;
import gridmarket.market.Request;
import gridmarket.market.UtilityFunction;
import gridmarket.sim.engine.EventClock;
import gridmarket.sim.engine.Orderings;
import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.result.JobLedger;
import sim.engine.SimState;
import sim.engine.Steppable;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongConsumer;

/**
 * The owner of one machine (SPEC E1): answers requests with offers priced by its machine function MF, keeps the
 * accepted ones as advance reservations on its node-level schedule, and starts each reserved job at its reserved
 * time ({@link Orderings#RESERVATION_START}).
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
    private final EventClock clock;
    private final JobLedger ledger;
    private final LongConsumer onJobEnd;
    private final Set<Long> plannedStarts = new HashSet<>();
    private long nextOfferId;

    /**
     * @param onJobEnd told the end time of every job this owner starts, when it starts it, so that MetaManagers can
     *                 plan to retry waiting requests at that change of the schedule
     */
    MachineOwnerAgent(int index, MachineSchedule schedule, MachineFunction mf, OfferGenerator generator,
                      int offersPerMachine, double offerCost, double reservationCost, EventClock clock,
                      JobLedger ledger, LongConsumer onJobEnd) {
        this.index = index;
        this.schedule = schedule;
        this.mf = mf;
        this.generator = generator;
        this.offersPerMachine = offersPerMachine;
        this.offerCost = offerCost;
        this.reservationCost = reservationCost;
        this.clock = clock;
        this.ledger = ledger;
        this.onJobEnd = onJobEnd;
    }

    public MachineSchedule schedule() {
        return schedule;
    }

    public int index() {
        return index;
    }

    /** The machine's best offers for a request, best first, valued with the request's utility function. */
    List<Offer> offers(Request r, UtilityFunction uf, int domain, long now) {
        List<Offer> all = new ArrayList<>();
        for (Placement p : generator.candidates(schedule, r.numberOfProcessors(), r.runTime(), r.startTime(),
                r.endTime(), now)) {
            double price = mf.price(r.numberOfProcessors(), r.runTime(), p.start(), p.variables());
            double uv = uf.value(p.start(), p.end(), price, r.numberOfProcessors(), r.runTime(), r.job().submit());
            all.add(new Offer(((long) index << 40) | nextOfferId++, r.requestId(), domain, index,
                    schedule.machine().name(), p, price, offerCost, reservationCost, uv));
        }
        all.sort((a, b) -> a.betterThan(b) ? -1 : b.betterThan(a) ? 1 : 0);
        return all.size() > offersPerMachine ? all.subList(0, offersPerMachine) : all;
    }

    /** Reserves an accepted offer's nodes; the job starts now or at its reserved time. */
    void accept(Offer o, Request r, long now) {
        Allocation reservation = schedule.reserve(r.job(), o.placement().nodes(), o.startTime(), r.runTime(), now);
        if (o.startTime() == now) {
            start(reservation, now);
        } else if (plannedStarts.add(o.startTime())) {
            clock.at(o.startTime(), Orderings.RESERVATION_START, this);
        }
    }

    @Override
    public void step(SimState state) {
        long now = clock.now();
        plannedStarts.remove(now);
        for (Allocation r : List.copyOf(schedule.reservations())) {
            if (r.start() == now) {
                start(r, now);
            }
        }
    }

    private void start(Allocation reservation, long now) {
        Allocation a = schedule.startReserved(reservation, now);
        long end = a.actualEnd();
        clock.at(end, Orderings.JOB_END, s -> {
            schedule.finish(a);
            ledger.completed(a);
        });
        onJobEnd.accept(end);
    }
}
