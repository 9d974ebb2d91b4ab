package gridmarket.config;

import gridmarket.sim.failure.Distribution;
import gridmarket.sim.failure.DomainOutage;
import gridmarket.sim.failure.OutageWindow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The failure block's inputs as they are read: a failure trace (or maintenance schedule) file line by line, each
 * refusal naming file, line, field and value; a failure model's distributions and node count.
 */
class FailureInputTest {
    /** Two machines: m1 (index 0, 8 nodes), m2 (index 1, 4 nodes). */
    private static final Map<String, int[]> GRID = Map.of("m1", new int[] {0, 8}, "m2", new int[] {1, 4});
    private static final long FIRST = 100;
    private static final long LAST = 10_000;

    @TempDir
    Path dir;

    private Path file(String text) throws IOException {
        Path f = dir.resolve("failures.csv");
        Files.writeString(f, text);
        return f;
    }

    private List<OutageWindow> read(String text) throws IOException {
        return FailureTrace.read(file(text), GRID, FIRST, LAST);
    }

    private String refused(String text) throws IOException {
        Path f = file(text);
        return assertThrows(ConfigException.class, () -> FailureTrace.read(f, GRID, FIRST, LAST)).getMessage()
                .replace(f.toString(), "F");
    }

    @Test
    void windowsAreReadWithCommentsBlankLinesAndAll() throws IOException {
        List<OutageWindow> w = read("# planned\n\nmachine, nodes, start, end\nm1,all,0,101\n m2 , 3 , 9999 , 20000 \n"
                + "m2,4,50,60000\n");
        assertEquals(List.of(new OutageWindow(0, 8, 0, 101), new OutageWindow(1, 3, 9999, 20000),
                new OutageWindow(1, 4, 50, 60000)), w);
        assertEquals(List.of(), read("machine,nodes,start,end\n"));
    }

    @Test
    void everyBadLineIsNamedWithItsFieldAndValue() throws IOException {
        String h = "machine,nodes,start,end\n";
        assertEquals("F:1: header: 'machine,start,end' must be machine,nodes,start,end",
                refused("machine,start,end\nm1,all,0,200\n"));
        assertEquals("F:1: header: missing, must be machine,nodes,start,end", refused("# nothing\n\n"));
        assertEquals("F:2: line: 'm1,all,0' needs 4 fields (machine,nodes,start,end), has 3", refused(h + "m1,all,0\n"));
        assertEquals("F:2: line: 'm1,all,0,5,6' needs 4 fields (machine,nodes,start,end), has 5",
                refused(h + "m1,all,0,5,6\n"));
        assertTrue(refused(h + "m9,all,0,200\n").startsWith("F:2: machine: 'm9' is not a machine of the grid"));
        assertEquals("F:2: nodes: '0' must be all or 1 to 4", refused(h + "m2,0,0,200\n"));
        assertEquals("F:2: nodes: '5' must be all or 1 to 4", refused(h + "m2,5,0,200\n"));
        assertEquals("F:3: nodes: 'some' is not a whole number of seconds", refused(h + "m2,4,0,200\nm1,some,0,200\n"));
        assertEquals("F:2: start: 'x' is not a whole number of seconds", refused(h + "m1,1,x,200\n"));
        assertEquals("F:2: end: '2.5' is not a whole number of seconds", refused(h + "m1,1,0,2.5\n"));
        assertEquals("F:2: start: '-1' is before the clock's 0", refused(h + "m1,1,-1,200\n"));
        assertEquals("F:2: end: '200' is not after start 200", refused(h + "m1,1,200,200\n"));
        assertEquals("F:2: end: '150' is not after start 200", refused(h + "m1,1,200,150\n"));
        assertEquals("F:2: start: '10000' window [10000, 10001) lies outside the run (jobs are submitted from 100 "
                + "to 10000)", refused(h + "m1,1,10000,10001\n"));
        assertEquals("F:2: start: '0' window [0, 100) lies outside the run (jobs are submitted from 100 to 10000)",
                refused(h + "m1,1,0,100\n"));
    }

    /** Two domains: s1 (index 0), s2 (index 1). */
    private static final Map<String, Integer> DOMAINS = Map.of("s1", 0, "s2", 1);

    private String outageRefused(String text) throws IOException {
        Path f = file(text);
        return assertThrows(ConfigException.class, () -> OutageTrace.read(f, DOMAINS, FIRST, LAST)).getMessage()
                .replace(f.toString(), "F");
    }

    @Test
    void domainOutagesAreReadWithCommentsAndBlankLines() throws IOException {
        assertEquals(List.of(new DomainOutage(1, 0, 101), new DomainOutage(0, 9999, 20000)),
                OutageTrace.read(file("# traders down\n\ndomain, start, end\ns2,0,101\n s1 , 9999 , 20000 \n"),
                        DOMAINS, FIRST, LAST));
    }

    @Test
    void everyBadOutageLineIsNamedWithItsFieldAndValue() throws IOException {
        String h = "domain,start,end\n";
        assertEquals("F:1: header: 'machine,nodes,start,end' must be domain,start,end",
                outageRefused("machine,nodes,start,end\ns1,0,200\n"));
        assertEquals("F:1: header: missing, must be domain,start,end", outageRefused("# nothing\n"));
        assertEquals("F:2: line: 's1,all,0,5' needs 3 fields (domain,start,end), has 4",
                outageRefused(h + "s1,all,0,5\n"));
        assertTrue(outageRefused(h + "s9,0,200\n").startsWith("F:2: domain: 's9' is not a domain of the grid"));
        assertEquals("F:3: start: 'soon' is not a whole number of seconds", outageRefused(h + "s1,0,200\ns2,soon,9\n"));
        assertEquals("F:2: start: '-1' is before the clock's 0", outageRefused(h + "s1,-1,200\n"));
        assertEquals("F:2: end: '200' is not after start 200", outageRefused(h + "s1,200,200\n"));
        assertEquals("F:2: end: '150' is not after start 200", outageRefused(h + "s2,200,150\n"));
        assertEquals("F:2: start: '10000' outage [10000, 10001) lies outside the run (jobs are submitted from 100 "
                + "to 10000)", outageRefused(h + "s1,10000,10001\n"));
        assertEquals("F:2: start: '0' outage [0, 100) lies outside the run (jobs are submitted from 100 to 10000)",
                outageRefused(h + "s1,0,100\n"));
    }

    @Test
    void aFolderOrAMissingFileIsRefused() {
        ConfigException missing = assertThrows(ConfigException.class,
                () -> FailureTrace.read(dir.resolve("none.csv"), GRID, FIRST, LAST));
        assertTrue(missing.getMessage().startsWith(dir.resolve("none.csv") + ": cannot read the failure trace"),
                missing.getMessage());
    }

    @Test
    void distributionsTakeTheirOwnKeysAndPositiveValues() {
        DistributionSpec exp = new DistributionSpec();
        exp.setMean(3600.0);
        assertEquals(Distribution.exponential(3600), exp.toDistribution("between"));
        assertEquals("exponential", exp.getDistribution());
        exp.setShape(2.0);
        assertEquals("between: an exponential distribution takes mean (seconds) alone",
                assertThrows(ConfigException.class, () -> exp.toDistribution("between")).getMessage());

        DistributionSpec weibull = new DistributionSpec();
        weibull.setDistribution("weibull");
        weibull.setScale(7200.0);
        assertEquals("repair: a weibull distribution takes scale (seconds) and shape",
                assertThrows(ConfigException.class, () -> weibull.toDistribution("repair")).getMessage());
        weibull.setShape(0.7);
        assertEquals(Distribution.weibull(7200, 0.7), weibull.toDistribution("repair"));
        assertEquals(7200.0, weibull.getScale());
        assertEquals(0.7, weibull.getShape());
        weibull.setMean(10.0);
        assertThrows(ConfigException.class, () -> weibull.toDistribution("repair"));

        DistributionSpec none = new DistributionSpec();
        assertThrows(ConfigException.class, () -> none.toDistribution("between"));
        assertEquals("distribution must be exponential or weibull, got 'normal'",
                assertThrows(IllegalArgumentException.class, () -> none.setDistribution("normal")).getMessage());
        for (Double bad : new Double[] {0.0, -1.0, Double.NaN, null, SettingsSchema.MAX_SECONDS + 1.0}) {
            assertThrows(IllegalArgumentException.class, () -> none.setMean(bad), String.valueOf(bad));
            assertThrows(IllegalArgumentException.class, () -> none.setScale(bad), String.valueOf(bad));
            assertThrows(IllegalArgumentException.class, () -> none.setShape(bad), String.valueOf(bad));
        }
        none.setMean((double) SettingsSchema.MAX_SECONDS);
        assertEquals(SettingsSchema.MAX_SECONDS, none.getMean());
    }

    @Test
    void aModelFailsAllNodesOrACountCappedByTheMachine() {
        FailureModelSpec m = new FailureModelSpec();
        assertEquals("all", m.getNodes());
        assertEquals(16, m.nodesOn(16));
        m.setNodes(4);
        assertEquals(4, m.getNodes());
        assertEquals(4, m.nodesOn(16));
        assertEquals(2, m.nodesOn(2));
        m.setNodes(1);
        assertEquals(1, m.nodesOn(16));
        m.setNodes("all");
        assertEquals(16, m.nodesOn(16));
        for (Object bad : new Object[] {0, -3, "some", 2.5}) {
            assertThrows(IllegalArgumentException.class, () -> m.setNodes(bad), String.valueOf(bad));
        }
    }
}
