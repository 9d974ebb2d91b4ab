package gridmarket.agents;

import gridmarket.config.ExperimentSpec;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.result.RejectionReason;
import gridmarket.sim.result.JobStatus;
import gridmarket.sim.workload.Workload;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * gridmarket's schedules against the independent reference schedules in {@code shared/reference}: every start time
 * must be equal, job by job, on the real traces.
 */
class ReferenceScheduleTest {

    record RefJob(long id, long submit, long start, long end, int procs) {
    }

    static List<RefJob> readReference(Path csv) throws IOException {
        List<RefJob> rows = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(csv))))) {
            String header = r.readLine();
            assertEquals("job_id,submit,start,end,procs,runtime,estimate", header);
            String line;
            while ((line = r.readLine()) != null) {
                String[] f = line.split(",");
                rows.add(new RefJob(Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2]),
                        Long.parseLong(f[3]), Integer.parseInt(f[4])));
            }
        }
        return rows;
    }

    @ParameterizedTest(name = "{0} {2} on {1} nodes")
    @CsvSource({
        "lublin_256, 256, fcfs, lublin_256.fcfs.csv.gz",
        "lublin_256, 256, easy, lublin_256.easy.csv.gz",
        "KTH-SP2-1996-2.1-cln, 100, easy, KTH-SP2-1996-2.1-cln.easy.csv.gz",
    })
    void everyStartTimeEqualsTheReference(String trace, int nodes, String policy, String reference)
            throws IOException {
        List<RefJob> ref = readReference(SharedData.reference(reference));
        ExperimentSpec spec = Experiments.singleMachine(SharedData.trace(trace), nodes, policy);
        Workload w = Workloads.load(spec);
        RunResult result = HeadlessRun.run(new GridMarket(spec.getSeed(), spec, w));

        Map<Long, JobOutcome> byId = new HashMap<>();
        for (JobOutcome o : result.outcomes()) {
            assertTrue(byId.put(o.job().id(), o) == null, "job " + o.job().id() + " appears twice");
        }
        assertEquals(w.jobs().size(), byId.size(), "every job of the workload has an outcome");

        int mismatches = 0;
        StringBuilder first = new StringBuilder();
        double sumW = 0;
        double sumWResp = 0;
        for (RefJob rj : ref) {
            JobOutcome o = byId.get(rj.id());
            if (o == null || o.status() != JobStatus.COMPLETED || o.start() != rj.start()) {
                if (mismatches++ < 10) {
                    first.append(String.format("%n  job %d: reference start %d, gridmarket %s", rj.id(), rj.start(),
                            o == null ? "missing" : o.status() + " " + o.start()));
                }
            }
            double weight = (double) rj.procs() * (rj.end() - rj.start());
            sumW += weight;
            sumWResp += weight * (rj.end() - rj.submit());
        }
        if (mismatches > 0) {
            fail(mismatches + " of " + ref.size() + " start times differ from the reference:" + first);
        }
        // Jobs the reference left out are exactly the ones wider than the machine, rejected with a reason.
        long rejected = result.outcomes().stream().filter(o -> !o.completed()).count();
        assertEquals(byId.size() - ref.size(), rejected);
        result.outcomes().stream().filter(o -> !o.completed()).forEach(o -> {
            assertTrue(o.job().nodes() > nodes, "only too-wide jobs are rejected: " + o);
            assertTrue(o.reason().contains("needs " + o.job().nodes() + " nodes"), o.reason());
            assertEquals(RejectionReason.TOO_WIDE, o.rejection().reason());
        });
        assertEquals(sumWResp / sumW, result.metrics().awrt(), 1e-6 * result.metrics().awrt(),
                "AWRT computed from the reference rows");
    }
}
