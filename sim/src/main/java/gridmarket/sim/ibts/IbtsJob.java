package gridmarket.sim.ibts;

import ec.util.MersenneTwisterFast;

/**
 * A data-parallel job of the IBTS model: {@code threads} threads of {@code length} instructions each, arriving at the
 * start of slice {@code arrival}. It carries its own random stream for its communications, drawn per thread and per
 * slice it runs, so a job progresses identically under every scheduler; only when it runs differs. Mutable: a
 * scheduler advances it one slice at a time.
 */
public final class IbtsJob {
    private final int id;
    private final int threads;
    private final long arrival;
    private final long length;
    private final long[] left;
    /** Per thread, the instructions up to and including its next communication. */
    private final long[] toComm;
    private final MersenneTwisterFast comms;
    private int slicesRun;
    private long end = -1;

    public IbtsJob(int id, int threads, long arrival, long length, long commSeed) {
        this.id = id;
        this.threads = threads;
        this.arrival = arrival;
        this.length = length;
        this.left = new long[threads];
        java.util.Arrays.fill(left, length);
        this.toComm = new long[threads];
        this.comms = new MersenneTwisterFast(commSeed);
    }

    public int id() {
        return id;
    }

    public int threads() {
        return threads;
    }

    /** First slice in which the job may run. */
    public long arrival() {
        return arrival;
    }

    /** Instructions per thread. */
    public long length() {
        return length;
    }

    /** Slices the job has been scheduled in. */
    public int slicesRun() {
        return slicesRun;
    }

    /** The slice after the one in which its last thread finished, or -1 while it runs. */
    public long end() {
        return end;
    }

    public boolean done() {
        return end >= 0;
    }

    /** Instructions up to and including the next communication: geometric with parameter {@code rate}. */
    private long nextGap(double rate) {
        if (rate == 0) {
            return Long.MAX_VALUE;
        }
        return Math.max(1, (long) Math.ceil(Math.log(1 - comms.nextDouble()) / Math.log(1 - rate)));
    }

    /**
     * Runs the job for slice {@code slice}: each unfinished thread executes up to {@code quantum} instructions, less
     * {@code latency} instruction times per communication among them (a thread that communicates is preempted at the
     * slice's end regardless). Returns the instructions executed, over all threads.
     */
    long runSlice(long slice, int quantum, double commRate, int latency) {
        long executed = 0;
        boolean finished = true;
        for (int t = 0; t < threads; t++) {
            if (left[t] == 0) {
                continue;
            }
            if (toComm[t] == 0) {
                toComm[t] = nextGap(commRate);
            }
            long budget = quantum;
            long done = 0;
            // a communication costs its latency out of the slice's time; gaps between them are geometric
            while (budget > 0 && left[t] > done) {
                long step = Math.min(budget, Math.min(left[t] - done, toComm[t]));
                done += step;
                budget -= step;
                toComm[t] -= step;
                if (toComm[t] == 0) {
                    budget -= latency;
                    toComm[t] = nextGap(commRate);
                }
            }
            left[t] -= done;
            executed += done;
            if (left[t] > 0) {
                finished = false;
            }
        }
        slicesRun++;
        if (finished) {
            end = slice + 1;
        }
        return executed;
    }
}
