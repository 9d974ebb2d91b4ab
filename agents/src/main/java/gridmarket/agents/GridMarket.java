package gridmarket.agents;

import gridmarket.api.Grid;
import gridmarket.api.GridSetup;
import gridmarket.api.LocalPolicyFactory;
import gridmarket.api.PolicySetup;
import gridmarket.api.Settings;
import gridmarket.config.ConfigException;
import gridmarket.config.ExperimentChecks;
import gridmarket.config.ExperimentSpec;
import gridmarket.config.FailureModelSpec;
import gridmarket.config.FailureTrace;
import gridmarket.config.FailuresSpec;
import gridmarket.config.MachineSpec;
import gridmarket.config.SiteSpec;
import gridmarket.market.PostedPrice;
import gridmarket.market.Trade;
import gridmarket.market.roles.ClearingRule;
import gridmarket.sim.engine.EventClock;
import gridmarket.sim.engine.JobRouter;
import gridmarket.sim.engine.JobSubmitter;
import gridmarket.sim.engine.QueueAgent;
import gridmarket.sim.failure.FailureModel;
import gridmarket.sim.failure.MachineKeeper;
import gridmarket.sim.failure.NodeFailures;
import gridmarket.sim.failure.OutageWindow;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.metrics.RunMetrics;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.result.RejectionReason;
import gridmarket.sim.workload.Job;
import gridmarket.sim.workload.Workload;
import sim.engine.SimState;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.HashSet;
import java.util.Set;
import java.util.function.LongConsumer;
import java.util.function.UnaryOperator;

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
    private final ExperimentInspector inspector;
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
    private transient Grid grid;
    private transient NodeFailures failures;
    private transient DomainOutages outages;
    /** The local jobs beside the grid, or {@code null} for a grid that owns all its machines' work. */
    private transient LocalLoad localLoad;
    /** The machines' own queues of local jobs (beside the queue strategies). */
    private transient List<QueueAgent> localSchedulers;
    private transient MarketObserver observer;
    /** What a display makes of the market's clearing rule (the GUI's person who chooses); kept across starts. */
    private transient UnaryOperator<ClearingRule> clearing = UnaryOperator.identity();

    /**
     * @param seed     seed of MASON's generator (which orders same-time events of one kind)
     * @param spec     the experiment; changed only through the parameter setters below (the GUI's model inspector)
     * @param workload the jobs, already read or generated
     */
    public GridMarket(long seed, ExperimentSpec spec, Workload workload) {
        super(seed);
        this.spec = spec;
        this.inspector = new ExperimentInspector(spec);
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
        grid = spec.strategyFactory().create(new Setup());
        schedulers.addAll(grid.schedulers());
        List<Job> jobs = workload.jobs();
        outages = grid instanceof MarketBuilder.Market market && spec.getFailures() != null
                && spec.getFailures().hasDomainOutages() && !jobs.isEmpty()
                ? MarketBuilder.outages(spec, market, seed(), jobs.get(0).submit(), jobs.get(jobs.size() - 1).submit())
                : null;
        JobRouter router = grid.router();
        localSchedulers = new ArrayList<>();
        localLoad = spec.getLocalLoad() == null ? null
                : LocalLoad.plan(spec.getLocalLoad(), workload, sites, spec.getSeed());
        if (localLoad != null && metaManagers != null) {
            MachineOwnerAgent[] byMachine = new MachineOwnerAgent[machines.size()];
            owners.forEach(o -> byMachine[o.index()] = o);
            router = localLoad.besideMarket(router, List.of(byMachine), spec.getLocalLoad().getPolicy(), clock, ledger);
        } else if (localLoad != null) {
            router = localLoad.besideQueues(router, schedulers, schedules, spec.getLocalLoad().getPolicy(), clock,
                    ledger, localSchedulers);
        }
        submitter = new JobSubmitter(workload.jobs(), router, clock);
        submitter.start();
        failures = spec.getFailures() == null || !spec.getFailures().hasNodeFailures() || workload.jobs().isEmpty()
                ? null : failures(spec.getFailures());
    }

    /**
     * Plans the experiment's node failures over the machines of the queue strategies' schedulers, or of the market's
     * owners.
     */
    private NodeFailures failures(FailuresSpec f) {
        MachineKeeper[] owner = new MachineKeeper[machines.size()];
        for (QueueAgent q : schedulers) {
            for (MachineSchedule ms : q.schedules()) {
                owner[ms.machine().id()] = q;
            }
        }
        for (MachineOwnerAgent o : owners) {
            owner[o.index()] = o;
        }
        for (Machine m : machines) {
            if (owner[m.id()] == null) {
                throw new ConfigException("failures: no scheduler runs jobs on machine " + m.name()
                        + " (strategy " + spec.getStrategy() + ")");
            }
        }
        List<Job> jobs = workload.jobs();
        long first = jobs.get(0).submit();
        long last = jobs.get(jobs.size() - 1).submit();
        List<OutageWindow> trace = FailureTrace.trace(spec, first, last);
        List<OutageWindow> maintenance = FailureTrace.maintenance(spec, first, last);
        Map<Integer, FailureModel> models = new HashMap<>();
        FailureModelSpec every = null;
        for (int i = 0; i < f.getModels().size(); i++) {
            FailureModelSpec m = f.getModels().get(i);
            if (m.getMachine() == null) {
                every = m;
            }
        }
        for (Machine machine : machines) {
            FailureModelSpec m = every;
            for (FailureModelSpec own : f.getModels()) {
                if (machine.name().equals(own.getMachine())) {
                    m = own;
                }
            }
            if (m != null) {
                String where = "failures.models[" + f.getModels().indexOf(m) + "]";
                models.put(machine.id(), new FailureModel(m.getBetween().toDistribution(where + ".between"),
                        m.getRepair().toDistribution(where + ".repair"), m.nodesOn(machine.nodes())));
            }
        }
        if (metaManagers != null) { // every MetaManager steps when nodes fail or come back: its jobs may be hit
            LongConsumer ahead = t -> metaManagers.forEach(mm -> mm.planStep(t));
            owners.forEach(o -> o.watchFailures(owners, ahead));
            metaManagers.forEach(MetaManagerAgent::watchFailures);
        }
        NodeFailures n = new NodeFailures(schedules, List.of(owner), trace, maintenance, models, f.getCheckpoint(),
                seed(), clock, () -> submitter.submitted() < jobs.size()
                        || schedulers.stream().anyMatch(q -> !q.queue().isEmpty())
                        || schedules.stream().anyMatch(ms -> ms.running().stream().anyMatch(a -> !a.outage()))
                        || (metaManagers != null && (metaManagers.stream().anyMatch(mm -> mm.pending() > 0)
                                || schedules.stream().anyMatch(ms -> ms.reservations().stream()
                                        .anyMatch(r -> r.job().order() >= 0))))); // not maintenance's
        n.start(first);
        return n;
    }

    /**
     * What the market's domain outages cost this run, up to its last event (docs/FAILURES.md), or {@code null} for a
     * run without them.
     */
    public Map<String, Object> outageMeasures() {
        if (outages == null) {
            return null;
        }
        long end = 0; // the run's last job end: the clock stands past the simulation's end once it is over
        for (JobOutcome o : ledger.outcomes()) {
            end = Math.max(end, o.end());
        }
        return outages.measures(end, spec.resolvedSites().stream().map(SiteSpec::getName).toList());
    }

    /** The node failures of this run, or {@code null} if the experiment has none. */
    public NodeFailures failures() {
        return failures;
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

    /**
     * The prices the owners posted per period, owners in machine order, through the period of the run's last job
     * end (strategy market with posting owners); empty otherwise.
     */
    public List<PostedPrice> postedPrices() {
        long end = 0;
        for (JobOutcome o : ledger.outcomes()) {
            end = Math.max(end, o.end());
        }
        List<PostedPrice> all = new ArrayList<>();
        for (MachineOwnerAgent o : owners) {
            all.addAll(o.postedPrices(end));
        }
        return all;
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

    /**
     * Wraps the market's clearing rule, e.g. the GUI's {@link PersonChooses}, which lets a person choose for some
     * requests and leaves the others to the market's rule; call before {@link #start()}, it holds for every start.
     */
    public void setClearingRule(UnaryOperator<ClearingRule> around) {
        this.clearing = around;
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

    /**
     * The strategy's own fields for the summary ({@link Grid#summary()}), at the end of a run; with local load also
     * its block {@code localLoad}.
     */
    public Map<String, Object> strategySummary() {
        Map<String, Object> fields = grid == null ? Map.of() : grid.summary();
        if (localLoad == null) {
            return fields;
        }
        Map<String, Object> all = new java.util.LinkedHashMap<>(fields);
        all.put("localLoad", localLoadSummary());
        return all;
    }

    /**
     * What the local jobs and the grid's jobs each got: counts, and the AWRT of each beside the whole run's (SPEC R,
     * over each class's completed jobs).
     */
    private Map<String, Object> localLoadSummary() {
        List<JobOutcome> local = new ArrayList<>();
        List<JobOutcome> gridJobs = new ArrayList<>();
        for (JobOutcome o : ledger.outcomes()) {
            (localLoad.isLocal(o.job()) ? local : gridJobs).add(o);
        }
        RunMetrics all = RunMetrics.of(ledger.outcomes(), machines);
        RunMetrics l = RunMetrics.of(local, machines);
        RunMetrics g = RunMetrics.of(gridJobs, machines);
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("share", spec.getLocalLoad().getShare());
        m.put("policy", spec.getLocalLoad().getPolicy());
        m.put("localJobs", l.jobs());
        m.put("localCompleted", l.completed());
        m.put("localRejected", l.rejected());
        m.put("gridJobs", g.jobs());
        m.put("gridCompleted", g.completed());
        m.put("awrt", measure(all, all.awrt()));
        m.put("awrtGrid", measure(g, g.awrt()));
        m.put("awrtLocal", measure(l, l.awrt()));
        m.put("awwtGrid", measure(g, g.awwt()));
        m.put("awwtLocal", measure(l, l.awwt()));
        return m;
    }

    /** A class's measure, or {@code null} (no value) where none of its jobs completed. */
    private static Double measure(RunMetrics of, double v) {
        return of.completed() == 0 || !Double.isFinite(v) ? null : Math.round(v * 1000) / 1000.0;
    }

    /** The orders of the jobs that went to a machine's own scheduler (local load); empty without local load. */
    public Set<Integer> localJobs() {
        return localLoad == null ? Set.of() : localLoad.localOrders();
    }

    /** What the experiment's grid strategy builds its agents from: this model, as it is at its start. */
    private final class Setup implements GridSetup {
        @Override
        public EventClock clock() {
            return clock;
        }

        @Override
        public JobLedger ledger() {
            return ledger;
        }

        @Override
        public List<List<Machine>> sites() {
            return sites;
        }

        @Override
        public List<MachineSchedule> schedules() {
            return Collections.unmodifiableList(schedules);
        }

        @Override
        public LocalPolicyFactory policy() {
            return spec.policyFactory();
        }

        @Override
        public PolicySetup policySetup() {
            return spec.policySetup();
        }

        @Override
        public Settings settings() {
            return spec.strategySettings();
        }

        private MarketBuilder.Market market;

        /** The market of this run, built on the first call; a strategy that asks again gets the same one. */
        @Override
        public Grid market() {
            if (market == null) {
                market = new MarketBuilder(spec, clock, ledger).build(machines, sites, schedules, observer, clearing,
                        workload.jobs().stream().map(Job::user).toList());
                trades = market.trades();
                metaManagers = market.metaManagers();
                owners = market.owners();
            }
            return market;
        }
    }

    /** Events planned so far on the schedule. */
    public long events() {
        return clock.events();
    }

    /** The experiment's parameters as MASON's model inspector shows and edits them (next start). */
    public ExperimentInspector inspector() {
        return inspector;
    }
}
