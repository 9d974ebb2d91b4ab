package gridmarket.agents;

import gridmarket.market.FreeCapacity;

import java.util.List;
import java.util.TreeSet;

/**
 * One MetaManager's part in routing by capacity: the free capacity each other domain last announced in an answer
 * (dropped when that domain says it freed capacity since), and which domains hold this domain's own, to be told when
 * it frees some. Kept apart from the protocol so that what a MetaManager knows of others is in one place.
 */
final class KnownCapacities {
    private final FreeCapacity[] known;
    /** In index order, so that notices go out in a fixed order. */
    private final TreeSet<Integer> holders = new TreeSet<>();

    KnownCapacities(int domains) {
        this.known = new FreeCapacity[domains];
    }

    /** Domain {@code from} announced its capacity in an answer. */
    void heard(int from, FreeCapacity capacity) {
        known[from] = capacity;
    }

    /** Domain {@code from} freed capacity: what it announced before may no longer be a lower bound. */
    void freed(int from) {
        known[from] = null;
    }

    /**
     * The earliest start of a job of {@code width} nodes from {@code from} that domain {@code domain} could offer, as
     * far as known: {@code from} where nothing valid was heard, {@link Long#MAX_VALUE} where no machine is wide enough.
     */
    long earliestFree(int domain, int width, long from) {
        FreeCapacity c = known[domain];
        return c == null ? from : c.earliestFree(width, from);
    }

    /** This domain's capacity went out to domain {@code to} in an answer. */
    void toldTo(int to) {
        holders.add(to);
    }

    /** The domains to tell that this one freed capacity, in index order; from now on none holds it. */
    List<Integer> takeHolders() {
        List<Integer> out = List.copyOf(holders);
        holders.clear();
        return out;
    }
}
