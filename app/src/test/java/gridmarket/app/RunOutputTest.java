package gridmarket.app;

import gridmarket.market.language.DescriptionParser;
import gridmarket.market.language.ObjectKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What {@code run} prints: its result first, then every file it wrote, named, and figures counted as figures. */
class RunOutputTest {
    @TempDir
    Path dir;

    /** The small market of the GUI example: 300 jobs on m128, a few seconds. */
    private static Path marketSmall() {
        Path e = Path.of("").toAbsolutePath();
        while (!Files.exists(e.resolve("examples/gui/market-small.yaml"))) {
            e = e.getParent();
        }
        return e.resolve("examples/gui/market-small.yaml");
    }

    @Test
    void resultFirstThenEveryFileWrittenByName() throws Exception {
        Path out = dir.resolve("out");
        Cli r = Cli.run("run", marketSmall().toString(), "--out", out.toString(), "--offers");
        assertEquals(0, r.exit(), r.err());
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.get(0).matches("gui-market-small: 300 jobs, \\d+ completed, \\d+ rejected"), r.out());
        assertTrue(lines.get(1).startsWith("  AWRT "), r.out());
        assertTrue(lines.get(2).startsWith("  simulated in "), r.out());
        assertEquals("written into " + out + ":", lines.get(3));
        assertEquals("  jobs.csv, schedule.swf, prices.csv, summary.json, experiment.yaml", lines.get(4));
        assertEquals("  charts/: 5 figures, each as PNG and SVG: backlog, machines, gantt-m1, distribution, prices",
                lines.get(5));
        int offers = new DescriptionParser().parse(out.resolve("offers.offer"), ObjectKind.OFFER).objects().size();
        assertTrue(offers > 0);
        assertEquals(String.format("  offers.offer: %,d accepted offers, one per traded job", offers), lines.get(6));
        assertEquals(7, lines.size(), r.out());

        // every file in the folder is named: the data files and offers by name, each figure in each format
        Set<String> named = new TreeSet<>(List.of(lines.get(4).trim().split(", ")));
        named.add("offers.offer");
        for (String figure : lines.get(5).substring(lines.get(5).indexOf(": ", 10) + 2).split(", ")) {
            named.add("charts/" + figure + ".png");
            named.add("charts/" + figure + ".svg");
        }
        assertEquals(named, files(out));
    }

    @Test
    void noFileOfAnEarlierRunIsLeftInTheFolder() throws Exception {
        Path out = dir.resolve("out");
        assertEquals(0, Cli.run("run", marketSmall().toString(), "--out", out.toString(), "--all-offers").exit());
        assertTrue(Files.isRegularFile(out.resolve("offers.offer")));
        assertTrue(Files.isDirectory(out.resolve("charts")));

        Cli r = Cli.run("run", marketSmall().toString(), "--out", out.toString(), "--no-charts");
        assertEquals(0, r.exit(), r.err());
        assertEquals(Set.of("jobs.csv", "schedule.swf", "prices.csv", "summary.json", "experiment.yaml"), files(out));
        assertFalse(r.out().contains("offers.offer"), r.out());
        assertFalse(r.out().contains("charts"), r.out());
    }

    @Test
    void everyOfferIsCountedAsSuch() throws Exception {
        Path out = dir.resolve("out");
        Cli r = Cli.run("run", marketSmall().toString(), "--out", out.toString(), "--no-charts", "--all-offers");
        assertEquals(0, r.exit(), r.err());
        int offers = new DescriptionParser().parse(out.resolve("offers.offer"), ObjectKind.OFFER).objects().size();
        assertTrue(r.out().endsWith(String.format("  offers.offer: %,d offers, every offer of every market round%n",
                offers)), r.out());
    }

    /** The files under {@code dir}, as paths relative to it with forward slashes. */
    private static Set<String> files(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            List<Path> regular = new ArrayList<>(s.filter(Files::isRegularFile).toList());
            return regular.stream().map(p -> dir.relativize(p).toString().replace('\\', '/'))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }
}
