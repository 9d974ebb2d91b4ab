package gridmarket.sim.engine;

import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.policy.Dispatcher;
import gridmarket.sim.policy.JobQueue;
import gridmarket.sim.policy.Scheduler;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.result.Piece;
import gridmarket.sim.workload.Job;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The scheduler agent of one machine: a queue and a local policy (SPEC C1-C4) over the machine's schedule.
 *
 * <p>A job wider than the machine is rejected on arrival with its reason; every other job waits in the queue until
 * the policy starts it, and is recorded in the ledger when it ends. A preemptive policy (SPEC C7) may suspend a running
 * job and resume it later on the same nodes; the job is recorded once, when its last piece ends, with all its pieces.
 */
public final class LocalScheduler extends QueueAgent {
    private static final long serialVersionUID = 1L;

    private final MachineSchedule machine;
    private final Scheduler policy;
    private final int ordering;
    private long now;
    /** Allocations suspended by a preemption: their end events are void. By identity. */
    private final Set<Allocation> interrupted = Collections.newSetFromMap(new IdentityHashMap<>());
    /** Jobs now suspended, with what they need to resume. */
    private final Map<Job, Suspended> suspended = new HashMap<>();
    /** The pieces run so far by every job that was ever preempted and has not ended. */
    private final Map<Job, List<Piece>> pieces = new HashMap<>();
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

        @Override
        public void startOn(Job job, int[] nodeIds) {
            started(job);
            run(machine.startOn(job, nodeIds, job.estimate(), job.runTime(), now));
        }

        @Override
        public void preempt(Allocation running) {
            LocalScheduler.this.preempt(running);
        }

        @Override
        public void resume(Job job, long penalty) {
            Suspended s = suspended.remove(job);
            if (s == null) {
                throw new IllegalStateException("job " + job.id() + " is not suspended");
            }
            run(machine.startOn(job, s.nodeIds(), s.plannedLeft() + penalty, s.runLeft() + penalty, now));
        }
    };

    /** A suspended job's nodes and the seconds of its run left, planned (estimate) and real. */
    private record Suspended(int[] nodeIds, long plannedLeft, long runLeft) {
    }

    public LocalScheduler(MachineSchedule machine, Scheduler policy, EventClock clock, JobLedger ledger) {
        this(machine, policy, clock, ledger, Orderings.SCHEDULER_PASS);
    }

    /**
     * A scheduler whose passes run at {@code ordering}: {@link Orderings#LOCAL_PASS} for the queue of a machine's
     * local jobs, beside the grid's scheduler of the same machine.
     */
    public LocalScheduler(MachineSchedule machine, Scheduler policy, EventClock clock, JobLedger ledger,
                          int ordering) {
        super(clock, ledger);
        this.machine = machine;
        this.policy = policy;
        this.ordering = ordering;
    }

    @Override
    protected int passOrdering() {
        return ordering;
    }

    public MachineSchedule machine() {
        return machine;
    }

    @Override
    public List<MachineSchedule> schedules() {
        return List.of(machine);
    }

    @Override
    public void watchPromises() {
        policy.watchPromises(ledger);
    }

    @Override
    protected void replanAfterFailure(MachineSchedule failed, long now) {
        this.now = now;
        policy.nodesFailed(machine, now, ledger);
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
        run(machine.start(job, now));
    }

    private void run(Allocation a) {
        long end = a.actualEnd();
        clock.at(end, Orderings.JOB_END, new JobEnd(a));
        planPass(end);
    }

    private void preempt(Allocation a) {
        if (a.start() >= now) {
            throw new IllegalStateException("job " + a.job().id() + " started at " + now + "; nothing to preempt");
        }
        machine.finish(a, now);
        interrupted.add(a);
        pieces.computeIfAbsent(a.job(), j -> new ArrayList<>()).add(new Piece(a.start(), now));
        suspended.put(a.job(), new Suspended(a.nodeIds(), a.plannedEnd() - now, a.actualEnd() - now));
    }

    private void end(Allocation a) {
        if (!interrupted.isEmpty() && interrupted.remove(a)) {
            return; // suspended before this end
        }
        if (killedBefore(a)) {
            return;
        }
        machine.finish(a);
        List<Piece> run = pieces.remove(a.job());
        if (run == null) {
            ledger.completed(a);
        } else {
            run.add(new Piece(a.start(), a.actualEnd()));
            ledger.completed(a, run);
        }
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
