package gridmarket.sim.grid;

import gridmarket.sim.engine.EventClock;
import gridmarket.sim.engine.JobRouter;
import gridmarket.sim.engine.JobSubmitter;
import gridmarket.sim.engine.LocalScheduler;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.policy.ConservativeBackfillScheduler;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;
import sim.engine.SimState;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.BiFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Conservative job-sharing in the simulation core: hand-computed two-machine cases, and on one machine the same
 * schedule as local conservative backfilling on random workloads with estimates above the run times.
 */
class ConservativeJobSharingSimTest {

    /** Jobs (submit, run time, estimate, nodes). */
    private static List<Job> jobs(long[][] rows) {
        List<Job> list = new ArrayList<>();
        for (long[] j : rows) {
            list.add(new Job(list.size() + 1, list.size(), j[0], j[1], j[2], (int) j[3], 1, 1, j[2]));
        }
        return list;
    }

    private static List<JobOutcome> run(int[] sizes, List<Job> jobs,
                                        BiFunction<List<MachineSchedule>, EventClock, JobRouter> scheduler,
                                        JobLedger ledger) {
        SimState state = new SimState(1);
        state.start();
        EventClock clock = new EventClock(state.schedule);
        List<MachineSchedule> machines = new ArrayList<>();
        for (int m = 0; m < sizes.length; m++) {
            machines.add(new MachineSchedule(new Machine(m == 0 ? "a" : "b", m, sizes[m])));
        }
        new JobSubmitter(jobs, scheduler.apply(machines, clock), clock).start();
        while (state.schedule.step(state)) {
            // to the end
        }
        assertEquals(jobs.size(), ledger.outcomes().size(), "every job has an outcome");
        return ledger.outcomes();
    }

    private static List<JobOutcome> sharing(int[] sizes, List<Job> jobs) {
        JobLedger ledger = new JobLedger();
        return run(sizes, jobs, (m, clock) -> new ConservativeJobSharing(m, clock, ledger), ledger);
    }

    private static Map<Long, String> placed(List<JobOutcome> outcomes) {
        Map<Long, String> p = new TreeMap<>();
        outcomes.forEach(o -> p.put(o.job().id(), o.machine() + "@" + o.start()));
        return p;
    }

    /** The case of docs/EXPERIMENTS.md: a 4-node and a 2-node machine; job 1 ends at 4 instead of 10. */
    @Test
    void anEarlyEndMovesReservationsUpAcrossMachinesInQueueOrder() {
        List<Job> early = jobs(new long[][] {{0, 4, 10, 4}, {0, 10, 10, 2}, {1, 5, 5, 2}, {2, 5, 5, 4}, {3, 3, 3, 2}});
        assertEquals(Map.of(1L, "a@0", 2L, "b@0", 3L, "a@4", 4L, "a@9", 5L, "a@4"),
                placed(sharing(new int[] {4, 2}, early)));
        List<Job> exact = jobs(new long[][] {{0, 10, 10, 4}, {0, 10, 10, 2}, {1, 5, 5, 2}, {2, 5, 5, 4}, {3, 3, 3, 2}});
        // ties at 10 and at 15 go to b, where the job leaves no node free
        assertEquals(Map.of(1L, "a@0", 2L, "b@0", 3L, "b@10", 4L, "a@10", 5L, "b@15"),
                placed(sharing(new int[] {4, 2}, exact)));
    }

    @Test
    void aReservationStaysPutWhenAnotherMachineOnlyEqualsItsStart() {
        // Two 2-node machines. Job 3 is reserved on a at 10 (a tie with b: the lower index), job 4 on b at 10. Job 2
        // ends at 5 instead of 10, so job 3 moves to b at 5. Job 4 could then start on a at 10 (a's index is lower),
        // but that only equals its start on b: it stays.
        List<Job> jobs = jobs(new long[][] {{0, 10, 10, 2}, {0, 5, 10, 2}, {1, 5, 5, 2}, {2, 5, 5, 2}});
        assertEquals(Map.of(1L, "a@0", 2L, "b@0", 3L, "b@5", 4L, "b@10"), placed(sharing(new int[] {2, 2}, jobs)));
    }

    @Test
    void aJobWiderThanEveryMachineIsRejectedWithItsReason() {
        List<JobOutcome> out = sharing(new int[] {4, 2}, jobs(new long[][] {{0, 5, 5, 5}, {0, 5, 5, 4}}));
        assertEquals("needs 5 nodes but the largest machine has 4", out.get(0).reason());
        assertTrue(out.get(1).completed());
    }

    @Test
    void onOneMachineItIsLocalConservativeBackfilling() {
        Random rnd = new Random(7);
        for (int round = 0; round < 5; round++) {
            List<long[]> rows = new ArrayList<>();
            long t = 0;
            for (int i = 0; i < 600; i++) {
                t += rnd.nextInt(40);
                long run = 1 + rnd.nextInt(300);
                rows.add(new long[] {t, run, run + rnd.nextInt(400), 1 + rnd.nextInt(16)});
            }
            List<Job> jobs = jobs(rows.toArray(new long[0][]));
            JobLedger local = new JobLedger();
            List<JobOutcome> expected = run(new int[] {16}, jobs,
                    (m, clock) -> new LocalScheduler(m.get(0), new ConservativeBackfillScheduler(), clock, local), local);
            assertEquals(placed(expected), placed(sharing(new int[] {16}, jobs)), "round " + round);
        }
    }
}
