package gridmarket.sim.engine;

import gridmarket.sim.workload.Job;
import sim.engine.SimState;
import sim.engine.Steppable;

import java.util.List;

/**
 * Feeds a workload into the simulation lazily: one pending arrival event at a time, for the next submit instant,
 * which hands all jobs of that instant to the router in trace order.
 */
public final class JobSubmitter implements Steppable {
    private static final long serialVersionUID = 1L;

    private final List<Job> jobs;
    private final JobRouter router;
    private final EventClock clock;
    private int next;

    /** @param jobs in submission order (submit time, then trace order) */
    public JobSubmitter(List<Job> jobs, JobRouter router, EventClock clock) {
        this.jobs = jobs;
        this.router = router;
        this.clock = clock;
    }

    /** Plans the first arrival; call from {@code SimState.start()}. */
    public void start() {
        if (!jobs.isEmpty()) {
            planNext();
        }
    }

    private void planNext() {
        long t = jobs.get(next).submit();
        for (int k = next; k < jobs.size() && jobs.get(k).submit() == t; k++) {
            router.expect(jobs.get(k));
        }
        clock.at(t, Orderings.SUBMIT, this);
    }

    @Override
    public void step(SimState state) {
        long now = clock.now();
        while (next < jobs.size() && jobs.get(next).submit() == now) {
            router.submit(jobs.get(next++));
        }
        if (next < jobs.size()) {
            planNext();
        }
    }

    /** Jobs handed to the router so far. */
    public int submitted() {
        return next;
    }
}
