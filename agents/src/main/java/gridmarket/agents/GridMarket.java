package gridmarket.agents;

import gridmarket.config.ExperimentSpec;
import gridmarket.config.MachineSpec;
import gridmarket.config.SiteSpec;
import gridmarket.config.Strategy;
import gridmarket.sim.engine.EventClock;
import gridmarket.sim.engine.JobRouter;
import gridmarket.sim.engine.JobSubmitter;
import gridmarket.sim.engine.LocalScheduler;
import gridmarket.sim.engine.QueueAgent;
import gridmarket.sim.grid.GridScheduler;
import gridmarket.sim.grid.MultiSiteRules;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.policy.Policy;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.workload.Job;
import gridmarket.sim.workload.Workload;
import sim.engine.SimState;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

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

    /**
     * @param seed     seed of MASON's generator (which orders same-time events of one kind)
     * @param spec     the experiment; not modified
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

    @Override
    public void start() {
        super.start(); // resets the schedule: every event is planned after this
        clock = new EventClock(schedule);
        ledger = new JobLedger();
        schedules = new ArrayList<>();
        for (Machine m : machines) {
            schedules.add(new MachineSchedule(m));
        }
        schedulers = new ArrayList<>();
        Policy policy = spec.policyValue();
        JobRouter router;
        switch (spec.strategyValue()) {
            case LOCAL -> {
                for (List<Machine> site : sites) {
                    List<MachineSchedule> own = site.stream().map(m -> schedules.get(m.id())).toList();
                    schedulers.add(own.size() == 1
                            ? new LocalScheduler(own.get(0), policy.newScheduler(), clock, ledger)
                            : new GridScheduler(own, policy == Policy.EASY, null, clock, ledger));
                }
                router = new LocalRouting(schedulers);
            }
            case JOBSHARING, MULTISITE -> {
                MultiSiteRules rules = spec.strategyValue() == Strategy.MULTISITE
                        ? new MultiSiteRules(spec.getMultisite().getOverhead(), spec.getMultisite().getMinPartSize(),
                        spec.getMultisite().getMaxParts())
                        : null;
                GridScheduler grid = new GridScheduler(schedules, policy == Policy.EASY, rules, clock, ledger);
                schedulers.add(grid);
                router = grid;
            }
            default -> throw new IllegalStateException("strategy " + spec.getStrategy());
        }
        submitter = new JobSubmitter(workload.jobs(), router, clock);
        submitter.start();
    }

    /**
     * Called after the last event: a job still waiting or running then (a run stopped early) is recorded as
     * rejected, so that no job is ever missing from the results.
     */
    @Override
    public void finish() {
        super.finish();
        java.util.Set<Job> recorded = new java.util.HashSet<>();
        ledger.outcomes().forEach(o -> recorded.add(o.job()));
        for (Job j : workload.jobs()) {
            if (!recorded.contains(j)) {
                ledger.rejected(j, "simulation stopped before the job ended");
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

    /** The machines of each site, sites in order. */
    public List<List<Machine>> sites() {
        return sites;
    }

    /** Events planned so far on the schedule. */
    public long events() {
        return clock.events();
    }
}
