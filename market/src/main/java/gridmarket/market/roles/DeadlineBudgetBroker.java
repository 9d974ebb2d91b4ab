package gridmarket.market.roles;

import gridmarket.market.JobValue;
import gridmarket.market.Request;
import gridmarket.market.UtilityFunction;
import gridmarket.sim.workload.Job;

import java.math.BigDecimal;
import java.util.List;

/**
 * A deadline-and-budget-constrained (DBC) broker, as Nimrod-G's and GridSim's (Buyya, Abramson and Giddy; Buyya and
 * Murshed 2002): the user's request carries the job's deadline as its latest end and its budget as its JobBudget, so
 * no owner offers a placement that ends later and no offer above the budget is acceptable; among the offers that meet
 * both, the broker takes the cheapest ({@link Goal#COST}), the one that ends earliest ({@link Goal#TIME}), or the best
 * weighted sum of price and end, each as a share of what the budget and the deadline allow ({@link Goal#COST_TIME}).
 * It says so as the request's utility function, so the owners' offer search and the market's clearing rule pick for
 * it. A job that no offer can serve within both is rejected at its deadline with that reason.
 */
public final class DeadlineBudgetBroker implements UserStrategy {
    /** What the broker optimises within the deadline and the budget. */
    public enum Goal {
        /** The cheapest offer that meets the deadline (ties: the earlier start). */
        COST("cost"),
        /** The offer that ends earliest within the budget (ties: the lower price). */
        TIME("time"),
        /** The lowest {@code w x price / budget + (1 - w) x (end - submit) / (deadline - submit)}. */
        COST_TIME("cost-time");

        private final String key;

        Goal(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }

        /** The goal named {@code key}, or {@code null}. */
        public static Goal of(String key) {
            for (Goal g : values()) {
                if (g.key.equals(key)) {
                    return g;
                }
            }
            return null;
        }
    }

    private static final UtilityFunction CHEAPEST = new UtilityFunction("-JobCost");
    private static final UtilityFunction EARLIEST_END = new UtilityFunction("-EndTime");

    private final UserStrategy user;
    private final Goal goal;
    private final double weight;
    /**
     * The cost-time utility's form, into which every request writes its own weight, budget and time to the deadline;
     * read once per broker (a model's own, as its formulas are: a formula is not shared between threads).
     */
    private final UtilityFunction.Form costTime;

    /**
     * @param user   the user the broker acts for: writes the request it constrains and knows the job's value
     * @param weight w of {@link Goal#COST_TIME}, in [0, 1]
     */
    public DeadlineBudgetBroker(UserStrategy user, Goal goal, double weight) {
        this.user = user;
        this.goal = goal;
        this.weight = weight;
        this.costTime = goal == Goal.COST_TIME ? new UtilityFunction.Form(
                "-(Weight * JobCost / Budget + Rest * (EndTime - SubmitTime) / Span)",
                List.of("Weight", "Budget", "Rest", "Span")) : null;
    }

    @Override
    public Request request(Job job, int domain, long requestId) {
        Request t = user.request(job, domain, requestId);
        JobValue v = value(job);
        long deadline = v.deadline();
        double budget = Math.min(t.jobBudget(), v.budget());
        UtilityFunction u = switch (goal) {
            case COST -> CHEAPEST;
            case TIME -> EARLIEST_END;
            case COST_TIME -> weighted(budget, Math.max(1, deadline - job.submit()));
        };
        return new Request(t.requestId(), job, t.userName(), t.originDomain(), t.numberOfProcessors(), t.runTime(),
                t.startTime(), deadline, Math.min(t.searchDeadline(), deadline), t.hops(), 0, budget, t.offerBudget(),
                t.reservationBudget(), u, t.minMultiSite(), t.maxMultiSite(), t.terms());
    }

    /** The cost-time utility of one request: its budget and time to the deadline are its own. */
    private UtilityFunction weighted(double budget, long span) {
        double b = Math.max(budget, Double.MIN_NORMAL);
        return costTime.with("-(" + plain(weight) + " * JobCost / " + plain(b) + " + " + plain(1 - weight)
                + " * (EndTime - SubmitTime) / " + span + ")", weight, b, 1 - weight, span);
    }

    private static String plain(double v) {
        return BigDecimal.valueOf(v).toPlainString(); // the shortest decimal that reads back as v
    }

    @Override
    public JobValue value(Job job) {
        JobValue v = user.value(job);
        if (v == null) {
            throw new IllegalStateException("a DBC broker needs the job's budget and deadline (market.value)");
        }
        return v;
    }

    /** The goal it optimises. */
    public Goal goal() {
        return goal;
    }
}
