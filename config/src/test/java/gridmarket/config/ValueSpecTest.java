package gridmarket.config;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code market.value}: read, written back, refused in one line where it is wrong. */
class ValueSpecTest {
    private static final String MARKET = "name: t\nworkload: {swf: t.swf}\nmachines: [{name: m1, nodes: 8}]\n"
            + "strategy: market\n";

    private static ExperimentSpec load(String yaml) {
        return new ExperimentLoader().load("e.yaml", yaml, Path.of("/base"));
    }

    @Test
    void givenValuesAreReadAndWrittenBackAndAbsentOnesLeaveNoTrace() {
        ExperimentSpec s = load(MARKET + "market:\n  value: {perNodeSecond: 2, deadline: 4, ownerCost: 0.25}\n");
        ValueSpec v = s.getMarket().getValue();
        assertEquals(2, v.getPerNodeSecond());
        assertEquals(4, v.getDeadline());
        assertEquals(0.5, v.getSpread(), "the default");
        assertTrue(s.getMarket().reportsEconomy());
        ExperimentSpec again = load(new ExperimentLoader().toYaml(s).replace("/base/", ""));
        assertEquals(0.25, again.getMarket().getValue().getOwnerCost());
        ExperimentSpec plain = load(MARKET);
        assertNull(plain.getMarket().getValue());
        assertFalse(plain.getMarket().reportsEconomy());
        assertFalse(new ExperimentLoader().toYaml(plain).contains("value"), "an experiment without it is written "
                + "without it, so its reproduce hash is unchanged");
        assertTrue(load(MARKET + "market: {clearing: second-price}\n").getMarket().reportsEconomy());
    }

    @Test
    void aValueOutOfItsRangeOrAnUnknownKeyIsRefusedWithItsPlace() {
        String spread = assertThrows(ConfigException.class,
                () -> load(MARKET + "market:\n  value:\n    spread: 2\n")).getMessage();
        assertTrue(spread.startsWith("e.yaml:7:13:"), spread);
        assertTrue(spread.contains("spread must be in [0, 1], got 2.0"), spread);
        assertFalse(spread.contains("\n"));
        String decay = assertThrows(ConfigException.class,
                () -> load(MARKET + "market: {value: {decay: 0}}\n")).getMessage();
        assertTrue(decay.contains("decay must be in ]0, 1000], got 0.0"), decay);
        String unknown = assertThrows(ConfigException.class,
                () -> load(MARKET + "market:\n  value: {budgett: 1}\n")).getMessage();
        assertTrue(unknown.startsWith("e.yaml:6:"), unknown);
        assertTrue(unknown.contains("budgett"), unknown);
    }

    @Test
    void aBrokersGoalIsOneOfThreeAndItsWeightOnlyForCostTime() {
        assertEquals("dbc", load(MARKET + "market: {user: {strategy: dbc, optimise: cost-time, weight: 0.2}}\n")
                .getMarket().userStrategy());
        String goal = assertThrows(ConfigException.class,
                () -> load(MARKET + "market: {user: {strategy: dbc, optimise: money}}\n")).getMessage();
        assertTrue(goal.startsWith("e.yaml:5:") && goal.contains("optimise: 'money' is not cost, time or cost-time"),
                goal);
        String weight = assertThrows(ConfigException.class,
                () -> load(MARKET + "market: {user: {strategy: dbc, weight: 0.2}}\n")).getMessage();
        assertTrue(weight.contains("weight: has no effect unless optimise is cost-time"), weight);
    }
}
