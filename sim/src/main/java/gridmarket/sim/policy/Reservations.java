package gridmarket.sim.policy;

import gridmarket.sim.result.JobLedger;
import gridmarket.sim.workload.Job;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The reservations of conservative backfilling (SPEC C3), on one machine or over several (job-sharing): every queued
 * job's reserved start and machine, in queue order, and when the next pass is due.
 *
 * <p>The reserved jobs are always the head of the queue, since a queue only appends arrivals and drops the jobs
 * started. Parallel arrays instead of a map, because every re-compression reads every reservation. A re-compression
 * is due at an instant where jobs ended, and only if it could move something: capacity was given back (an early end)
 * or the last re-compression moved a reservation. Otherwise only arrivals took capacity since, which moves nothing,
 * so every reservation is still at its earliest.
 */
public final class Reservations {
    /** Starts a job whose reservation starts now. */
    @FunctionalInterface
    public interface Starter {
        void start(Job job, int machine);
    }

    private Job[] jobs = new Job[64];
    private long[] starts = new long[64];
    private int[] machines = new int[64];
    /**
     * Per reservation, what a single machine's profile keeps for asking about it again: its shape id and the segment
     * its start was found in last ({@link gridmarket.sim.machine.CapacityProfile#earliestBefore(int, int, long, long,
     * int)}); -1 where unused.
     */
    private int[] shapes = new int[64];
    private int[] places = new int[64];
    private int count;
    /** The earliest reserved start: the next instant a job must start at. */
    private long nextStart = Long.MAX_VALUE;
    /** The last instant a pass was asked for; passes are asked for only at {@link #nextStart}. */
    private long wakeUp = Long.MIN_VALUE;
    private boolean jobsEnded;
    private boolean mayMove;
    /** After a failure: the starts promised before it, by job order, until each job is reserved again. */
    private final Map<Integer, Long> promised = new HashMap<>();
    private JobLedger brokenTo;

    public int size() {
        return count;
    }

    public Job job(int k) {
        return jobs[k];
    }

    public long start(int k) {
        return starts[k];
    }

    public int machine(int k) {
        return machines[k];
    }

    /** The shape id given to reservation {@code k} when it was added. */
    public int shape(int k) {
        return shapes[k];
    }

    /** Where the profile last found reservation {@code k}'s start, or -1. */
    public int place(int k) {
        return places[k];
    }

    public void setPlace(int k, int place) {
        places[k] = place;
    }

    /** Reserves the next queued job. */
    public void add(Job job, long start, int machine) {
        add(job, start, machine, -1);
    }

    /** Reserves the next queued job, keeping the planner's id for its shape. */
    public void add(Job job, long start, int machine, int shape) {
        if (count == jobs.length) {
            jobs = Arrays.copyOf(jobs, count * 2);
            starts = Arrays.copyOf(starts, count * 2);
            machines = Arrays.copyOf(machines, count * 2);
            shapes = Arrays.copyOf(shapes, count * 2);
            places = Arrays.copyOf(places, count * 2);
        }
        if (!promised.isEmpty()) {
            Long before = promised.remove(job.order());
            if (before != null && start > before) {
                brokenTo.reservationBroken(start - before);
            }
        }
        jobs[count] = job;
        starts[count] = start;
        machines[count] = machine;
        shapes[count] = shape;
        places[count] = -1;
        count++;
        nextStart = Math.min(nextStart, start);
    }

    /** Moves reservation {@code k} up to {@code start} on {@code machine}; a move may open room for another. */
    public void moveUp(int k, long start, int machine) {
        starts[k] = start;
        machines[k] = machine;
        mayMove = true;
        nextStart = Math.min(nextStart, start);
    }

    /** A reserved job ended; {@code early} if before its estimate, giving capacity back. */
    public void jobEnded(boolean early) {
        jobsEnded = true;
        mayMove |= early;
    }

    /** Whether this pass must re-compress; asking consumes the ends seen so far. */
    public boolean recompressionDue() {
        boolean due = jobsEnded && mayMove;
        jobsEnded = false;
        if (due) {
            mayMove = false; // set again by a move
        }
        return due;
    }

    /** Fails unless the reservations are still the head of {@code queue}, in order. */
    public void checkHeadOf(JobQueue queue, String who) {
        if (queue.size() < count || (count > 0 && queue.get(count - 1) != jobs[count - 1])) {
            throw new IllegalStateException("the queue changed behind " + who + "'s back");
        }
    }

    /** Starts, in queue order, every job whose reservation starts now; the rest keep their order. */
    public void startDue(long now, Starter starter) {
        if (nextStart < now) {
            throw new IllegalStateException("a reservation at " + nextStart + " was missed (now " + now + ")");
        }
        if (nextStart != now) {
            return;
        }
        int kept = 0;
        long next = Long.MAX_VALUE;
        for (int k = 0; k < count; k++) {
            if (starts[k] == now) {
                starter.start(jobs[k], machines[k]); // the running job keeps the capacity its reservation took
            } else {
                jobs[kept] = jobs[k];
                starts[kept] = starts[k];
                machines[kept] = machines[k];
                shapes[kept] = shapes[k];
                places[kept] = places[k];
                next = Math.min(next, starts[k]);
                kept++;
            }
        }
        Arrays.fill(jobs, kept, count, null);
        count = kept;
        nextStart = next;
    }

    /**
     * The instant of the next pass to ask for, or {@link Long#MIN_VALUE} if none is needed: one pass at the earliest
     * reservation is enough, since no reservation moves between passes and that pass asks for the next one. (Asking at
     * every reservation made would also plan passes at starts long moved.)
     */
    public long wakeUpToAsk() {
        if (count == 0 || nextStart == wakeUp) {
            return Long.MIN_VALUE;
        }
        wakeUp = nextStart;
        return nextStart;
    }

    /**
     * Forgets every reservation after nodes failed, as {@link #clear()}, but remembers each promised start: a job
     * reserved again later than promised counts as a broken reservation in {@code ledger}.
     */
    public void clearAfterFailure(JobLedger ledger) {
        for (int k = 0; k < count; k++) {
            promised.putIfAbsent(jobs[k].order(), starts[k]);
        }
        brokenTo = ledger;
        clear();
    }

    /** Forgets every reservation, so that the next pass reserves the whole queue afresh. */
    public void clear() {
        Arrays.fill(jobs, 0, count, null);
        count = 0;
        nextStart = Long.MAX_VALUE;
        wakeUp = Long.MIN_VALUE; // the new reservations need their own pass
        jobsEnded = false;
        mayMove = false;
    }
}
