package gridmarket.agents;

import gridmarket.market.MachineFunction;
import gridmarket.market.OfferGenerator;
import gridmarket.market.OfferSettings;
import gridmarket.market.Request;
import gridmarket.market.UtilityFunction;
import gridmarket.market.roles.FormulaPricing;
import gridmarket.market.roles.OwnerStrategy;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An answer notes the budget only when the budget took away an offer the owner would have made. Worked by hand: a
 * 4-node machine whose nodes 0-1 run a job until 100 s; a 2-node, 50 s request at 0 can start at 0 on nodes 2-3 (the
 * first window) or at 100 s (the second). The owner prices {@code StartTime + 1}: 1 at 0 s, 101 at 100 s.
 */
class OfferDeskBudgetNoteTest {
    @Test
    void aPlacementAboveTheBudgetThatRanksBelowTheOfferSentIsNoLoss() {
        // budget 50: the 0 s offer (1) is sent; the 100 s placements (101) are above the budget but later, so UF1
        // ranks them below it: the budget took nothing
        OfferDesk.Answer a = desk(full()).offers(request(50, "UF1"), 0, 0);
        assertEquals(1, a.offers().size());
        assertEquals(0, a.offers().get(0).startTime());
        assertFalse(a.overBudget());
        // the same with the owner's own pricing (the search stops after the first window): the same answer
        assertEquals(a, desk(new FormulaPricing("m", new MachineFunction("StartTime + 1"))).offers(
                request(50, "UF1"), 0, 0));
    }

    @Test
    void aPlacementAboveTheBudgetThatWouldHaveBeenSentIsNoted() {
        // budget 0.5: every placement is above it; the answer is empty and says why
        OfferDesk.Answer a = desk(full()).offers(request(0.5, "UF1"), 0, 0);
        assertTrue(a.offers().isEmpty());
        assertTrue(a.overBudget());
        // a user who prefers the later start ("StartTime"): with a budget of 50 the owner sends the 0 s offer, but
        // the 100 s placement it would have sent instead is above the budget
        OfferDesk.Answer b = desk(full()).offers(request(50, "StartTime"), 0, 0);
        assertEquals(0, b.offers().get(0).startTime());
        assertTrue(b.overBudget());
    }

    /** The owner's price without being one the desk knows: every window is searched. */
    private static OwnerStrategy full() {
        FormulaPricing mf = new FormulaPricing("m", new MachineFunction("StartTime + 1"));
        return mf::price;
    }

    private static OfferDesk desk(OwnerStrategy owner) {
        MachineSchedule machine = new MachineSchedule(new Machine("m", 0, 4));
        machine.startOn(new Job(1, 0, 0, 100, 100, 2, 1, 1, 100), new int[] {0, 1}, 100, 100, 0);
        return new OfferDesk(0, machine, owner, new OfferGenerator(new OfferSettings(2, 1, 4, 1)), 1, 0, 0, 1);
    }

    private static Request request(double budget, String uf) {
        Job job = new Job(7, 0, 0, 50, 50, 2, 1, 1, 50);
        return new Request(7, job, "u", 0, 2, 50, 0, Long.MAX_VALUE, Long.MAX_VALUE, 1, 0, budget,
                Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, new UtilityFunction(uf), 1, 0, null);
    }
}
