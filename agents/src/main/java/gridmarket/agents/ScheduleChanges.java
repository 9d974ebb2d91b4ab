package gridmarket.agents;

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
    /** The job ends still ahead, known when the jobs started: the instants at which schedules will change. */
    private final TreeSet<Long> ends = new TreeSet<>();

    void changed() {
        version++;
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
