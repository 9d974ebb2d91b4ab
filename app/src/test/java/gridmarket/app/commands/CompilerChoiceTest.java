package gridmarket.app.commands;

import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CompilerChoiceTest {
    @TempDir
    Path dir;

    private ExperimentSpec spec(String workload, String strategy, String policy) {
        return new ExperimentLoader().load("e.yaml", "name: e\nworkload: " + workload + "\nmachines: [{name: m1, "
                + "nodes: 64}, {name: m2, nodes: 64}]\nstrategy: " + strategy + "\npolicy: " + policy + "\n", dir);
    }

    private static String generated(int jobs) {
        return "{generate: {model: poisson, jobs: " + jobs + ", nodes: 64, load: 0.5, meanRunTime: 100}}";
    }

    @Test
    void onlyLargeMarketAndConservativeRunsWantBothCompilers() throws IOException {
        assertTrue(CompilerChoice.costly(spec(generated(10), "market", "easy")));
        assertTrue(CompilerChoice.costly(spec(generated(10), "local", "conservative")));
        assertTrue(CompilerChoice.costly(spec(generated(10), "jobsharing", "conservative")));
        assertFalse(CompilerChoice.costly(spec(generated(10), "local", "easy")));
        assertEquals(200_000, CompilerChoice.estimatedJobs(spec(generated(200_000), "market", "easy")));

        // a trace is judged by its size: about 15 bytes per job gzipped, 70 plain
        Files.write(dir.resolve("big.swf.gz"), new byte[15 * 60_000]);
        Files.write(dir.resolve("small.swf"), new byte[70 * 1_000]);
        assertEquals(60_000, CompilerChoice.estimatedJobs(spec("{swf: big.swf.gz}", "local", "conservative")));
        assertEquals(1_000, CompilerChoice.estimatedJobs(spec("{swf: small.swf}", "local", "conservative")));
        assertEquals(10_000, CompilerChoice.estimatedJobs(spec("{swf: big.swf.gz, shape: {from: 10000, to: 20000}}",
                "local", "conservative")), "an extract is as long as its range");
        assertEquals(0, CompilerChoice.estimatedJobs(spec("{swf: missing.swf}", "local", "conservative")));

        ExperimentSpec large = spec("{swf: big.swf.gz}", "local", "conservative");
        assertFalse(CompilerChoice.wantsBoth(large), "only the launcher's own choice of C1 is revised");
        System.setProperty(CompilerChoice.PROPERTY, CompilerChoice.AUTO);
        try {
            assertTrue(CompilerChoice.wantsBoth(large));
            assertFalse(CompilerChoice.wantsBoth(spec("{swf: big.swf.gz}", "local", "easy")), "EASY is fast");
            assertFalse(CompilerChoice.wantsBoth(spec(generated(40_000), "market", "easy")), "below 50,000 jobs");
        } finally {
            System.clearProperty(CompilerChoice.PROPERTY);
        }
    }

    @Test
    void theRunIsRepeatedWithTheSameOptionsButC1AloneAndItsMark() {
        assertEquals(List.of("/j/bin/java", "-Xmx4g", "-XX:+UseParallelGC", "-XX:SharedArchiveFile=a.jsa", "-cp",
                        "gm.jar", "gridmarket.app.Main", "run", "e.yaml", "--no-charts"),
                CompilerChoice.commandWithBoth("/j/bin/java", List.of("-Xmx4g", "-XX:+UseParallelGC",
                                "-XX:TieredStopAtLevel=1", "-Dgridmarket.compiler=auto", "-XX:SharedArchiveFile=a.jsa"),
                        "gm.jar", List.of("run", "e.yaml", "--no-charts")));
    }
}
