package gridmarket.sim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gridmarket.sim.workload.TraceShaper.Shape;
import gridmarket.sim.workload.TraceShaper.Split;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class TraceShaperTest {

    private static final List<Integer> ONE_SITE = List.of(512);

    /** Jobs {@code {id, submit, nodes, runTime}} in the given order; estimate is twice the run time. */
    private static Workload workload(Map<DropReason, Integer> drops, long[]... rows) {
        List<Job> jobs = new ArrayList<>();
        for (long[] r : rows) {
            jobs.add(new Job(r[0], jobs.size(), r[1], r[3], 2 * r[3], (int) r[2], 7, 1, 2 * r[3]));
        }
        return new Workload("t.swf", List.of("Version: 2.2"), jobs, drops);
    }

    private static Workload workload(long[]... rows) {
        return workload(Map.of(), rows);
    }

    private static Shape split(Split split, int splitSize) {
        return new Shape(null, null, null, false, split, splitSize);
    }

    private static long area(List<Job> jobs) {
        return jobs.stream().mapToLong(j -> (long) j.nodes() * j.runTime()).sum();
    }

    private static List<Long> ids(Workload w) {
        return w.jobs().stream().map(Job::id).toList();
    }

    private static List<Integer> nodes(Workload w) {
        return w.jobs().stream().map(Job::nodes).toList();
    }

    @Test
    void rangeSelectsJobsByIndexNotById() {
        long[][] rows = new long[10][];
        for (int i = 0; i < 10; i++) {
            rows[i] = new long[] {100 + i, 10L * i, 4, 50};
        }
        Workload w = workload(rows);

        Workload mid = TraceShaper.shape(w, new Shape(3, 7, null, false, Split.NONE, 0), ONE_SITE);
        assertEquals(List.of(103L, 104L, 105L, 106L), ids(mid));
        assertEquals(List.of(30L, 40L, 50L, 60L), mid.jobs().stream().map(Job::submit).toList());

        assertEquals(List.of(108L, 109L), ids(TraceShaper.shape(w, new Shape(8, null, null, false, Split.NONE, 0),
                ONE_SITE)));
        assertEquals(List.of(100L, 101L), ids(TraceShaper.shape(w, new Shape(null, 2, null, false, Split.NONE, 0),
                ONE_SITE)));
        assertEquals(List.of(109L), ids(TraceShaper.shape(w, new Shape(9, 20000, null, false, Split.NONE, 0),
                ONE_SITE)));
        assertEquals(List.of(), ids(TraceShaper.shape(w, new Shape(4, 4, null, false, Split.NONE, 0), ONE_SITE)));
    }

    @Test
    void jobsWiderThanMaxNodesAreDroppedAndCountedNextToTheReadersDrops() {
        Map<DropReason, Integer> readDrops = new EnumMap<>(DropReason.class);
        readDrops.put(DropReason.BAD_LINE, 2);
        Workload w = workload(readDrops, new long[] {1, 0, 4, 10}, new long[] {2, 1, 65, 10},
                new long[] {3, 2, 64, 10}, new long[] {4, 3, 200, 10}, new long[] {5, 4, 300, 10});

        Workload s = TraceShaper.shape(w, new Shape(null, 4, 64, false, Split.NONE, 0), ONE_SITE);

        assertEquals(List.of(1L, 3L), ids(s));
        assertEquals(2, s.drops().get(DropReason.WIDER_THAN_LIMIT));
        assertEquals(2, s.drops().get(DropReason.BAD_LINE));
        assertEquals(0, s.drops().get(DropReason.NON_POSITIVE_RUN_TIME));
        assertEquals(0, TraceShaper.shape(w, split(Split.NONE, 0), ONE_SITE).drops()
                .get(DropReason.WIDER_THAN_LIMIT));
    }

    @Test
    void shiftStartsAtTheFirstKeptJobAndKeepsGaps() {
        Workload w = workload(new long[] {1, 400, 4, 10}, new long[] {2, 500, 100, 10}, new long[] {3, 520, 8, 10},
                new long[] {4, 600, 8, 10}, new long[] {5, 601, 8, 10});

        Workload s = TraceShaper.shape(w, new Shape(1, null, 64, true, Split.NONE, 0), ONE_SITE);

        assertEquals(List.of(3L, 4L, 5L), ids(s));
        assertEquals(List.of(0L, 80L, 81L), s.jobs().stream().map(Job::submit).toList());
        assertEquals(List.of(400L, 500L, 520L, 600L, 601L),
                TraceShaper.shape(w, split(Split.NONE, 0), ONE_SITE).jobs().stream().map(Job::submit).toList());
    }

    @Test
    void keptJobsGoToThreeSitesRoundRobinAndPartsShareTheirJobsSite() {
        Workload w = workload(new long[] {1, 0, 4, 10}, new long[] {2, 1, 4, 10}, new long[] {3, 2, 999, 10},
                new long[] {4, 3, 4, 10}, new long[] {5, 4, 100, 10}, new long[] {6, 5, 4, 10},
                new long[] {7, 6, 4, 10}, new long[] {8, 7, 4, 10});

        Workload s = TraceShaper.shape(w, new Shape(null, null, 512, false, Split.FIXED, 64),
                List.of(64, 64, 64));

        // Job 3 is dropped, so job 4 is the third kept job and goes to site 2.
        assertEquals(List.of(1L, 2L, 4L, 5L, 5L, 6L, 7L, 8L), ids(s));
        assertEquals(List.of(0, 1, 2, 0, 0, 1, 2, 0), s.jobs().stream().map(Job::site).toList());
    }

    @Test
    void localSplitUsesTheOriginSitesMachine() {
        Workload w = workload(new long[] {1, 0, 100, 10}, new long[] {2, 1, 100, 10}, new long[] {3, 2, 100, 10},
                new long[] {4, 3, 64, 10}, new long[] {5, 4, 33, 10}, new long[] {6, 5, 8, 10});

        Workload s = TraceShaper.shape(w, split(Split.LOCAL, 0), List.of(64, 32, 8));

        List<Integer> site2 = s.jobs().stream().filter(j -> j.id() == 3).map(Job::nodes).toList();
        List<Integer> expected = new ArrayList<>(Collections.nCopies(12, 8));
        expected.add(4);
        assertEquals(expected, site2);
        assertTrue(s.jobs().stream().filter(j -> j.id() == 3).allMatch(j -> j.site() == 2));
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13),
                s.jobs().stream().filter(j -> j.id() == 3).map(Job::part).toList());

        assertEquals(List.of(64, 36), s.jobs().stream().filter(j -> j.id() == 1).map(Job::nodes).toList());
        assertEquals(List.of(32, 32, 32, 4), s.jobs().stream().filter(j -> j.id() == 2).map(Job::nodes).toList());
        // Job 4 fits its site-0 machine exactly and stays whole; job 5 (site 1, 32 nodes) is one node too wide.
        assertEquals(List.of(0), s.jobs().stream().filter(j -> j.id() == 4).map(Job::part).toList());
        assertEquals(List.of(32, 1), s.jobs().stream().filter(j -> j.id() == 5).map(Job::nodes).toList());
        assertEquals(List.of(8), s.jobs().stream().filter(j -> j.id() == 6).map(Job::nodes).toList());
    }

    @Test
    void largestSplitUsesTheLargestMachineOfTheGridForEverySite() {
        Workload w = workload(new long[] {1, 0, 4, 10}, new long[] {2, 1, 4, 10}, new long[] {3, 2, 100, 10},
                new long[] {4, 3, 64, 10}, new long[] {5, 4, 200, 10});

        Workload s = TraceShaper.shape(w, split(Split.LARGEST, 0), List.of(32, 64, 8));

        assertEquals(List.of(4, 4, 64, 36, 64, 64, 64, 64, 8), nodes(s));
        assertEquals(List.of(0, 0, 1, 2, 0, 1, 2, 3, 4), s.jobs().stream().map(Job::part).toList());
        assertEquals(List.of(0, 1, 2, 2, 0, 1, 1, 1, 1), s.jobs().stream().map(Job::site).toList());
    }

    @Test
    void fixedSplitCutsTheWidestCtcJobIntoFivePartsOf64AndOneOf16() {
        Workload w = workload(new long[] {1, 0, 336, 1000}, new long[] {2, 5, 128, 10}, new long[] {3, 6, 64, 10},
                new long[] {4, 7, 65, 10});

        Workload s = TraceShaper.shape(w, split(Split.FIXED, 64), List.of(512, 512));

        assertEquals(List.of(64, 64, 64, 64, 64, 16, 64, 64, 64, 64, 1), nodes(s));
        assertEquals(List.of(1L, 1L, 1L, 1L, 1L, 1L, 2L, 2L, 3L, 4L, 4L), ids(s));
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 1, 2, 0, 1, 2), s.jobs().stream().map(Job::part).toList());
        Job original = w.jobs().get(0);
        for (Job p : s.jobs().subList(0, 6)) {
            assertEquals(original.submit(), p.submit());
            assertEquals(original.runTime(), p.runTime());
            assertEquals(original.estimate(), p.estimate());
            assertEquals(original.requestedTime(), p.requestedTime());
            assertEquals(original.user(), p.user());
            assertEquals(original.status(), p.status());
            assertEquals(0, p.site());
        }
    }

    @Test
    void noSplitLeavesJobsAsTheyAre() {
        Workload w = workload(new long[] {1, 0, 336, 1000}, new long[] {2, 5, 128, 10});

        Workload s = TraceShaper.shape(w, split(Split.NONE, 0), List.of(8));

        assertEquals(w.jobs(), s.jobs());
    }

    @Test
    void everySplitKeepsTheTotalArea() {
        Workload w = workload(new long[] {1, 0, 336, 1013}, new long[] {2, 3, 129, 77}, new long[] {3, 3, 17, 5},
                new long[] {4, 9, 255, 3601}, new long[] {5, 12, 1, 1}, new long[] {6, 12, 97, 44});
        long area = area(w.jobs());

        for (Split split : Split.values()) {
            Workload s = TraceShaper.shape(w, split(split, 48), List.of(64, 16, 8, 128));
            assertEquals(area, area(s.jobs()), split.name());
        }
        assertEquals(area, area(TraceShaper.shape(w, split(Split.FIXED, 1), ONE_SITE).jobs()));
    }

    @Test
    void partsStayAdjacentInPartOrderAmongJobsSubmittedAtTheSameTime() {
        Workload w = workload(new long[] {1, 10, 8, 10}, new long[] {2, 10, 150, 10}, new long[] {3, 10, 70, 10},
                new long[] {4, 11, 8, 10});

        Workload s = TraceShaper.shape(w, split(Split.FIXED, 64), ONE_SITE);

        List<String> seq = s.jobs().stream().map(j -> j.id() + "." + j.part()).toList();
        assertEquals(List.of("1.0", "2.1", "2.2", "2.3", "3.1", "3.2", "4.0"), seq);
    }

    @Test
    void unsortedInputComesOutInSubmitThenOriginalOrder() {
        List<Job> jobs = List.of(new Job(1, 0, 50, 10, 10, 100, 1, 1, 10), new Job(2, 1, 20, 10, 10, 4, 1, 1, 10),
                new Job(3, 2, 50, 10, 10, 4, 1, 1, 10));
        Workload w = new Workload("hand", List.of(), jobs, Map.of());

        Workload s = TraceShaper.shape(w, split(Split.FIXED, 64), ONE_SITE);

        assertEquals(List.of("2.0", "1.1", "1.2", "3.0"),
                s.jobs().stream().map(j -> j.id() + "." + j.part()).toList());
    }

    @Test
    void orderIsRenumberedFromZeroInTheFinalSequence() {
        Workload w = workload(new long[] {1, 0, 4, 10}, new long[] {2, 1, 200, 10}, new long[] {3, 2, 300, 10},
                new long[] {4, 3, 4, 10}, new long[] {5, 4, 130, 10});

        Workload s = TraceShaper.shape(w, new Shape(1, null, 256, false, Split.FIXED, 64), ONE_SITE);

        assertEquals(List.of(2L, 2L, 2L, 2L, 4L, 5L, 5L, 5L), ids(s));
        for (int i = 0; i < s.jobs().size(); i++) {
            assertEquals(i, s.jobs().get(i).order());
        }
    }

    @Test
    void headerAndSourceSayHowTheWorkloadWasShaped() {
        Workload w = workload(new long[] {1, 0, 4, 10}, new long[] {2, 1, 100, 10}, new long[] {3, 2, 4, 10});

        Workload s = TraceShaper.shape(w, new Shape(0, 2, 64, true, Split.FIXED, 32), List.of(64, 64));

        assertEquals("2.2", s.headerValue("Version"));
        assertEquals(2, s.header().size());
        String line = s.headerValue("Shaping");
        assertTrue(line.contains("jobs [0,2)") && line.contains("maxNodes 64") && line.contains("2 sites")
                && line.contains("split FIXED 32"), line);
        assertTrue(s.source().startsWith("t.swf") && s.source().contains("split FIXED 32"), s.source());
    }

    @Test
    void invalidParametersAreRejectedByNameAndValue() {
        Workload w = workload(new long[] {1, 0, 4, 10});
        expectRejected("from", "-1", () -> new Shape(-1, null, null, false, Split.NONE, 0));
        expectRejected("to", "3", () -> new Shape(5, 3, null, false, Split.NONE, 0));
        expectRejected("to", "-2", () -> new Shape(null, -2, null, false, Split.NONE, 0));
        expectRejected("maxNodes", "0", () -> new Shape(null, null, 0, false, Split.NONE, 0));
        expectRejected("splitSize", "0", () -> new Shape(null, null, null, false, Split.FIXED, 0));
        expectRejected("split", "null", () -> new Shape(null, null, null, false, null, 0));
        expectRejected("siteLargestMachine", "[]", () -> TraceShaper.shape(w, split(Split.NONE, 0), List.of()));
        expectRejected("siteLargestMachine[1]", "0",
                () -> TraceShaper.shape(w, split(Split.LOCAL, 0), List.of(64, 0)));
        // splitSize only matters for FIXED, so a LOCAL shape without one is valid.
        assertEquals(1, TraceShaper.shape(w, split(Split.LOCAL, 0), List.of(8)).jobs().size());
    }

    private static void expectRejected(String parameter, String value, Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().contains(parameter) && e.getMessage().contains(value), e.getMessage());
    }

    @Test
    void ctcExtract10To20kSplitTo64NodesKeepsItsJobsAndArea() {
        Path trace = SharedFolder.dir().resolve("data").resolve("traces").resolve("CTC-SP2-1996-3.1-cln.swf.gz");
        SharedFolder.require(Files.isRegularFile(trace), "CTC trace not found at " + trace);
        Workload ctc = new SwfReader().read(trace);
        SharedFolder.require(ctc.jobs().size() >= 20000, "CTC trace has fewer than 20000 jobs");
        List<Job> extract = ctc.jobs().subList(10000, 20000);
        assertTrue(extract.stream().anyMatch(j -> j.nodes() > 64), "the extract should contain wide jobs");

        Workload s = TraceShaper.shape(ctc, new Shape(10000, 20000, null, true, Split.FIXED, 64),
                List.of(128, 128, 128, 128));

        assertEquals(10000, s.jobs().stream().filter(j -> j.part() <= 1).count());
        assertTrue(s.jobs().size() > 10000);
        assertEquals(area(extract), area(s.jobs()));
        assertTrue(s.jobs().stream().allMatch(j -> j.nodes() <= 64));
        Set<Long> extractIds = new HashSet<>(extract.stream().map(Job::id).toList());
        assertTrue(s.jobs().stream().allMatch(j -> extractIds.contains(j.id())));
        assertEquals(extractIds, new HashSet<>(ids(s)));
        assertEquals(0, s.jobs().get(0).submit());
        int[] perSite = new int[4];
        for (int i = 0; i < s.jobs().size(); i++) {
            Job j = s.jobs().get(i);
            assertEquals(i, j.order());
            if (j.part() <= 1) {
                perSite[j.site()]++;
            }
            if (i > 0) {
                assertTrue(s.jobs().get(i - 1).submit() <= j.submit());
            }
        }
        assertEquals("[2500, 2500, 2500, 2500]", Arrays.toString(perSite));
    }
}
