package gridmarket.agents;

import gridmarket.market.MachineFunction;
import gridmarket.market.OfferGenerator;
import gridmarket.market.OfferSettings;
import gridmarket.market.Request;
import gridmarket.market.UtilityFunction;
import gridmarket.market.roles.FormulaPricing;
import gridmarket.market.roles.OwnerStrategy;
import gridmarket.sim.machine.FreeInterval;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An owner whose search stops at the earliest start (the thesis' owner, a utility a later start never raises)
 * answers exactly as one that searches every window: the same offers, ids included, and the same note of placements
 * left out over budget, with several offers per answer and reservation budgets that leave every placement out.
 */
class OfferDeskEarliestTest {
    @Test
    void theEarlyStopAnswersAsTheFullSearchOnRandomSchedules() {
        SplittableRandom random = new SplittableRandom(17);
        int answers = 0;
        int several = 0;
        int refused = 0;
        for (int round = 0; round < 300; round++) {
            int size = 1 + random.nextInt(64);
            long now = random.nextLong(0, 10_000);
            MachineSchedule machine = RandomSchedules.random(random, size, now);
            int perMachine = 1 + random.nextInt(3);
            OfferGenerator generator = new OfferGenerator(new OfferSettings(1 + random.nextInt(5),
                    1 + random.nextInt(4), 1 + random.nextInt(8), perMachine));
            FormulaPricing mf = new FormulaPricing("m", new MachineFunction("MF" + (1 + random.nextInt(6))));
            OwnerStrategy same = (r, p, t) -> mf.price(r, p, t); // not the thesis' owner: searched in full
            double reservationCost = random.nextBoolean() ? 0 : 5;
            OfferDesk early = new OfferDesk(0, machine, mf, generator, perMachine, 1, reservationCost, 1);
            OfferDesk full = new OfferDesk(0, machine, same, generator, perMachine, 1, reservationCost, 1);
            for (int ask = 0; ask < 3; ask++) {
                int nodes = 1 + random.nextInt(size);
                long estimate = random.nextLong(1, 8_000);
                Job job = new Job(round * 10L + ask, 0, now, estimate, estimate, nodes, 1, 1, estimate);
                double budget = random.nextInt(4) == 0 ? 4 : Double.POSITIVE_INFINITY;
                Request r = new Request(job.id(), job, "u", 0, nodes, estimate, now + random.nextLong(0, 5_000),
                        Long.MAX_VALUE, Long.MAX_VALUE, 1, 0, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
                        budget, new UtilityFunction(random.nextBoolean() ? "UF1" : "SubmitTime - EndTime"), 1, 0,
                        null);
                OfferDesk.Answer a = full.offers(r, 0, now);
                OfferDesk.Answer b = early.offers(r, 0, now);
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
