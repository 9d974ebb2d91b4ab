package gridmarket.agents;

import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.workload.Workload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The grid strategies on the thesis' CTC extract 10_20k (SPEC C8-C10, M3, W2). */
class GridStrategiesTest {

    private static ExperimentSpec spec(String grid, String strategy, String split, String extra) {
        String yaml = "name: t\nworkload:\n  swf: " + SharedData.trace("CTC-SP2-1996-3.1-cln")
                + "\n  shape: {from: 10000, to: 20000, shift: true, split: " + split + "}\n" + grid
                + "\nstrategy: " + strategy + "\npolicy: easy\n" + extra;
        return new ExperimentLoader().load("t.yaml", yaml, Path.of("."));
    }

    private static RunResult run(ExperimentSpec spec) {
        Workload w = Workloads.load(spec);
        RunResult r = HeadlessRun.run(new GridMarket(spec.getSeed(), spec, w));
        Set<Integer> seen = new HashSet<>();
        r.outcomes().forEach(o -> seen.add(o.job().order()));
        assertEquals(w.jobs().size(), seen.size(), "every job of the workload has an outcome");
        return r;
    }

    /** Start time per (job id, part). */
    private static Map<String, Long> starts(RunResult r) {
        Map<String, Long> s = new HashMap<>();
        for (JobOutcome o : r.outcomes()) {
            s.put(o.job().id() + "/" + o.job().part(), o.start());
        }
        return s;
    }

    @Test
    void m512IsTheSingleMachineEasyScheduleUnderEveryStrategy() {
        Map<String, Long> single = starts(run(spec("machines: [{name: big, nodes: 512}]", "local", "none", "")));
        assertEquals(single, starts(run(spec("configuration: m512", "local", "none", ""))));
        assertEquals(single, starts(run(spec("configuration: m512", "jobsharing", "none", ""))));
        assertEquals(single, starts(run(spec("configuration: m512", "multisite", "none",
                "multisite: {overhead: 0.3}"))));
    }

    @ParameterizedTest
    @ValueSource(strings = {"m64", "m64-8", "m128", "m256", "m256-5", "m384", "m512"})
    void everyConfigurationCompletesEveryJob(String configuration) {
        RunResult local = run(spec("configuration: " + configuration, "local", "local", ""));
        RunResult sharing = run(spec("configuration: " + configuration, "jobsharing", "largest", ""));
        RunResult multi = run(spec("configuration: " + configuration, "multisite", "none",
                "multisite: {overhead: 0.25}"));
        for (RunResult r : List.of(local, sharing, multi)) {
            assertEquals(0, r.metrics().rejected(), "no job is too wide once split to fit");
        }
        assertTrue(sharing.metrics().awrt() <= local.metrics().awrt(),
                "job-sharing is not worse than local on " + configuration);
        assertTrue(multi.outcomes().stream().allMatch(o -> o.spread() >= 1));
        if (!configuration.equals("m512")) {
            assertTrue(multi.outcomes().stream().anyMatch(o -> o.spread() > 1), "some jobs run multi-site");
        }
    }

    @Test
    void multiSitePartsStartAndEndTogetherWithTheOverhead() {
        RunResult r = run(spec("configuration: m128", "multisite", "none", "multisite: {overhead: 0.4}"));
        Map<Integer, List<JobOutcome>> byJob = new HashMap<>();
        r.outcomes().forEach(o -> byJob.computeIfAbsent(o.job().order(), k -> new java.util.ArrayList<>()).add(o));
        int multi = 0;
        for (List<JobOutcome> parts : byJob.values()) {
            JobOutcome first = parts.get(0);
            assertEquals(first.spread(), parts.size());
            int nodes = 0;
            for (JobOutcome p : parts) {
                assertEquals(first.start(), p.start());
                assertEquals(first.end(), p.end());
                nodes += p.nodeIds().length;
            }
            assertEquals(first.job().nodes(), nodes, "the parts hold exactly the job's nodes");
            long expected = parts.size() > 1 ? Math.round(1.4 * first.job().runTime()) : first.job().runTime();
            assertEquals(expected, first.end() - first.start());
            multi += parts.size() > 1 ? 1 : 0;
        }
        assertTrue(multi > 100, "multi-site jobs: " + multi);
    }
}
