package gridmarket.agents;

import gridmarket.config.ExperimentSpec;
import gridmarket.sim.result.JobOutcome;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Thesis chapter 3, Lemma 1: a 1-fair schedule (FCFS) cannot avoid a weighted completion time about sqrt(m)/2 times
 * the best order. Job i (1 node, m seconds) is submitted just before job j (m nodes, sqrt(m) seconds), weights
 * {@code w = nodes * run time}. FCFS runs i then j: {@code sum w C = m*m + m^1.5 (m + sqrt m) = 2m^2 + m^2.5}; j then
 * i gives {@code m^1.5 sqrt m + m (sqrt m + m) = 2m^2 + m^1.5}.
 */
class FcfsWorstCaseTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "m = {0}")
    @ValueSource(ints = {16, 64, 256, 1024})
    void fcfsPaysTheLemma1Ratio(int m) throws IOException {
        int root = (int) Math.round(Math.sqrt(m));
        Path swf = dir.resolve("lemma1.swf");
        // both submitted at 0, i first in trace order (the thesis' "in quick succession")
        Files.writeString(swf, "1 0 -1 " + m + " 1 -1 -1 1 " + m + " -1 1 1 1 -1 -1 -1 -1 -1\n"
                + "2 0 -1 " + root + " " + m + " -1 -1 " + m + " " + root + " -1 1 1 1 -1 -1 -1 -1 -1\n");
        ExperimentSpec spec = Experiments.singleMachine(swf, m, "fcfs");
        RunResult result = HeadlessRun.run(new GridMarket(spec.getSeed(), spec, Workloads.load(spec)));
        double weightedCompletion = 0;
        for (JobOutcome o : result.outcomes()) {
            weightedCompletion += o.job().weight() * o.end();
        }
        double fcfs = 2.0 * m * m + Math.pow(m, 2.5);
        double best = 2.0 * m * m + Math.pow(m, 1.5);
        assertEquals(fcfs, weightedCompletion, 1e-6);
        assertEquals((2 + Math.sqrt(m)) / (2 + 1 / Math.sqrt(m)), weightedCompletion / best, 1e-9);
    }
}
