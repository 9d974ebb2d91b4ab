package gridmarket.sim.engine;

import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.policy.Dispatcher;
import gridmarket.sim.policy.JobQueue;
import gridmarket.sim.policy.Scheduler;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.workload.Job;
import sim.engine.SimState;
import sim.engine.Steppable;

import java.util.HashSet;
import java.util.Set;

/**
 * The scheduler agent of one machine: a queue, a policy and the machine's schedule, stepped by MASON once per instant
 * at which one of its jobs ended or arrived ({@link Orderings#SCHEDULER_PASS}).
 *
 * <p>A job wider than the machine is rejected on arrival with its reason; every other job waits in the queue until
 * the policy starts it, and is recorded in the ledger when it ends.
 */
public final class LocalScheduler implements Steppable, JobRouter {
    private static final long serialVersionUID = 1L;

    private final MachineSchedule machine;
    private final Scheduler policy;
    private final EventClock clock;
    private final JobLedger ledger;
    private final JobQueue queue = new JobQueue();
    private final Set<Long> plannedPasses = new HashSet<>();
    private final Set<Job> startedInPass = new HashSet<>();
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
        this.machine = machine;
        this.policy = policy;
        this.clock = clock;
        this.ledger = ledger;
    }

    public MachineSchedule machine() {
        return machine;
    }

    /** The waiting jobs, head first. */
    public JobQueue queue() {
        return queue;
    }

    @Override
    public void expect(Job job) {
        planPass(job.submit());
    }

    @Override
    public void submit(Job job) {
        if (job.nodes() > machine.size()) {
            ledger.rejected(job, "needs " + job.nodes() + " nodes but machine " + machine.machine().name() + " has "
                    + machine.size());
        } else {
            queue.add(job);
        }
    }

    @Override
    public void step(SimState state) {
        now = clock.now();
        plannedPasses.remove(now);
        policy.schedule(now, queue, machine, dispatch);
        queue.removeAll(startedInPass);
        startedInPass.clear();
    }

    private void start(Job job) {
        if (!startedInPass.add(job)) {
            throw new IllegalStateException("job " + job.id() + " started twice");
        }
        Allocation a = machine.start(job, now);
        long end = a.actualEnd();
        clock.at(end, Orderings.JOB_END, s -> end(a));
        planPass(end);
    }

    private void end(Allocation a) {
        machine.finish(a);
        ledger.completed(a);
        policy.jobEnded(a, clock.now());
    }

    private void planPass(long time) {
        if (plannedPasses.add(time)) {
            clock.at(time, Orderings.SCHEDULER_PASS, this);
        }
    }
}
