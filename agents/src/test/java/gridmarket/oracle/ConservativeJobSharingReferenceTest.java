package gridmarket.oracle;

import gridmarket.agents.SharedData;
import gridmarket.sim.engine.EventClock;
import gridmarket.sim.engine.JobSubmitter;
import gridmarket.sim.grid.ConservativeJobSharing;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.workload.Job;
import gridmarket.sim.workload.SwfReader;
import org.junit.jupiter.api.Test;
import sim.engine.SimState;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Conservative job-sharing job by job against a plain re-statement of its rules on a real trace with long queues:
 * the reference re-compresses the way the rules read (take the reservation out, search every machine from now,
 * keep its machine on an equal start, put it back), where the agent asks read-only first and moves only what moves.
 * Its free counts are the oracle's {@link OracleProfile}, searched from the start every time, so neither the agent's
 * profile ({@link gridmarket.sim.machine.CapacityProfile}, with what it remembers between searches) nor its shortcuts
 * are shared with the reference.
 */
class ConservativeJobSharingReferenceTest {

    @Test
    void ctcOnThreeMachinesWithLongQueuesStartsEveryJobAsTheRulesSay() {
        Path trace = SharedData.trace("CTC-SP2-1996-3.1-cln");
        int[] sizes = {48, 32, 16};
        List<Job> jobs = new ArrayList<>();
        for (Job j : new SwfReader().read(trace).jobs()) {
            if (jobs.size() == 4000) {
                break;
            }
            if (j.nodes() <= 48) { // a third of CTC's nodes: the queue grows to hundreds of reservations
                jobs.add(new Job(j.id(), jobs.size(), j.submit(), j.runTime(), j.estimate(), j.nodes(), 1, 1,
                        j.estimate()));
            }
        }
        Reference reference = new Reference(sizes);
        Map<Long, String> expected = reference.run(jobs);
        assertTrue(reference.moves > 10_000 && reference.machineChanges > 100,
                "a test of re-compression across machines: " + reference.moves + " moves, "
                        + reference.machineChanges + " to another machine");
        assertTrue(reference.longestQueue > 300, "longest queue " + reference.longestQueue);

        JobLedger ledger = new JobLedger();
        SimState state = new SimState(1);
        state.start();
        EventClock clock = new EventClock(state.schedule);
        List<MachineSchedule> machines = new ArrayList<>();
        for (int m = 0; m < sizes.length; m++) {
            machines.add(new MachineSchedule(new Machine("m" + m, m, sizes[m])));
        }
        new JobSubmitter(jobs, new ConservativeJobSharing(machines, clock, ledger), clock).start();
        while (state.schedule.step(state)) {
            // to the end
        }
        Map<Long, String> actual = new HashMap<>();
        for (JobOutcome o : ledger.outcomes()) {
            actual.put(o.job().id(), o.machine() + "@" + o.start());
        }
        assertEquals(jobs.size(), actual.size());
        for (Job j : jobs) {
            assertEquals(expected.get(j.id()), actual.get(j.id()), "job " + j.id());
        }
    }

    /** The rules of docs/EXPERIMENTS.md as a plain loop over instants, without MASON and without shortcuts. */
    private static final class Reference {
        private final int[] sizes;
        private final OracleProfile[] plans;
        private final List<Job> reserved = new ArrayList<>();
        private final List<long[]> places = new ArrayList<>(); // per reservation: start, machine
        int moves;
        int machineChanges;
        int longestQueue;

        Reference(int[] sizes) {
            this.sizes = sizes;
            this.plans = new OracleProfile[sizes.length];
            for (int m = 0; m < sizes.length; m++) {
                plans[m] = new OracleProfile(sizes[m]);
            }
        }

        Map<Long, String> run(List<Job> jobs) {
            Map<Long, String> placed = new HashMap<>();
            TreeSet<Long> instants = new TreeSet<>();
            jobs.forEach(j -> instants.add(j.submit()));
            Map<Long, List<long[]>> ends = new HashMap<>(); // instant -> {machine, nodes, planned end}
            int arrived = 0;
            boolean jobsEnded = false;
            boolean mayMove = false;
            while (!instants.isEmpty()) {
                long now = instants.pollFirst();
                for (OracleProfile p : plans) {
                    p.forgetBefore(now);
                }
                for (long[] e : ends.getOrDefault(now, List.of())) {
                    if (now < e[2]) {
                        plans[(int) e[0]].release(now, e[2], (int) e[1]);
                        mayMove = true;
                    }
                    jobsEnded = true;
                }
                if (jobsEnded && mayMove) {
                    mayMove = false;
                    for (int k = 0; k < reserved.size(); k++) {
                        mayMove |= compress(k, now);
                    }
                }
                jobsEnded = false;
                while (arrived < jobs.size() && jobs.get(arrived).submit() == now) {
                    Job job = jobs.get(arrived++);
                    long[] place = earliestPlace(job, now);
                    plans[(int) place[1]].allocate(place[0], place[0] + job.estimate(), job.nodes());
                    reserved.add(job);
                    places.add(place);
                }
                longestQueue = Math.max(longestQueue, reserved.size());
                for (int k = 0; k < reserved.size(); k++) {
                    long[] place = places.get(k);
                    if (place[0] == now) {
                        Job job = reserved.get(k);
                        placed.put(job.id(), "m" + place[1] + "@" + now);
                        ends.computeIfAbsent(now + job.runTime(), t -> new ArrayList<>())
                                .add(new long[] {place[1], job.nodes(), now + job.estimate()});
                        instants.add(now + job.runTime());
                        reserved.remove(k);
                        places.remove(k);
                        k--;
                    }
                }
                places.stream().mapToLong(p -> p[0]).min().ifPresent(instants::add);
            }
            return placed;
        }

        private boolean compress(int k, long now) {
            Job job = reserved.get(k);
            long[] place = places.get(k);
            long old = place[0];
            int own = (int) place[1];
            plans[own].release(old, old + job.estimate(), job.nodes());
            long[] best = earliestPlace(job, now);
            if (best[0] > old) {
                throw new AssertionError("job " + job.id() + " would move later");
            }
            if (best[0] == old) {
                best[1] = own;
            }
            plans[(int) best[1]].allocate(best[0], best[0] + job.estimate(), job.nodes());
            places.set(k, best);
            if (best[0] == old) {
                return false;
            }
            moves++;
            machineChanges += best[1] != own ? 1 : 0;
            return true;
        }

        /** Earliest start on any machine; ties: fewest nodes left free at that start, then the lower index. */
        private long[] earliestPlace(Job job, long now) {
            long[] best = {Long.MAX_VALUE, -1};
            int bestLeft = Integer.MAX_VALUE;
            for (int m = 0; m < sizes.length; m++) {
                if (job.nodes() > sizes[m]) {
                    continue;
                }
                long start = plans[m].earliestStart(now, job.estimate(), job.nodes());
                int left = plans[m].freeAt(start) - job.nodes();
                if (start < best[0] || (start == best[0] && left < bestLeft)) {
                    best = new long[] {start, m};
                    bestLeft = left;
                }
            }
            return best;
        }
    }
}
