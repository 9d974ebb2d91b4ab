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

    static Address metaManager(int domain) {
        return new Address(Kind.META_MANAGER, domain, domain);
    }

    static Address owner(int machine, int domain) {
        return new Address(Kind.OWNER, machine, domain);
    }
}
