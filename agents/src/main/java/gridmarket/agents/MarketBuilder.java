package gridmarket.agents;

import gridmarket.config.ExperimentSpec;
import gridmarket.config.MarketSpec;
import gridmarket.config.SiteSpec;
import gridmarket.market.MachineFunction;
import gridmarket.market.OfferGenerator;
import gridmarket.market.OfferSettings;
import gridmarket.market.Trade;
import gridmarket.market.UtilityFunction;
import gridmarket.sim.engine.EventClock;
import gridmarket.sim.engine.JobRouter;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.result.JobLedger;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * Builds strategy {@code market}'s agents (SPEC E1): a {@link MachineOwnerAgent} per machine, a
 * {@link MetaManagerAgent} per site connected to its peers, and the {@link MarketRouting} that makes user agents on
 * first use.
 */
final class MarketBuilder {
    private final ExperimentSpec spec;
    private final EventClock clock;
    private final JobLedger ledger;

    MarketBuilder(ExperimentSpec spec, EventClock clock, JobLedger ledger) {
        this.spec = spec;
        this.clock = clock;
        this.ledger = ledger;
    }

    /**
     * The market's agents.
     *
     * @param router       hands submitted jobs to the MetaManagers as their users' requests
     * @param trades       how each job's request fared, by job order, filled during the run
     * @param metaManagers one per site, in site order
     * @param owners       one per machine, in machine order
     */
    record Market(JobRouter router, Map<Integer, Trade> trades, List<MetaManagerAgent> metaManagers,
                  List<MachineOwnerAgent> owners) {
    }

    /** The agents over the machines' schedules; {@code observer} (or {@code null}) watches each round's decision. */
    Market build(List<Machine> machines, List<List<Machine>> sites, List<MachineSchedule> schedules,
                 MarketObserver observer) {
        MarketSpec m = spec.getMarket();
        MachineFunction mf = new MachineFunction(m.getMf());
        OfferGenerator generator = new OfferGenerator(new OfferSettings(m.getNodeSets(), m.getStartTimes(),
                m.getWindows(), m.getOffersPerMachine()));
        Map<Integer, Trade> trades = new HashMap<>();
        List<MetaManagerAgent> metaManagers = new ArrayList<>();
        List<MachineOwnerAgent> owners = new ArrayList<>();
        ScheduleChanges changes = new ScheduleChanges();
        LongConsumer scheduleChange = t -> metaManagers.forEach(mm -> mm.planStep(t));
        for (Machine machine : machines) {
            owners.add(new MachineOwnerAgent(machine.id(), schedules.get(machine.id()), mf, generator,
                    m.getOffersPerMachine(), m.getOfferCost(), m.getReservationCost(), m.reschedulingValue(), clock,
                    ledger, changes, scheduleChange));
        }
        List<SiteSpec> siteSpecs = spec.resolvedSites();
        for (int i = 0; i < sites.size(); i++) {
            List<MachineOwnerAgent> own = sites.get(i).stream().map(x -> owners.get(x.id())).toList();
            metaManagers.add(new MetaManagerAgent(i, siteSpecs.get(i).getName(), own, m.getLatency(),
                    m.coAllocationValue(), m.getOverhead(), m.reschedulingValue(), clock, ledger, trades, changes));
        }
        for (MetaManagerAgent mm : metaManagers) {
            List<String> named = m.getPeers().get(mm.name());
            List<MetaManagerAgent> peers = metaManagers.stream()
                    .filter(p -> p != mm && (named == null || named.contains(p.name()))).toList();
            mm.connect(peers, m.isDirectory(), observer);
        }
        UserAgent.Preferences preferences = new UserAgent.Preferences(new UtilityFunction(m.getUf()),
                m.getJobBudget() == null ? Double.POSITIVE_INFINITY : m.getJobBudget(),
                m.getOfferBudget() == null ? Double.POSITIVE_INFINITY : m.getOfferBudget(),
                m.getReservationBudget() == null ? Double.POSITIVE_INFINITY : m.getReservationBudget(),
                m.getSearchTime() == null ? Long.MAX_VALUE : m.getSearchTime(), m.getHops(), m.getMinMultiSite(),
                m.getMaxMultiSite());
        return new Market(new MarketRouting(metaManagers, "site".equals(m.getUsers()), preferences), trades,
                metaManagers, owners);
    }
}
