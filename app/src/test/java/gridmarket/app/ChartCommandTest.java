package gridmarket.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code gridmarket chart}, and the charts {@code run} and {@code sweep} draw next to their results. */
class ChartCommandTest {
    private static final String RESULTS = "run,strategy,configuration,experiment,awrt,awwt\n"
            + "a,local,m1,t,100.5,50\nb,jobsharing,m1,t,90,40\nc,local,m2,t,80,30\nd,jobsharing,m2,t,70,20\n";

    @TempDir
    Path dir;

    private static Set<String> names(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).collect(TreeSet::new, Set::add, Set::addAll);
        }
    }

    private static void assertOneLineError(Cli r, String... fragments) {
        assertEquals(2, r.exit(), r.err());
        String err = r.err().strip();
        assertFalse(err.contains("\n"), "one line: " + err);
        assertFalse(err.contains("Exception"), "no stack trace or exception name: " + err);
        for (String f : fragments) {
            assertTrue(err.contains(f), "'" + f + "' in: " + err);
        }
    }

    /** A message names the options the user gave; of a default, it names the column looked for instead. */
    @Test
    void aDefaultColumnMissingIsNamedAsTheDefaultNotAsAnOption() throws IOException {
        Path csv = Files.writeString(dir.resolve("r.csv"), "run,experiment,configuration,awrt\n1,t,m64,5\n");
        Cli r = Cli.run("chart", "overhead", csv.toString());
        assertOneLineError(r, "r.csv: no column 'multisite.overhead' (the overhead chart's default x axis");
        assertFalse(r.err().contains("--x:"), r.err());
        r = Cli.run("chart", "overhead", csv.toString(), "--x", "load");
        assertOneLineError(r, "--x: no column 'load' in ");
    }

    @Test
    void drawsAKindFromAResultsTableAsPngAndSvg() throws IOException {
        Path csv = Files.writeString(dir.resolve("results.csv"), RESULTS);
        Cli r = Cli.run("chart", "strategies", csv.toString(), "--baseline", "configuration=m2");
        assertEquals(0, r.exit(), r.err());
        Path charts = dir.resolve("charts");
        assertEquals(Set.of("strategies-awrt-vs-configuration=m2.png", "strategies-awrt-vs-configuration=m2.svg"),
                names(charts), "by default next to the results");
        assertTrue(r.out().contains("wrote " + charts.resolve("strategies-awrt-vs-configuration=m2.png")), r.out());
        BufferedImage png = ImageIO.read(charts.resolve("strategies-awrt-vs-configuration=m2.png").toFile());
        assertEquals(1200, png.getWidth());
        assertEquals(800, png.getHeight());

        Path out = dir.resolve("figs");
        r = Cli.run("chart", "configurations", csv.toString(), "--out", out.toString(), "--format", "svg",
                "--size", "1000x600", "--title", "My experiment", "--where", "strategy=local",
                "--x-label", "grid of the run", "--y-label", "time (s)");
        assertEquals(0, r.exit(), r.err());
        assertEquals(Set.of("configurations-awrt,awwt-where-strategy=local.svg"), names(out), "filters in the name");
        String svg = Files.readString(out.resolve("configurations-awrt,awwt-where-strategy=local.svg"));
        assertTrue(svg.contains("width='1000' height='600'"), svg.substring(0, 300));
        assertTrue(svg.contains(">My experiment<"));
        assertTrue(svg.contains(">AWWT<"));
        assertTrue(svg.contains(">grid of the run<") && svg.contains(">time (s)<"), "the axes' labels as given");
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws IOException {
        Path csv = Files.writeString(dir.resolve("results.csv"), RESULTS);
        assertOneLineError(Cli.run("chart", "pie", csv.toString()), "unknown chart kind 'pie'", "strategies");
        assertOneLineError(Cli.run("chart", "strategies", csv.toString(), "--metric", "art"), "results.csv",
                "no column 'art'");
        Path empty = Files.writeString(dir.resolve("empty.csv"), "run,strategy,configuration,experiment,awrt\n");
        assertOneLineError(Cli.run("chart", "strategies", empty.toString()), "empty.csv", "no runs");
        assertOneLineError(Cli.run("chart", "overhead", dir.resolve("nope.csv").toString()), "nope.csv",
                "no such file");
        assertOneLineError(Cli.run("chart", "strategies", csv.toString(), "--format", "gif"),
                "unknown format 'gif'");
        assertOneLineError(Cli.run("chart", "strategies", csv.toString(), "--size", "big"), "--size");
        assertOneLineError(Cli.run("chart", "gantt", csv.toString()), "gantt chart shows one run, but 4 match");
        assertOneLineError(Cli.run("chart", "machines", csv.toString(), "--x-label", "m"),
                "the machines chart does not take --x-label or --y-label");
        assertFalse(Files.exists(dir.resolve("charts")), "nothing written on bad input");
    }

    @Test
    void runDrawsItsChartsUnlessToldNot() throws IOException {
        Path base = SweepFixture.base(dir.resolve("exp"));
        Path out = dir.resolve("run");
        Cli r = Cli.run("run", base.toString(), "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals(Set.of("backlog.png", "backlog.svg", "gantt-m1.png", "gantt-m1.svg", "machines.png",
                "machines.svg"), names(out.resolve("charts")));
        assertTrue(r.out().contains("  charts/: 3 figures, each as PNG and SVG: backlog, machines, gantt-m1\n"),
                r.out());

        Path bare = dir.resolve("bare");
        assertEquals(0, Cli.run("run", base.toString(), "--out", bare.toString(), "--no-charts").exit());
        assertFalse(Files.exists(bare.resolve("charts")));

        r = Cli.run("chart", "gantt", out.toString(), "--machine", "m1", "--from", "0", "--to", "36000",
                "--out", dir.resolve("g").toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(Files.size(dir.resolve("g/gantt-m1.png")) > 5_000);
    }

    @Test
    void aMarketRunAlsoDrawsItsUtilityValuesAndPrices() throws IOException {
        Path base = SweepFixture.base(dir.resolve("exp"));
        Path market = dir.resolve("market.yaml");
        Files.writeString(market, Files.readString(base).replace("strategy: local",
                "strategy: market\nmarket: {mf: MF1, uf: UF2}"));
        Path out = dir.resolve("m");
        Cli r = Cli.run("run", market.toString(), "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(names(out.resolve("charts")).containsAll(Set.of("distribution.png", "distribution.svg")),
                names(out.resolve("charts")).toString());
        assertTrue(Files.readString(out.resolve("charts/distribution.svg")).contains(">price paid (JobCost)<"));
    }

    @Test
    void sweepDrawsTheChartsOfItsResultsTable() throws IOException {
        Path out = dir.resolve("sweep");
        Cli r = Cli.run("sweep", SweepFixture.policiesBySeeds(dir).toString(), "--out", out.toString(),
                "--threads", "2");
        assertEquals(0, r.exit(), r.err());
        assertEquals("", r.err());
        Set<String> charts = names(out.resolve("charts"));
        assertTrue(charts.contains("strategies-awrt-seed=1.png"), charts.toString());
        assertTrue(charts.contains("configurations-awrt,awwt-seed=2.svg"), charts.toString());
        assertTrue(charts.contains("machines.png"), charts.toString());
        assertFalse(charts.stream().anyMatch(c -> c.startsWith("overhead")), "no overhead varies");
        for (String name : names(out.resolve("runs"))) {
            assertFalse(Files.exists(out.resolve("runs").resolve(name).resolve("charts")),
                    "a sweep draws no per-run charts");
        }
        Path bare = dir.resolve("bare");
        assertEquals(0, Cli.run("sweep", SweepFixture.policiesBySeeds(dir).toString(), "--out", bare.toString(),
                "--no-charts").exit());
        assertFalse(Files.exists(bare.resolve("charts")));
    }
}
