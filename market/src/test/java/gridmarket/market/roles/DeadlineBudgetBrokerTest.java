package gridmarket.market.roles;

import gridmarket.market.JobValue;
import gridmarket.market.ObjectiveVariables;
import gridmarket.market.Offer;
import gridmarket.market.OfferPart;
import gridmarket.market.OfferSelection;
import gridmarket.market.Placement;
import gridmarket.market.Request;
import gridmarket.market.UtilityFunction;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The DBC broker's choice as properties over many random rounds, under the market's default clearing rule. */
class DeadlineBudgetBrokerTest {
    /** Random rounds per goal. */
    static final int ROUNDS = 3000;
    private static final long RUN = 100;
    private static final long SUBMIT = 1000;

    /** A user whose job has the given budget and deadline, and no limits of its own. */
    private static UserStrategy user(double budget, long deadline) {
        return new UserStrategy() {
            @Override
            public Request request(Job job, int domain, long id) {
                return new Request(id, job, "user-1", domain, job.nodes(), job.estimate(), job.submit(),
                        Long.MAX_VALUE, Long.MAX_VALUE, 1, 0, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
                        Double.POSITIVE_INFINITY, new UtilityFunction("UF1"), 1, 0, null);
            }

            @Override
            public JobValue value(Job job) {
                return new JobValue(budget, job.submit(), job.estimate(), job.estimate(), 0, budget, deadline);
            }
        };
    }

    private static Offer offer(int machine, long start, double price, Request r) {
        OfferPart part = new OfferPart(0, machine, "m" + machine, new Placement(new int[] {0}, start, start + RUN,
                new ObjectiveVariables(0, 0, 0, 0, 0, 0)), price);
        return Offer.single(machine, r.requestId(), part, 0, 0,
                r.utility().value(start, start + RUN, price, r.numberOfProcessors(), RUN, r.job().submit()));
    }

    @Test
    void theBrokerNeverPaysAboveTheBudgetNorTakesAnOfferThatMissesTheDeadlineAndTakesItsGoalsBest() {
        Random random = new Random(311);
        int cases = 0;
        int taken = 0;
        for (DeadlineBudgetBroker.Goal goal : DeadlineBudgetBroker.Goal.values()) {
            for (int round = 0; round < ROUNDS; round++) {
                double budget = random.nextDouble() * 2000;
                long deadline = SUBMIT + 50 + random.nextInt(2500);
                double w = random.nextDouble();
                DeadlineBudgetBroker broker = new DeadlineBudgetBroker(user(budget, deadline), goal, w);
                Request r = broker.request(new Job(1, 0, SUBMIT, RUN, RUN, 4, 1, 1, -1), 0, round);
                assertEquals(deadline, r.endTime(), "the deadline is the request's latest end");
                assertEquals(budget, r.jobBudget(), 0, "the budget is its JobBudget");
                List<Offer> offers = new ArrayList<>();
                for (int m = 0; m < 1 + random.nextInt(8); m++) {
                    offers.add(offer(m, SUBMIT + random.nextInt(2500), random.nextDouble() * 2000, r));
                }
                OfferSelection.Choice c = new UsersChoice().clear(r, offers, new OfferSelection(0));
                List<Offer> feasible = offers.stream()
                        .filter(o -> o.jobCost() <= budget && o.endTime() <= deadline).toList();
                cases++;
                if (feasible.isEmpty()) {
                    assertNull(c.best(), "nothing meets both: nothing is taken");
                    continue;
                }
                taken++;
                Offer b = c.charged();
                assertTrue(b.jobCost() <= budget, "never above the budget");
                assertTrue(b.endTime() <= deadline, "never past the deadline");
                for (Offer o : feasible) {
                    switch (goal) {
                        case COST -> assertTrue(b.jobCost() <= o.jobCost(), "the cheapest that meets the deadline");
                        case TIME -> assertTrue(b.endTime() <= o.endTime(), "the earliest end within the budget");
                        case COST_TIME -> assertTrue(score(b, w, budget, deadline)
                                <= score(o, w, budget, deadline) + 1e-12, "the best weighted price and end");
                    }
                }
            }
        }
        assertEquals(3 * ROUNDS, cases);
        assertTrue(taken > ROUNDS, "not vacuous: " + taken + " rounds took an offer");
    }

    /**
     * The cost-time utility, written from a form read once, is the formula of its own text: the same value, bit for
     * bit, on random offers, and the same trends, for random weights, budgets (0, tiny, huge) and deadlines.
     */
    @Test
    void theCostTimeUtilityIsTheFormulaOfItsText() {
        Random random = new Random(17);
        double[] budgets = {0, Double.MIN_VALUE, 1e-300, 1e-20, 1, 0.1, 1e6, 1e300, Double.MAX_VALUE};
        double[] weights = {0, 1, 0.5, 0.1, 1e-9};
        int values = 0;
        for (int round = 0; round < 2000; round++) {
            double budget = round < budgets.length * 4 ? budgets[round % budgets.length]
                    : Math.pow(10, random.nextDouble() * 40 - 20) * random.nextDouble();
            double w = round % 3 == 0 ? weights[round % weights.length] : random.nextDouble();
            long deadline = SUBMIT + 1 + (round % 5 == 0 ? random.nextInt(3) : random.nextInt(1_000_000));
            Request r = new DeadlineBudgetBroker(user(budget, deadline), DeadlineBudgetBroker.Goal.COST_TIME, w)
                    .request(new Job(1, 0, SUBMIT, RUN, RUN, 4, 1, 1, -1), 0, round);
            UtilityFunction bound = r.utility();
            UtilityFunction parsed = new UtilityFunction(bound.name());
            String where = bound.name();
            assertEquals(parsed.neverRisesWithStart(), bound.neverRisesWithStart(), where);
            assertEquals(parsed.neverRisesWithStartAnywhere(), bound.neverRisesWithStartAnywhere(), where);
            assertEquals(parsed.neverRisesWithStartOrPrice(), bound.neverRisesWithStartOrPrice(), where);
            for (int k = 0; k < 5; k++) {
                long start = SUBMIT + random.nextInt(2_000_000);
                double price = random.nextInt(4) == 0 ? random.nextInt(1000) : random.nextDouble() * 1e7;
                String got;
                String want;
                try {
                    got = Double.toString(bound.value(start, start + RUN, price, 4, RUN, SUBMIT));
                } catch (gridmarket.market.FormulaException e) {
                    got = e.getMessage();
                }
                try {
                    want = Double.toString(parsed.value(start, start + RUN, price, 4, RUN, SUBMIT));
                } catch (gridmarket.market.FormulaException e) {
                    want = e.getMessage();
                }
                assertEquals(want, got, where + " at start " + start + ", price " + price);
                values++;
            }
        }
        assertEquals(10_000, values);
    }

    private static double score(Offer o, double w, double budget, long deadline) {
        return w * o.jobCost() / budget + (1 - w) * (double) (o.endTime() - SUBMIT) / (deadline - SUBMIT);
    }
}
