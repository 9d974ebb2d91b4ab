package gridmarket.sim.policy;

import gridmarket.sim.workload.Job;

/**
 * Seed 004's WaitLimit (Aida, Kasahara, Narita, Sect. 3.5 and Fig. 10): a deadline on how long a job keeps waiting.
 * A job whose waiting time has reached its limit ({@code wl <= waiting time}, Fig. 10's test) blocks the search of
 * FPFS-style schedulers and the sorting of MPFS/LPFS-style queues behind it, so it cannot starve.
 *
 * <p>Every job gets the same limit, as in the paper's experiments (600 s). {@link #NONE} never passes.
 *
 * @param seconds the limit in seconds of simulated time, at least 0; {@link Long#MAX_VALUE} for none
 */
public record WaitLimit(long seconds) {
    /** No limit: no job is ever over it. */
    public static final WaitLimit NONE = new WaitLimit(Long.MAX_VALUE);

    public WaitLimit {
        if (seconds < 0) {
            throw new IllegalArgumentException("waitLimit must be >= 0 seconds, was " + seconds);
        }
    }

    /** Whether {@code job}, queued since its submission, has waited its limit out at {@code now}. */
    public boolean reached(Job job, long now) {
        return seconds != Long.MAX_VALUE && now - job.submit() >= seconds;
    }

    /** Whether this is a real limit. */
    public boolean isSet() {
        return seconds != Long.MAX_VALUE;
    }
}
