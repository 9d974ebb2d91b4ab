package gridmarket.config;

import gridmarket.market.ValueModel;

/**
 * The market's money ({@code market.value}, docs/MECHANISMS.md): how each job's value function, budget and deadline
 * are drawn from the trace ({@link ValueModel}), and every owner's cost per node-second run.
 *
 * <pre>
 * market: {value: {perNodeSecond: 1, spread: 0.5, expected: 1, decay: 2, floor: 0, deadline: 3, budget: 1,
 *                  ownerCost: 0.5}}
 * </pre>
 */
public final class ValueSpec {
    private double perNodeSecond = 1;
    private double spread = 0.5;
    private double expected = 1;
    private double decay = 2;
    private double floor;
    private double deadline = 3;
    private double budget = 1;
    private double ownerCost = 0.5;

    /** Value per node-second of a job's area, nodes x estimate (default 1). */
    public double getPerNodeSecond() {
        return perNodeSecond;
    }

    public void setPerNodeSecond(double v) {
        this.perNodeSecond = checked(SettingsSchema.VALUE_PER_NODE_SECOND, v);
    }

    /** Relative spread of values: V x (1 + spread x u), u uniform in [-1, 1] per job (default 0.5). */
    public double getSpread() {
        return spread;
    }

    public void setSpread(double v) {
        this.spread = checked(SettingsSchema.VALUE_SPREAD, v);
    }

    /** Response, in estimates, up to which a job keeps its whole value (default 1). */
    public double getExpected() {
        return expected;
    }

    public void setExpected(double v) {
        this.expected = checked(SettingsSchema.VALUE_EXPECTED, v);
    }

    /** Further response, in estimates, over which the value falls linearly to 0 (default 2). */
    public double getDecay() {
        return decay;
    }

    public void setDecay(double v) {
        this.decay = checked(SettingsSchema.VALUE_DECAY, v);
    }

    /** The least value as a share of V, at most 0: below 0, a late job's penalty (default 0). */
    public double getFloor() {
        return floor;
    }

    public void setFloor(double v) {
        this.floor = checked(SettingsSchema.VALUE_FLOOR, v);
    }

    /** Deadline factor k: deadline = submit + k x estimate (default 3). */
    public double getDeadline() {
        return deadline;
    }

    public void setDeadline(double v) {
        this.deadline = checked(SettingsSchema.VALUE_DEADLINE, v);
    }

    /** Budget factor b: budget = b x V (default 1). */
    public double getBudget() {
        return budget;
    }

    public void setBudget(double v) {
        this.budget = checked(SettingsSchema.VALUE_BUDGET, v);
    }

    /** Every owner's cost per node-second its machine runs (default 0.5). */
    public double getOwnerCost() {
        return ownerCost;
    }

    public void setOwnerCost(double v) {
        this.ownerCost = checked(SettingsSchema.VALUE_OWNER_COST, v);
    }

    /** The model of a run with this seed. */
    public ValueModel model(long seed) {
        return new ValueModel(perNodeSecond, spread, expected, decay, floor, deadline, budget, ownerCost, seed);
    }

    private static double checked(Setting s, double v) {
        if (!s.allows(v)) {
            String key = s.key().substring(s.key().lastIndexOf('.') + 1);
            throw new IllegalArgumentException(key + " must be in " + s.range() + ", got " + v);
        }
        return v;
    }
}
