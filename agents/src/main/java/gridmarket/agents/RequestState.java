package gridmarket.agents;

import gridmarket.market.Offer;
import gridmarket.market.OfferSelection;
import gridmarket.market.OfferUtility;
import gridmarket.market.Request;
import gridmarket.market.Trade;
import gridmarket.market.roles.UserStrategy;

import java.util.List;

/**
 * What the origin MetaManager knows of one of its users' requests: still searching, or holding an offer it may
 * still move or swap, and what it has cost so far. Its messages are counted by the network, not here.
 */
final class RequestState {
    /** One reservation the request holds: a whole job's, or one part of a co-allocated job. */
    static final class Hold {
        final long id;
        final int machine;
        final int domain;
        /** The start as the origin last heard it (owners send notices when they move a reservation earlier). */
        long start;

        Hold(long id, int machine, int domain, long start) {
            this.id = id;
            this.machine = machine;
            this.domain = domain;
            this.start = start;
        }

        Address owner() {
            return Address.owner(machine, domain);
        }
    }

    /** The request as the user last made it: its own, or again after a failure killed its job or broke its offer. */
    Request request;
    /** The user who made it, who decides whether it asks again and swaps. */
    final UserStrategy user;
    final OfferSelection selection = new OfferSelection(0);
    int attempts;
    int offers;
    int swaps;
    boolean overBudget;
    /** ReservationCost of every offer held so far (swaps included), charged against the ReservationBudget. */
    double reservationSpent;
    boolean unsuited;
    long seenVersion;
    /** The count of capacity-freeing changes at its last round (the retry rule of a request with a deadline). */
    long seenFreed;
    /** The last instant at which a round can still give it a placement that ends by its deadline. */
    long latestRound = Long.MAX_VALUE;
    /** Whether it waits by a broker's retry rule: it has a deadline, and neither of the two cases below holds. */
    boolean waitsAsBroker() {
        return request.endTime() != Long.MAX_VALUE && !refused && !coAllocating;
    }

    /**
     * Whether an accept of it was refused: the releases of its other parts may still be under way (and refused), so it
     * keeps the thesis' retry rule (after any change, until its search time is over) rather than a broker's.
     */
    boolean refused;
    /**
     * Whether its last round built a co-allocated offer: its parts may move up and start at once while a refusal of
     * another part travels, so it too keeps the thesis' retry rule.
     */
    boolean coAllocating;
    /** A request with a deadline is not tried again before this instant (at most four rounds to its deadline). */
    long nextRound;
    long compressedVersion = -1;
    Offer accepted;
    /** When the held offer was accepted (the trade's time). */
    long acceptedAt = -1;
    /** The request's utility on the held offer's (first) machine: how a re-bid values what it holds. */
    OfferUtility heldUtility;
    List<Hold> holds = List.of();
    /** Whether a re-bid round is under way (its messages still travel). */
    boolean rebidding;
    /** What the request held before its last swap, until the swap's release is known to have taken; or null. */
    Held previous;
    /**
     * The instant by which a refusal of its last swap's release has come back, if one comes ({@link Long#MIN_VALUE}:
     * no swap yet). Until then what it holds now may still be released, and it neither re-bids nor moves up.
     */
    long swapSettles = Long.MIN_VALUE;
    /** The start a failure broke last (an owner's {@code Broken}), until counted; {@link Long#MIN_VALUE}: none. */
    long brokenStart = Long.MIN_VALUE;

    /** An offer held, with its reservations and how the request values it. */
    record Held(Offer accepted, long acceptedAt, OfferUtility utility, List<Hold> holds) {
    }

    RequestState(Request request, UserStrategy user) {
        this.request = request;
        this.user = user;
    }

    /** Remembers what is held now, before a swap replaces it. */
    void keepPrevious() {
        previous = new Held(accepted, acceptedAt, heldUtility, holds);
    }

    /** Undoes the last swap: its release was refused because the old reservation's job had started. */
    void restorePrevious(long now) {
        accepted = previous.accepted();
        acceptedAt = previous.acceptedAt();
        heldUtility = previous.utility();
        holds = previous.holds();
        previous = null;
        swaps--;
    }

    /** The start the held job has now as far as the origin heard: the earliest of its reservations'. */
    long currentStart() {
        long start = Long.MAX_VALUE;
        for (Hold h : holds) {
            start = Math.min(start, h.start);
        }
        return start;
    }

    /** The trade of a request that holds an offer, with its counts as they are now. */
    Trade trade(int messages) {
        return new Trade(request.requestId(), attempts, offers, messages, accepted, accepted.startTime(), swaps,
                acceptedAt);
    }

    /** The trade of a rejected request: what it asked, received and sent, and no offer. */
    Trade rejectedTrade(int messages) {
        return new Trade(request.requestId(), attempts, offers, messages, null, null, swaps, -1);
    }
}
