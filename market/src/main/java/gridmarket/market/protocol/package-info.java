/**
 * The market's messages (SPEC E3, thesis 7.2-7.3): immutable values that the agents of the market exchange, and
 * nothing else. A MetaManager reaches another domain, and its own machine owners when it asks them for a request,
 * only by sending one of these through the market's network, which delivers it as an event and counts it to its
 * request. Asks carry a {@code conversation} that their answers repeat, so that an answer finds the round (or the
 * compression) that asked, whatever order answers arrive in.
 */
package gridmarket.market.protocol;
