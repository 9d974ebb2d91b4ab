package gridmarket.config;

import gridmarket.sim.workload.DropReason;
import gridmarket.sim.workload.Job;
import gridmarket.sim.workload.Workload;
import gridmarket.sim.workload.WorkloadException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BatsimWorkloadFileTest {
    @TempDir
    Path dir;

    private Path file(String text) throws IOException {
        Path f = dir.resolve("w.json");
        Files.writeString(f, text);
        return f;
    }

    @Test
    void readsDelayJobsByTheSwfRules() throws IOException {
        Path f = file("""
                {"nb_res": 16, "jobs": [
                  {"id": "3", "subtime": 20.5, "walltime": 100, "res": 4, "profile": "a", "user": 7},
                  {"id": 1, "subtime": 10, "res": 2, "profile": "b"},
                  {"id": "2.1", "subtime": 10, "walltime": 30, "res": 8, "profile": "c"},
                  {"id": "4", "subtime": 30, "res": 0, "profile": "a"},
                  {"id": "5", "subtime": 30, "res": 1, "profile": "z"}],
                 "profiles": {"a": {"type": "delay", "delay": 60}, "b": {"type": "DelayProfile", "delay": 5.4},
                              "c": {"type": "delay", "delay": 45}, "z": {"type": "delay", "delay": 0.2}}}
                """);
        Workload w = BatsimWorkloadFile.read(f, false);
        List<Job> jobs = w.jobs();
        assertEquals(3, jobs.size());
        // submission order, then file order; decimals rounded to seconds
        Job one = jobs.get(0);
        assertEquals(1, one.id());
        assertEquals(5, one.runTime());
        assertEquals(5, one.estimate()); // no walltime: the run time
        assertEquals(-1, one.requestedTime());
        Job split = jobs.get(1);
        assertEquals(2, split.id());
        assertEquals(1, split.part());
        assertEquals(45, split.runTime());
        assertEquals(45, split.estimate()); // walltime 30 < delay 45: never killed, the estimate is the delay
        Job three = jobs.get(2);
        assertEquals(21, three.submit());
        assertEquals(100, three.estimate());
        assertEquals(7, three.user());
        assertEquals(4, three.nodes());
        assertEquals(1, w.drops().get(DropReason.NON_POSITIVE_PROCESSORS));
        assertEquals(1, w.drops().get(DropReason.NON_POSITIVE_RUN_TIME));
        assertEquals("16", w.headerValue("MaxNodes"));
        assertEquals(30, BatsimWorkloadFile.read(f, true).jobs().get(1).runTime()); // killAtEstimate
    }

    @Test
    void writesWhatItReads() throws IOException {
        List<Job> jobs = List.of(new Job(9, 0, 0, 100, 100, 4, 3, 1, 100),
                new Job(9, 1, 5, 50, 70, 2, -1, 1, 70, 2, 0), new Job(11, 2, 5, 100, 3600, 1, 2, 1, 3600));
        for (BatsimWorkloadFile.Version v : BatsimWorkloadFile.Version.values()) {
            StringWriter w = new StringWriter();
            BatsimWorkloadFile.write(w, jobs, 8, v);
            assertTrue(w.toString().contains("\"delay100\": {\"type\": \"" + v.delayType() + "\", \"delay\": 100}"),
                    w.toString());
            List<Job> back = BatsimWorkloadFile.read(file(w.toString()), false).jobs();
            assertEquals(jobs.size(), back.size());
            for (int i = 0; i < jobs.size(); i++) {
                Job a = jobs.get(i);
                Job b = back.get(i);
                assertEquals(List.of(a.id(), a.part(), a.submit(), a.runTime(), a.estimate(), a.nodes(), a.user()),
                        List.of(b.id(), b.part(), b.submit(), b.runTime(), b.estimate(), b.nodes(), b.user()));
            }
        }
    }

    @Test
    void badInputIsOneLineNamingFileJobAndField() throws IOException {
        String profiles = ", \"profiles\": {\"p\": {\"type\": \"delay\", \"delay\": 5}}}";
        String[][] cases = {
            {"{\"jobs\": []" + profiles, "field nb_res: missing"},
            {"{\"nb_res\": 4, \"jobs\": [{\"id\": \"a7\", \"subtime\": 0, \"res\": 1, \"profile\": \"p\"}]" + profiles,
                "job 'a7': field id: 'a7' is not a job number"},
            {"{\"nb_res\": 4, \"jobs\": [{\"id\": 7, \"subtime\": 0, \"res\": 1, \"profile\": \"p\"}, {\"id\": \"7\", "
                + "\"subtime\": 0, \"res\": 1, \"profile\": \"p\"}]" + profiles, "job '7': field id: '7' is the id of "
                + "job 1 too"},
            {"{\"nb_res\": 4, \"jobs\": [{\"id\": 7, \"subtime\": -1, \"res\": 1, \"profile\": \"p\"}]" + profiles,
                "job '7': field subtime: -1 is negative"},
            {"{\"nb_res\": 4, \"jobs\": [{\"id\": 7, \"subtime\": 0, \"res\": 1.5, \"profile\": \"p\"}]" + profiles,
                "job '7': field res: '1.5' is not a whole number"},
            {"{\"nb_res\": 4, \"jobs\": [{\"id\": 7, \"subtime\": 0, \"res\": 1}]" + profiles,
                "job '7': field profile: missing"},
        };
        for (String[] c : cases) {
            Path f = file(c[0]);
            WorkloadException e = assertThrows(WorkloadException.class, () -> BatsimWorkloadFile.read(f, false),
                    c[0]);
            assertEquals(f + ": " + c[1], e.getMessage().substring(0, (f + ": " + c[1]).length()), e.getMessage());
            assertEquals(1, e.getMessage().lines().count());
        }
    }
}
