package gridmarket.market.protocol;

/** An owner's answer to an {@link Accept} whose nodes were promised to another job while it travelled. */
public record Refused(long requestId, long hold) implements Message {
}
