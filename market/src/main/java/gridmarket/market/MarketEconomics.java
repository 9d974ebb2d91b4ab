package gridmarket.market;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a market run did economically (SPEC R): what users paid and got, what owners earned, and how evenly revenue
 * and work were spread over the owners. Prices are JobCosts (the machine functions' values: node-seconds for MF1-MF6);
 * utility values are in the utility function's own unit.
 *
 * @param requests          requests made (one per job)
 * @param accepted          requests that hold an accepted offer
 * @param coAllocated       accepted requests whose offer spans several machines
 * @param coAllocatedShare  {@code coAllocated / accepted}
 * @param offers            offers received, over all rounds of all requests
 * @param messages          messages sent, over all rounds of all requests
 * @param offersPerRequest  offers received per request, over all its rounds
 * @param messagesPerRequest messages per request, over all its rounds
 * @param swaps             accepted offers replaced by a strictly better one (re-bidding)
 * @param revenue           total price paid
 * @param revenueByMachine  price paid to each machine's owner (a co-allocated job pays each part's price to its owner)
 * @param price             the distribution of accepted prices
 * @param utility           the distribution of accepted utility values
 * @param welfare           the sum of accepted utility values
 * @param revenueGini       Gini coefficient of revenue over the owners (0: equal)
 * @param workGini          Gini coefficient of work (node-seconds run) over the machines (0: equal)
 */
public record MarketEconomics(int requests, int accepted, int coAllocated, double coAllocatedShare,
                              long offers, long messages, double offersPerRequest, double messagesPerRequest, long swaps, double revenue,
                              Map<String, Double> revenueByMachine, Distribution price, Distribution utility,
                              double welfare, double revenueGini, double workGini) {

    /**
     * Mean, median and the 10th and 90th percentiles (linear between order statistics); all 0 for no values.
     */
    public record Distribution(double mean, double median, double p10, double p90, double min, double max) {
        static Distribution of(double[] values) {
            if (values.length == 0) {
                return new Distribution(0, 0, 0, 0, 0, 0);
            }
            double[] v = values.clone();
            Arrays.sort(v);
            return new Distribution(Arrays.stream(v).sum() / v.length, quantile(v, 0.5), quantile(v, 0.1),
                    quantile(v, 0.9), v[0], v[v.length - 1]);
        }
    }

    /**
     * @param trades       every request's trade, in job order
     * @param machineNames machine names by machine index
     * @param work         node-seconds run per machine, by machine index
     */
    public static MarketEconomics of(List<Trade> trades, List<String> machineNames, double[] work) {
        double[] revenue = new double[machineNames.size()];
        List<Double> prices = new ArrayList<>();
        List<Double> utilities = new ArrayList<>();
        long offers = 0;
        long messages = 0;
        long swaps = 0;
        int co = 0;
        for (Trade t : trades) {
            offers += t.offers();
            messages += t.messages();
            swaps += t.swaps();
            Offer o = t.accepted();
            if (o == null) {
                continue;
            }
            prices.add(o.jobCost() + 0.0); // + 0.0 turns -0.0 (e.g. -StartTime at 0) into 0.0 in the results
            utilities.add(o.utilityValue() + 0.0);
            if (o.coAllocated()) {
                co++;
            }
            for (OfferPart p : o.parts()) {
                revenue[p.machineIndex()] += p.price();
            }
        }
        Map<String, Double> byMachine = new LinkedHashMap<>();
        for (int m = 0; m < revenue.length; m++) {
            byMachine.put(machineNames.get(m), revenue[m]);
        }
        double[] p = prices.stream().mapToDouble(Double::doubleValue).toArray();
        double[] u = utilities.stream().mapToDouble(Double::doubleValue).toArray();
        int n = trades.size();
        return new MarketEconomics(n, p.length, co, p.length == 0 ? 0 : (double) co / p.length, offers, messages,
                n == 0 ? 0 : (double) offers / n, n == 0 ? 0 : (double) messages / n, swaps,
                Arrays.stream(revenue).sum(), byMachine, Distribution.of(p), Distribution.of(u),
                Arrays.stream(u).sum(), gini(revenue), gini(work));
    }

    /** The Gini coefficient of non-negative values: mean absolute difference over twice the mean; 0 if all 0. */
    public static double gini(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        double sum = Arrays.stream(v).sum();
        if (n == 0 || sum == 0) {
            return 0;
        }
        double weighted = 0;
        for (int i = 0; i < n; i++) {
            weighted += (2.0 * (i + 1) - n - 1) * v[i];
        }
        return weighted / (n * sum);
    }

    private static double quantile(double[] sorted, double q) {
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
    }
}
