package gridmarket.sim.result;

import java.util.Objects;

/**
 * Why one job was rejected: the cause, counted in summaries, and a message naming the job's numbers (written to
 * {@code jobs.csv}).
 *
 * @param reason the cause
 * @param detail a one-line message, e.g. {@code needs 100 nodes but the largest machine has 64}
 */
public record Rejection(RejectionReason reason, String detail) {
    public Rejection {
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(detail, "detail");
    }
}
