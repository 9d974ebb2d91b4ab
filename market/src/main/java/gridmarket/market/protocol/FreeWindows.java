package gridmarket.market.protocol;

import java.util.List;

/** The answer to a {@link PartialRequest}: the windows of one machine, or of every machine of a domain. */
public record FreeWindows(long conversation, long requestId, List<MachineWindows> machines) implements Message {
    public FreeWindows {
        machines = List.copyOf(machines);
    }
}
