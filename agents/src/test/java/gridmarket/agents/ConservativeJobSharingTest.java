package gridmarket.agents;

import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.sim.result.JobOutcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Conservative backfilling over one job-sharing queue (C9 with C3), the X3 baseline beside EASY job-sharing. */
class ConservativeJobSharingTest {
    @TempDir
    Path dir;

    private static Map<Long, Long> starts(ExperimentSpec spec) {
        Map<Long, Long> s = new TreeMap<>();
        for (JobOutcome o : HeadlessRun.run(new GridMarket(spec.getSeed(), spec, Workloads.load(spec))).outcomes()) {
            assertTrue(o.completed(), "job " + o.job().id() + " " + o.reason());
            s.put(o.job().id(), o.start());
        }
        return s;
    }

    /** Conservative job-sharing on machines a (4 nodes) and b (2) over the given SWF lines. */
    private ExperimentSpec onMachinesAAndB(String file, String... swfLines) throws IOException {
        Path swf = dir.resolve(file);
        Files.writeString(swf, String.join("\n", swfLines) + "\n");
        return new ExperimentLoader().load("t.yaml", "name: t\nworkload: {swf: " + swf
                + "}\nmachines: [{name: a, nodes: 4}, {name: b, nodes: 2}]\nstrategy: jobsharing\n"
                + "policy: conservative\n", Path.of("."));
    }

    @Test
    void onOneMachineItIsLocalConservativeBackfillingJobByJob() {
        ExperimentSpec local = Experiments.singleMachine(SharedData.trace("KTH-SP2-1996-2.1-cln"), 100, "conservative");
        ExperimentSpec sharing = Experiments.singleMachine(SharedData.trace("KTH-SP2-1996-2.1-cln"), 100,
                "conservative");
        sharing.setStrategy("jobsharing");
        Map<Long, Long> expected = starts(local);
        assertTrue(expected.size() > 28_000, "the whole KTH trace: " + expected.size());
        assertEquals(expected, starts(sharing));
    }

    /**
     * Machines a (4 nodes) and b (2). Jobs (submit, run time / estimate, nodes): 1 (0, 4/10, 4), 2 (0, 10, 2),
     * 3 (1, 5, 2), 4 (2, 5, 4), 5 (3, 3, 2). Reserved on arrival: 3 on b at 10 (a ties at 10 but b fits best),
     * 4 on a at 10, 5 on b at 15 (a ties at 15, b fits best). Job 1 ends at 4 instead of 10; re-compressed in queue
     * order, 3 moves to a at 4 (earlier than on b), 4 to a at 9 (after 3 leaves it 2 nodes), 5 to a at 4 beside 3.
     */
    @Test
    void anEarlyEndMovesReservationsUpAcrossMachinesInQueueOrder() throws IOException {
        ExperimentSpec spec = onMachinesAAndB("hand.swf",
                "1 0 -1 4 4 -1 -1 4 10 -1 1 1 1 1 1 1 -1 -1",
                "2 0 -1 10 2 -1 -1 2 10 -1 1 1 1 1 1 1 -1 -1",
                "3 1 -1 5 2 -1 -1 2 5 -1 1 1 1 1 1 1 -1 -1",
                "4 2 -1 5 4 -1 -1 4 5 -1 1 1 1 1 1 1 -1 -1",
                "5 3 -1 3 2 -1 -1 2 3 -1 1 1 1 1 1 1 -1 -1");
        Map<Long, String> where = new HashMap<>();
        Map<Long, Long> start = new TreeMap<>();
        for (JobOutcome o : HeadlessRun.run(new GridMarket(spec.getSeed(), spec, Workloads.load(spec))).outcomes()) {
            where.put(o.job().id(), o.machine());
            start.put(o.job().id(), o.start());
        }
        assertEquals(Map.of(1L, 0L, 2L, 0L, 3L, 4L, 4L, 9L, 5L, 4L), start);
        assertEquals(Map.of(1L, "a", 2L, "b", 3L, "a", 4L, "a", 5L, "a"), where);
    }

    @Test
    void withoutEarlyEndsNoReservationMovesAndTiesGoToTheBestFit() throws IOException {
        ExperimentSpec spec = onMachinesAAndB("exact.swf",
                "1 0 -1 10 4 -1 -1 4 10 -1 1 1 1 1 1 1 -1 -1",
                "2 0 -1 10 2 -1 -1 2 10 -1 1 1 1 1 1 1 -1 -1",
                "3 1 -1 5 2 -1 -1 2 5 -1 1 1 1 1 1 1 -1 -1",
                "4 2 -1 5 4 -1 -1 4 5 -1 1 1 1 1 1 1 -1 -1",
                "5 3 -1 3 2 -1 -1 2 3 -1 1 1 1 1 1 1 -1 -1");
        assertEquals(Map.of(1L, 0L, 2L, 0L, 3L, 10L, 4L, 10L, 5L, 15L), starts(spec));
    }
}
