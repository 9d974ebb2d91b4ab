package gridmarket.sim.policy;

import gridmarket.sim.engine.EventClock;
import gridmarket.sim.engine.JobSubmitter;
import gridmarket.sim.engine.LocalScheduler;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.workload.SwfReader;
import gridmarket.sim.workload.Workload;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import sim.engine.SimState;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * FCFS and EASY against the schedules of an independent simulator (pyss) on committed extracts of real traces
 * ({@code src/test/resources/extracts/}): every job that the reference starts before the extract's cutoff starts at
 * exactly the same second. Runs in every build; the full traces are compared in {@code agents} when the shared folder
 * is there.
 */
class ReferenceExtractTest {

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(ReferenceExtractTest.class.getResource("/extracts/" + name).toURI());
    }

    @ParameterizedTest(name = "{2} on {0} ({1} nodes)")
    @CsvSource({
        "lublin_256.first1500, 256, fcfs, lublin_256.fcfs.first1500",
        "lublin_256.first1500, 256, easy, lublin_256.easy.first1500",
        "KTH-SP2-1996-2.1-cln.first2000, 100, easy, KTH-SP2-1996-2.1-cln.easy.first2000",
    })
    void startsEqualThePyssReferenceBeforeTheCutoff(String trace, int nodes, String policy, String reference)
            throws Exception {
        Workload w = new SwfReader().read(resource(trace + ".swf.gz"));
        long cutoff = w.header().stream().filter(h -> h.startsWith("ExtractCutoff:"))
                .mapToLong(h -> Long.parseLong(h.substring(h.indexOf(':') + 1).strip())).findFirst().orElseThrow();

        SimState state = new SimState(1);
        state.start();
        EventClock clock = new EventClock(state.schedule);
        JobLedger ledger = new JobLedger();
        LocalScheduler scheduler = new LocalScheduler(new MachineSchedule(new Machine("m", 0, nodes)),
                Policy.byKey(policy).newScheduler(), clock, ledger);
        new JobSubmitter(w.jobs(), scheduler, clock).start();
        while (state.schedule.step(state)) {
            // to the end
        }
        Map<Long, JobOutcome> byId = new HashMap<>();
        ledger.outcomes().forEach(o -> byId.put(o.job().id(), o));
        PolicyScenarioTest.assertFeasible(ledger.outcomes(), nodes);

        int compared = 0;
        int mismatches = 0;
        StringBuilder first = new StringBuilder();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(new GZIPInputStream(
                resource(reference + ".csv.gz").toUri().toURL().openStream()), StandardCharsets.US_ASCII))) {
            assertEquals("job_id,submit,start,end,procs,runtime,estimate", r.readLine());
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                String[] f = line.split(",");
                long start = Long.parseLong(f[2]);
                if (start >= cutoff) {
                    continue;
                }
                compared++;
                JobOutcome o = byId.get(Long.parseLong(f[0]));
                if (o == null || !o.completed() || o.start() != start) {
                    if (mismatches++ < 10) {
                        first.append(String.format("%n  job %s: reference %d, gridmarket %s", f[0], start,
                                o == null ? "missing" : o.status() + " " + o.start()));
                    }
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        if (mismatches > 0) {
            fail(mismatches + " of " + compared + " start times differ from the reference:" + first);
        }
        assertTrue(compared >= 900, "enough of the extract is compared: " + compared);
    }
}
