package gridmarket.agents;

/**
 * The messages one request causes (SPEC E3): every message between agents is counted once, by what it carries. A
 * MetaManager's own machines are asked directly; another domain is reached by one forward and answers once.
 */
final class MessageCount {
    private int total;

    /** The request to an own machine, or the forward to another domain. */
    void ask() {
        total++;
    }

    /** An answer with {@code offers} offers: one message per offer, at least one (the empty answer). */
    void answer(int offers) {
        total += Math.max(1, offers);
    }

    /** The accept to the winner's owner (one per part) and a release to every other offer received. */
    void decision(int acceptedParts, int released) {
        total += acceptedParts + released;
    }

    /** One message of any other kind (e.g. the release of a swapped reservation). */
    void one() {
        total++;
    }

    int total() {
        return total;
    }
}
