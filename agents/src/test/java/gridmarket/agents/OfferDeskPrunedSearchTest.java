package gridmarket.agents;

import gridmarket.market.MachineFunction;
import gridmarket.market.OfferGenerator;
import gridmarket.market.OfferSettings;
import gridmarket.market.Request;
import gridmarket.market.UtilityFunction;
import gridmarket.market.roles.AskPricing;
import gridmarket.market.roles.FormulaPricing;
import gridmarket.market.roles.OwnerStrategy;
import gridmarket.market.roles.SealedBid;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An owner whose search passes over windows that cannot beat its best offers (a utility that a later start and a
 * higher price never raise, UF1-UF5, and the owner's price floor) answers exactly as one that searches every window:
 * the same offers, ids included, and the same note of placements left out over budget. The thesis' owner under every
 * MF (MF3's floor is 0: it can price below the job's area), bidders and asking owners (one rate), with job budgets
 * that leave some placements out and several offers per answer.
 */
class OfferDeskPrunedSearchTest {
    private static final String[] UTILITIES = {"UF1", "UF2", "UF3", "UF4", "UF5", "-(StartTime + JobCost / 100)"};

    @Test
    void thePrunedSearchAnswersAsTheFullSearchOnRandomSchedules() {
        SplittableRandom random = new SplittableRandom(29);
        int answers = 0;
        int several = 0;
        int refused = 0;
        for (int round = 0; round < 400; round++) {
            int size = 1 + random.nextInt(64);
            long now = random.nextLong(0, 10_000);
            MachineSchedule machine = RandomSchedules.random(random, size, now);
            int perMachine = 1 + random.nextInt(3);
            OfferGenerator generator = new OfferGenerator(new OfferSettings(1 + random.nextInt(5),
                    1 + random.nextInt(4), 1 + random.nextInt(8), perMachine));
            OwnerStrategy owner = switch (random.nextInt(4)) {
                case 0 -> new SealedBid(0.5 + random.nextDouble(), false, 1.2, 0, 0, 2);
                case 1 -> new AskPricing(0.5 + random.nextDouble(), 1.5);
                default -> new FormulaPricing("m", new MachineFunction("MF" + (1 + random.nextInt(6))));
            };
            OwnerStrategy same = owner::price; // not one the desk knows: searched in full
            double reservationCost = random.nextBoolean() ? 0 : 5;
            OfferDesk pruned = new OfferDesk(0, machine, owner, generator, perMachine, 1, reservationCost, 1);
            OfferDesk full = new OfferDesk(0, machine, same, generator, perMachine, 1, reservationCost, 1);
            for (int ask = 0; ask < 3; ask++) {
                int nodes = 1 + random.nextInt(size);
                long estimate = random.nextLong(1, 8_000);
                Job job = new Job(round * 10L + ask, 0, now, estimate, estimate, nodes, 1, 1, estimate);
                // about the job's area: some placements priced above it, some below
                double budget = random.nextInt(3) == 0 ? nodes * (double) estimate * (1 + random.nextDouble())
                        : Double.POSITIVE_INFINITY;
                Request r = new Request(job.id(), job, "u", 0, nodes, estimate, now + random.nextLong(0, 5_000),
                        Long.MAX_VALUE, Long.MAX_VALUE, 1, 0, budget, Double.POSITIVE_INFINITY,
                        Double.POSITIVE_INFINITY, new UtilityFunction(UTILITIES[random.nextInt(UTILITIES.length)]), 1, 0, null);
                OfferDesk.Answer a = full.offers(r, 0, now);
                OfferDesk.Answer b = pruned.offers(r, 0, now);
                assertEquals(a, b, "round " + round + ", ask " + ask);
                answers++;
                several += a.offers().size() > 1 ? 1 : 0;
                refused += a.overBudget() ? 1 : 0;
            }
        }
        assertTrue(several > answers / 10 && refused > answers / 20,
                "answers with several offers, over budget: " + several + ", " + refused + " of " + answers);
    }
}
