package gridmarket.agents;

import gridmarket.market.ObjectiveVariables;
import gridmarket.market.Offer;
import gridmarket.market.OfferPart;
import gridmarket.market.Placement;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An answer's k best offers are the first k of a stable sort best first, ties in the order found; what it refuses
 * unseen would not have entered.
 */
class BestOffersTest {
    @Test
    void theBestKAreTheFirstKOfAStableSort() {
        SplittableRandom random = new SplittableRandom(23);
        int ties = 0;
        int refused = 0;
        for (int round = 0; round < 3000; round++) {
            List<Offer> offers = new ArrayList<>();
            int n = random.nextInt(30);
            for (int i = 0; i < n; i++) {
                // few distinct values, so that many offers tie on every key
                long start = random.nextInt(3);
                int[] node = {random.nextInt(2)};
                OfferPart part = new OfferPart(0, random.nextInt(2), "m", new Placement(node, start, start + 10,
                        new ObjectiveVariables(0, 0, 0, 0, 0, 0)), random.nextInt(3));
                offers.add(Offer.single(i, 1, part, 0, 0, random.nextInt(4)));
            }
            int k = random.nextInt(6);
            List<Offer> sorted = new ArrayList<>(offers);
            sorted.sort(Offer.BEST_FIRST);
            List<Offer> want = sorted.subList(0, Math.min(k, n));
            BestOffers best = new BestOffers(k);
            for (Offer o : offers) {
                if (!best.couldEnter(o.utilityValue())) {
                    // what it refuses would not have entered: the offers kept stay the same
                    List<Offer> before = new ArrayList<>(best.offers());
                    best.add(o);
                    assertEquals(before, best.offers(), "round " + round + ": a refused offer entered");
                    refused++;
                } else {
                    best.add(o);
                }
            }
            List<Offer> got = best.offers();
            assertEquals(k > 0 && got.size() == k, best.full(), "round " + round);
            assertEquals(want.size(), got.size(), "round " + round);
            for (int i = 0; i < want.size(); i++) {
                assertSame(want.get(i), got.get(i), "round " + round + ", offer " + i);
                ties += i > 0 && Offer.BEST_FIRST.compare(want.get(i - 1), want.get(i)) == 0 ? 1 : 0;
            }
        }
        assertTrue(ties > 100, "not vacuous: " + ties + " tied neighbours");
        assertTrue(refused > 1000, "not vacuous: " + refused + " offers refused");
    }
}
