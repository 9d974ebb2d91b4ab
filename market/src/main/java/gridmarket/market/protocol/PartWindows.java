package gridmarket.market.protocol;

import gridmarket.market.FreeNodeWindows;

/** The answer to a {@link WindowsWithout}; {@code null} windows if the part has started or is gone. */
public record PartWindows(long conversation, long requestId, FreeNodeWindows windows) implements Message {
}
