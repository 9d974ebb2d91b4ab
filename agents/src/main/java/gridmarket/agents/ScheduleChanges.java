package gridmarket.agents;

import gridmarket.market.Fit;
import gridmarket.market.Request;

import java.util.TreeSet;

/**
 * The grid's notice that some machine schedule changed in a way that can give a waiting request a better chance: a
 * job end, a reservation moved earlier or released. A MetaManager tries a waiting request again only after such a
 * change (SPEC E7). It carries no contents, only that something changed, and it is known at once everywhere: the
 * MetaManagers' steps at job ends are planned when the jobs start, since MASON cannot plan a step at the instant an
 * event happens (an owner's idle nodes, which a re-bid needs, travel as {@code IdleNodes} messages).
 */
final class ScheduleChanges {
    private long version;
    /** Counts the changes that freed capacity: a request with a deadline waits for one of these only. */
    private long freed;
    /** The fastest machine's speed, which bounds how short a job's run can be planned anywhere. */
    private final double fastest;
    /** The job ends still ahead, known when the jobs started: the instants at which schedules will change. */
    private final TreeSet<Long> ends = new TreeSet<>();

    ScheduleChanges() {
        this(1);
    }

    /** @param fastest the grid's fastest machine speed (a run-time factor) */
    ScheduleChanges(double fastest) {
        this.fastest = fastest;
    }

    void changed() {
        version++;
    }

    /**
     * Capacity was freed before a plan had it free: a job ended before its planned end, a reservation was released or
     * moved earlier. Only such a change can open a placement that ends earlier than those offered before.
     */
    void capacityFreed() {
        freed++;
    }

    long freedVersion() {
        return freed;
    }

    /**
     * The shortest run any machine can plan for {@code r}: its estimate on the fastest machine (a request written
     * from a population's template may run shorter anywhere, so for it 1 s).
     */
    long shortestRun(Request r) {
        if (r.terms() != null) {
            return 1;
        }
        return Fit.scaled(r.runTime(), r.job().runTime(),
                fastest == 1 ? r.runTime() : r.runTime() / Math.max(1, fastest))[0];
    }

    /** A job that started at {@code now} will end at {@code end}; the ends passed are forgotten. */
    void endsAt(long now, long end) {
        ends.headSet(now, true).clear();
        ends.add(end);
    }

    /** The first job end after {@code now}, or {@code null} if none is known. */
    Long nextEndAfter(long now) {
        ends.headSet(now, true).clear();
        return ends.isEmpty() ? null : ends.first();
    }

    long version() {
        return version;
    }
}
