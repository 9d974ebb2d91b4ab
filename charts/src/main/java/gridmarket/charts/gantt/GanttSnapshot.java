package gridmarket.charts.gantt;

import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.workload.Job;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * What one machine's Gantt chart shows at one instant: its running jobs and reservations, node by node. Immutable;
 * taken in the model thread (the schedule is not thread-safe) and handed to Swing.
 *
 * @param machine name of the machine
 * @param nodes   number of nodes
 * @param now     the instant, seconds of simulated time
 * @param bars    the bars, running jobs first (by planned end), then reservations (in the order they were made);
 *                each allocation gives one bar per contiguous range of its nodes
 */
public record GanttSnapshot(String machine, int nodes, long now, List<GanttBar> bars) {

    public GanttSnapshot {
        bars = List.copyOf(bars);
    }

    /**
     * Snapshots of every machine of a grid at {@code now}. A job holding nodes on several machines at once (a
     * multi-site job) is marked on each with its number of parts.
     *
     * @param schedules the machines' schedules, read in the calling (model) thread
     * @param realEnd   the real end of a running allocation, seconds; {@link Allocation#actualEnd()} for a
     *                  single-machine job, the stretched end for a multi-site part
     */
    public static List<GanttSnapshot> of(List<MachineSchedule> schedules, long now,
                                         ToLongFunction<Allocation> realEnd) {
        Map<Job, Integer> machinesPerJob = new HashMap<>();
        for (MachineSchedule s : schedules) {
            for (Allocation a : s.running()) {
                machinesPerJob.merge(a.job(), 1, Integer::sum);
            }
            for (Allocation a : s.reservations()) {
                machinesPerJob.merge(a.job(), 1, Integer::sum);
            }
        }
        List<GanttSnapshot> out = new ArrayList<>(schedules.size());
        for (MachineSchedule s : schedules) {
            out.add(of(s, now, realEnd, machinesPerJob));
        }
        return out;
    }

    /** A snapshot of one machine; {@code parts} says on how many machines each job holds nodes. */
    static GanttSnapshot of(MachineSchedule s, long now, ToLongFunction<Allocation> realEnd, Map<Job, Integer> parts) {
        List<GanttBar> bars = new ArrayList<>();
        for (Allocation a : s.running()) {
            long end = realEnd.applyAsLong(a);
            int k = parts.getOrDefault(a.job(), 1);
            if (end > a.start()) {
                addBars(bars, a, GanttBar.Kind.RUNNING, a.start(), end, k);
            }
            if (a.plannedEnd() > end) {
                addBars(bars, a, GanttBar.Kind.ESTIMATE, Math.max(end, a.start()), a.plannedEnd(), k);
            }
        }
        for (Allocation a : s.reservations()) {
            addBars(bars, a, GanttBar.Kind.RESERVED, a.start(), a.plannedEnd(), parts.getOrDefault(a.job(), 1));
        }
        return new GanttSnapshot(s.machine().name(), s.size(), now, bars);
    }

    private static void addBars(List<GanttBar> out, Allocation a, GanttBar.Kind kind, long start, long end, int parts) {
        int[] ids = a.nodeIds();
        int i = 0;
        while (i < ids.length) {
            int j = i;
            while (j + 1 < ids.length && ids[j + 1] == ids[j] + 1) {
                j++;
            }
            out.add(new GanttBar(a.job(), kind, ids[i], ids[j], start, end, parts));
            i = j + 1;
        }
    }

    /** The bars of one kind. */
    public List<GanttBar> bars(GanttBar.Kind kind) {
        return bars.stream().filter(b -> b.kind() == kind).toList();
    }

    /**
     * Which job holds each node, for one kind of bar: element {@code i} lists the jobs with a bar of that kind on
     * node {@code i}, in bar order. For checks against the simulation's own schedule.
     */
    public List<List<Job>> jobsPerNode(GanttBar.Kind kind) {
        List<List<Job>> out = new ArrayList<>(nodes);
        for (int i = 0; i < nodes; i++) {
            out.add(new ArrayList<>(1));
        }
        for (GanttBar b : bars) {
            if (b.kind() == kind) {
                for (int n = b.firstNode(); n <= b.lastNode(); n++) {
                    out.get(n).add(b.job());
                }
            }
        }
        return out;
    }

    /** Distinct jobs with a bar of the given kind. */
    public Collection<Job> jobs(GanttBar.Kind kind) {
        return bars.stream().filter(b -> b.kind() == kind).map(GanttBar::job).distinct().toList();
    }

    /** Nodes running a job right now. */
    public int busyNodes() {
        return bars.stream().filter(b -> b.kind() == GanttBar.Kind.RUNNING && b.start() <= now && b.end() > now)
                .mapToInt(GanttBar::nodes).sum();
    }
}
