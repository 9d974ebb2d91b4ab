package gridmarket.sim.ibts;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Instruction-balanced time slicing (seed 002; SPEC S2), slice by slice over a job set. IBTS gives the whole machine
 * to one job per slice; IBTS-parallel packs several jobs into one slice by first fit, so that a slot holds jobs whose
 * threads together fit the processors. Every slice is the same number of instructions, so all time quanta are equal.
 *
 * <p>Slots are built at each workload change (an arrival or a job's end, both at slice boundaries, the paper's
 * "cycle"), then run one after another, repeating, until the next change. To keep the power delivered to running
 * jobs equal (the paper's Lemma 1, property 1), each build takes the jobs in order of slices received so far, then
 * arrival, then id, and the run restarts at the first slot: the jobs that have had fewest slices go first. IBTS is
 * the same with one job per slot, which makes it round robin.
 *
 * <p>A job holds its processors for the whole slice, also after its threads finish or while they wait for a
 * communication: that time is idle, as are processors no slot job uses.
 */
public final class IbtsScheduler {
    private IbtsScheduler() {
    }

    /**
     * Runs {@code jobs} (fresh, sorted by arrival) to their ends.
     *
     * @param parallel true for IBTS-parallel (first fit), false for IBTS (one job per slice)
     */
    public static IbtsResult run(List<IbtsJob> jobs, IbtsParameters p, boolean parallel) {
        List<IbtsJob> active = new ArrayList<>();
        List<List<IbtsJob>> slots = new ArrayList<>();
        int next = 0;
        int slot = 0;
        long slice = 0;
        long executed = 0;
        boolean changed = true;
        while (next < jobs.size() || !active.isEmpty()) {
            while (next < jobs.size() && jobs.get(next).arrival() <= slice) {
                active.add(jobs.get(next++));
                changed = true;
            }
            if (active.isEmpty()) {
                slice = jobs.get(next).arrival(); // nothing ready: the machine idles until the next arrival
                continue;
            }
            if (changed) {
                slots = pack(active, p.processors(), parallel);
                slot = 0;
                changed = false;
            }
            for (IbtsJob job : slots.get(slot)) {
                executed += job.runSlice(slice, p.quantum(), p.commRate(), p.commLatency());
                if (job.done()) {
                    active.remove(job);
                    changed = true;
                }
            }
            slot = (slot + 1) % slots.size();
            slice++;
        }
        return new IbtsResult(jobs, slice, executed, p);
    }

    /** First fit of the active jobs, fewest slices received first, into slots of {@code processors}. */
    static List<List<IbtsJob>> pack(List<IbtsJob> active, int processors, boolean parallel) {
        List<IbtsJob> order = new ArrayList<>(active);
        order.sort(Comparator.comparingInt(IbtsJob::slicesRun).thenComparingLong(IbtsJob::arrival)
                .thenComparingInt(IbtsJob::id));
        List<List<IbtsJob>> slots = new ArrayList<>();
        List<Integer> free = new ArrayList<>();
        for (IbtsJob job : order) {
            int s = 0;
            while (parallel && s < slots.size() && free.get(s) < job.threads()) {
                s++;
            }
            if (!parallel || s == slots.size()) {
                slots.add(new ArrayList<>());
                free.add(processors);
                s = slots.size() - 1;
            }
            slots.get(s).add(job);
            free.set(s, free.get(s) - job.threads());
        }
        return slots;
    }
}
