package gridmarket.sim.engine;

import gridmarket.sim.failure.MachineKeeper;
import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.policy.JobQueue;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.result.Kill;
import gridmarket.sim.result.RejectionReason;
import gridmarket.sim.workload.Job;
import sim.engine.SimState;
import sim.engine.Steppable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.StringJoiner;
import java.util.function.Predicate;

/**
 * A scheduler agent with one queue, stepped by MASON once per instant at which one of its jobs ended or arrived, or
 * at which it asked to be woken ({@link Orderings#SCHEDULER_PASS}). Subclasses decide what a pass does.
 *
 * <p>Invariant: at most one pass per instant; jobs started in a pass leave the queue when the pass ends.
 *
 * <p>When nodes of its machines fail ({@link #nodesFailed}), the agent kills the jobs on them, puts them back at the
 * head of its queue (ahead of every waiting job, in workload order: they had been started before any of them) and
 * lets its policy re-plan; the end events of the killed allocations are void.
 */
public abstract class QueueAgent implements Steppable, JobRouter, MachineKeeper {
    private static final long serialVersionUID = 1L;

    protected final EventClock clock;
    protected final JobLedger ledger;
    private final JobQueue queue = new JobQueue();
    private final Set<Long> plannedPasses = new HashSet<>();
    /** By identity: a job is one object from the workload on, and a record's hash reads all its fields. */
    private final Set<Job> startedInPass = Collections.newSetFromMap(new IdentityHashMap<>());
    /** Allocations a node failure ended: their end events are void. By identity. */
    private final Set<Allocation> killed = Collections.newSetFromMap(new IdentityHashMap<>());

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

    /** The schedules of the machines this agent runs jobs on. */
    public abstract List<MachineSchedule> schedules();

    /** Node failures may happen in this run: the policy starts noting the promises they may break. */
    @Override
    public void watchPromises() {
    }

    /**
     * Announces an instant at which nodes of this agent's machines fail or are repaired, so that a pass follows
     * them (MASON cannot schedule "later at the current time").
     */
    @Override
    public final void expectOutage(long time) {
        planPass(time);
    }

    /**
     * Nodes of one of this agent's machines fail now until {@code repair}: every job running on one of them is
     * killed (all parts of a multi-site job) and goes back to the head of the queue, to run again from scratch or
     * from its last checkpoint; the nodes are taken out of service ({@link MachineSchedule#goDown}); then the policy
     * re-plans ({@link #replanAfterFailure}). Nodes already out of service are left as they are.
     *
     * @param checkpoint seconds between a job's checkpoints, or 0 for none
     * @return the outage, or {@code null} if every node given was already out of service
     */
    @Override
    public final Allocation nodesFailed(MachineSchedule machine, int[] nodes, long now, long repair,
                                        long checkpoint) {
        List<Allocation> victims = new ArrayList<>();
        Set<Allocation> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        int[] up = new int[nodes.length];
        int count = 0;
        for (int node : nodes) {
            Allocation a = machine.runningOn(node);
            if (a != null && a.outage()) {
                continue;
            }
            up[count++] = node;
            if (a != null && seen.add(a)) {
                victims.add(a);
            }
        }
        if (count == 0) {
            return null;
        }
        victims.sort(Comparator.comparingInt(a -> a.job().order()));
        List<Job> again = new ArrayList<>(victims.size());
        for (Allocation v : victims) {
            again.add(kill(v, now, checkpoint));
        }
        Allocation outage = machine.goDown(Arrays.copyOf(up, count), now, repair);
        queue.addFirst(again);
        replanAfterFailure(machine, now);
        planPass(repair);
        return outage;
    }

    /** Ends one killed attempt on all its machines; returns the job to run again. */
    private Job kill(Allocation victim, long now, long checkpoint) {
        Job job = victim.job();
        long elapsed = now - victim.start();
        // a checkpoint keeps whole intervals of the run, never all of it (a multi-site part runs stretched)
        long saved = checkpoint <= 0 ? 0 : Math.min(elapsed / checkpoint, (job.runTime() - 1) / checkpoint)
                * checkpoint;
        StringJoiner where = new StringJoiner("+");
        StringJoiner held = new StringJoiner("+");
        long nodes = 0;
        for (Allocation part : attempt(victim)) {
            scheduleOf(part).finish(part, now);
            killed.add(part);
            where.add(part.machine().name());
            held.add(JobOutcome.ranges(part.nodeIds()));
            nodes += part.nodeCount();
        }
        ledger.killed(job, new Kill(where.toString(), held.toString(), victim.start(), now,
                Math.max(0, elapsed - saved) * nodes));
        return saved > 0 ? job.remaining(saved) : job;
    }

    private MachineSchedule scheduleOf(Allocation a) {
        for (MachineSchedule m : schedules()) {
            if (m.machine() == a.machine()) {
                return m;
            }
        }
        throw new IllegalStateException("allocation of another agent's machine: " + a);
    }

    /** The allocations of the attempt {@code a} belongs to: itself, or every part of a multi-site job. */
    protected List<Allocation> attempt(Allocation a) {
        return List.of(a);
    }

    /**
     * The policy re-plans after nodes of {@code machine} failed and the killed jobs went back to the queue (nothing
     * by default: a policy that keeps no plan sees the failed nodes as busy until their repair).
     */
    protected void replanAfterFailure(MachineSchedule machine, long now) {
    }

    /** Whether an end event's allocation was killed by a failure before it (the event then does nothing). */
    protected final boolean killedBefore(Allocation a) {
        return !killed.isEmpty() && killed.remove(a);
    }

    /** Plans a pass at {@code time}, once per instant. */
    protected final void planPass(long time) {
        if (plannedPasses.add(time)) {
            clock.at(time, passOrdering(), this);
        }
    }

    /** The ordering of this agent's passes within an instant ({@link Orderings#SCHEDULER_PASS}). */
    protected int passOrdering() {
        return Orderings.SCHEDULER_PASS;
    }

    /**
     * Another agent runs jobs on {@code machine} too (local load beside the grid): each job it starts there, a job
     * {@code foreign} tells apart from this agent's, takes nodes this agent's plan may have counted on, so the policy
     * re-plans as after a failure (conservative backfilling reserves its queue afresh in its next pass), and a pass
     * follows the job's end, when its nodes come back.
     */
    public final void shareMachine(MachineSchedule machine, Predicate<Job> foreign) {
        machine.onStart(a -> {
            if (foreign.test(a.job())) {
                replanAfterFailure(machine, clock.now());
                planPass(a.actualEnd());
            }
        });
    }
}
