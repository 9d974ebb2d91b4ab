package gridmarket.api;

import gridmarket.sim.engine.JobRouter;
import gridmarket.sim.engine.QueueAgent;

import java.util.List;
import java.util.Map;

/** The agents a grid strategy made for one run, and the router through which every job enters them. */
public interface Grid {
    /** Hands each job to the agent that schedules it, at its submit time. */
    JobRouter router();

    /** The queue-based schedulers, for displays; empty for a strategy without queues (the market). */
    default List<QueueAgent> schedulers() {
        return List.of();
    }

    /**
     * The strategy's own fields for {@code summary.json} (its block {@code strategyFields}), computed at the end of
     * the run; empty (the default) for none.
     */
    default Map<String, Object> summary() {
        return Map.of();
    }

    /** Queue schedulers and their router, with no summary fields. */
    static Grid of(JobRouter router, List<QueueAgent> schedulers) {
        List<QueueAgent> queues = List.copyOf(schedulers);
        return new Grid() {
            @Override
            public JobRouter router() {
                return router;
            }

            @Override
            public List<QueueAgent> schedulers() {
                return queues;
            }
        };
    }
}
