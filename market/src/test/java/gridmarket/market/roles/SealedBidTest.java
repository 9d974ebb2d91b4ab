package gridmarket.market.roles;

import gridmarket.market.ObjectiveVariables;
import gridmarket.market.OfferPart;
import gridmarket.market.Placement;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The sealed-bid owner: its bid worked by hand, and a learning owner's share of won offers over random auctions. */
class SealedBidTest {
    /** Random auction series of the learning property. */
    static final int SERIES = 200;
    /** Auctions in each. */
    static final int AUCTIONS = 4000;
    private static final OfferPart PART = new OfferPart(0, 0, "m1", new Placement(new int[] {0, 1}, 0, 10,
            new ObjectiveVariables(0, 0, 0, 0, 0, 0)), 1);

    @Test
    void aBidIsTheCostTimesOnePlusTheMarkupPerNodeSecond() {
        SealedBid truthful = new SealedBid(0.5, false, 0, 0.05, 0.02, 10);
        assertEquals(0.5 * 2 * 10, truthful.price(null, PART.placement(), 0), 0, "cost x 2 nodes x 10 s");
        truthful.accepted(null, PART, 0);
        truthful.lost(1, PART, 0);
        assertEquals(0.5, truthful.bid(), 0, "a truthful owner learns nothing");
        SealedBid learner = new SealedBid(0.5, true, 0.5, 0.05, 0.02, 0.6);
        assertEquals(0.75, learner.bid(), 1e-15);
        learner.accepted(null, PART, 0);
        assertEquals(0.5 * 1.55, learner.bid(), 1e-15);
        learner.accepted(null, PART, 0);
        learner.accepted(null, PART, 0);
        assertEquals(0.5 * 1.6, learner.bid(), 1e-15, "held at maxMarkup");
        for (int i = 0; i < 40; i++) {
            learner.lost(1, PART, 0);
        }
        assertEquals(0.5, learner.bid(), 1e-15, "held at markup 0");
        assertEquals(3L, learner.summary().get("won"));
        assertEquals(40L, learner.summary().get("lost"));
        assertThrows(IllegalArgumentException.class, () -> new SealedBid(0.5, true, 2, 0.05, 0.02, 1));
        assertThrows(IllegalArgumentException.class, () -> new SealedBid(-1, true, 0, 0.05, 0.02, 1));
    }

    /**
     * Against rivals whose asks are drawn at random (a stationary market), a learning owner's markup drifts up by
     * raise per win and down by cut per loss, so over the second half of a long series it wins close to
     * {@code cut / (raise + cut)} of its auctions, whatever its cost and start.
     */
    @Test
    void aLearnerWinsTheShareItsRaiseAndCutSetOverRandomAuctions() {
        Random random = new Random(5);
        double worst = 0;
        for (int series = 0; series < SERIES; series++) {
            double cost = 0.1 + random.nextDouble();
            double raise = 0.001 + 0.02 * random.nextDouble();
            double cut = 0.001 + 0.02 * random.nextDouble();
            SealedBid owner = new SealedBid(cost, true, 3 * random.nextDouble(), raise, cut, 1000);
            double low = cost * (1 + random.nextDouble());   // the rivals' asks per node-second: above its cost
            double spread = cost * (0.5 + 2 * random.nextDouble());
            int won = 0;
            for (int a = 0; a < AUCTIONS; a++) {
                boolean wins = owner.bid() < low + spread * random.nextDouble();
                if (wins) {
                    owner.accepted(null, PART, a);
                } else {
                    owner.lost(a, PART, a);
                }
                won += wins && a >= AUCTIONS / 2 ? 1 : 0;
            }
            double share = won / (AUCTIONS / 2.0);
            double expected = cut / (raise + cut);
            worst = Math.max(worst, Math.abs(share - expected));
            assertTrue(Math.abs(share - expected) < 0.05, "series " + series + ": won " + share + ", expected "
                    + expected);
        }
        System.out.printf("%d series of %d sealed-bid auctions: a learner's share of wins within %.4f of "
                + "cut / (raise + cut)%n", SERIES, AUCTIONS, worst);
    }
}
