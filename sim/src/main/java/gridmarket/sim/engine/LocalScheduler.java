package gridmarket.sim.engine;

import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.policy.Dispatcher;
import gridmarket.sim.policy.JobQueue;
import gridmarket.sim.policy.Scheduler;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.workload.Job;

/**
 * The scheduler agent of one machine: a queue and a local policy (SPEC C1-C4) over the machine's schedule.
 *
 * <p>A job wider than the machine is rejected on arrival with its reason; every other job waits in the queue until
 * the policy starts it, and is recorded in the ledger when it ends.
 */
public final class LocalScheduler extends QueueAgent {
    private static final long serialVersionUID = 1L;

    private final MachineSchedule machine;
    private final Scheduler policy;
    private long now;
    private final Dispatcher dispatch = new Dispatcher() {
        @Override
        public void start(Job job) {
            LocalScheduler.this.start(job);
        }

        @Override
        public void wakeUpAt(long time) {
            if (time <= now) {
                throw new IllegalArgumentException("wake-up at " + time + " is not after now (" + now + ")");
            }
            planPass(time);
        }
    };

    public LocalScheduler(MachineSchedule machine, Scheduler policy, EventClock clock, JobLedger ledger) {
        super(clock, ledger);
        this.machine = machine;
        this.policy = policy;
    }

    public MachineSchedule machine() {
        return machine;
    }

    @Override
    protected String whyNever(Job job) {
        return job.nodes() <= machine.size() ? null : "needs " + job.nodes() + " nodes but machine "
                + machine.machine().name() + " has " + machine.size();
    }

    @Override
    protected void pass(long now, JobQueue queue) {
        this.now = now;
        policy.schedule(now, queue, machine, dispatch);
    }

    private void start(Job job) {
        started(job);
        Allocation a = machine.start(job, now);
        long end = a.actualEnd();
        clock.at(end, Orderings.JOB_END, new JobEnd(a));
        planPass(end);
    }

    private void end(Allocation a) {
        machine.finish(a);
        ledger.completed(a);
        policy.jobEnded(a, clock.now());
    }

    /** The end of one running allocation, as a MASON event. */
    private final class JobEnd implements sim.engine.Steppable {
        private static final long serialVersionUID = 1L;
        private final Allocation allocation;

        JobEnd(Allocation allocation) {
            this.allocation = allocation;
        }

        @Override
        public void step(sim.engine.SimState state) {
            end(allocation);
        }
    }
}
