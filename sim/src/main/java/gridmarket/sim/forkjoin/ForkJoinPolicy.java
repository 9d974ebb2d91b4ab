package gridmarket.sim.forkjoin;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The five routing x ordering policies of Karatza and Hilzer (seed 001, Sect. 2.2; SPEC S1). */
public enum ForkJoinPolicy {
    /** Probabilistic routing, FCFS queues. */
    PRFCFS(Routing.PROBABILISTIC, TaskOrder.FCFS),
    /** Shortest-queue routing, FCFS queues. */
    SQFCFS(Routing.SHORTEST_QUEUE, TaskOrder.FCFS),
    /** Probabilistic routing, shortest (estimated) task first. */
    PRSTF(Routing.PROBABILISTIC, TaskOrder.STF),
    /** Probabilistic routing, tasks of the job with the smallest number of uncompleted tasks first. */
    PRSNUTF(Routing.PROBABILISTIC, TaskOrder.SNUTF),
    /** Probabilistic routing, limited STF (every (l+1)-th choice takes the oldest task). */
    PRLSTF(Routing.PROBABILISTIC, TaskOrder.LSTF);

    private final Routing routing;
    private final TaskOrder order;

    ForkJoinPolicy(Routing routing, TaskOrder order) {
        this.routing = routing;
        this.order = order;
    }

    public Routing routing() {
        return routing;
    }

    public TaskOrder order() {
        return order;
    }

    /** The name used in experiment files, e.g. {@code prfcfs}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The policy with this name, or {@code null}. */
    public static ForkJoinPolicy byKey(String key) {
        for (ForkJoinPolicy p : values()) {
            if (p.key().equals(key)) {
                return p;
            }
        }
        return null;
    }

    /** All names, for error messages. */
    public static String keys() {
        return Arrays.stream(values()).map(ForkJoinPolicy::key).collect(Collectors.joining(" | "));
    }
}
