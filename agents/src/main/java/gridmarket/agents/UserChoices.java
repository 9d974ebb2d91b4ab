package gridmarket.agents;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which trace users' next request a person chooses the offer for (the GUI's interactive mode): armed from the GUI's
 * thread, taken once by the MetaManager that decides the user's next request with at least one acceptable offer.
 */
public final class UserChoices {
    /** How many offers a person is shown at most: the best by the request's utility. */
    public static final int SHOWN = 10;

    private final Map<Integer, OfferChooser> armed = new ConcurrentHashMap<>();

    /** The next request of trace user {@code user} that has offers is decided by {@code chooser}. */
    public void arm(int user, OfferChooser chooser) {
        armed.put(user, chooser);
    }

    /** Whether a choice is armed for {@code user}. */
    public boolean armed(int user) {
        return armed.containsKey(user);
    }

    /** Drops every armed choice (a new run starts). */
    public void clear() {
        armed.clear();
    }

    /** The chooser armed for {@code user}, disarmed by this call, or {@code null}. */
    OfferChooser take(int user) {
        return armed.remove(user);
    }
}
