package gridmarket.market.language;

import gridmarket.market.Offer;
import gridmarket.market.Trade;
import gridmarket.sim.workload.Job;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The offers a run accepted, as OFFER objects of the description language (issue 14, part 5; thesis 7.3.2): one per
 * request that holds an offer, in job order, with the thesis' offer attributes OfferID, RequestID, JobCost,
 * OfferCost, ReservationCost, ReservationTime (the start, until which the offer holds), StartTime, EndTime and
 * UtilityValue, and what identifies the job and its machines (JobID, Part: the trace-shaping part, 0 for a whole
 * job, NumberOfProcessors, Machine: a text, the parts' machines joined by {@code +}). Printed with
 * {@link DescriptionPrinter}, the file reads back with {@code validate}.
 */
public final class OfferDocuments {
    private OfferDocuments() {
    }

    /**
     * The accepted offer of each trade that holds one; empty if none does (a document holds at least one object).
     *
     * @param trades the run's trades in job order, each with its job
     */
    public static Optional<Document> of(List<JobTrade> trades) {
        List<DescriptionObject> offers = new ArrayList<>();
        for (JobTrade jt : trades) {
            Offer o = jt.trade().accepted();
            if (o == null) {
                continue;
            }
            List<Key> keys = keys(o, jt.trade().requestId(), jt.job());
            offers.add(new DescriptionObject(ObjectKind.OFFER, "Offer" + o.offerId(), keys));
        }
        return offers.isEmpty() ? Optional.empty() : Optional.of(new Document(offers));
    }

    /**
     * Every offer of every market round, in the order the rounds were decided and within a round best first, each
     * with the job it was for and {@code Accepted} 1 for the round's winner, else 0; empty if there was no offer.
     *
     * @param rounds the rounds as the MetaManagers decided them
     */
    public static Optional<Document> ofRounds(List<Round> rounds) {
        List<DescriptionObject> offers = new ArrayList<>();
        for (Round r : rounds) {
            for (Offer o : r.offers()) {
                List<Key> keys = keys(o, r.requestId(), r.job());
                keys.add(number("Accepted", o == r.winner() ? 1 : 0));
                keys.add(number("Round", r.now()));
                offers.add(new DescriptionObject(ObjectKind.OFFER, "Offer" + o.offerId(), keys));
            }
        }
        return offers.isEmpty() ? Optional.empty() : Optional.of(new Document(offers));
    }

    /** One market round: the request's job, its offers best first, the winner (or {@code null}) and when. */
    public record Round(long requestId, Job job, List<Offer> offers, Offer winner, long now) {
        public Round {
            offers = List.copyOf(offers);
        }
    }

    private static List<Key> keys(Offer o, long requestId, Job job) {
        List<Key> keys = new ArrayList<>();
        keys.add(number("OfferID", o.offerId()));
        keys.add(number("RequestID", requestId));
        keys.add(number("JobID", job.id()));
        keys.add(number("Part", job.part()));
        keys.add(number("NumberOfProcessors", job.nodes()));
        keys.add(Key.ofValues("Machine", List.of(new Value("Machine", new Value.Text(o.machineName())))));
        keys.add(number("JobCost", o.jobCost()));
        keys.add(number("OfferCost", o.offerCost()));
        keys.add(number("ReservationCost", o.reservationCost()));
        keys.add(number("ReservationTime", o.startTime()));
        keys.add(number("StartTime", o.startTime()));
        keys.add(number("EndTime", o.endTime()));
        keys.add(number("UtilityValue", o.utilityValue()));
        return keys;
    }

    /** A job and how its request fared. */
    public record JobTrade(Job job, Trade trade) {
    }

    private static Key number(String name, long v) {
        Expression e = new Expression.Number(BigDecimal.valueOf(Math.abs(v)));
        return Key.ofValues(name, List.of(new Value(name, v < 0 ? new Expression.Negate(e) : e)));
    }

    private static Key number(String name, double v) {
        BigDecimal d = BigDecimal.valueOf(v);
        Expression e = new Expression.Number(d.abs());
        return Key.ofValues(name, List.of(new Value(name, d.signum() < 0 ? new Expression.Negate(e) : e)));
    }
}
