package gridmarket.charts.gantt;

import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Gantt snapshots of machine schedules and their charts, rendered without a display. */
class MachineGanttChartTest {

    private static Job job(int order, int nodes, long runTime, long estimate, int site) {
        return new Job(100 + order, order, 0, runTime, estimate, nodes, -1, 1, estimate, 0, site);
    }

    @Test
    void snapshotHasOneBarPerContiguousNodeRangeAndTheRestOfTheEstimate() {
        MachineSchedule s = new MachineSchedule(new Machine("m1", 0, 16));
        Job a = job(0, 4, 100, 150, 0);
        Job b = job(1, 4, 200, 200, 1);
        Allocation ra = s.start(a, 0); // nodes 0-3
        s.start(b, 0); // nodes 4-7
        s.finish(ra, 100);
        Job c = job(2, 6, 50, 80, 2);
        s.start(c, 100); // nodes 0-3 and 8-9
        Job d = job(3, 8, 300, 300, 1);
        s.reserve(d, new int[]{0, 1, 2, 3, 4, 5, 6, 7}, 400, 300, 100);

        GanttSnapshot g = GanttSnapshot.of(List.of(s), 100, Allocation::actualEnd).get(0);

        assertEquals("m1", g.machine());
        List<GanttBar> running = g.bars(GanttBar.Kind.RUNNING);
        assertEquals(3, running.size(), "b on 4-7, c on 0-3 and on 8-9");
        GanttBar c1 = running.stream().filter(x -> x.job() == c && x.firstNode() == 0).findFirst().orElseThrow();
        assertEquals(3, c1.lastNode());
        assertEquals(100, c1.start());
        assertEquals(150, c1.end(), "running bars end at the real end");
        List<GanttBar> estimate = g.bars(GanttBar.Kind.ESTIMATE);
        assertEquals(2, estimate.size(), "c's estimate runs 30 s past its real end, on both of its node ranges");
        assertTrue(estimate.stream().allMatch(x -> x.start() == 150 && x.end() == 180));
        List<GanttBar> reserved = g.bars(GanttBar.Kind.RESERVED);
        assertEquals(1, reserved.size());
        assertEquals(new GanttBar(d, GanttBar.Kind.RESERVED, 0, 7, 400, 700, 1), reserved.get(0));
        assertEquals(List.of(c), g.jobsPerNode(GanttBar.Kind.RUNNING).get(9));
        assertEquals(List.of(), g.jobsPerNode(GanttBar.Kind.RUNNING).get(10));
        assertEquals(10, g.busyNodes());
    }

    @Test
    void partsOfAJobOnSeveralMachinesAreLinked() {
        MachineSchedule m1 = new MachineSchedule(new Machine("m1", 0, 8));
        MachineSchedule m2 = new MachineSchedule(new Machine("m2", 1, 8));
        Job wide = job(0, 12, 100, 100, 0);
        Job single = job(1, 2, 100, 100, 1);
        m1.start(wide, 8, 125, 125, 0);
        m2.start(wide, 4, 125, 125, 0);
        m2.start(single, 0);

        List<GanttSnapshot> g = GanttSnapshot.of(List.of(m1, m2), 0, a -> a.start() + 125);

        GanttBar p1 = g.get(0).bars(GanttBar.Kind.RUNNING).get(0);
        GanttBar p2 = g.get(1).bars(GanttBar.Kind.RUNNING).stream().filter(b -> b.job() == wide).findFirst()
                .orElseThrow();
        assertTrue(p1.multiSite() && p2.multiSite());
        assertEquals(2, p1.parts());
        assertEquals("100*", p1.label());
        assertEquals(GanttStyle.multiSite(wide), GanttStyle.multiSite(p2.job()), "same outline on every machine");
        assertFalse(g.get(1).bars(GanttBar.Kind.RUNNING).stream().filter(b -> b.job() == single)
                .anyMatch(GanttBar::multiSite));
    }

    @Test
    void chartDatasetHoldsExactlyTheSnapshotsBarsAndRendersHeadless() {
        MachineSchedule s = new MachineSchedule(new Machine("m1", 0, 32));
        for (int i = 0; i < 5; i++) {
            s.start(job(i, 3 + i, 1000 + 100 * i, 1500 + 100 * i, i % 3), 0);
        }
        s.reserve(job(9, 20, 500, 600, 1), java.util.stream.IntStream.range(0, 20).toArray(), 2000, 600, 0);
        GanttSnapshot g = GanttSnapshot.of(List.of(s), 0, Allocation::actualEnd).get(0);
        MachineGanttChart chart = new MachineGanttChart("m1", 32, 3);

        chart.show(g, -600, 3000);

        assertEquals(Set.copyOf(g.bars()), new HashSet<>(chart.barsInDataset()));
        assertEquals(g.bars().size(), chart.barsInDataset().size());
        assertEquals(g, chart.shown());
        BufferedImage img = chart.chart().createBufferedImage(600, 300);
        Set<Integer> colours = new HashSet<>();
        for (int x = 0; x < img.getWidth(); x += 3) {
            for (int y = 0; y < img.getHeight(); y += 3) {
                colours.add(img.getRGB(x, y));
            }
        }
        assertTrue(colours.contains(GanttStyle.site(0).getRGB()), "site 0's colour is drawn");
        assertTrue(colours.contains(GanttStyle.reserved(1).getRGB()), "the reservation is drawn");
    }

    @Test
    void barsAreValidated() {
        Job j = job(0, 1, 10, 10, 0);
        assertThrows(IllegalArgumentException.class, () -> new GanttBar(j, GanttBar.Kind.RUNNING, 3, 2, 0, 10, 1));
        assertThrows(IllegalArgumentException.class, () -> new GanttBar(j, GanttBar.Kind.RUNNING, 0, 0, 10, 10, 1));
    }

    @Test
    void timesAreFormattedAsHoursAndDays() {
        assertEquals("0:00", SimTimeFormat.hours(0));
        assertEquals("1:05", SimTimeFormat.hours(3900));
        assertEquals("2d 3:00", SimTimeFormat.hours(2 * 86_400 + 3 * 3600));
        assertEquals("-0:10", SimTimeFormat.hours(-600));
    }
}
