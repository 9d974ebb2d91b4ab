package gridmarket.market.protocol;

/**
 * Asks the machine holding a part of a co-allocated job for its free node-count windows for a run of
 * {@code duration} seconds starting before {@code before} (the job's start) as if that part were not there. Answered
 * by {@link PartWindows}.
 */
public record WindowsWithout(long conversation, long requestId, int machine, long hold, long duration, long before)
        implements Message {
}
