package gridmarket.sim.policy;

import gridmarket.sim.workload.Job;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;

/**
 * SMART (Turek et al., thesis 2.5) as an order: the jobs are put into bins by estimate, the jobs of each bin into
 * shelves of at most the machine's nodes, and the shelves are taken by Smith's rule (the sum of the shelf's weights
 * over its longest estimate, largest first). Within a shelf, jobs keep the order they were placed in.
 *
 * <p>Bins: estimate {@code p} goes into bin 0 if {@code p <= 1}, else into the bin {@code k} with
 * {@code gamma^(k-1) < p <= gamma^k}. Two ways to fill a bin's shelves (Schwiegelshohn et al.):
 * {@link Variant#FFIA} and {@link Variant#NFIW}. Ties in every sort are broken by queue order, and between shelves
 * of equal ratio the lower bin, then the earlier shelf, goes first.
 */
public final class SmartOrder implements JobOrder {

    /** How the jobs of one bin are put onto shelves. */
    public enum Variant {
        /** First fit increasing area: smallest {@code nodes * estimate} first, each into the first shelf it fits. */
        FFIA,
        /** Next fit increasing width to weight: smallest {@code nodes / weight} first, into the current shelf or a new one. */
        NFIW
    }

    private final Variant variant;
    private final OrderParameters parameters;

    public SmartOrder(Variant variant, OrderParameters parameters) {
        this.variant = variant;
        this.parameters = parameters;
    }

    @Override
    public List<Job> order(List<Job> waiting, int nodes) {
        TreeMap<Integer, List<Job>> bins = new TreeMap<>();
        for (Job job : waiting) {
            bins.computeIfAbsent(bin(job.estimate(), parameters.gamma()), k -> new ArrayList<>()).add(job);
        }
        List<Shelf> shelves = new ArrayList<>();
        for (List<Job> bin : bins.values()) {
            if (variant == Variant.FFIA) {
                bin.sort(Comparator.comparingDouble(j -> (double) j.nodes() * j.estimate()));
                firstFit(bin, nodes, shelves);
            } else {
                bin.sort(Comparator.comparingDouble(j -> j.nodes() / parameters.weight(j)));
                nextFit(bin, nodes, shelves);
            }
        }
        // a stable sort: equal ratios keep bin and creation order
        shelves.sort(Comparator.comparingDouble(Shelf::smithRatio).reversed());
        List<Job> order = new ArrayList<>(waiting.size());
        for (Shelf s : shelves) {
            order.addAll(s.jobs);
        }
        return order;
    }

    /** The bin of an estimate: 0 for {@code p <= 1}, else the {@code k} with {@code gamma^(k-1) < p <= gamma^k}. */
    static int bin(long p, double gamma) {
        if (p <= 1) {
            return 0;
        }
        int k = (int) Math.ceil(Math.log(p) / Math.log(gamma));
        while (k > 1 && Math.pow(gamma, k - 1) >= p) {
            k--; // the logarithm's rounding put p one bin too high
        }
        while (Math.pow(gamma, k) < p) {
            k++;
        }
        return Math.max(k, 1);
    }

    private void firstFit(List<Job> bin, int nodes, List<Shelf> shelves) {
        FirstFitShelves fit = new FirstFitShelves(bin.size(), nodes);
        List<Shelf> own = new ArrayList<>();
        for (Job job : bin) {
            int s = fit.place(job.nodes());
            if (s == own.size()) {
                own.add(new Shelf());
            }
            own.get(s).add(job, parameters.weight(job));
        }
        shelves.addAll(own);
    }

    private void nextFit(List<Job> bin, int nodes, List<Shelf> shelves) {
        Shelf current = null;
        int free = 0;
        for (Job job : bin) {
            if (current == null || job.nodes() > free) {
                current = new Shelf();
                shelves.add(current);
                free = nodes;
            }
            current.add(job, parameters.weight(job));
            free -= job.nodes();
        }
    }

    /** One shelf: jobs started together, as long as the longest of them. */
    private static final class Shelf {
        final List<Job> jobs = new ArrayList<>();
        double weight;
        long height;

        void add(Job job, double w) {
            jobs.add(job);
            weight += w;
            height = Math.max(height, job.estimate());
        }

        double smithRatio() {
            return weight / height;
        }
    }
}
