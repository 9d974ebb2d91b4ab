package gridmarket.agents;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;

/**
 * The requests of a MetaManager that found no acceptable offer and wait for a change of the schedules, in the order
 * they began to wait.
 */
final class WaitingRequests implements Serializable {
    private static final long serialVersionUID = 1L;

    private final List<RequestState> waiting = new ArrayList<>();

    void add(RequestState p) {
        waiting.add(p);
    }

    void remove(RequestState p) {
        waiting.remove(p);
    }

    int size() {
        return waiting.size();
    }

    /**
     * Takes out the requests whose search time is over, handing each to {@code ended}, and returns those that have
     * not seen the schedules' {@code version} yet (to be tried again), both in waiting order.
     */
    List<RequestState> due(long now, long version, Consumer<RequestState> ended) {
        List<RequestState> retry = new ArrayList<>();
        for (Iterator<RequestState> it = waiting.iterator(); it.hasNext(); ) {
            RequestState p = it.next();
            if (now >= p.request.searchDeadline()) {
                it.remove();
                ended.accept(p);
            } else if (p.seenVersion != version) {
                it.remove();
                retry.add(p);
            }
        }
        return retry;
    }

    /** Takes out every waiting request (the run has ended). */
    List<RequestState> takeAll() {
        List<RequestState> all = List.copyOf(waiting);
        waiting.clear();
        return all;
    }
}
