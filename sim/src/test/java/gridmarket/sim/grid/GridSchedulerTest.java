package gridmarket.sim.grid;

import gridmarket.sim.engine.EventClock;
import gridmarket.sim.engine.JobSubmitter;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;
import sim.engine.SimState;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Small grids worked out by hand. Jobs: (submit, nodes, runTime = estimate). */
class GridSchedulerTest {

    private static Map<Long, List<JobOutcome>> run(int[] sizes, MultiSiteRules rules, long[][] jobs) {
        List<Job> list = new ArrayList<>();
        for (long[] j : jobs) {
            list.add(new Job(list.size() + 1, list.size(), j[0], j[2], j[2], (int) j[1], 1, 1, j[2]));
        }
        SimState state = new SimState(1);
        state.start();
        EventClock clock = new EventClock(state.schedule);
        JobLedger ledger = new JobLedger();
        List<MachineSchedule> machines = new ArrayList<>();
        for (int m = 0; m < sizes.length; m++) {
            machines.add(new MachineSchedule(new Machine("m" + (m + 1), m, sizes[m])));
        }
        GridScheduler grid = new GridScheduler(machines, true, rules, clock, ledger);
        new JobSubmitter(list, grid, clock).start();
        while (state.schedule.step(state)) {
            // run to the end
        }
        Map<Long, List<JobOutcome>> out = new HashMap<>();
        for (JobOutcome o : ledger.outcomes()) {
            out.computeIfAbsent(o.job().id(), k -> new ArrayList<>()).add(o);
        }
        assertEquals(list.size(), out.size(), "every job has an outcome");
        return out;
    }

    @Test
    void bestFitTakesTheMachineLeftFullest() {
        // m1 has 10 nodes, m2 has 6: a 5-node job leaves 1 free on m2, so it goes there; a 6-node job then to m1.
        var r = run(new int[] {10, 6}, null, new long[][] {{0, 5, 100}, {0, 6, 100}});
        assertEquals("m2", r.get(1L).get(0).machine());
        assertEquals("m1", r.get(2L).get(0).machine());
    }

    @Test
    void headReservedWhereItStartsEarliestAndBackfillElsewhere() {
        // Job 1 fills m1 until 100, job 2 fills m2 until 50. Job 3 (8 nodes) waits: earliest on m2 at 50.
        // Job 4 (8 nodes, 200 s) cannot start before 50 anywhere: it would delay job 3 on m2 and m1 is full.
        // Job 5 (2 nodes, 30 s) fits nowhere now. At 50 job 3 starts on m2; at 100 job 4 starts on m1.
        var r = run(new int[] {8, 8}, null,
                new long[][] {{0, 8, 100}, {0, 8, 50}, {1, 8, 100}, {2, 8, 200}});
        assertEquals(50, r.get(3L).get(0).start());
        assertEquals("m2", r.get(3L).get(0).machine());
        assertEquals(100, r.get(4L).get(0).start());
        assertEquals("m1", r.get(4L).get(0).machine());
    }

    @Test
    void backfillOnTheReservedMachineOnlyIfItEndsByTheReservation() {
        // m1: 4 nodes. Job 1 holds 2 until 100; job 2 (4 nodes) reserved at 100; job 3 (2 nodes, 50 s) ends by 100:
        // backfilled at 1; job 4 (2 nodes, 150 s) would delay job 2: it waits until job 2 ends at 200.
        var r = run(new int[] {4}, null, new long[][] {{0, 2, 100}, {1, 4, 100}, {1, 2, 50}, {60, 2, 150}});
        assertEquals(1, r.get(3L).get(0).start());
        assertEquals(100, r.get(2L).get(0).start());
        assertEquals(200, r.get(4L).get(0).start());
    }

    @Test
    void multiSiteSplitsOverFreestMachinesAndStretches() {
        // Three machines of 8; job 1 takes 4 nodes of m1. Job 2 needs 14: no machine has 14, together they do:
        // m2 (8) and m3 (6 more) are freest. With p = 0.5, 100 s become 150 s on both parts.
        var r = run(new int[] {8, 8, 8}, new MultiSiteRules(0.5, 1, 0), new long[][] {{0, 4, 1000}, {0, 14, 100}});
        List<JobOutcome> parts = r.get(2L);
        assertEquals(2, parts.size());
        assertEquals("m2", parts.get(0).machine());
        assertEquals(8, parts.get(0).nodeIds().length);
        assertEquals("m3", parts.get(1).machine());
        assertEquals(6, parts.get(1).nodeIds().length);
        for (JobOutcome p : parts) {
            assertEquals(0, p.start());
            assertEquals(150, p.end());
            assertEquals(2, p.spread());
        }
    }

    @Test
    void wideHeadReservesAMultiSiteStartAndIsNotDelayed() {
        // Two machines of 8. Job 1: 8 nodes of m1 until 100; job 2: 8 nodes of m2 until 60. Job 3 needs 12 (only
        // multi-site): earliest when both have freed enough, at 100. Job 4 (4 nodes, 80 s) arrives at 70: it would
        // hold m2's nodes past 100, where job 3 needs 4 of m2 and m2 has 8: 4 extra, so it may start at 70.
        // Job 5 (4 nodes, 80 s) at 71 would leave job 3 short: it waits until job 3 ends (100 + 50 = 150).
        var r = run(new int[] {8, 8}, new MultiSiteRules(0, 1, 0),
                new long[][] {{0, 8, 100}, {0, 8, 60}, {1, 12, 50}, {70, 4, 80}, {71, 4, 80}});
        assertEquals(100, r.get(3L).get(0).start());
        assertEquals(70, r.get(4L).get(0).start());
        assertTrue(r.get(5L).get(0).start() >= 150, "job 5 starts after job 3: " + r.get(5L).get(0).start());
    }
}
