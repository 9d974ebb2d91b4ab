package gridmarket.sim.policy;

import gridmarket.sim.workload.Job;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * Waiting jobs in queue order: submit time, then trace order (SPEC "Event order").
 *
 * <p>Jobs started during a scheduling pass stay listed until the pass ends ({@link #removeAll(Set)}), so a policy walks
 * the queue front to back once per phase and never looks back at what it started.
 */
public final class JobQueue {
    private final ArrayList<Job> jobs = new ArrayList<>();

    /** Appends a newly submitted job; arrivals come in queue order. */
    public void add(Job job) {
        jobs.add(job);
    }

    /** Puts jobs back at the head, in the given order, ahead of every waiting job (killed jobs resubmitted). */
    public void addFirst(List<Job> again) {
        jobs.addAll(0, again);
    }

    public int size() {
        return jobs.size();
    }

    public boolean isEmpty() {
        return jobs.isEmpty();
    }

    /** The job at position {@code i} (0 = head). */
    public Job get(int i) {
        return jobs.get(i);
    }

    /** Unmodifiable live view, head first. */
    public List<Job> jobs() {
        return Collections.unmodifiableList(jobs);
    }

    /** Removes the given jobs, keeping the order of the rest. */
    public void removeAll(Set<Job> gone) {
        if (!gone.isEmpty()) {
            jobs.removeIf(gone::contains);
        }
    }
}
