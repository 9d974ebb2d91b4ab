package gridmarket.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import gridmarket.agents.SharedData;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every example experiment and sweep under {@code examples/}, run twice with its own seed into two folders, once
 * here and once in a JVM of its own, writes the same files byte for byte, charts included, apart from the wall-time
 * and memory measures of {@code summary.json}'s {@code performance} block (and the same columns of a sweep's {@code
 * results.csv}). The examples are found by walking the folder, so a new one is covered unless {@link #SLOW} names it
 * with its reason (docs/TESTING.md lists them). The plug-in's examples need its jar and are {@link
 * PluginExampleTest}'s.
 */
class ExamplesReproduceTest {
    private static final Path EXAMPLES = Path.of("..", "examples").toAbsolutePath().normalize();

    /**
     * The examples left out, each too slow to run twice in a test (times of one run on 2 cores), with what else
     * covers its code. The X1-X6 sweeps are the thesis' and papers' experiments of tens to hundreds of runs.
     */
    static final Map<String, String> SLOW = new TreeMap<>(Map.ofEntries(
            Map.entry("market/m128-mf1-uf1.yaml", "the market on the CTC 10-20k extract, m128: 5 s and 0.8 GB a run; "
                    + "gui/market-small.yaml and x7-heterogeneous/experiment.yaml run the market"),
            Map.entry("x3/base.yaml", "the market on the CTC 10-20k extract, m128, co-allocating: 5 s and 0.8 GB a "
                    + "run; as market/m128-mf1-uf1.yaml"),
            Map.entry("x7-heterogeneous/all-cheap.yaml", "7 s a run; x7-heterogeneous/experiment.yaml runs the same "
                    + "grid with both of its populations"),
            Map.entry("x7-heterogeneous/all-fast.yaml", "2-3 s a run; x7-heterogeneous/experiment.yaml runs the "
                    + "same grid with both of its populations"),
            Map.entry("x1/base.yaml", "the whole CTC trace, 77,000 jobs of EASY on 256 nodes: 3 s a run; "
                    + "lublin-easy.yaml runs the same policy on 10,000 jobs"),
            Map.entry("x1/classic.yaml", "12 runs over the whole CTC trace and a 50,000-job workload"),
            Map.entry("x1/orders.yaml", "54 runs over the whole CTC trace and a 50,000-job workload"),
            Map.entry("x1/randomized.yaml", "9 runs of 50,000 jobs at an offered load of about 6: 2 minutes"),
            Map.entry("x1/randomized-weighted.yaml", "6 runs of 50,000 jobs at an offered load of about 6: a minute"),
            Map.entry("x1/randomized-conservative.yaml", "4 runs of 10-20 hours each"),
            Map.entry("x1/randomized-conservative-weighted.yaml", "3 runs of 10-20 hours each"),
            Map.entry("x2/jobsharing.yaml", "56 runs"),
            Map.entry("x2/local.yaml", "56 runs"),
            Map.entry("x2/multisite.yaml", "728 runs"),
            Map.entry("x2/multisite-m128.yaml", "52 runs"),
            Map.entry("x3/easy.yaml", "32 runs"),
            Map.entry("x3/easy-exact.yaml", "16 runs"),
            Map.entry("x3/market.yaml", "480 market runs: 10 minutes"),
            Map.entry("x3/market-syn.yaml", "60 market runs: a few minutes"),
            Map.entry("x3/mf1uf1.yaml", "48 market runs"),
            Map.entry("x3/mf1uf1-exact.yaml", "16 market runs"),
            Map.entry("x3/multisite.yaml", "16 runs"),
            Map.entry("x3/routing.yaml", "16 market runs"),
            Map.entry("x3/offer-search.yaml", "12 market runs of 5 s or more"),
            Map.entry("x4/grid-full.yaml", "4,675 PFCFS runs over the CTC months"),
            Map.entry("x4/grid.yaml", "198 PFCFS runs over the CTC months"),
            Map.entry("x4/instruction-c.yaml", "33 runs over the CTC months"),
            Map.entry("x4/instruction-c256.yaml", "33 runs over the CTC months"),
            Map.entry("x4/presets.yaml", "55 runs over the CTC months"),
            Map.entry("x4/presets256.yaml", "44 runs over the CTC months"),
            Map.entry("x5/cenju3.yaml", "720 runs"),
            Map.entry("x5/cenju3-waitlimit.yaml", "480 runs"),
            Map.entry("x5/fpfs-waitlimits.yaml", "600 runs"),
            Map.entry("x5/uniform.yaml", "720 runs"),
            Map.entry("x5/uniform-waitlimit.yaml", "480 runs"),
            Map.entry("x6/x6.yaml", "150 fork-join runs of 10 replications"),
            Map.entry("x8-mechanisms/base.yaml", "the market on the CTC 10-20k extract, m128, co-allocating, with "
                    + "values: 5 s a run; as x3/base.yaml"),
            Map.entry("x8-mechanisms/market.yaml", "208 market runs: over 10 minutes"),
            Map.entry("x8-mechanisms/baselines.yaml", "32 runs"),
            Map.entry("x9-faults/base.yaml", "the market on the CTC 10-20k extract, m128, co-allocating: 5 s a run; "
                    + "as x3/base.yaml"),
            Map.entry("x9-faults/local-market.yaml", "18 market runs; LocalLoadRunTest runs the market and "
                    + "job-sharing beside local jobs"),
            Map.entry("x9-faults/local-baselines.yaml", "12 runs"),
            Map.entry("x9-faults/failures-market.yaml", "12 market runs under failures; examples/failures and "
                    + "FailureRunTest run failures"),
            Map.entry("x9-faults/failures-baselines.yaml", "8 runs"),
            Map.entry("x9-faults/outages.yaml", "12 market runs; examples/outages runs an outage"),
            Map.entry("x9-faults/maintenance-market.yaml", "6 market runs of 2-8 s under maintenance; "
                    + "examples/failures and MarketFailuresTest run maintenance windows"),
            Map.entry("x9-faults/maintenance-baselines.yaml", "2 runs of 10,000 jobs; examples/failures runs "
                    + "maintenance under conservative backfilling"),
            Map.entry("x9-faults/site-failures-market.yaml", "6 market runs of 3-18 s under failures; "
                    + "examples/failures and FailureRunTest run failures"),
            Map.entry("x9-faults/site-failures-baselines.yaml", "4 runs of 10,000 jobs")));

    /**
     * Sweeps of which one shard runs here (the sweep's own {@code --shard}: some of its runs, each as the example
     * has it), for a model no faster example has.
     */
    static final Map<String, String> ONE_SHARD = Map.of("x6/estimation.yaml", "1/16");

    /**
     * The fields of {@code summary.json}'s {@code performance} block that measure the machine, not the run: wall
     * times, their rate and the heap. Its {@code events} (the schedule's count) is compared like every other field.
     */
    private static final List<String> MEASURES = List.of("loadSeconds", "simulationSeconds", "eventsPerSecond",
            "peakHeapBytes");
    private static final Pattern PERFORMANCE = Pattern.compile("\"performance\"\\s*:\\s*\\{[^{}]*}");

    @TempDir
    Path dir;

    /** Experiment and sweep files under examples/, the plug-in's apart, as paths relative to examples/. */
    static Stream<String> examples() throws IOException {
        try (Stream<Path> files = Files.walk(EXAMPLES)) {
            List<String> found = files.filter(Files::isRegularFile)
                    .map(f -> EXAMPLES.relativize(f).toString().replace('\\', '/'))
                    .filter(f -> f.endsWith(".yaml") || f.endsWith(".yml") || f.endsWith(".json"))
                    .filter(f -> !f.startsWith("plugin/"))
                    .sorted().toList();
            return found.stream();
        }
    }

    /** The second run of each example, made by a JVM of its own beside this one's first runs. */
    private static Process secondRuns;
    private static Path secondRoot;

    /**
     * Starts the second runs of every example that runs here, in another JVM: a result that depended on something
     * that is the same in one JVM but not in the next (an identity hash code's order, a cache) differs there.
     */
    @BeforeAll
    static void startSecondRuns(@TempDir Path root) throws IOException {
        secondRoot = root;
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-Xmx1g", "-Djava.awt.headless=true", "-cp",
                System.getProperty("java.class.path"), SecondRuns.class.getName(), root.toString()));
        command.addAll(examples().filter(e -> !SLOW.containsKey(e)).toList());
        secondRuns = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(root.resolve("second-runs.log").toFile()).start();
    }

    @AfterAll
    static void stopSecondRuns() {
        if (secondRuns != null) {
            secondRuns.destroyForcibly();
        }
    }

    /** The command line of an example's run: a sweep's runs on two threads, so that the order they end in varies. */
    private static String[] command(Path file, Path out) throws IOException {
        if (!isSweep(file)) {
            return new String[] {"run", file.toString(), "--out", out.toString()};
        }
        String shard = ONE_SHARD.get(EXAMPLES.relativize(file).toString().replace('\\', '/'));
        return shard == null ? new String[] {"sweep", file.toString(), "--out", out.toString(), "--threads", "2"}
                : new String[] {"sweep", file.toString(), "--out", out.toString(), "--threads", "2", "--shard", shard};
    }

    /**
     * The other JVM: runs each example its arguments name after the results root into a folder of that name under
     * the root, and writes how each ended beside it ({@code EXAMPLE.exit}, the path's slashes as underscores).
     */
    static final class SecondRuns {
        public static void main(String[] args) throws IOException {
            Path root = Path.of(args[0]);
            for (String example : Arrays.copyOfRange(args, 1, args.length)) {
                Path out = root.resolve(example);
                int exit = Main.execute(command(EXAMPLES.resolve(example), out));
                // written whole and then moved: the waiting side reads it as soon as it exists
                Path done = root.resolve(example.replace('/', '_') + ".exit");
                Path part = Files.writeString(done.resolveSibling(done.getFileName() + ".part"),
                        Integer.toString(exit));
                Files.move(part, done, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void runsTwiceIntoTheSameBytes(String example) throws Exception {
        Assumptions.assumeFalse(SLOW.containsKey(example), () -> "too slow to run twice: " + SLOW.get(example));
        Path file = EXAMPLES.resolve(example);
        if (Files.readString(file).contains("shared/")) {
            SharedData.root(); // skips without the shared traces; fails where CI requires them
        }
        Path first = dir.resolve("first");
        Cli r = Cli.run(command(file, first));
        assertEquals(0, r.exit(), example + ": " + r.err());
        Path exit = secondRoot.resolve(example.replace('/', '_') + ".exit");
        for (long waited = 0; !Files.exists(exit) && secondRuns.isAlive() && waited < 600_000; waited += 50) {
            Thread.sleep(50);
        }
        assertTrue(Files.exists(exit), "the other JVM's run of " + example + " ended: "
                + Files.readString(secondRoot.resolve("second-runs.log")));
        assertEquals("0", Files.readString(exit), example + " in the other JVM: "
                + Files.readString(secondRoot.resolve("second-runs.log")));
        assertSameFiles(first, secondRoot.resolve(example));
    }

    @Test
    void everyExampleLeftOutExists() throws IOException {
        Set<String> examples = Set.copyOf(examples().toList());
        for (String slow : SLOW.keySet()) {
            assertTrue(examples.contains(slow), slow + " is listed as slow but is no example");
        }
        for (String sharded : ONE_SHARD.keySet()) {
            assertTrue(examples.contains(sharded) && isSweep(EXAMPLES.resolve(sharded)), sharded + " is no sweep");
        }
        assertTrue(examples.size() > SLOW.size() + 10, "most examples run: " + examples.size() + " found");
    }

    @Test
    void aSummaryDifferingOnlyInItsMeasuresIsTheSameAndOneDifferingInEventsIsNot() {
        String a = "{\n  \"metrics\" : {\"awrt\" : 1.5},\n  \"performance\" : {\n    \"loadSeconds\" : 0.2,\n"
                + "    \"simulationSeconds\" : 1.25,\n    \"events\" : 40,\n    \"eventsPerSecond\" : 32,\n"
                + "    \"peakHeapBytes\" : 1000\n  }\n}\n";
        String b = a.replace("0.2", "0.31").replace("1.25", "9.5").replace(": 32", ": 4").replace("1000", "77");
        assertEquals(withoutMeasures(a, "summary.json"), withoutMeasures(b, "summary.json"));
        assertFalse(withoutMeasures(a, "s").equals(withoutMeasures(a.replace("40", "41"), "s")));
        assertFalse(withoutMeasures(a, "s").equals(withoutMeasures(a.replace("1.5", "1.25"), "s")));
    }

    /** A sweep file is a mapping with a top-level {@code vary} key (as {@code validate} tells them apart). */
    private static boolean isSweep(Path file) throws IOException {
        ObjectMapper m = file.toString().endsWith(".json") ? new ObjectMapper() : new ObjectMapper(new YAMLFactory());
        JsonNode tree = m.readTree(file.toFile());
        return tree != null && tree.isObject() && tree.has("vary");
    }

    private static List<String> files(Path root) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            return all.filter(Files::isRegularFile).map(f -> root.relativize(f).toString()).sorted().toList();
        }
    }

    private static void assertSameFiles(Path first, Path second) throws IOException {
        List<String> files = files(first);
        assertEquals(files, files(second), "the files written");
        assertTrue(files.contains("summary.json") || files.contains("results.csv"), files.toString());
        for (String f : files) {
            byte[] a = Files.readAllBytes(first.resolve(f));
            byte[] b = Files.readAllBytes(second.resolve(f));
            String name = Path.of(f).getFileName().toString();
            if (name.equals("summary.json")) {
                assertEquals(withoutMeasures(text(a), f), withoutMeasures(text(b), f), f);
            } else if (name.equals("results.csv")) {
                assertSameTable(first.resolve(f), second.resolve(f), f);
            } else if (!Arrays.equals(a, b)) {
                fail(f + " differs from byte " + Arrays.mismatch(a, b) + " (" + a.length + " and " + b.length
                        + " bytes)");
            }
        }
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** The summary's text with the values of the performance block's {@link #MEASURES} blanked, all else kept. */
    private static String withoutMeasures(String summary, String file) {
        Matcher block = PERFORMANCE.matcher(summary);
        if (!block.find()) {
            return summary;
        }
        String performance = block.group();
        String before = summary.substring(0, block.start());
        String after = summary.substring(block.end());
        assertFalse(block.find(), file + " has two performance blocks");
        for (String measure : MEASURES) {
            performance = performance.replaceAll("(\"" + measure + "\"\\s*:\\s*)[-+0-9.eE]+", "$1*");
        }
        return before + performance + after;
    }

    /** A sweep's table: the same header and cells, the performance measures' columns apart, in the same order. */
    private static void assertSameTable(Path first, Path second, String file) {
        CsvRows a = CsvRows.read(first);
        CsvRows b = CsvRows.read(second);
        assertEquals(a.header(), b.header(), file);
        assertEquals(a.rows().size(), b.rows().size(), file);
        List<String> compared = new ArrayList<>(a.header());
        compared.removeIf(c -> MEASURES.stream().anyMatch(m -> c.equals("performance." + m)));
        for (int r = 0; r < a.rows().size(); r++) {
            for (String column : compared) {
                assertEquals(a.rows().get(r).get(column), b.rows().get(r).get(column),
                        file + " row " + (r + 1) + " column " + column);
            }
        }
    }
}
