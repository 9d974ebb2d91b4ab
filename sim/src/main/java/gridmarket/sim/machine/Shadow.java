package gridmarket.sim.machine;

/**
 * Where a job waiting for {@code n} nodes would start on one machine under EASY backfilling (SPEC C2): the shadow
 * time, the earliest planned instant at which n nodes are free (counting every running job planned to end by then),
 * and the extra nodes free then beyond the n.
 *
 * @param time       the shadow time in seconds; {@link Long#MAX_VALUE} if the machine has fewer than n nodes
 * @param extraNodes nodes free at the shadow time beyond the n
 */
public record Shadow(long time, int extraNodes) {
}
