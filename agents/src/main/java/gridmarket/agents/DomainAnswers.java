package gridmarket.agents;

import gridmarket.market.Offer;
import gridmarket.market.protocol.CallForOffers;
import gridmarket.market.protocol.FreeWindows;
import gridmarket.market.protocol.MachineWindows;
import gridmarket.market.protocol.Offers;
import gridmarket.market.protocol.PartialRequest;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * What a domain answers for a request another domain forwards to it: one message for all its machines, made on their
 * schedules as they are when the request arrives (thesis 7.3: offer generation is a black box to other domains).
 */
final class DomainAnswers implements Serializable {
    private static final long serialVersionUID = 1L;

    private final List<MachineOwnerAgent> owners;

    DomainAnswers(List<MachineOwnerAgent> owners) {
        this.owners = List.copyOf(owners);
    }

    /** Every machine's offers for a forwarded call, and whether any was over budget or suited the request. */
    Offers offers(CallForOffers c, long now) {
        List<Offer> out = new ArrayList<>();
        boolean overBudget = false;
        boolean suited = false;
        for (MachineOwnerAgent owner : owners) {
            OfferDesk.Answer a = owner.offers(c.request(), now);
            out.addAll(a.offers());
            overBudget |= a.overBudget();
            suited |= a.suited();
        }
        return new Offers(c.conversation(), c.requestId(), out, overBudget, suited);
    }

    /** Every machine's free node-count windows for a forwarded partial request. */
    FreeWindows windows(PartialRequest pr, long now) {
        List<MachineWindows> out = new ArrayList<>();
        for (MachineOwnerAgent owner : owners) {
            out.add(owner.windows(pr.request(), pr.rules(), now));
        }
        return new FreeWindows(pr.conversation(), pr.requestId(), out);
    }
}
