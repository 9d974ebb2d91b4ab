package gridmarket.api.builtin;

import gridmarket.api.Settings;
import gridmarket.api.SettingsException;
import gridmarket.api.UserSetup;
import gridmarket.api.UserStrategyFactory;
import gridmarket.market.roles.DeadlineBudgetBroker;
import gridmarket.market.roles.UserStrategy;

/**
 * The deadline-and-budget-constrained broker ({@code dbc}): {@code {strategy: dbc, optimise: cost | time |
 * cost-time, weight: 0.5}}; the deadlines and budgets are the run's {@code market.value}.
 */
public final class DeadlineBudgetBrokerFactory implements UserStrategyFactory {
    @Override
    public String name() {
        return "dbc";
    }

    @Override
    public String description() {
        return "deadline-and-budget-constrained broker (Nimrod-G/GridSim): the cheapest offer that meets the "
                + "deadline, the earliest end within the budget, or both weighted (optimise: cost, time, cost-time)";
    }

    @Override
    public void check(Settings settings) {
        settings.allowOnly("optimise", "weight");
        settings.number("weight", 0.5, 0, 1);
        if (goal(settings) != DeadlineBudgetBroker.Goal.COST_TIME && settings.keys().contains("weight")) {
            throw new SettingsException("weight: has no effect unless optimise is cost-time; remove it");
        }
    }

    @Override
    public UserStrategy create(UserSetup user, Settings settings) {
        return new DeadlineBudgetBroker(user.thesis(), goal(settings), settings.number("weight", 0.5, 0, 1));
    }

    private static DeadlineBudgetBroker.Goal goal(Settings settings) {
        String name = settings.text("optimise", "cost");
        DeadlineBudgetBroker.Goal g = DeadlineBudgetBroker.Goal.of(name);
        if (g == null) {
            throw new SettingsException("optimise: '" + name + "' is not cost, time or cost-time");
        }
        return g;
    }
}
