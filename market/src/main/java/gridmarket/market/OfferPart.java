package gridmarket.market;

/**
 * One machine's share of an offer: the whole job for an ordinary offer, one part of a co-allocated one (SPEC E6).
 *
 * @param domain       index of the MetaManager whose machine this is
 * @param machineIndex index of the machine in the grid
 * @param machineName  its name
 * @param placement    the nodes and times on that machine (a co-allocated part's run time includes the overhead)
 * @param price        the machine function's value for this share: what its owner is paid
 */
public record OfferPart(int domain, int machineIndex, String machineName, Placement placement, double price) {
}
