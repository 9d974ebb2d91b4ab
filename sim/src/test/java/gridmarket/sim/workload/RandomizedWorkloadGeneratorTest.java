package gridmarket.sim.workload;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Table 2.3's randomized workload: ranges, uniform means, reproducibility and SWF round trip. */
class RandomizedWorkloadGeneratorTest {
    private static final List<Job> JOBS = new RandomizedWorkloadGenerator(50_000, 256, 7).generate().jobs();

    @Test
    void everyValueIsInTable23sRange() {
        long previous = 0;
        for (Job j : JOBS) {
            long gap = j.submit() - previous;
            assertTrue(gap >= 0 && gap <= 3600, "at least one job per hour: gap " + gap);
            assertTrue(j.nodes() >= 1 && j.nodes() <= 256, "nodes " + j.nodes());
            assertTrue(j.estimate() >= 300 && j.estimate() <= 86_400, "estimate " + j.estimate());
            assertTrue(j.runTime() >= 1 && j.runTime() <= j.estimate(), "run time " + j.runTime());
            previous = j.submit();
        }
        assertEquals(0, JOBS.get(0).submit());
    }

    @Test
    void valuesAreUniform() {
        // means of uniform draws; 50,000 samples put each within a few standard errors of the exact mean
        double gap = (double) JOBS.get(JOBS.size() - 1).submit() / (JOBS.size() - 1);
        double nodes = JOBS.stream().mapToInt(Job::nodes).average().orElseThrow();
        double estimate = JOBS.stream().mapToLong(Job::estimate).average().orElseThrow();
        double ratio = JOBS.stream().mapToDouble(j -> (double) j.runTime() / j.estimate()).average().orElseThrow();
        assertEquals(1800, gap, 15);
        assertEquals(128.5, nodes, 1.5);
        assertEquals((300 + 86_400) / 2.0, estimate, 500);
        assertEquals(0.5, ratio, 0.01);
        assertEquals(256, JOBS.stream().mapToInt(Job::nodes).max().orElseThrow());
        assertEquals(1, JOBS.stream().mapToInt(Job::nodes).min().orElseThrow());
    }

    @Test
    void theSeedDecides() {
        assertEquals(JOBS, new RandomizedWorkloadGenerator(50_000, 256, 7).generate().jobs());
        assertNotEquals(JOBS.subList(0, 10), new RandomizedWorkloadGenerator(10, 256, 8).generate().jobs());
    }

    @Test
    void writtenAsSwfItReadsBackUnchanged() throws IOException {
        Workload w = new RandomizedWorkloadGenerator(500, 64, 3).generate();
        StringWriter out = new StringWriter();
        SwfWriter.write(out, w);
        Workload back = new SwfReader().read("r.swf", new ByteArrayInputStream(out.toString().getBytes(StandardCharsets.US_ASCII)));
        assertEquals(w.jobs(), back.jobs());
        assertTrue(back.header().stream().anyMatch(h -> h.contains("Table 2.3")));
    }
}
