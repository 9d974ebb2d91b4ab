package gridmarket.agents;

import gridmarket.config.ExperimentSpec;
import gridmarket.config.MachineSpec;
import gridmarket.sim.engine.EventClock;
import gridmarket.sim.engine.JobSubmitter;
import gridmarket.sim.engine.LocalScheduler;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
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
    private final List<Machine> machines;
    private transient EventClock clock;
    private transient JobLedger ledger;
    private transient List<LocalScheduler> schedulers;
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
        for (MachineSpec m : spec.getMachines()) {
            ms.add(new Machine(m.getName(), ms.size(), m.getNodes()));
        }
        this.machines = Collections.unmodifiableList(ms);
    }

    @Override
    public void start() {
        super.start(); // resets the schedule: every event is planned after this
        clock = new EventClock(schedule);
        ledger = new JobLedger();
        schedulers = new ArrayList<>();
        for (Machine m : machines) {
            schedulers.add(new LocalScheduler(new MachineSchedule(m), spec.policyValue().newScheduler(), clock,
                    ledger));
        }
        submitter = new JobSubmitter(workload.jobs(), new LocalRouting(schedulers), clock);
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

    /** The scheduler agents, one per machine, in machine order. */
    public List<LocalScheduler> schedulers() {
        return Collections.unmodifiableList(schedulers);
    }

    /** Events planned so far on the schedule. */
    public long events() {
        return clock.events();
    }
}
