package gridmarket.config;

import gridmarket.api.GridQueue;
import gridmarket.api.PolicySetup;
import gridmarket.api.PolicyUse;
import gridmarket.sim.policy.OrderParameters;
import gridmarket.sim.policy.Policy;
import gridmarket.sim.policy.PreemptionParameters;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Policies and strategies found by name: what an experiment's policy is made with, what each says of itself, and the
 * checks of their own settings, located at their key's line.
 */
class RegisteredPoliciesTest {
    private static final String MINIMAL = "name: t\nworkload: {swf: t.swf}\nmachines: [{name: m1, nodes: 8}]\n";

    private static ExperimentSpec load(String yaml) {
        return new ExperimentLoader().load("e.yaml", yaml, Path.of("/base"));
    }

    private static String refused(String yaml) {
        return assertThrows(ConfigException.class, () -> load(yaml)).getMessage();
    }

    @Test
    void aPolicyIsMadeWithItsGivenParametersAndTheWaitLimit() {
        PolicySetup smart = load(MINIMAL + "policy: smart-ffia\npolicyParameters: {weighted: true, gamma: 3}\n")
                .policySetup();
        assertEquals(new OrderParameters(true, 3, OrderParameters.DEFAULTS.recompute()), smart.order());
        assertEquals(Set.of("weighted", "gamma"), smart.parameters().keys());
        assertEquals(3, smart.parameters().number("gamma", 0, 0, 10));
        assertTrue(!smart.waitLimit().isSet(), "no WaitLimit given");
        PolicySetup pfcfs = load(MINIMAL + "policy: pfcfs2\npolicyParameters: {x: 45}\n").policySetup();
        assertEquals(new PreemptionParameters(45, PreemptionParameters.PFCFS2.maxPreemptions(),
                PreemptionParameters.PFCFS2.delay(), PreemptionParameters.PFCFS2.gang(),
                PreemptionParameters.PFCFS2.penalty(), PreemptionParameters.PFCFS2.idlePercent()),
                pfcfs.preemption(Policy.PFCFS2.preset()));
        PolicySetup lpfs = load(MINIMAL + "policy: lpfs\nwaitLimit: 600\n").policySetup();
        assertTrue(lpfs.waitLimit().isSet());
        assertEquals(600, lpfs.waitLimit().seconds());
    }

    @Test
    void eachPolicyAndStrategySaysWhatItIs() {
        assertEquals(GridQueue.EASY, load(MINIMAL + "policy: easy\n").policyFactory().acrossMachines());
        assertEquals(GridQueue.CONSERVATIVE, load(MINIMAL + "policy: conservative\n").policyFactory()
                .acrossMachines());
        assertEquals(GridQueue.NONE, load(MINIMAL + "policy: smart-ffia\n").policyFactory().acrossMachines());
        assertTrue(load(MINIMAL + "policy: pfcfs\n").policyFactory().preempts());
        assertTrue(load(MINIMAL + "policy: mpfs\n").policyFactory().takesWaitLimit());
        assertEquals(Map.of("x", 45L, "n", PreemptionParameters.PFCFS2.maxPreemptions(), "delay",
                        PreemptionParameters.PFCFS2.delay(), "delta", PreemptionParameters.PFCFS2.gang(), "penalty",
                        PreemptionParameters.PFCFS2.penalty(), "idle", 0L),
                load(MINIMAL + "policy: pfcfs2\npolicyParameters: {x: 45}\n").policyFactory()
                        .summary(load(MINIMAL + "policy: pfcfs2\npolicyParameters: {x: 45}\n").policySetup()));
        assertEquals(PolicyUse.EACH_SITE, load(MINIMAL).strategyFactory().policyUse());
        assertEquals(PolicyUse.CO_ALLOCATING_QUEUE, load(MINIMAL + "strategy: multisite\n").strategyFactory()
                .policyUse());
        assertEquals(Set.of("market"), load(MINIMAL + "strategy: market\n").strategyFactory().blocks());
        assertEquals(0.25, load(MINIMAL + "strategy: multisite\nmultisite: {overhead: 0.25}\n").strategySettings()
                .number("overhead", 0, 0, 10));
        ExperimentSpec plugin = new ExperimentSpec();
        plugin.setStrategyParameters(Map.of("a", 1));
        assertEquals(Map.of("a", 1), plugin.getStrategyParameters());
        assertEquals(Set.of("a"), plugin.strategySettings().keys(), "a strategy without a block reads these");
        assertThrows(IllegalArgumentException.class, () -> plugin.setStrategyParameters(null));
    }

    @Test
    void ownSettingsAreCheckedWhereTheyStand() {
        String typo = refused(MINIMAL + "policy: psrs\npolicyParameters:\n  gama: 2\n");
        assertTrue(typo.startsWith("e.yaml:6:") && typo.contains("unknown key 'gama'"), typo);
        String misplaced = refused(MINIMAL + "policy: easy\npolicyParameters:\n  gamma: 2\n");
        assertTrue(misplaced.startsWith("e.yaml:5:1: policyParameters: 'gamma' does not apply to policy 'easy'"),
                misplaced);
        String strategy = refused(MINIMAL + "strategy: jobsharing\nstrategyParameters: {foo: 1}\n");
        assertTrue(strategy.startsWith("e.yaml:5:1: strategyParameters: unknown key 'foo'"), strategy);
        String block = refused(MINIMAL + "strategy: multisite\nstrategyParameters: {overhead: 1}\n");
        assertTrue(block.contains("has no effect when the strategy is 'multisite'"), block);
        String market = refused(MINIMAL + "strategy: market\npolicyParameters: {gamma: 3}\n");
        assertTrue(market.startsWith("e.yaml:5:1: policyParameters: has no effect"), market);
        String wait = refused(MINIMAL + "strategy: jobsharing\npolicy: easy\nwaitLimit: 60\n");
        assertTrue(wait.startsWith("e.yaml:6:1: waitLimit:"), wait);
        String unknown = refused(MINIMAL + "strategy: brokered\n");
        assertTrue(unknown.contains("unknown strategy 'brokered'") && unknown.contains("local | jobsharing"), unknown);
    }
}
