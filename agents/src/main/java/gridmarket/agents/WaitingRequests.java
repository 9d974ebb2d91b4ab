package gridmarket.agents;

import gridmarket.market.Request;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;

/**
 * The requests of a MetaManager that found no acceptable offer and wait for a change of the schedules, in the order
 * they began to wait. A request is tried again after any change of the schedules; a request with a deadline (a
 * broker's) only after a change that freed capacity ({@link ScheduleChanges#capacityFreed}): its last round found no
 * placement ending by the deadline within the budget, and a change that only takes capacity or lets time pass cannot
 * open an earlier one. It gives up once no round can meet its deadline any more.
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
     * Takes out the requests whose search time is over, handing each to {@code ended}, those whose deadline can no
     * longer be met, handing each to {@code late}, and returns those that have not seen the schedules' changes that
     * concern them yet (to be tried again), all in waiting order.
     */
    List<RequestState> due(long now, ScheduleChanges changes, Consumer<RequestState> ended,
                           Consumer<RequestState> late) {
        List<RequestState> retry = new ArrayList<>();
        for (Iterator<RequestState> it = waiting.iterator(); it.hasNext(); ) {
            RequestState p = it.next();
            if (now >= p.request.searchDeadline()) {
                it.remove();
                ended.accept(p);
            } else if (now > p.latestRound) {
                it.remove();
                late.accept(p);
            } else if (p.waitsAsBroker() ? p.seenFreed != changes.freedVersion() && now >= p.nextRound
                    : p.seenVersion != changes.version()) {
                it.remove();
                retry.add(p);
            }
        }
        return retry;
    }

    /** The waiting requests, in waiting order. */
    List<Request> requests() {
        return waiting.stream().map(p -> p.request).toList();
    }

    /** Takes out every waiting request (the run has ended). */
    List<RequestState> takeAll() {
        List<RequestState> all = List.copyOf(waiting);
        waiting.clear();
        return all;
    }
}
