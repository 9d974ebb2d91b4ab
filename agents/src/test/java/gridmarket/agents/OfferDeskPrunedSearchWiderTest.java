package gridmarket.agents;

import gridmarket.market.MachineFunction;
import gridmarket.market.OfferGenerator;
import gridmarket.market.OfferSettings;
import gridmarket.market.Request;
import gridmarket.market.UtilityFunction;
import gridmarket.market.roles.AskPricing;
import gridmarket.market.roles.FormulaPricing;
import gridmarket.market.roles.OwnerStrategy;
import gridmarket.market.roles.PostedPricing;
import gridmarket.market.roles.PriceRule;
import gridmarket.market.roles.SealedBid;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pruned offer search and the earliest-start shortcut answer as the full search also where the settings reach
 * further than {@link OfferDeskPrunedSearchTest}: requests with latest ends and reservation budgets, posting owners,
 * utilities over the end time, many windows and start times, larger machines, up to five offers per answer.
 */
class OfferDeskPrunedSearchWiderTest {
    private static final String[] UTILITIES = {"UF1", "UF2", "UF3", "UF4", "UF5", "-(EndTime + JobCost)",
        "-EndTime", "SubmitTime - EndTime - JobCost / NumberOfProcessors", "-(StartTime / 3 + 2 * JobCost)",
        "StartTime - JobCost"};

    @Test
    void thePrunedSearchAnswersAsTheFullSearchWithDeadlinesAndReservationBudgets() {
        SplittableRandom random = new SplittableRandom(41);
        int answers = 0;
        int several = 0;
        int refused = 0;
        int deadlines = 0;
        for (int round = 0; round < 500; round++) {
            int size = 1 + random.nextInt(random.nextBoolean() ? 64 : 600);
            long now = random.nextLong(0, 10_000);
            MachineSchedule machine = RandomSchedules.random(random, size, now);
            int perMachine = 1 + random.nextInt(5);
            OfferGenerator generator = new OfferGenerator(new OfferSettings(1 + random.nextInt(6),
                    1 + random.nextInt(8), 1 + random.nextInt(12), perMachine));
            OwnerStrategy owner = switch (random.nextInt(5)) {
                case 0 -> new SealedBid(0.5 + random.nextDouble(), false, 1.2, 0, 0, 2);
                case 1 -> new AskPricing(0.5 + random.nextDouble(), 1.5);
                case 2 -> new PostedPricing("m", size, new PriceRule(0.5 + random.nextDouble(), 0.1, 10, 0.5,
                        1_000, PriceRule.Signal.UTILIZATION, 0.7, 0.1));
                default -> new FormulaPricing("m", new MachineFunction("MF" + (1 + random.nextInt(6))));
            };
            OwnerStrategy same = owner::price; // not one the desk knows: searched in full
            double reservationCost = random.nextBoolean() ? 0 : 5;
            OfferDesk pruned = new OfferDesk(0, machine, owner, generator, perMachine, 1, reservationCost, 1);
            OfferDesk full = new OfferDesk(0, machine, same, generator, perMachine, 1, reservationCost, 1);
            for (int ask = 0; ask < 4; ask++) {
                int nodes = 1 + random.nextInt(size);
                long estimate = random.nextLong(1, 8_000);
                Job job = new Job(round * 10L + ask, 0, now, estimate, estimate, nodes, 1, 1, estimate);
                double budget = random.nextInt(3) == 0 ? nodes * (double) estimate * (0.5 + 1.5 * random.nextDouble())
                        : Double.POSITIVE_INFINITY;
                double reservationBudget = random.nextInt(4) == 0 ? 4 : Double.POSITIVE_INFINITY;
                long earliest = now + random.nextLong(0, 5_000);
                long latestEnd = random.nextBoolean() ? Long.MAX_VALUE
                        : earliest + estimate + random.nextLong(0, 30_000);
                deadlines += latestEnd == Long.MAX_VALUE ? 0 : 1;
                Request r = new Request(job.id(), job, "u", 0, nodes, estimate, earliest, latestEnd, Long.MAX_VALUE,
                        1, 0, budget, Double.POSITIVE_INFINITY, reservationBudget,
                        new UtilityFunction(UTILITIES[random.nextInt(UTILITIES.length)]), 1, 0, null);
                OfferDesk.Answer a = full.offers(r, 0, now);
                OfferDesk.Answer b = pruned.offers(r, 0, now);
                assertEquals(a, b, "round " + round + ", ask " + ask + ", owner " + owner.getClass().getSimpleName()
                        + ", utility " + r.utility().name());
                answers++;
                several += a.offers().size() > 1 ? 1 : 0;
                refused += a.overBudget() ? 1 : 0;
            }
        }
        assertTrue(several > answers / 10 && refused > answers / 20 && deadlines > answers / 4,
                "several offers, over budget, deadlines: " + several + ", " + refused + ", " + deadlines + " of "
                        + answers);
    }
}
