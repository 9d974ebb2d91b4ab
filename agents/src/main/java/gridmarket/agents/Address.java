package gridmarket.agents;

/**
 * Where the market's network delivers a message: a domain's MetaManager, or a machine's owner (which lives in a
 * domain). Offers name their domain and machine, so an origin addresses an owner only by what an answer told it.
 *
 * @param kind   which agent of the domain
 * @param index  the domain's index (MetaManager) or the machine's index (owner)
 * @param domain the domain the agent lives in
 */
record Address(Kind kind, int index, int domain) {
    /** The kinds of agent a message can be sent to. */
    enum Kind {
        /** A domain's MetaManager: routes its users' requests and answers other domains' requests for its domain. */
        META_MANAGER,
        /** A machine's owner: offers, reserves and reschedules on its own machine. */
        OWNER
    }

    // Written out: a record's generated equals and hashCode go through a method handle, which the C1-only launch
    // the benchmarks use does not inline (4 % of a market run's samples, two lookups per message)
    @Override
    public boolean equals(Object o) {
        return o instanceof Address a && kind == a.kind && index == a.index && domain == a.domain;
    }

    @Override
    public int hashCode() {
        return (kind.ordinal() * 31 + index) * 31 + domain;
    }

    static Address metaManager(int domain) {
        return new Address(Kind.META_MANAGER, domain, domain);
    }

    static Address owner(int machine, int domain) {
        return new Address(Kind.OWNER, machine, domain);
    }
}
