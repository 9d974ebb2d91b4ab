package gridmarket.sim.workload;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Turns a single-machine trace into a grid workload as the thesis does (SPEC W2, T5.7.2): an extract by job index,
 * an optional width limit, a time shift to zero, round-robin assignment of jobs to sites, and one of the four
 * wide-job modifications.
 *
 * <p>Steps run in this order: index range, {@code maxNodes} drop, shift, site assignment, split. Sites are assigned
 * before splitting so that all parts of a job come from the same site, as the thesis assumes the wide job's workload
 * "is still generated at single sites". The result keeps the {@link Workload} invariant: jobs sorted by submit time
 * and original order, the parts of a split job adjacent in part order, {@code order} renumbered 0..n-1.
 *
 * <p>All methods are stateless; the class is not instantiable.
 */
public final class TraceShaper {

    /**
     * The thesis' wide-job modifications 1-4. A job of {@code n} nodes split with part size {@code s} becomes
     * {@code floor(n / s)} parts of {@code s} nodes plus one part of {@code n mod s} nodes if that is not zero; only
     * jobs wider than {@code s} are split.
     */
    public enum Split {
        /** Modification 1: parts of the local machine size, the largest machine of the job's origin site. */
        LOCAL,
        /** Modification 2: parts of the size of the largest machine in the grid. */
        LARGEST,
        /** Modification 3: parts of {@link Shape#splitSize()} nodes (the thesis uses 64). */
        FIXED,
        /** Modification 4: wide jobs stay whole. */
        NONE
    }

    /**
     * What to do to a workload; immutable. The thesis' {@code 10_20k_max64} is
     * {@code new Shape(10000, 20000, null, shift, Split.FIXED, 64)}.
     *
     * @param from        first job index to take (0-based, inclusive) over the workload's jobs in workload order;
     *                    {@code null} = from the first job
     * @param to          job index to stop before (exclusive); {@code null} = to the end. An index past the end
     *                    takes the jobs there are, so the header line records the range actually taken
     * @param maxNodes    jobs needing more nodes than this are dropped and counted under
     *                    {@link DropReason#WIDER_THAN_LIMIT}; {@code null} = keep all
     * @param shiftToZero subtract the first kept job's submit time from every submit time
     * @param split       the wide-job modification
     * @param splitSize   part size for {@link Split#FIXED}; ignored otherwise
     * @throws IllegalArgumentException naming the parameter and value: {@code from < 0}, {@code to < from} (or
     *                                  {@code to < 0}), {@code maxNodes < 1}, {@code splitSize < 1} with
     *                                  {@link Split#FIXED}, or {@code split} null
     */
    public record Shape(Integer from, Integer to, Integer maxNodes, boolean shiftToZero, Split split, int splitSize) {

        public Shape {
            if (from != null && from < 0) {
                throw new IllegalArgumentException("from must be >= 0, was " + from);
            }
            int lower = from == null ? 0 : from;
            if (to != null && to < lower) {
                throw new IllegalArgumentException("to must be >= from (" + lower + "), was " + to);
            }
            if (maxNodes != null && maxNodes < 1) {
                throw new IllegalArgumentException("maxNodes must be >= 1, was " + maxNodes);
            }
            if (split == null) {
                throw new IllegalArgumentException("split must be given, was null");
            }
            if (split == Split.FIXED && splitSize < 1) {
                throw new IllegalArgumentException("splitSize must be >= 1 with split FIXED, was " + splitSize);
            }
        }
    }

    private TraceShaper() {
    }

    /**
     * Shapes a workload for a grid of {@code siteLargestMachine.size()} sites.
     *
     * <p>The k-th job kept after the range and {@code maxNodes} steps (0-based) gets site {@code k mod S}. Parts of a
     * split job keep the job's id, submit time, run time, estimate, user, status, requested time and site, and get
     * part numbers 1..k, so the total area {@code nodes * runTime} is unchanged. Jobs outside the index range are not
     * drops and are not counted; the input's drop counts are kept and the {@code maxNodes} drops added.
     *
     * @param w                  the workload, as read (its jobs in submission order)
     * @param shape              what to do
     * @param siteLargestMachine per site, the node count of its largest machine: {@link Split#LOCAL} splits into
     *                           parts of the origin site's entry, {@link Split#LARGEST} into parts of the largest entry
     * @return a new workload; its source and header say how it was shaped
     * @throws IllegalArgumentException if the site list is null or empty or an entry is null or below 1
     */
    public static Workload shape(Workload w, Shape shape, List<Integer> siteLargestMachine) {
        Objects.requireNonNull(w, "w");
        Objects.requireNonNull(shape, "shape");
        int[] siteSize = checkSites(siteLargestMachine);
        int largest = 0;
        for (int s : siteSize) {
            largest = Math.max(largest, s);
        }

        List<Job> all = w.jobs();
        int from = shape.from() == null ? 0 : Math.min(shape.from(), all.size());
        int to = shape.to() == null ? all.size() : Math.min(shape.to(), all.size());
        List<Job> selected = all.subList(from, to);

        List<Job> kept = new ArrayList<>(selected.size());
        int wider = 0;
        for (Job j : selected) {
            if (shape.maxNodes() != null && j.nodes() > shape.maxNodes()) {
                wider++;
            } else {
                kept.add(j);
            }
        }

        long offset = shape.shiftToZero() && !kept.isEmpty() ? kept.get(0).submit() : 0;
        List<Job> out = new ArrayList<>(kept.size());
        for (int k = 0; k < kept.size(); k++) {
            Job j = kept.get(k);
            int site = k % siteSize.length;
            int partSize = switch (shape.split()) {
                case LOCAL -> siteSize[site];
                case LARGEST -> largest;
                case FIXED -> shape.splitSize();
                case NONE -> Integer.MAX_VALUE;
            };
            // The input order stays in the order field until the final sort, which needs it to break submit ties.
            if (j.nodes() <= partSize) {
                out.add(new Job(j.id(), j.order(), j.submit() - offset, j.runTime(), j.estimate(), j.nodes(),
                        j.user(), j.status(), j.requestedTime(), j.part(), site));
                continue;
            }
            int whole = j.nodes() / partSize;
            int rest = j.nodes() % partSize;
            int parts = whole + (rest > 0 ? 1 : 0);
            for (int p = 1; p <= parts; p++) {
                int nodes = p <= whole ? partSize : rest;
                out.add(new Job(j.id(), j.order(), j.submit() - offset, j.runTime(), j.estimate(), nodes,
                        j.user(), j.status(), j.requestedTime(), p, site));
            }
        }
        // A hand-built workload need not be sorted; sorting here keeps the Workload invariant whatever came in.
        out.sort(Comparator.comparingLong(Job::submit).thenComparingInt(Job::order).thenComparingInt(Job::part));
        for (int i = 0; i < out.size(); i++) {
            out.set(i, out.get(i).withOrder(i));
        }

        Map<DropReason, Integer> drops = new EnumMap<>(w.drops());
        drops.merge(DropReason.WIDER_THAN_LIMIT, wider, Integer::sum);

        String description = describe(shape, from, to, siteSize.length, largest);
        List<String> header = new ArrayList<>(w.header());
        header.add("Shaping: " + description + "; " + selected.size() + " jobs selected, " + wider
                + " dropped as wider than the limit, " + out.size() + " jobs after splitting");
        return new Workload(w.source() + " [" + description + "]", header, out, drops);
    }

    private static int[] checkSites(List<Integer> siteLargestMachine) {
        if (siteLargestMachine == null || siteLargestMachine.isEmpty()) {
            throw new IllegalArgumentException("siteLargestMachine must name at least one site, was "
                    + siteLargestMachine);
        }
        int[] sizes = new int[siteLargestMachine.size()];
        for (int i = 0; i < sizes.length; i++) {
            Integer s = siteLargestMachine.get(i);
            if (s == null || s < 1) {
                throw new IllegalArgumentException("siteLargestMachine[" + i + "] must be >= 1, was " + s);
            }
            sizes[i] = s;
        }
        return sizes;
    }

    /** One line naming every step, so a result file says which variant of a workload it ran on. */
    private static String describe(Shape shape, int from, int to, int sites, int largest) {
        List<String> steps = new ArrayList<>();
        if (shape.from() != null || shape.to() != null) {
            steps.add("jobs [" + from + "," + to + ")");
        }
        if (shape.maxNodes() != null) {
            steps.add("maxNodes " + shape.maxNodes());
        }
        if (shape.shiftToZero()) {
            steps.add("shifted to 0");
        }
        steps.add(sites + (sites == 1 ? " site" : " sites") + " round-robin");
        steps.add(switch (shape.split()) {
            case LOCAL -> "split LOCAL";
            case LARGEST -> "split LARGEST " + largest;
            case FIXED -> "split FIXED " + shape.splitSize();
            case NONE -> "split NONE";
        });
        return String.join(", ", steps);
    }
}
