package gridmarket.market;

import gridmarket.sim.result.JobOutcome;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The prices a market run traded at, per period (docs/MECHANISMS.md): the price series of every mechanism whose
 * owners do not post a price. A trade is the offer a job holds at the end of the run, at the time its user accepted
 * it; its price per node-second is what was paid (JobCost) over its planned node-seconds (nodes x planned run time,
 * summed over a co-allocated offer's parts). A period's price is the volume-weighted mean of its trades: what they
 * paid over the node-seconds they bought.
 *
 * @param period   seconds per period
 * @param paid     per period from 0, what the trades accepted in it paid
 * @param bought   per period from 0, the node-seconds they bought
 */
public record TradedPrices(long period, double[] paid, double[] bought) {
    /** The period of a run without posted prices: an hour, the posting owners' default period. */
    public static final long PERIOD = 3600;

    /** The trades of a run ({@code trades} by job order) per {@code period}-second period from 0. */
    public static TradedPrices of(Map<Integer, Trade> trades, long period) {
        TreeMap<Long, double[]> sums = new TreeMap<>();
        for (Trade t : new TreeMap<>(trades).values()) { // in job order: the sums come out the same in every run
            if (t.accepted() == null) {
                continue;
            }
            double[] s = sums.computeIfAbsent(t.acceptedAt() / period, k -> new double[2]);
            s[0] += t.accepted().jobCost();
            s[1] += nodeSeconds(t.accepted().parts());
        }
        int n = sums.isEmpty() ? 0 : (int) (sums.lastKey() + 1);
        double[] paid = new double[n];
        double[] bought = new double[n];
        sums.forEach((k, s) -> {
            paid[k.intValue()] = s[0];
            bought[k.intValue()] = s[1];
        });
        return new TradedPrices(period, paid, bought);
    }

    /**
     * The market's price per period that starts by {@code until} (a run's last submission, as for posted prices): the
     * volume-weighted mean of the period's trades; a period without trades keeps the last traded price (as a ticker
     * does), and the periods before the first trade take that first trade's price.
     */
    public PriceSeries series(long until) {
        int n = (int) Math.min(paid.length, until / period + 1);
        double[] means = new double[n];
        double last = Double.NaN;
        int first = -1;
        for (int k = 0; k < n; k++) {
            if (bought[k] > 0) {
                last = paid[k] / bought[k];
                first = first < 0 ? k : first;
            }
            means[k] = last;
        }
        for (int k = 0; k < first; k++) {
            means[k] = means[first];
        }
        return new PriceSeries(period, first < 0 ? new double[0] : means);
    }

    /**
     * Each owner's line per period in which it sold (a co-allocated offer's part counts for its machine at the part's
     * price), as {@code prices.csv} writes them: owners in {@code machines}' order, periods in order, the owner's mean
     * price per node-second over its parts sold in the period, the share of its node-seconds of the period its
     * running jobs used (from {@code outcomes}) and the share it sold (nodes x planned run time).
     *
     * @param sizes each machine's nodes, by name
     */
    public static List<PostedPrice> byOwner(Map<Integer, Trade> trades, List<JobOutcome> outcomes,
                                            List<String> machines, Map<String, Integer> sizes, long period) {
        List<TreeMap<Long, double[]>> sold = new ArrayList<>(); // per machine: period -> {paid, node-seconds}
        machines.forEach(m -> sold.add(new TreeMap<>()));
        for (Trade t : new TreeMap<>(trades).values()) {
            if (t.accepted() == null) {
                continue;
            }
            for (OfferPart p : t.accepted().parts()) {
                double[] s = sold.get(p.machineIndex()).computeIfAbsent(t.acceptedAt() / period,
                        k -> new double[2]);
                s[0] += p.price();
                s[1] += nodeSeconds(List.of(p));
            }
        }
        Map<String, Map<Long, Double>> used = used(outcomes, period);
        List<PostedPrice> rows = new ArrayList<>();
        for (int m = 0; m < machines.size(); m++) {
            String name = machines.get(m);
            double capacity = (double) sizes.get(name) * period;
            for (Map.Entry<Long, double[]> e : sold.get(m).entrySet()) {
                long k = e.getKey();
                double[] s = e.getValue();
                if (s[1] > 0) {
                    rows.add(new PostedPrice(name, k, k * period, s[0] / s[1],
                            used.getOrDefault(name, Map.of()).getOrDefault(k, 0.0) / capacity, s[1] / capacity));
                }
            }
        }
        return rows;
    }

    /** Per machine and period, the node-seconds the completed jobs ran in it. */
    private static Map<String, Map<Long, Double>> used(List<JobOutcome> outcomes, long period) {
        Map<String, Map<Long, Double>> used = new HashMap<>();
        for (JobOutcome o : outcomes) {
            if (!o.completed()) {
                continue;
            }
            Map<Long, Double> m = used.computeIfAbsent(o.machine(), x -> new HashMap<>());
            for (long k = o.start() / period; k * period < o.end(); k++) {
                long from = Math.max(k * period, o.start());
                long to = Math.min((k + 1) * period, o.end());
                m.merge(k, (double) (to - from) * o.nodeCount(), Double::sum);
            }
        }
        return used;
    }

    private static double nodeSeconds(List<OfferPart> parts) {
        double area = 0;
        for (OfferPart p : parts) {
            area += (double) p.placement().nodes().length * (p.placement().end() - p.placement().start());
        }
        return area;
    }
}
