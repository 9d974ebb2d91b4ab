package gridmarket.sim.policy;

import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.workload.Job;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * PFCFS (SPEC C7; thesis 3.3, Table 3.1, and chapter 4): FCFS in which a wide job that has waited
 * {@link PreemptionParameters#delay()} seconds at the head of the queue (since the job before it started, or, behind
 * a wide job being served, since that one ended, or since its own submission if the queue was empty) suspends just enough running jobs to start, and then shares its nodes
 * with them by gang scheduling.
 *
 * <p>The running jobs to suspend are chosen greedily: while nodes are missing, the narrowest running job that alone
 * covers what is missing, else the widest (ties: the latest started, then the latest in the workload). The wide job
 * takes the idle nodes first, then those of the suspended jobs in the order chosen. Every
 * {@link PreemptionParameters#gang()} seconds the two gangs swap (the wide job is suspended and the others resume on
 * their nodes, or the reverse), at most {@link PreemptionParameters#maxPreemptions()} switches in all; after the last
 * one the gang then running keeps running. A suspended wide job also resumes as soon as all its nodes are idle, and
 * the suspended jobs resume the instant the wide job ends. As in Table 3.1, no other job starts while a wide job
 * that has started is unfinished: the queue behind it waits, as FCFS's queue waits behind its head. With
 * {@link PreemptionParameters#idlePercent()} above 0 the delay starts only once that share of the nodes is idle
 * (Instruction C).
 */
public final class PreemptiveFcfsScheduler implements Scheduler {
    private static final Comparator<Allocation> LATEST_FIRST = Comparator.comparingLong(Allocation::start)
            .thenComparingInt(a -> a.job().order()).reversed();

    private final PreemptionParameters parameters;
    /** The wide job being served by preemption, or {@code null}. */
    private Job wide;
    /** Its nodes. */
    private int[] wideNodes;
    /** Whether the wide job's gang is the one running (else it is suspended). */
    private boolean wideRunning;
    private boolean wideEnded;
    /** The jobs its preemptions suspend, still unfinished; suspended exactly while the wide job runs. */
    private final List<Job> others = new ArrayList<>();
    private int switches;
    private long nextSwitch;
    /** The wide job waiting at the head of the queue for its delay, and since when ({@link #NOT_YET}: Instruction C). */
    private Job blockedHead;
    private long blockedSince;
    private static final long NOT_YET = Long.MIN_VALUE;

    public PreemptiveFcfsScheduler(PreemptionParameters parameters) {
        this.parameters = parameters;
    }

    @Override
    public void jobEnded(Allocation ended, long now) {
        if (ended.job() == wide) {
            wideEnded = true;
        } else if (wide != null) {
            others.remove(ended.job());
        }
    }

    @Override
    public void schedule(long now, JobQueue queue, MachineSchedule machine, Dispatcher dispatch) {
        if (wide != null && !serveWide(now, machine, dispatch)) {
            return;
        }
        int free = machine.freeNodes();
        for (int i = 0; i < queue.size(); i++) {
            Job job = queue.get(i);
            if (job.nodes() <= free) {
                dispatch.start(job);
                free -= job.nodes();
                continue;
            }
            if (parameters.wide(job, machine.size())) {
                if (blockedHead != job) {
                    blockedHead = job;
                    blockedSince = NOT_YET;
                }
                if (blockedSince == NOT_YET) {
                    if (!parameters.idleEnough(free, machine.size())) {
                        return; // Instruction C: idle nodes come only with job ends, and each end brings a pass
                    }
                    blockedSince = now; // Table 3.1's E1: the wait starts when the job is picked (and C holds)
                }
                long due = blockedSince + parameters.delay();
                if (now < due) {
                    dispatch.wakeUpAt(due);
                } else {
                    preemptFor(job, now, machine, dispatch);
                }
            }
            return;
        }
    }

    /**
     * One pass's step of the wide job's service.
     *
     * @return whether the wide job has ended, so the queue may go on
     */
    private boolean serveWide(long now, MachineSchedule machine, Dispatcher dispatch) {
        if (wideEnded) {
            if (!wideRunning) {
                throw new IllegalStateException("wide job " + wide.id() + " ended while suspended");
            }
            resumeOthers(dispatch);
            others.clear();
            wide = null;
            wideEnded = false;
            return true;
        }
        if (wideRunning) {
            if (now >= nextSwitch) {
                dispatch.preempt(running(machine, wide));
                resumeOthers(dispatch);
                wideRunning = false;
                switched(now, dispatch);
            }
        } else if (allIdle(machine, wideNodes)) {
            dispatch.resume(wide, parameters.penalty());
            wideRunning = true;
            nextSwitch = Long.MAX_VALUE; // the other gang is empty on its nodes
        } else if (now >= nextSwitch) {
            for (Job j : others) {
                dispatch.preempt(running(machine, j));
            }
            dispatch.resume(wide, parameters.penalty());
            wideRunning = true;
            switched(now, dispatch);
        }
        return false;
    }

    private void switched(long now, Dispatcher dispatch) {
        if (++switches < parameters.maxPreemptions()) {
            nextSwitch = now + parameters.gang();
            dispatch.wakeUpAt(nextSwitch);
        } else {
            nextSwitch = Long.MAX_VALUE;
        }
    }

    private void resumeOthers(Dispatcher dispatch) {
        for (Job j : others) {
            dispatch.resume(j, parameters.penalty());
        }
    }

    /** Suspends just enough running jobs for the head {@code job}, greedily, and starts it; or waits an instant. */
    private void preemptFor(Job job, long now, MachineSchedule machine, Dispatcher dispatch) {
        List<Allocation> candidates = new ArrayList<>();
        for (Allocation a : machine.running()) {
            if (a.start() < now) { // one started in this pass has run nothing to suspend
                candidates.add(a);
            }
        }
        candidates.sort(LATEST_FIRST);
        int missing = job.nodes() - machine.freeNodes();
        List<Allocation> chosen = new ArrayList<>();
        while (missing > 0) {
            Allocation pick = null;
            for (Allocation a : candidates) { // the narrowest that covers what is missing
                if (a.nodeCount() >= missing && (pick == null || a.nodeCount() < pick.nodeCount())) {
                    pick = a;
                }
            }
            if (pick == null) {
                for (Allocation a : candidates) { // else the widest
                    if (pick == null || a.nodeCount() > pick.nodeCount()) {
                        pick = a;
                    }
                }
            }
            if (pick == null) {
                dispatch.wakeUpAt(now + 1); // the jobs in the way all started now
                return;
            }
            candidates.remove(pick);
            chosen.add(pick);
            missing -= pick.nodeCount();
        }
        int[] nodes = new int[job.nodes()];
        int k = 0;
        for (int node = 0; node < machine.size() && k < nodes.length; node++) {
            if (machine.runningOn(node) == null) {
                nodes[k++] = node;
            }
        }
        for (Allocation a : chosen) {
            for (int node : a.nodeIds()) {
                if (k < nodes.length) {
                    nodes[k++] = node;
                }
            }
            others.add(a.job());
            dispatch.preempt(a);
        }
        dispatch.startOn(job, nodes);
        wide = job;
        wideNodes = nodes;
        wideRunning = true;
        switches = 0;
        switched(now, dispatch);
    }

    private static Allocation running(MachineSchedule machine, Job job) {
        for (Allocation a : machine.running()) {
            if (a.job() == job) {
                return a;
            }
        }
        throw new IllegalStateException("job " + job.id() + " is not running");
    }

    private static boolean allIdle(MachineSchedule machine, int[] nodes) {
        return Arrays.stream(nodes).allMatch(n -> machine.runningOn(n) == null);
    }
}
