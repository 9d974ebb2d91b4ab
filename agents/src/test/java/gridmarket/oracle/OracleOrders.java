package gridmarket.oracle;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * SMART-FFIA, SMART-NFIW and PSRS orders for the oracle, written from docs/EXPERIMENTS.md ("SMART and PSRS") and
 * thesis 2.5, not from gridmarket's code: plain loops and lists, exact integer bin bounds, and a PSRS preemptive
 * schedule that tracks each running job's remaining time step by step instead of shifting ends.
 */
public final class OracleOrders {
    private OracleOrders() {
    }

    private static double weight(OracleJob j, boolean weighted) {
        return weighted ? (double) j.procs() * j.estimate() : 1.0;
    }

    /** Bin index: 0 for p <= 1, else the k with gamma^(k-1) < p <= gamma^k, by repeated multiplication. */
    static int smartBin(long p, double gamma) {
        int k = 0;
        double bound = 1;
        while (p > bound) {
            bound *= gamma;
            k++;
        }
        return k;
    }

    /** SMART with first fit increasing area ({@code ffia}) or next fit increasing width to weight. */
    public static OracleOrder smart(boolean ffia, double gamma, boolean weighted) {
        return (waiting, nodes) -> {
            int maxBin = 0;
            for (OracleJob j : waiting) {
                maxBin = Math.max(maxBin, smartBin(j.estimate(), gamma));
            }
            List<List<OracleJob>> shelves = new ArrayList<>();
            List<int[]> shelfFree = new ArrayList<>();
            for (int b = 0; b <= maxBin; b++) {
                List<OracleJob> bin = new ArrayList<>();
                for (OracleJob j : waiting) {
                    if (smartBin(j.estimate(), gamma) == b) {
                        bin.add(j);
                    }
                }
                if (ffia) {
                    bin.sort(Comparator.comparingDouble(j -> (double) j.procs() * j.estimate()));
                } else {
                    bin.sort(Comparator.comparingDouble(j -> j.procs() / weight(j, weighted)));
                }
                int firstShelfOfBin = shelves.size();
                for (OracleJob j : bin) {
                    int target = -1;
                    if (ffia) {
                        for (int s = firstShelfOfBin; s < shelves.size(); s++) {
                            if (shelfFree.get(s)[0] >= j.procs()) {
                                target = s;
                                break;
                            }
                        }
                    } else if (shelves.size() > firstShelfOfBin
                            && shelfFree.get(shelves.size() - 1)[0] >= j.procs()) {
                        target = shelves.size() - 1;
                    }
                    if (target < 0) {
                        shelves.add(new ArrayList<>());
                        shelfFree.add(new int[] {nodes});
                        target = shelves.size() - 1;
                    }
                    shelves.get(target).add(j);
                    shelfFree.get(target)[0] -= j.procs();
                }
            }
            double[] ratio = new double[shelves.size()];
            for (int s = 0; s < shelves.size(); s++) {
                double w = 0;
                long h = 0;
                for (OracleJob j : shelves.get(s)) {
                    w += weight(j, weighted);
                    h = Math.max(h, j.estimate());
                }
                ratio[s] = w / h;
            }
            List<Integer> byRatio = new ArrayList<>();
            for (int s = 0; s < shelves.size(); s++) {
                byRatio.add(s);
            }
            byRatio.sort((a, b) -> ratio[a] != ratio[b] ? Double.compare(ratio[b], ratio[a]) : Integer.compare(a, b));
            List<OracleJob> out = new ArrayList<>();
            byRatio.forEach(s -> out.addAll(shelves.get(s)));
            return out;
        };
    }

    /** PSRS: Smith order, preemptive schedule, completion-time bins (small 2^k, wide sqrt2 * 2^k), alternating. */
    public static OracleOrder psrs(boolean weighted) {
        return (waiting, nodes) -> {
            List<OracleJob> smith = new ArrayList<>(waiting);
            smith.sort((a, b) -> Double.compare(weight(b, weighted) / ((double) b.procs() * b.estimate()),
                    weight(a, weighted) / ((double) a.procs() * a.estimate())));
            long[] done = preemptive(smith, nodes);
            List<Integer> idx = new ArrayList<>();
            int[] rank = new int[smith.size()];
            for (int i = 0; i < smith.size(); i++) {
                boolean wide = smith.get(i).procs() * 2 > nodes;
                double offset = wide ? Math.sqrt(2) : 1;
                int k = 0;
                while (done[i] > offset * Math.pow(2, k)) {
                    k++;
                }
                rank[i] = 2 * k + (wide ? 1 : 0);
                idx.add(i);
            }
            idx.sort((a, b) -> rank[a] != rank[b] ? Integer.compare(rank[a], rank[b]) : Integer.compare(a, b));
            List<OracleJob> out = new ArrayList<>();
            idx.forEach(i -> out.add(smith.get(i)));
            return out;
        };
    }

    /**
     * Completion times of the list in PSRS's preemptive schedule: one job after the other; a small job waits for
     * room; a wide one waits for half the machine, then up to its estimate for room, else runs alone while every
     * running job is suspended (their remaining times stand still).
     */
    static long[] preemptive(List<OracleJob> list, int nodes) {
        long[] done = new long[list.size()];
        List<long[]> running = new ArrayList<>(); // {index, remaining}
        long now = 0;
        int free = nodes;
        for (int i = 0; i < list.size(); i++) {
            OracleJob j = list.get(i);
            boolean wide = j.procs() * 2 > nodes;
            int need = wide ? (nodes + 1) / 2 : j.procs();
            while (free < need) {
                long[] e = advanceToNextEnd(running, list, done, now);
                free += (int) e[0];
                now = e[1];
            }
            if (wide) {
                long limit = now + j.estimate();
                while (free < j.procs() && !running.isEmpty() && now + minRemaining(running) <= limit) {
                    long[] e = advanceToNextEnd(running, list, done, now);
                    free += (int) e[0];
                    now = e[1];
                }
                if (free < j.procs()) {
                    long waited = limit - now;
                    for (long[] r : running) {
                        r[1] -= waited; // they ran until the wide job's patience ran out
                    }
                    now = limit + j.estimate(); // then stood still while it ran alone
                    done[i] = now;
                    continue;
                }
            }
            running.add(new long[] {i, j.estimate()});
            free -= j.procs();
        }
        while (!running.isEmpty()) {
            now = advanceToNextEnd(running, list, done, now)[1];
        }
        return done;
    }

    private static long minRemaining(List<long[]> running) {
        long m = Long.MAX_VALUE;
        for (long[] r : running) {
            m = Math.min(m, r[1]);
        }
        return m;
    }

    /** Runs every job until the next end(s) and records them; returns {nodes freed, the new time}. */
    private static long[] advanceToNextEnd(List<long[]> running, List<OracleJob> list, long[] done, long now) {
        long step = minRemaining(running);
        int freed = 0;
        List<long[]> still = new ArrayList<>();
        for (long[] r : running) {
            r[1] -= step;
            if (r[1] == 0) {
                done[(int) r[0]] = now + step;
                freed += list.get((int) r[0]).procs();
            } else {
                still.add(r);
            }
        }
        running.clear();
        running.addAll(still);
        return new long[] {freed, now + step};
    }
}
