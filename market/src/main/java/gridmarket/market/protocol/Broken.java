package gridmarket.market.protocol;

/**
 * An owner's notice to the origin that it broke the request's reservation {@code hold}: nodes it reserved failed
 * before the reservation could run (a co-allocated job's other parts are cancelled with it). The user asks the
 * market again; the promise counts as broken.
 */
public record Broken(long requestId, long hold) implements Message {
}
