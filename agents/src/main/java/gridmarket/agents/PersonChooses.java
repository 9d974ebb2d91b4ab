package gridmarket.agents;

import gridmarket.market.Offer;
import gridmarket.market.OfferSelection;
import gridmarket.market.Request;
import gridmarket.market.roles.ClearingRule;

import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The GUI's clearing rule, which the GUI puts around the market's ({@link GridMarket#setClearingRule}): for a trace user a person has armed a choice for ({@link UserChoices}), the best acceptable
 * offers go to the person, who takes one or leaves the choice to the market; the choice is used up only by a round
 * that has such offers. Every other request is cleared by the market's own rule.
 */
public final class PersonChooses implements ClearingRule {
    private final UserChoices choices;
    private final ClearingRule market;

    /** @param market the market's own rule, for every request no person chooses for */
    public PersonChooses(UserChoices choices, ClearingRule market) {
        this.choices = choices;
        this.market = market;
    }

    /** The market's own rule, which clears every request no person chooses for. */
    ClearingRule market() {
        return market;
    }

    /** Whether a person chooses the offer of this request's round (else the market's rule clears it). */
    boolean choosesFor(Request r) {
        return choices.armed(r.job().user());
    }

    @Override
    public OfferSelection.Choice clear(Request r, List<Offer> offers, OfferSelection budget) {
        if (!choices.armed(r.job().user())) {
            return market.clear(r, offers, budget);
        }
        OfferSelection.Shortlist shown = budget.shortlist(offers, r, o -> true, UserChoices.SHOWN);
        OfferChooser person = shown.offers().isEmpty() ? null : choices.take(r.job().user());
        Offer best = shown.offers().isEmpty() ? null : shown.offers().get(0);
        if (person != null) {
            int i = person.choose(r, shown.offers());
            if (i >= 0 && i < shown.offers().size()) {
                best = shown.offers().get(i);
            }
        }
        return new OfferSelection.Choice(best, shown.unaffordable(), shown.taken());
    }

    /** A request no person chooses for is cleared by the market's rule, and may be routed as that rule allows. */
    @Override
    public boolean takesHighestUtility(Request r) {
        return !choices.armed(r.job().user()) && market.takesHighestUtility(r);
    }

    /** Waiting requests are tried again in the market's rule's order. */
    @Override
    public Comparator<Request> waitingOrder() {
        return market.waitingOrder();
    }

    /** The market's rule reports itself: a person's choices add nothing to the summary. */
    @Override
    public Map<String, Object> summary() {
        return market.summary();
    }
}
