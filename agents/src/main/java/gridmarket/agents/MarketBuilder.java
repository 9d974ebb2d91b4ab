package gridmarket.agents;

import gridmarket.api.ClearingRuleFactory;
import gridmarket.api.Grid;
import gridmarket.api.OwnerSetup;
import gridmarket.api.OwnerStrategyFactory;
import gridmarket.api.Registry;
import gridmarket.api.UserStrategyFactory;
import gridmarket.config.ConfigException;
import gridmarket.config.DomainOutageModelSpec;
import gridmarket.config.ExperimentSpec;
import gridmarket.config.FailuresSpec;
import gridmarket.config.OutageTrace;
import gridmarket.config.MachineSpec;
import gridmarket.config.PopulationSpec;
import gridmarket.config.Populations;
import gridmarket.config.MarketSpec;
import gridmarket.config.SiteSpec;
import gridmarket.market.MachineFunction;
import gridmarket.market.OfferGenerator;
import gridmarket.market.OfferSettings;
import gridmarket.market.RoutingMode;
import gridmarket.market.Trade;
import gridmarket.market.UtilityFunction;
import gridmarket.market.roles.ClearingRule;
import gridmarket.market.roles.OwnerStrategy;
import gridmarket.market.language.Attributes;
import gridmarket.market.language.DescriptionParser;
import gridmarket.market.language.LanguageException;
import gridmarket.market.language.ObjectKind;
import gridmarket.market.language.RequestTemplate;
import gridmarket.market.language.TemplateTerms;
import gridmarket.sim.engine.EventClock;
import gridmarket.sim.failure.OutageCalendar;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.result.JobLedger;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;
import java.util.function.UnaryOperator;

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
     * @param routing      routing by capacity and what it saved, or {@code null} (every domain is asked)
     */
    record Market(MarketRouting router, Map<Integer, Trade> trades, List<MetaManagerAgent> metaManagers,
                  List<MachineOwnerAgent> owners, CapacityRouting routing, MarketNetwork network) implements Grid {
        /**
         * What the owners' strategies (by machine), the clearing rules (by domain) and the users' strategies (by
         * user) report of themselves, where they do.
         */
        @Override
        public Map<String, Object> summary() {
            Map<String, Object> byMachine = new java.util.LinkedHashMap<>();
            for (MachineOwnerAgent o : owners) {
                Map<String, Object> own = o.strategySummary();
                if (!own.isEmpty()) {
                    byMachine.put(o.schedule().machine().name(), own);
                }
            }
            Map<String, Object> fields = new java.util.LinkedHashMap<>();
            if (!byMachine.isEmpty()) {
                fields.put("owners", byMachine);
            }
            Map<String, Object> byDomain = new java.util.LinkedHashMap<>();
            for (MetaManagerAgent mm : metaManagers) {
                Map<String, Object> own = mm.clearing().summary();
                if (!own.isEmpty()) {
                    byDomain.put(mm.name(), own);
                }
            }
            if (!byDomain.isEmpty()) {
                fields.put("clearing", byDomain);
            }
            Map<String, Object> byUser = router.userSummaries();
            if (!byUser.isEmpty()) {
                fields.put("users", byUser);
            }
            if (routing != null) {
                fields.put("routing", routing.summary());
            }
            return fields;
        }
    }

    /**
     * The agents over the machines' schedules; {@code observer} (or {@code null}) watches each round's decision, and
     * {@code clearing} wraps the market's clearing rule (the identity, or the GUI's person who chooses).
     *
     * @param users the workload's trace users (repeats allowed), dealt out to the populations
     * @throws ConfigException if a population's template cannot be read (the loader's checks read it before)
     */
    Market build(List<Machine> machines, List<List<Machine>> sites, List<MachineSchedule> schedules,
                 MarketObserver observer, UnaryOperator<ClearingRule> clearing,
                 Collection<Integer> users) {
        MarketSpec m = spec.getMarket();
        MachineFunction mf = new MachineFunction(m.getMf());
        OfferGenerator generator = new OfferGenerator(new OfferSettings(m.getNodeSets(), m.getStartTimes(),
                m.getWindows(), m.getOffersPerMachine()));
        Map<Integer, Trade> trades = new HashMap<>();
        List<MetaManagerAgent> metaManagers = new ArrayList<>();
        List<MachineOwnerAgent> owners = new ArrayList<>();
        List<MachineSpec> specs = spec.resolvedSites().stream().flatMap(s -> s.getMachines().stream()).toList();
        ScheduleChanges changes = new ScheduleChanges(specs.stream()
                .mapToDouble(s -> s.getSpeed() == null ? 1 : s.getSpeed()).max().orElse(1));
        LongConsumer scheduleChange = t -> {
            changes.endsAt(clock.now(), t);
            metaManagers.forEach(mm -> mm.changeAhead(t));
        };
        for (Machine machine : machines) {
            MachineSpec ms = specs.get(machine.id());
            double speed = ms.getSpeed() == null ? 1 : ms.getSpeed();
            MachineSchedule schedule = schedules.get(machine.id());
            OwnerStrategy strategy = owners(m).create(new OwnerSetup(ms.getName(), machine.nodes(), speed,
                    ms.getObjective() == null ? mf : new MachineFunction(ms.getObjective()), schedule,
                    m.valueModel(spec.getSeed()).ownerCost()), m.ownerSettings());
            owners.add(new MachineOwnerAgent(machine.id(), schedule, strategy, generator,
                    m.getOffersPerMachine(), ms.getOfferCost() == null ? m.getOfferCost() : ms.getOfferCost(),
                    ms.getReservationCost() == null ? m.getReservationCost() : ms.getReservationCost(),
                    m.reschedulingValue(), speed, clock, ledger, changes, scheduleChange));
        }
        List<SiteSpec> siteSpecs = spec.resolvedSites();
        List<DomainDirectory.Domain> domains = new ArrayList<>();
        for (int i = 0; i < sites.size(); i++) {
            List<String> named = m.getPeers().get(siteSpecs.get(i).getName());
            List<Integer> peers = new ArrayList<>();
            for (int k = 0; k < sites.size(); k++) {
                if (k != i && (named == null || named.contains(siteSpecs.get(k).getName()))) {
                    peers.add(k);
                }
            }
            domains.add(new DomainDirectory.Domain(i, siteSpecs.get(i).getName(), peers,
                    sites.get(i).stream().map(Machine::nodes).toList()));
        }
        DomainDirectory directory = new DomainDirectory(domains);
        MarketNetwork network = new MarketNetwork(clock, m.getLatency(), directory.hops(),
                (d, t) -> metaManagers.get(d).planStep(t));
        CapacityRouting routing = m.routingValue() == RoutingMode.CAPACITY
                ? new CapacityRouting(specs.stream().map(s -> s.getSpeed() == null ? 1.0 : s.getSpeed())
                        .distinct().count() <= 1) : null;
        MarketContext context = new MarketContext(clock, network, directory, ledger, trades, changes,
                m.getLatency(), m.isDirectory(), m.coAllocationValue(), m.getOverhead(), m.reschedulingValue(),
                routing);
        for (int i = 0; i < sites.size(); i++) {
            List<MachineOwnerAgent> own = sites.get(i).stream().map(x -> owners.get(x.id())).toList();
            MetaManagerAgent mm = new MetaManagerAgent(i, siteSpecs.get(i).getName(), own, context);
            network.register(Address.metaManager(i), mm);
            for (MachineOwnerAgent o : own) {
                o.connect(network, i, sites.size());
            }
            mm.connect(clearing.apply(Registry.current().find(ClearingRuleFactory.class, m.clearingRule())
                    .create(m.clearingSettings())), observer);
            metaManagers.add(mm);
        }
        UtilityFunction uf = new UtilityFunction(m.getUf());
        ThesisUser.Preferences preferences = new ThesisUser.Preferences(uf,
                m.getJobBudget() == null ? Double.POSITIVE_INFINITY : m.getJobBudget(),
                m.getOfferBudget() == null ? Double.POSITIVE_INFINITY : m.getOfferBudget(),
                m.getReservationBudget() == null ? Double.POSITIVE_INFINITY : m.getReservationBudget(),
                m.getSearchTime() == null ? Long.MAX_VALUE : m.getSearchTime(), m.getHops(), m.getMinMultiSite(),
                m.getMaxMultiSite(), m.valueModel(spec.getSeed()));
        Map<String, TemplateTerms> templates = new HashMap<>();
        List<Attributes> attributes = specs.stream().map(MachineSpec::attributes).toList();
        List<String> names = specs.stream().map(MachineSpec::getName).toList();
        for (PopulationSpec p : spec.getPopulations()) {
            templates.put(p.getName(), new TemplateTerms(p.getName(), template(p), attributes, names, uf));
        }
        return new Market(new MarketRouting(metaManagers, "site".equals(m.getUsers()), preferences,
                Populations.assign(spec.getPopulations(), users), templates,
                Registry.current().find(UserStrategyFactory.class, m.userStrategy()), m.userSettings()), trades,
                metaManagers, owners, routing, network);
    }

    /**
     * Makes the market's domains unreachable as the experiment's outage file and outage models say (docs/FAILURES.md,
     * "Domain outages"), each model drawing from a generator seeded from {@code seed} and its domain's index.
     *
     * @param first the workload's first submit time (the models' first up time starts there)
     * @param last  the workload's last submit time (an outage given must begin before it)
     * @throws ConfigException for a bad line of the outage file
     */
    static DomainOutages outages(ExperimentSpec spec, Market market, long seed, long first, long last) {
        FailuresSpec f = spec.getFailures();
        List<String> names = spec.resolvedSites().stream().map(SiteSpec::getName).toList();
        DomainOutageModelSpec every = null;
        for (DomainOutageModelSpec m : f.outageModelList()) {
            if (m.getDomain() == null) {
                every = m;
            }
        }
        Map<Integer, OutageCalendar.Model> models = new HashMap<>();
        for (int d = 0; d < names.size(); d++) {
            DomainOutageModelSpec m = every;
            for (DomainOutageModelSpec own : f.outageModelList()) {
                if (names.get(d).equals(own.getDomain())) {
                    m = own;
                }
            }
            if (m != null) {
                String where = "failures.outageModels[" + f.outageModelList().indexOf(m) + "]";
                models.put(d, new OutageCalendar.Model(m.getBetween().toDistribution(where + ".between"),
                        m.getLength().toDistribution(where + ".length")));
            }
        }
        OutageCalendar calendar = new OutageCalendar(names.size(), OutageTrace.outages(spec, first, last), models,
                seed, first);
        DomainOutages outages = new DomainOutages(calendar, f.outageTimeoutSeconds(),
                f.fallbackDomain() == null ? -1 : names.indexOf(f.fallbackDomain()));
        outages.connect(market.metaManagers());
        market.network().outages(outages);
        market.metaManagers().forEach(mm -> mm.outages(outages));
        market.router().outages(outages);
        return outages;
    }

    /** The factory of the owners' strategy the experiment names (checked when it was read). */
    private static OwnerStrategyFactory owners(MarketSpec m) {
        return Registry.current().find(OwnerStrategyFactory.class, m.ownerStrategy());
    }

    /** A population's template, parsed once per run. */
    private static RequestTemplate template(PopulationSpec p) {
        try {
            return RequestTemplate.of(new DescriptionParser().parse(Path.of(p.getRequest()), ObjectKind.REQUEST)
                    .objects().get(0));
        } catch (LanguageException e) {
            throw new ConfigException("populations (" + p.getName() + "): " + e.getMessage());
        }
    }
}
