package gridmarket.market.protocol;

/**
 * An owner's announcement to every MetaManager that {@code nodes} nodes of its machine are idle and unreserved after
 * its rescheduling (SPEC E10): what tells a user holding a promise that asking again may pay. It belongs to no
 * request and counts none.
 */
public record IdleNodes(int nodes) implements Notice {
}
