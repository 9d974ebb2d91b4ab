package gridmarket.agents;

/**
 * Changes of the machine schedules that can give a waiting request a better chance: a job end, a reservation moved
 * earlier or released. A MetaManager tries a waiting request again only after such a change (SPEC E7). Owners also
 * announce here how many nodes they have idle right after a change (a broadcast counted to no request), which is
 * what tells a user with a promised but not yet started job that asking again may pay (re-bidding, SPEC E10).
 */
final class ScheduleChanges {
    private long version;
    private long announcedAt = Long.MIN_VALUE;
    private int widestIdle;

    void changed() {
        version++;
    }

    long version() {
        return version;
    }

    /** An owner has {@code idle} nodes idle and unreserved for now after a change at {@code now}. */
    void announceIdle(long now, int idle) {
        if (announcedAt != now) {
            announcedAt = now;
            widestIdle = 0;
        }
        widestIdle = Math.max(widestIdle, idle);
    }

    /** The most idle nodes any owner announced at {@code now} (0 if none announced). */
    int widestIdleAt(long now) {
        return announcedAt == now ? widestIdle : 0;
    }
}
