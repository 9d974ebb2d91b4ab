package gridmarket.market.protocol;

/**
 * An owner's notice to the origin that its own rescheduling moved a reservation earlier. Compression is the owner's
 * own business and costs the user no message, so this notice counts none.
 */
public record Moved(long requestId, long hold, long start) implements Message {
    @Override
    public int weight() {
        return 0;
    }
}
