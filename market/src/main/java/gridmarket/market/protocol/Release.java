package gridmarket.market.protocol;

/** Withdraws a reservation that has not started (its user swapped to a better offer, or a part was refused). */
public record Release(long requestId, int machine, long hold) implements Message {
}
