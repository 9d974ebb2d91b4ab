package gridmarket.sim.engine;

import gridmarket.sim.policy.JobQueue;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.result.RejectionReason;
import gridmarket.sim.workload.Job;
import sim.engine.SimState;
import sim.engine.Steppable;

import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * A scheduler agent with one queue, stepped by MASON once per instant at which one of its jobs ended or arrived, or
 * at which it asked to be woken ({@link Orderings#SCHEDULER_PASS}). Subclasses decide what a pass does.
 *
 * <p>Invariant: at most one pass per instant; jobs started in a pass leave the queue when the pass ends.
 */
public abstract class QueueAgent implements Steppable, JobRouter {
    private static final long serialVersionUID = 1L;

    protected final EventClock clock;
    protected final JobLedger ledger;
    private final JobQueue queue = new JobQueue();
    private final Set<Long> plannedPasses = new HashSet<>();
    /** By identity: a job is one object from the workload on, and a record's hash reads all its fields. */
    private final Set<Job> startedInPass = Collections.newSetFromMap(new IdentityHashMap<>());

    protected QueueAgent(EventClock clock, JobLedger ledger) {
        this.clock = clock;
        this.ledger = ledger;
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
        String reason = whyNever(job);
        if (reason != null) {
            ledger.rejected(job, RejectionReason.TOO_WIDE, reason);
        } else {
            queue.add(job);
        }
    }

    /** Why the job can never run here, too wide for its machines (then it is rejected on arrival), or {@code null}. */
    protected abstract String whyNever(Job job);

    /** One scheduling pass at {@code now}; start jobs with {@link #started(Job)} bookkeeping. */
    protected abstract void pass(long now, JobQueue queue);

    @Override
    public final void step(SimState state) {
        long now = clock.now();
        plannedPasses.remove(now);
        pass(now, queue);
        if (!startedInPass.isEmpty()) { // clearing an identity set costs its whole table, even when empty
            queue.removeAll(startedInPass);
            startedInPass.clear();
        }
    }

    /** Records that a queued job started in this pass. */
    protected final void started(Job job) {
        if (!startedInPass.add(job)) {
            throw new IllegalStateException("job " + job.id() + " started twice");
        }
    }

    /** Plans a pass at {@code time}, once per instant. */
    protected final void planPass(long time) {
        if (plannedPasses.add(time)) {
            clock.at(time, Orderings.SCHEDULER_PASS, this);
        }
    }
}
