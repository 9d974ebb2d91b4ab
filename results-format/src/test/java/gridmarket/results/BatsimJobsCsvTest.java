package gridmarket.results;

import gridmarket.sim.result.JobStatus;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringWriter;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BatsimJobsCsvTest {
    /** Three machines end to end: m1 is resources 0-9, m2 10-13, m3 14-21. */
    private static final BatsimResources GRID = new BatsimResources(List.of(new BatsimResources.Machine("m1", 10),
            new BatsimResources.Machine("m2", 4), new BatsimResources.Machine("m3", 8)));

    private static JobRow row(long id, int part, String machine, int nodes, String nodeIds, long start, long end) {
        return new JobRow(id, part, "s1", 1, 100, start, end, nodes, end - start, 200, machine, 1,
                JobStatus.COMPLETED, "", nodeIds, null);
    }

    @Test
    void resourcesAreMachinesEndToEndInGridOrder() {
        assertEquals(0, GRID.offset("m1"));
        assertEquals(10, GRID.offset("m2"));
        assertEquals(14, GRID.offset("m3"));
        assertEquals(22, GRID.total());
        assertThrows(ResultsException.class, () -> GRID.offset("m9"));
    }

    @Test
    void aJobOnSeveralMachinesIsOneLineWithTheCanonicalIntervalSetOfAllItsNodes() throws IOException {
        // m1 nodes 6-9 and m2 node 0 touch (9, 10): one interval; m3's 1 and 3 stay apart
        List<JobRow> rows = List.of(row(5, 0, "m1", 5, "0;6-9", 130, 190), row(5, 0, "m2", 1, "0", 130, 190),
                row(5, 0, "m3", 2, "1;3", 130, 190));
        List<BatsimJobsCsv.BatsimJob> jobs = BatsimJobsCsv.jobs(rows, GRID);
        assertEquals(1, jobs.size());
        assertEquals("0 6-10 15 17", jobs.get(0).resources());
        assertEquals(8, jobs.get(0).width());
        assertEquals("site=s1;machine=m1+m2+m3", jobs.get(0).metadata());
    }

    @Test
    void writesBatsimsColumnsTimesAndEmptyFieldsOfARejectedJob() throws IOException {
        JobRow traded = new JobRow(9, 2, "s2", 4, 100, 130, 190, 3, 60, 90, "m2", 1, JobStatus.COMPLETED, "",
                "1-3", new JobRow.Market(12.5, -3.0, 4, 12, 150L));
        JobRow rejected = new JobRow(8, 0, "s1", 4, 110, 110, 110, 99, 50, 60, "", 0, JobStatus.REJECTED,
                "needs 99 nodes", "", null, "", "too_wide");
        StringWriter w = new StringWriter();
        BatsimJobsCsv.write(w, BatsimJobsCsv.jobs(List.of(traded, rejected), GRID));
        assertEquals("""
                job_id,workload_name,profile,submission_time,requested_number_of_resources,requested_time,success,\
                final_state,starting_time,execution_time,finish_time,waiting_time,turnaround_time,stretch,\
                allocated_resources,consumed_energy,metadata
                9.2,w0,delay60,100.000000,3,90.000000,1,COMPLETED_SUCCESSFULLY,130.000000,60.000000,190.000000,\
                30.000000,90.000000,1.500000,11-13,-1.000000,"site=s2;machine=m2;price=12.5;promised_start=150"
                8,w0,delay50,110.000000,99,60.000000,0,REJECTED,,,,,,,,,"site=s1;cause=too_wide"
                """, w.toString());
    }

    @Test
    void scheduleIsComputedAsBatsimDoesOverTheJobsThatRan() {
        // waits 30 and 10, turnarounds 90 and 40 (slowdowns 1.5 and 40/30), one job rejected: Batsim divides by 3
        List<JobRow> rows = List.of(row(1, 0, "m1", 2, "0-1", 130, 190), row(2, 0, "m2", 1, "0", 110, 140),
                new JobRow(3, 0, "s1", 1, 50, 50, 50, 99, 5, 5, "", 0, JobStatus.REJECTED, "x", "", null, "",
                        "too_wide"));
        String s = BatsimSchedule.text(BatsimJobsCsv.jobs(rows, GRID), GRID.total(), "1.0");
        assertTrue(s.startsWith("{\n  \"batsim_version\": \"gridmarket 1.0\",\n  \"consumed_joules\": 0.000000,\n"
                + "  \"makespan\": 90.000000,\n"), s);
        assertTrue(s.contains("\"mean_waiting_time\": 13.333333,\n"), s);
        assertTrue(s.contains("\"mean_turnaround_time\": 43.333333,\n"), s);
        assertTrue(s.contains("\"mean_slowdown\": 0.944444,\n"), s);
        assertTrue(s.contains("\"max_waiting_time\": 30.000000,\n"), s);
        assertTrue(s.contains("\"nb_jobs\": 3,\n  \"nb_jobs_finished\": 2,\n  \"nb_jobs_killed\": 0,\n"
                + "  \"nb_jobs_rejected\": 1,\n  \"nb_jobs_success\": 2,\n"), s);
        assertTrue(s.contains("\"nb_computing_machines\": 22,\n"), s);
        // busy 2 x 60 + 1 x 30 = 150 node-seconds; 22 resources up to the last finish 190
        assertTrue(s.contains("\"time_computing\": 150.000000,\n  \"time_idle\": 4030.000000,\n"), s);
        assertTrue(s.endsWith("\"time_unavailable\": 0.000000\n}\n"), s);
    }

    @Test
    void aBadNodeIdsCellIsNamed() {
        ResultsException e = assertThrows(ResultsException.class,
                () -> BatsimJobsCsv.jobs(List.of(row(1, 0, "m1", 2, "3-1", 0, 10)), GRID));
        assertTrue(e.getMessage().contains("'3-1'"), e.getMessage());
    }
}
