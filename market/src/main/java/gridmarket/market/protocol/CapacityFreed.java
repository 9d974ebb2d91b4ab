package gridmarket.market.protocol;

/**
 * A domain's notice to a MetaManager that holds its {@link gridmarket.market.FreeCapacity} that capacity was freed
 * since (a job ended before its estimate, a reservation was released or moved earlier): the copy held may no longer
 * be a lower bound, and is dropped until the domain's next answer. Sent once to each holder per freeing; it belongs
 * to no request and counts to none (the market's routing reports how many were sent).
 *
 * @param domain the index of the domain whose capacity was freed
 */
public record CapacityFreed(int domain) implements Notice {
}
