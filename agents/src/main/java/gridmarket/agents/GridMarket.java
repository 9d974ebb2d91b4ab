package gridmarket.agents;

import gridmarket.config.ConfigException;
import gridmarket.config.ExperimentChecks;
import gridmarket.config.ExperimentSpec;
import gridmarket.config.MachineSpec;
import gridmarket.config.MarketSpec;
import gridmarket.config.SiteSpec;
import gridmarket.config.Strategy;
import gridmarket.market.MachineFunction;
import gridmarket.market.OfferGenerator;
import gridmarket.market.OfferSettings;
import gridmarket.market.Trade;
import gridmarket.market.UtilityFunction;
import gridmarket.sim.engine.EventClock;
import gridmarket.sim.engine.JobRouter;
import gridmarket.sim.engine.JobSubmitter;
import gridmarket.sim.engine.LocalScheduler;
import gridmarket.sim.engine.QueueAgent;
import gridmarket.sim.grid.ConservativeJobSharing;
import gridmarket.sim.grid.GridScheduler;
import gridmarket.sim.grid.MultiSiteRules;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.policy.Policy;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.result.RejectionReason;
import gridmarket.sim.workload.Job;
import gridmarket.sim.workload.Workload;
import sim.engine.SimState;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import java.util.function.Supplier;
import java.util.List;
import java.util.HashSet;
import java.util.Set;

/**
 * The simulation model: the machines of an experiment, their schedulers as agents on one MASON schedule, and the
 * workload fed in by a {@link JobSubmitter}. It knows nothing of how it is shown: headless runs and the GUI step the
 * same model.
 *
 * <p>Use a fresh instance per run: {@link #start()} builds every agent anew from the experiment.
 */
public final class GridMarket extends SimState {
    private static final long serialVersionUID = 1L;

    private final ExperimentSpec spec;
    private final Workload workload;
    private final List<List<Machine>> sites;
    private final List<Machine> machines;
    private transient EventClock clock;
    private transient JobLedger ledger;
    private transient List<QueueAgent> schedulers;
    private transient List<MachineSchedule> schedules;
    private transient JobSubmitter submitter;
    private transient Map<Integer, Trade> trades;
    private transient List<MetaManagerAgent> metaManagers;
    private transient List<MachineOwnerAgent> owners;
    private transient MarketObserver observer;
    private transient ScheduleChanges changes;

    /**
     * @param seed     seed of MASON's generator (which orders same-time events of one kind)
     * @param spec     the experiment; changed only through the parameter setters below (the GUI's model inspector)
     * @param workload the jobs, already read or generated
     */
    public GridMarket(long seed, ExperimentSpec spec, Workload workload) {
        super(seed);
        this.spec = spec;
        this.workload = workload;
        List<Machine> ms = new ArrayList<>();
        List<List<Machine>> ss = new ArrayList<>();
        for (SiteSpec site : spec.resolvedSites()) {
            List<Machine> own = new ArrayList<>();
            for (MachineSpec m : site.getMachines()) {
                Machine machine = new Machine(m.getName(), ms.size(), m.getNodes());
                ms.add(machine);
                own.add(machine);
            }
            ss.add(List.copyOf(own));
        }
        this.machines = Collections.unmodifiableList(ms);
        this.sites = Collections.unmodifiableList(ss);
    }

    /**
     * Builds every agent anew from the experiment.
     *
     * @throws gridmarket.config.ConfigException if the experiment, as edited since, is a combination the model
     *                                           cannot run (never replaced by another)
     */
    @Override
    public void start() {
        ExperimentChecks.check(spec);
        super.start(); // resets the schedule: every event is planned after this
        clock = new EventClock(schedule);
        ledger = new JobLedger();
        schedules = new ArrayList<>();
        for (Machine m : machines) {
            schedules.add(new MachineSchedule(m));
        }
        schedulers = new ArrayList<>();
        trades = Map.of();
        metaManagers = null;
        owners = List.of();
        Policy policy = spec.policyValue();
        JobRouter router;
        switch (spec.strategyValue()) {
            case LOCAL -> {
                for (List<Machine> site : sites) {
                    List<MachineSchedule> own = site.stream().map(m -> schedules.get(m.id())).toList();
                    schedulers.add(own.size() == 1
                            ? new LocalScheduler(own.get(0), policy.newScheduler(spec.waitLimitValue(),
                            spec.getPolicyParameters().toOrderParameters(),
                            spec.getPolicyParameters().toPreemptionParameters(policy)), clock, ledger)
                            : jobSharing(own, policy));
                }
                router = new LocalRouting(schedulers);
            }
            case JOBSHARING, MULTISITE -> {
                MultiSiteRules rules = spec.strategyValue() == Strategy.MULTISITE
                        ? new MultiSiteRules(spec.getMultisite().getOverhead(), spec.getMultisite().getMinPartSize(),
                        spec.getMultisite().getMaxParts())
                        : null;
                QueueAgent grid = rules == null ? jobSharing(schedules, policy)
                        : new GridScheduler(schedules, policy == Policy.EASY, rules, clock, ledger);
                schedulers.add(grid);
                router = grid;
            }
            case MARKET -> router = buildMarket();
            default -> throw new IllegalStateException("strategy " + spec.getStrategy());
        }
        submitter = new JobSubmitter(workload.jobs(), router, clock);
        submitter.start();
    }

    /** One queue over the machines: conservative backfilling, EASY or FCFS across them. */
    private QueueAgent jobSharing(List<MachineSchedule> machines, Policy policy) {
        return policy == Policy.CONSERVATIVE ? new ConservativeJobSharing(machines, clock, ledger)
                : new GridScheduler(machines, policy == Policy.EASY, null, clock, ledger);
    }

    private JobRouter buildMarket() {
        MarketSpec m = spec.getMarket();
        MachineFunction mf = new MachineFunction(m.getMf());
        OfferGenerator generator = new OfferGenerator(new OfferSettings(m.getNodeSets(), m.getStartTimes(),
                m.getWindows(), m.getOffersPerMachine()));
        trades = new HashMap<>();
        metaManagers = new ArrayList<>();
        owners = new ArrayList<>();
        changes = new ScheduleChanges();
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
        return new MarketRouting(metaManagers, "site".equals(m.getUsers()), preferences);
    }

    /**
     * Called after the last event: a job still waiting or running then (a run stopped early) is recorded as
     * rejected, so that no job is ever missing from the results.
     */
    @Override
    public void finish() {
        super.finish();
        if (metaManagers != null) {
            metaManagers.forEach(MetaManagerAgent::giveUp);
        }
        Set<Job> recorded = new HashSet<>();
        ledger.outcomes().forEach(o -> recorded.add(o.job()));
        for (Job j : workload.jobs()) {
            if (!recorded.contains(j)) {
                ledger.rejected(j, RejectionReason.UNFINISHED, "simulation stopped before the job ended");
            }
        }
    }

    public ExperimentSpec spec() {
        return spec;
    }

    public Workload workload() {
        return workload;
    }

    public List<Machine> machines() {
        return machines;
    }

    /** The outcomes recorded so far. */
    public JobLedger ledger() {
        return ledger;
    }

    /** The scheduler agents: one per site (strategy local) or one for the grid. */
    public List<QueueAgent> schedulers() {
        return Collections.unmodifiableList(schedulers);
    }

    /** The machine schedules, in machine index order. */
    public List<MachineSchedule> machineSchedules() {
        return Collections.unmodifiableList(schedules);
    }

    /** Sets who watches the market's decisions; call before {@link #start()}. {@code null} for none. */
    public void setMarketObserver(MarketObserver observer) {
        this.observer = observer;
    }

    /** Market outcome per job order (strategy market); empty otherwise. */
    public Map<Integer, Trade> trades() {
        return Collections.unmodifiableMap(trades);
    }

    /** The MetaManagers, one per site (strategy market); empty otherwise. */
    public List<MetaManagerAgent> metaManagers() {
        return metaManagers == null ? List.of() : Collections.unmodifiableList(metaManagers);
    }

    /** The machine owners, one per machine (strategy market); empty otherwise. */
    public List<MachineOwnerAgent> owners() {
        return Collections.unmodifiableList(owners);
    }

    /** The machines of each site, sites in order. */
    public List<List<Machine>> sites() {
        return sites;
    }

    /** Events planned so far on the schedule. */
    public long events() {
        return clock.events();
    }

    // Parameters for MASON's model inspector (getX/setX, domX, desX). They edit the experiment this model was built
    // from and take effect at the next start(). A value the experiment rejects, or one that makes a combination the
    // model cannot run (ExperimentChecks, the loader's checks), is ignored, as HeatBugs' setters do: the inspector
    // then shows the old value again.

    public int getStrategy() {
        return spec.strategyValue().ordinal();
    }

    public void setStrategy(int i) {
        if (i >= 0 && i < Strategy.values().length) {
            edit(spec::getStrategy, spec::setStrategy, Strategy.values()[i].key());
        }
    }

    public Object domStrategy() {
        return java.util.Arrays.stream(Strategy.values()).map(Strategy::key).toArray(String[]::new);
    }

    public String desStrategy() {
        return "Grid strategy (next start): each site on its own, job-sharing, multi-site, or the economic market";
    }

    public int getPolicy() {
        return spec.policyValue().ordinal();
    }

    public void setPolicy(int i) {
        if (i >= 0 && i < Policy.values().length) {
            edit(spec::getPolicy, spec::setPolicy, Policy.values()[i].key());
        }
    }

    public Object domPolicy() {
        return java.util.Arrays.stream(Policy.values()).map(Policy::key).toArray(String[]::new);
    }

    public String desPolicy() {
        return "Local policy (next start); the grid strategies backfill (EASY) unless it is fcfs";
    }

    public String getMf() {
        return spec.getMarket().getMf();
    }

    public void setMf(String mf) {
        edit(spec.getMarket()::getMf, spec.getMarket()::setMf, mf);
    }

    public String desMf() {
        return "Machine owners' objective function MF (market, next start): MF1..MF6 or a formula";
    }

    public String getUf() {
        return spec.getMarket().getUf();
    }

    public void setUf(String uf) {
        edit(spec.getMarket()::getUf, spec.getMarket()::setUf, uf);
    }

    public String desUf() {
        return "Users' utility function UF (market, next start): UF1..UF5 or a formula";
    }

    public double getOverhead() {
        return spec.getMultisite().getOverhead();
    }

    public void setOverhead(double p) {
        edit(spec.getMultisite()::getOverhead, spec.getMultisite()::setOverhead, p);
    }

    public String desOverhead() {
        return "Multi-site overhead p (multisite, next start): a split job runs (1 + p) times longer; 0.25 = 25 %";
    }

    public int getHops() {
        return spec.getMarket().getHops();
    }

    public void setHops(int hops) {
        edit(spec.getMarket()::getHops, spec.getMarket()::setHops, hops);
    }

    public String desHops() {
        return "How far a request is forwarded (market, next start): 0 = own domain only, 1 = its peers, ...";
    }

    public int getNodeSets() {
        return spec.getMarket().getNodeSets();
    }

    public void setNodeSets(int c) {
        edit(spec.getMarket()::getNodeSets, spec.getMarket()::setNodeSets, c);
    }

    public String desNodeSets() {
        return "C: node sets tried per feasible start window (market, next start), at least 1";
    }

    public int getStartTimes() {
        return spec.getMarket().getStartTimes();
    }

    public void setStartTimes(int z) {
        edit(spec.getMarket()::getStartTimes, spec.getMarket()::setStartTimes, z);
    }

    public String desStartTimes() {
        return "Z: start times tried per node set (market, next start), at least 1";
    }

    /** Applies a value, keeping the old one if the experiment rejects it or can no longer be run with it. */
    private <T> void edit(Supplier<T> current, Consumer<T> apply, T value) {
        T old = current.get();
        try {
            apply.accept(value);
            ExperimentChecks.check(spec);
        } catch (IllegalArgumentException | ConfigException refused) {
            apply.accept(old);
        }
    }
}
