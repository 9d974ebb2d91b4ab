package gridmarket.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gridmarket.api.Registry;
import gridmarket.app.check.JobsCsvFeasibility;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The example plug-in (examples/plugin, a separate Maven project built against the extension API) named by
 * {@value Registry#PLUGINS}: an experiment that names its owner strategy runs like one with a built-in strategy, with
 * a feasible schedule in which every job ended, and its owners' prices are their own (not MF1's). CI builds the
 * plug-in first and sets {@code GRIDMARKET_PLUGIN_REQUIRED}; elsewhere the test skips without the jar.
 */
class PluginExampleTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path JAR = ROOT.resolve("examples/plugin/target/gridmarket-plugin-example.jar");

    @TempDir
    Path dir;

    private Process run(String plugins, Path out, String... args) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new java.util.ArrayList<>(List.of(java, "-Xmx1g", "-Djava.awt.headless=true", "-cp",
                System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder b = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("log-" + out.getFileName()).toFile());
        b.environment().put(Registry.PLUGINS, plugins);
        return b.start();
    }

    private String log(Path out) throws IOException {
        return Files.readString(dir.resolve("log-" + out.getFileName()));
    }

    @Test
    void anExperimentNamingThePluginsOwnerStrategyRunsFeasiblyAndEveryJobEnds() throws Exception {
        Assumptions.assumeTrue(Files.isRegularFile(JAR) || System.getenv("GRIDMARKET_PLUGIN_REQUIRED") != null,
                "the example plug-in is not built (examples/plugin)");
        assertTrue(Files.isRegularFile(JAR), "CI builds " + JAR);
        Path exp = dir.resolve("e.yaml");
        Files.writeString(exp, Files.readString(ROOT.resolve("examples/plugin/experiment.yaml"))
                .replace("jobs: 2000", "jobs: 400"));
        Path out = dir.resolve("out");
        Process p = run(JAR.toString(), out, "run", exp.toString(), "--out", out.toString(), "--no-charts");
        assertTrue(p.waitFor(5, TimeUnit.MINUTES));
        assertEquals(0, p.exitValue(), log(out));

        Set<Long> ids = JobsCsvFeasibility.jobIds(out.resolve("jobs.csv"));
        JobsCsvFeasibility.assertFeasible(out.resolve("jobs.csv"),
                Map.of("m1", 128, "m2", 128, "m3", 128, "m4", 128), ids);
        JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        JsonNode metrics = summary.get("metrics");
        assertEquals(400, metrics.get("completed").asInt() + metrics.get("rejected").asInt(), metrics.toString());
        assertEquals(400, ids.size());
        // the plug-in's owners price by their own rate: not what the same experiment pays under formula pricing (MF1)
        Path formula = dir.resolve("formula.yaml");
        Files.writeString(formula, Files.readString(exp).replaceAll("(?m)^  owner:.*$", ""));
        Path outFormula = dir.resolve("out-formula");
        Process f = run(JAR.toString(), outFormula, "run", formula.toString(), "--out", outFormula.toString(),
                "--no-charts");
        assertTrue(f.waitFor(5, TimeUnit.MINUTES));
        assertEquals(0, f.exitValue(), log(outFormula));
        JsonNode mf1 = new ObjectMapper().readTree(outFormula.resolve("summary.json").toFile());
        assertTrue(summary.at("/market/price/mean").asDouble() > 0, summary.get("market").toString());
        assertTrue(summary.at("/market/price/mean").asDouble() != mf1.at("/market/price/mean").asDouble(),
                "the plug-in's prices are its own: " + summary.at("/market/price") + " against MF1's "
                        + mf1.at("/market/price"));
        // its own summary fields: each owner's learned rate, within the bounds of experiment.yaml; none for MF1
        for (String m : List.of("m1", "m2", "m3", "m4")) {
            JsonNode rate = summary.at("/strategyFields/owners/" + m + "/ratePerNodeSecond");
            assertTrue(rate.isNumber() && rate.asDouble() > 0, m + ": " + summary.get("strategyFields"));
        }
        assertTrue(mf1.get("strategyFields") == null, "formula pricing reports nothing of itself");
    }

    @Test
    void thePluginsLocalPolicyRunsLikeABuiltInOneAndSchedulesItsOwnWay() throws Exception {
        Assumptions.assumeTrue(Files.isRegularFile(JAR) || System.getenv("GRIDMARKET_PLUGIN_REQUIRED") != null,
                "the example plug-in is not built (examples/plugin)");
        String yaml = "name: sjf\nseed: 3\nworkload: {generate: {model: poisson, jobs: 400, nodes: 64, load: 0.9, "
                + "meanRunTime: 3600, processors: uniform, overEstimate: 1.5}}\nmachines: [{name: m1, nodes: 64}]\n"
                + "strategy: local\npolicy: ";
        Path sjf = dir.resolve("sjf.yaml");
        Path easy = dir.resolve("easy.yaml");
        Files.writeString(sjf, yaml + "sjf-easy\n");
        Files.writeString(easy, yaml + "easy\n");
        Path outSjf = dir.resolve("out-sjf");
        Path outEasy = dir.resolve("out-easy");
        Process a = run(JAR.toString(), outSjf, "run", sjf.toString(), "--out", outSjf.toString(), "--no-charts");
        Process b = run(JAR.toString(), outEasy, "run", easy.toString(), "--out", outEasy.toString(), "--no-charts");
        assertTrue(a.waitFor(5, TimeUnit.MINUTES) && b.waitFor(5, TimeUnit.MINUTES));
        assertEquals(0, a.exitValue(), log(outSjf));
        assertEquals(0, b.exitValue(), log(outEasy));
        Set<Long> ids = JobsCsvFeasibility.jobIds(outSjf.resolve("jobs.csv"));
        assertEquals(400, ids.size(), "every job ended");
        JobsCsvFeasibility.assertFeasible(outSjf.resolve("jobs.csv"), Map.of("m1", 64), ids);
        assertTrue(!Files.readString(outSjf.resolve("jobs.csv")).equals(Files.readString(outEasy.resolve("jobs.csv"))),
                "shortest-first orders the queue otherwise than EASY's arrival order");
        assertTrue(Files.readString(outSjf.resolve("summary.json")).contains("\"policy\" : \"sjf-easy\""),
                "the summary names the plug-in's policy");
    }

    @Test
    void theExtensionsCommandListsThePluginsRolesAndWhereTheyComeFrom() throws Exception {
        Assumptions.assumeTrue(Files.isRegularFile(JAR) || System.getenv("GRIDMARKET_PLUGIN_REQUIRED") != null,
                "the example plug-in is not built (examples/plugin)");
        Path out = dir.resolve("list");
        Process p = run(JAR.toString(), out, "extensions");
        assertTrue(p.waitFor(2, TimeUnit.MINUTES));
        assertEquals(0, p.exitValue(), log(out));
        List<String> lines = log(out).lines().toList();
        assertTrue(lines.stream().anyMatch(l -> l.trim().startsWith("sjf-easy ")
                && l.endsWith("(gridmarket-plugin-example.jar)")), log(out));
        assertTrue(lines.stream().anyMatch(l -> l.trim().startsWith("adaptive-price ")
                && l.endsWith("(gridmarket-plugin-example.jar)")), log(out));
        assertTrue(lines.stream().anyMatch(l -> l.trim().startsWith("formula ") && l.endsWith("(gridmarket)")));
    }

    @Test
    void aStrategyNoJarProvidesIsRefusedWithTheNamesKnown() throws Exception {
        Path exp = dir.resolve("e.yaml");
        Files.writeString(exp, Files.readString(ROOT.resolve("examples/plugin/experiment.yaml")));
        Path out = dir.resolve("none");
        Process p = run("", out, "validate", exp.toString());
        assertTrue(p.waitFor(2, TimeUnit.MINUTES));
        assertEquals(2, p.exitValue(), log(out));
        String message = log(out).strip();
        assertEquals(1, message.lines().count(), message);
        assertTrue(message.contains("e.yaml:12:"), message);
        assertTrue(message.contains("unknown owner strategy 'adaptive-price' (known: formula"), message);
    }

    @Test
    void aPluginPathThatIsNoJarIsRefusedInOneLine() throws Exception {
        Path out = dir.resolve("bad");
        Path exp = dir.resolve("e.yaml");
        Files.writeString(exp, Files.readString(ROOT.resolve("examples/plugin/experiment.yaml")));
        Process p = run(dir.resolve("missing.jar").toString(), out, "validate", exp.toString());
        assertTrue(p.waitFor(2, TimeUnit.MINUTES));
        assertEquals(2, p.exitValue(), log(out));
        assertTrue(log(out).strip().endsWith("missing.jar' is neither a jar nor a folder"), log(out));
    }
}
