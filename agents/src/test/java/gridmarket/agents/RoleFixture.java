package gridmarket.agents;

import gridmarket.market.CoAllocationMode;
import gridmarket.market.OfferGenerator;
import gridmarket.market.OfferPart;
import gridmarket.market.Placement;
import gridmarket.market.OfferSettings;
import gridmarket.market.Request;
import gridmarket.market.Rescheduling;
import gridmarket.market.Trade;
import gridmarket.market.UtilityFunction;
import gridmarket.market.roles.UserStrategy;
import gridmarket.market.protocol.Message;
import gridmarket.market.roles.ClearingRule;
import gridmarket.market.roles.HighestUtility;
import gridmarket.market.roles.OwnerStrategy;
import gridmarket.sim.engine.EventClock;
import gridmarket.sim.engine.Orderings;
import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.workload.Job;
import sim.engine.SimState;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * A MASON schedule to drive the market's agents by hand in tests, fake agents that record what the network delivers
 * to them, and small grids built from real owners and MetaManagers without an experiment file, so that a test can
 * reach into any of their schedules between two messages.
 */
final class RoleFixture {
    /** The thesis' user's decisions on re-bids and swaps (its requests are written by each test). */
    static final UserStrategy THESIS_USER = (job, domain, requestId) -> {
        throw new UnsupportedOperationException("requests are written by the test");
    };

    /** After every agent of an instant: a test's own action at that time. */
    static final int TEST = Orderings.MARKET + 100;

    final SimState state = new SimState(1);
    final EventClock clock;

    RoleFixture() {
        state.start();
        clock = new EventClock(state.schedule);
    }

    /** Runs {@code action} at {@code time} with the given MASON ordering. */
    void at(long time, int ordering, Runnable action) {
        clock.at(time, ordering, s -> action.run());
    }

    /** Runs every event planned. */
    void run() {
        while (state.schedule.step(state)) {
            // to the end
        }
    }

    /** Runs every event up to and including the instant {@code time} (a marker event is planned there). */
    void runThrough(long time) {
        boolean[] reached = {false};
        at(time, Integer.MAX_VALUE, () -> reached[0] = true);
        while (!reached[0] && state.schedule.step(state)) {
            // on
        }
    }

    Grid grid(Settings settings, int[]... sites) {
        return new Grid(settings, sites);
    }

    /** A job of site {@code site}: id = order + 1. */
    static Job job(int order, long submit, int nodes, long estimate, long runTime, int site) {
        return new Job(order + 1, order, submit, runTime, estimate, nodes, 1, 1, estimate, 0, site);
    }

    /** A request of the market's homogeneous users for {@code job}, without budgets or deadline. */
    static Request request(Job job, int origin, String uf, int hops) {
        return new Request(job.id(), job, "u", origin, job.nodes(), job.estimate(), job.submit(), Long.MAX_VALUE,
                Long.MAX_VALUE, hops, 0, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
                Double.POSITIVE_INFINITY, new UtilityFunction(uf), 1, 0, null);
    }

    /** A message as a fake agent received it. */
    record Received(Address from, Message message, long now) {
    }

    /** A fake agent: records every message delivered to it, then reacts to it if told how. */
    static final class Recorder implements MarketNetwork.Agent {
        final List<Received> log = new ArrayList<>();
        Consumer<Received> reaction = r -> { };

        @Override
        public void receive(Address from, Message message, long now) {
            Received r = new Received(from, message, now);
            log.add(r);
            reaction.accept(r);
        }

        <T extends Message> List<T> messages(Class<T> type) {
            return log.stream().map(Received::message).filter(type::isInstance).map(type::cast).toList();
        }

        <T extends Message> List<Received> received(Class<T> type) {
            return log.stream().filter(r -> type.isInstance(r.message())).toList();
        }
    }

    /** An owner strategy that prices every placement {@code price} and writes down what it hears, with the time. */
    static final class RecordingStrategy implements OwnerStrategy {
        final List<String> heard = new ArrayList<>();
        final Set<Long> pricedAt = new HashSet<>();
        final double price;

        RecordingStrategy(double price) {
            this.price = price;
        }

        @Override
        public double price(Request request, Placement placement, long now) {
            pricedAt.add(now);
            return price;
        }

        @Override
        public void accepted(Request request, OfferPart part, long now) {
            heard.add("accepted " + request.requestId() + " at " + part.placement().start() + " @" + now);
        }

        @Override
        public void lost(long requestId, OfferPart part, long now) {
            heard.add("lost " + requestId + " at " + part.placement().start() + " @" + now);
        }

        @Override
        public void jobStarted(Allocation job, long now) {
            heard.add("started " + job.job().id() + " @" + now);
        }

        @Override
        public void jobEnded(Allocation job, long now) {
            heard.add("ended " + job.job().id() + " @" + now);
        }
    }

    /** The settings of a hand-built grid; each test changes what it needs. */
    static final class Settings {
        long latency;
        Rescheduling rescheduling = Rescheduling.COMPRESS;
        CoAllocationMode coAllocation = CoAllocationMode.NEEDED;
        double overhead;
        /** Peers of each site; {@code null}: every other site. */
        List<List<Integer>> peers;
        /** Every placement costs the same by default, so that ties go to the lower machine index. */
        IntFunction<OwnerStrategy> strategies = m -> new RecordingStrategy(1);
        ClearingRule clearing = new HighestUtility();
        MarketObserver observer;
    }

    /**
     * Real owners and MetaManagers of a grid, wired as {@link MarketBuilder} wires them; machines are named
     * {@code m0, m1, ...} in site order and numbered from 0.
     */
    final class Grid {
        final List<MachineSchedule> schedules = new ArrayList<>();
        final List<MachineOwnerAgent> owners = new ArrayList<>();
        final List<MetaManagerAgent> metaManagers = new ArrayList<>();
        final JobLedger ledger = new JobLedger();
        final Map<Integer, Trade> trades = new HashMap<>();
        final ScheduleChanges changes = new ScheduleChanges();
        final MarketNetwork network;
        final MarketContext context;

        /** @param sites the node count of every machine of every site */
        Grid(Settings s, int[]... sites) {
            OfferGenerator generator = new OfferGenerator(new OfferSettings(4, 3, 8, 1));
            List<DomainDirectory.Domain> domains = new ArrayList<>();
            List<List<MachineOwnerAgent>> own = new ArrayList<>();
            for (int site = 0; site < sites.length; site++) {
                List<MachineOwnerAgent> mine = new ArrayList<>();
                List<Integer> sizes = new ArrayList<>();
                for (int nodes : sites[site]) {
                    int m = schedules.size();
                    MachineSchedule schedule = new MachineSchedule(new Machine("m" + m, m, nodes));
                    schedules.add(schedule);
                    MachineOwnerAgent o = new MachineOwnerAgent(m, schedule, s.strategies.apply(m), generator, 1, 0,
                            0, s.rescheduling, 1, clock, ledger, changes,
                            t -> metaManagers.forEach(mm -> mm.planStep(t)));
                    owners.add(o);
                    mine.add(o);
                    sizes.add(nodes);
                }
                own.add(mine);
                List<Integer> peers = new ArrayList<>();
                if (s.peers == null) {
                    for (int k = 0; k < sites.length; k++) {
                        if (k != site) {
                            peers.add(k);
                        }
                    }
                } else {
                    peers.addAll(s.peers.get(site));
                }
                domains.add(new DomainDirectory.Domain(site, "s" + site, peers, sizes));
            }
            DomainDirectory directory = new DomainDirectory(domains);
            network = new MarketNetwork(clock, s.latency, directory.hops(), (d, t) -> metaManagers.get(d).planStep(t));
            context = new MarketContext(clock, network, directory, ledger, trades, changes, s.latency, false,
                    s.coAllocation, s.overhead, s.rescheduling);
            for (int site = 0; site < sites.length; site++) {
                MetaManagerAgent mm = new MetaManagerAgent(site, "s" + site, own.get(site), context);
                network.register(Address.metaManager(site), mm);
                for (MachineOwnerAgent o : own.get(site)) {
                    o.connect(network, site, sites.length);
                }
                mm.connect(s.clearing, s.observer);
                metaManagers.add(mm);
            }
        }

        /** The user of job {@code r.job()} sends its request to its site's MetaManager at its submit time. */
        void submit(Request r) {
            MetaManagerAgent mm = metaManagers.get(r.originDomain());
            at(r.job().submit(), Orderings.SUBMIT, () -> mm.receive(r, THESIS_USER));
            mm.planStep(r.job().submit());
        }

        /**
         * A job of the machine's own site, outside the market, started at its submit time with the given MASON
         * ordering; its end frees its nodes, counts as a change of the schedules and steps every MetaManager, as an
         * owner's job end does.
         */
        void localJob(int machine, Job job, int ordering) {
            Allocation[] a = new Allocation[1];
            long end = job.submit() + job.runTime();
            at(job.submit(), ordering, () -> a[0] = schedules.get(machine).start(job, job.submit()));
            at(end, Orderings.JOB_END, () -> {
                schedules.get(machine).finish(a[0]);
                changes.changed();
            });
            metaManagers.forEach(mm -> mm.planStep(end));
        }

        /** Every outcome of job {@code id}: one per part of a co-allocated job, one per run. */
        List<JobOutcome> outcomes(long id) {
            return ledger.outcomes().stream().filter(o -> o.job().id() == id).toList();
        }
    }
}
