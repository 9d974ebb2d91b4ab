package gridmarket.market.protocol;

/** Moves a reserved part of a co-allocated job to start exactly at {@code start}, earlier than it held. */
public record MovePart(long requestId, int machine, long hold, long start) implements Message {
}
