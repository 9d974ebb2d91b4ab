package gridmarket.sim.workload;

/**
 * A rigid parallel job as the workload describes it: immutable, the same object in every strategy.
 *
 * <p>Times are integer seconds of simulated time. {@link #estimate()} is what schedulers see; the job really runs
 * {@link #runTime()} seconds, which never exceeds the estimate (SPEC W1), so a job is never killed by its estimate.
 *
 * @param id         the trace's job number (SWF field 1); the key of every result row
 * @param order      position of the job in the workload (0-based); breaks ties between equal submit times
 * @param submit     submit time in seconds
 * @param runTime    actual run time in seconds, greater than zero
 * @param estimate   run time estimate in seconds, at least {@code runTime}
 * @param nodes      number of nodes the job needs for its whole run, greater than zero
 * @param user       user id (SWF field 12), -1 where the trace does not say
 * @param status     SWF status (field 11), kept for the schedule written back as SWF
 * @param requestedTime the trace's requested time (field 9), -1 where the trace does not say
 * @param part   0 for a job as the trace has it; 1..k for the parts of a wide job split by trace shaping (SPEC W2),
 *               which keep the trace's job number in {@code id}
 * @param site   index of the job's origin site (its user community), 0 where there is one site
 */
public record Job(long id, int order, long submit, long runTime, long estimate, int nodes, int user, int status,
                  long requestedTime, int part, int site) {

    public Job {
        if (runTime <= 0 || nodes <= 0 || estimate < runTime || part < 0 || site < 0) {
            throw new IllegalArgumentException("job " + id + ": run time " + runTime + ", estimate " + estimate
                    + ", nodes " + nodes + ", part " + part + ", site " + site);
        }
    }

    /** A whole job (part 0) of site 0, as read from a trace. */
    public Job(long id, int order, long submit, long runTime, long estimate, int nodes, int user, int status,
               long requestedTime) {
        this(id, order, submit, runTime, estimate, nodes, user, status, requestedTime, 0, 0);
    }

    /** The same job at another position of the workload. */
    public Job withOrder(int newOrder) {
        return new Job(id, newOrder, submit, runTime, estimate, nodes, user, status, requestedTime, part, site);
    }

    /**
     * The rest of the job after {@code done} seconds of its run were kept (a checkpoint before a failure killed it):
     * the same job, with that much less run time and estimate; {@code done} is less than the run time.
     */
    public Job remaining(long done) {
        return new Job(id, order, submit, runTime - done, estimate - done, nodes, user, status, requestedTime, part,
                site);
    }

    /** The job's weight in AWRT and AWWT: its area {@code nodes * runTime} in node-seconds (SPEC R). */
    public double weight() {
        return (double) nodes * runTime;
    }
}
