package gridmarket.sim.policy;

import gridmarket.sim.engine.EventClock;
import gridmarket.sim.engine.JobSubmitter;
import gridmarket.sim.engine.LocalScheduler;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import sim.engine.SimState;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Scenario tests in the manner of pyss: small workloads whose expected answer is written in the file beside them
 * ({@code src/test/resources/scenarios/*.txt}, one expected start time per policy, worked out by hand), run through
 * the policies the file's columns name on one machine. After each run the schedule is checked for feasibility: no
 * node runs two jobs at once, and every job holds exactly its nodes for exactly its run time (summed over its pieces
 * if it was preempted).
 *
 * <p>A file's columns are the thesis' four local policies unless a {@code policies} line names others (policy keys
 * as in experiment files). A cell is the expected start, {@code -} for a rejected job, or {@code start/end} for a
 * job that is suspended on the way (PFCFS), whose end is then not its start plus its run time.
 */
class PolicyScenarioTest {
    static final List<String> SCENARIOS = List.of("list-starves-the-head", "easy-delays-the-second-job",
            "early-ends", "ends-at-the-shadow-time", "orders-the-waiting-jobs", "a-wide-job-preempts");

    /**
     * The policies of a table without a {@code policies} line, in column order: the thesis' four local policies.
     * Seed 004's schemes have their own tests beside them.
     */
    static final List<Policy> COLUMNS = List.of(Policy.FCFS, Policy.EASY, Policy.CONSERVATIVE, Policy.LIST);

    /** Where a job ran under one policy: its start, and its end if not its start plus its run time. */
    record Expected(long start, Long end) {
        static Expected parse(String cell) {
            if (cell.equals("-")) {
                return null;
            }
            String[] f = cell.split("/");
            return new Expected(Long.parseLong(f[0]), f.length > 1 ? Long.valueOf(f[1]) : null);
        }
    }

    /** One row: a job and where it ran per policy ({@code null} = rejected). */
    record Row(Job job, Map<Policy, Expected> expected) {
    }

    record Scenario(String name, int nodes, List<Policy> policies, List<Row> rows) {
    }

    static Scenario read(String name) throws IOException {
        String text;
        try (InputStream in = PolicyScenarioTest.class.getResourceAsStream("/scenarios/" + name + ".txt")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        int nodes = 0;
        List<Policy> policies = COLUMNS;
        List<Row> rows = new ArrayList<>();
        for (String line : text.lines().map(String::strip).toList()) {
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\\s+");
            if (f[0].equals("nodes")) {
                nodes = Integer.parseInt(f[1]);
                continue;
            }
            if (f[0].equals("policies")) {
                policies = new ArrayList<>();
                for (int i = 1; i < f.length; i++) {
                    policies.add(java.util.Objects.requireNonNull(Policy.byKey(f[i]), f[i]));
                }
                continue;
            }
            long run = Long.parseLong(f[2]);
            Job job = new Job(Long.parseLong(f[0]), rows.size(), Long.parseLong(f[1]), run, Long.parseLong(f[3]),
                    Integer.parseInt(f[4]), 1, 1, run);
            Map<Policy, Expected> expected = new LinkedHashMap<>();
            for (int p = 0; p < policies.size(); p++) {
                expected.put(policies.get(p), Expected.parse(f[5 + p]));
            }
            rows.add(new Row(job, expected));
        }
        return new Scenario(name, nodes, policies, rows);
    }

    static List<JobOutcome> run(Scenario s, Policy policy) {
        SimState state = new SimState(1);
        state.start();
        EventClock clock = new EventClock(state.schedule);
        JobLedger ledger = new JobLedger();
        MachineSchedule machine = new MachineSchedule(new Machine("m", 0, s.nodes()));
        LocalScheduler scheduler = new LocalScheduler(machine, policy.newScheduler(), clock, ledger);
        new JobSubmitter(s.rows().stream().map(Row::job).toList(), scheduler, clock).start();
        while (state.schedule.step(state)) {
            // to the end
        }
        return ledger.outcomes();
    }

    @TestFactory
    Stream<DynamicTest> everyPolicyStartsEveryJobWhenWorkedOutByHand() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (String name : SCENARIOS) {
            for (Policy p : read(name).policies()) {
                tests.add(DynamicTest.dynamicTest(name + " / " + p.key(), () -> check(read(name), p)));
            }
        }
        return tests.stream();
    }

    private static void check(Scenario s, Policy policy) {
        List<JobOutcome> outcomes = run(s, policy);
        assertEquals(s.rows().size(), outcomes.size(), "one outcome per job");
        Map<Long, JobOutcome> byId = new LinkedHashMap<>();
        outcomes.forEach(o -> byId.put(o.job().id(), o));
        for (Row r : s.rows()) {
            JobOutcome o = byId.get(r.job().id());
            Expected expected = r.expected().get(policy);
            if (expected == null) {
                assertFalse(o.completed(), "job " + r.job().id() + " is rejected");
                assertFalse(o.reason().isBlank(), "with a reason");
            } else {
                assertTrue(o.completed(), "job " + r.job().id() + " completes");
                assertEquals(expected.start(), o.start(), "start of job " + r.job().id());
                assertEquals(expected.end() == null ? o.start() + r.job().runTime() : expected.end(), o.end(),
                        "end of job " + r.job().id());
                assertEquals(expected.end() != null, !o.pieces().isEmpty(), "job " + r.job().id() + " suspended");
                assertEquals(r.job().runTime(), o.busyTime(), "job " + r.job().id() + " runs its run time");
                assertEquals(r.job().nodes(), o.nodeIds().length, "job " + r.job().id() + " holds its nodes");
            }
        }
        assertFeasible(outcomes, s.nodes());
    }

    /**
     * No node runs two jobs at once, and no node lies outside the machine (pyss' cpu-snapshot check); a preempted job
     * runs only in its pieces, so a job may run on its nodes while it is suspended.
     */
    static void assertFeasible(List<JobOutcome> outcomes, int nodes) {
        List<JobOutcome> done = outcomes.stream().filter(JobOutcome::completed).toList();
        for (JobOutcome a : done) {
            for (int n : a.nodeIds()) {
                assertTrue(n >= 0 && n < nodes, "node " + n + " of job " + a.job().id());
            }
            for (JobOutcome b : done) {
                if (a != b && overlap(runs(a), runs(b))) {
                    for (int n : a.nodeIds()) {
                        for (int m : b.nodeIds()) {
                            assertTrue(n != m, "jobs " + a.job().id() + " and " + b.job().id() + " share node " + n);
                        }
                    }
                }
            }
        }
    }

    private static List<gridmarket.sim.result.Piece> runs(JobOutcome o) {
        return o.pieces().isEmpty() ? List.of(new gridmarket.sim.result.Piece(o.start(), o.end())) : o.pieces();
    }

    private static boolean overlap(List<gridmarket.sim.result.Piece> a, List<gridmarket.sim.result.Piece> b) {
        return a.stream().anyMatch(p -> b.stream().anyMatch(q -> p.start() < q.end() && q.start() < p.end()));
    }
}
