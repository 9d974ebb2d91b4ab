package gridmarket.market.protocol;

/**
 * A message that belongs to no request and counts none: an announcement of an agent's own state (idle nodes after
 * a rescheduling, capacity freed) rather than a step of some request's conversation.
 */
public sealed interface Notice extends Message permits IdleNodes, CapacityFreed {
    /** Belongs to no request. */
    @Override
    default long requestId() {
        return 0;
    }

    @Override
    default int weight() {
        return 0;
    }
}
