package gridmarket.agents;

/**
 * The grid's notice that some machine schedule changed in a way that can give a waiting request a better chance: a
 * job end, a reservation moved earlier or released. A MetaManager tries a waiting request again only after such a
 * change (SPEC E7). It carries no contents, only that something changed, and it is known at once everywhere: the
 * MetaManagers' steps at job ends are planned when the jobs start, since MASON cannot plan a step at the instant an
 * event happens (an owner's idle nodes, which a re-bid needs, travel as {@code IdleNodes} messages).
 */
final class ScheduleChanges {
    private long version;

    void changed() {
        version++;
    }

    long version() {
        return version;
    }
}
