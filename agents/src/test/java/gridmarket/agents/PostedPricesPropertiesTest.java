package gridmarket.agents;

import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.market.OfferPart;
import gridmarket.market.PostedPrice;
import gridmarket.market.PriceSeries;
import gridmarket.market.Trade;
import gridmarket.sim.result.JobOutcome;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Posted prices as properties over random markets: every posted price within its bounds, every first price paid
 * the posted price of some period times the offer's node-seconds, and on stationary workloads (Poisson arrivals at a
 * constant rate) the mean posted price of damped owners (the default) settles and its moves shrink. In every run (every
 * mechanism: first and second price, the thesis' user and the brokers, with formula, posted or sealed-bid owners)
 * every job ends once, completed or rejected with its reason, and no job starts after its promised start.
 */
class PostedPricesPropertiesTest {
    /** Random markets of the first property. */
    static final int MARKETS = 120;
    /** Stationary workloads of the second. */
    static final int STATIONARY = 40;

    @Test
    void pricesStayWithinTheirBoundsAndEveryMechanismKeepsItsPromisesAndItsJobs() {
        Random random = new Random(3737);
        int posted = 0;
        int prices = 0;
        int trades = 0;
        int jobsRead = 0;
        for (int run = 0; run < MARKETS; run++) {
            boolean posts = run % 4 != 3; // a quarter with the formula's or bidding owners, under the same mechanisms
            double min = 0.05 + random.nextDouble();
            double max = min * (1 + 10 * random.nextDouble());
            String owner = posts ? String.format(Locale.ROOT, "{strategy: posted, price: %s, min: %s, max: %s, "
                    + "step: %s, period: %d, signal: %s, target: %s}", min + (max - min) * random.nextDouble(), min,
                    max, 0.01 + 0.99 * random.nextDouble(), 60 + random.nextInt(7200),
                    random.nextBoolean() ? "utilization" : "sales", random.nextDouble())
                    : run % 8 == 3 ? "{strategy: formula}"
                    : random.nextBoolean() ? "{strategy: sealed-bid, bid: truthful}"
                    : String.format(Locale.ROOT, "{strategy: sealed-bid, markup: %s, raise: %s, cut: %s}",
                    random.nextDouble(), random.nextDouble() / 10, random.nextDouble() / 10);
            String yaml = market(random, run, owner, 30 + random.nextInt(51), 0.3 + 2 * random.nextDouble(), true);
            Run ran = run(yaml);
            jobsRead += ran.jobs();
            RunResult r = keepsJobsAndPromises(ran, yaml);
            if (!posts) {
                assertTrue(r.postedPrices().isEmpty());
                continue;
            }
            posted++;
            for (PostedPrice p : r.postedPrices()) {
                prices++;
                assertTrue(p.price() >= min && p.price() <= max, "within " + min + ".." + max + ": " + p + "\n"
                        + yaml);
            }
            if (yaml.contains("clearing: users-choice")) {
                for (Trade t : r.trades().values()) {
                    if (t.accepted() == null) {
                        continue;
                    }
                    for (OfferPart part : t.accepted().parts()) {
                        trades++;
                        double perNodeSecond = part.price() / ((double) part.placement().nodes().length
                                * (part.placement().end() - part.placement().start()));
                        assertTrue(perNodeSecond >= min * (1 - 1e-12) && perNodeSecond <= max * (1 + 1e-12),
                                "a first price is a posted price: " + perNodeSecond + "\n" + yaml);
                        assertTrue(r.postedPrices().stream().anyMatch(p -> p.machine().equals(part.machineName())
                                && Math.abs(p.price() - perNodeSecond) <= 1e-9 * p.price()),
                                "the price of a period posted by " + part.machineName() + ": " + perNodeSecond);
                    }
                }
            }
        }
        System.out.printf("%d random markets (%d with posted prices, the others' owners price by formula or bid): %d "
                + "jobs, %d posted prices within their bounds, %d first prices each a posted price%n", MARKETS,
                posted, jobsRead, prices, trades);
        assertTrue(prices > 10 * posted && trades > 1000, "the properties were put to the test");
    }

    @Test
    void theMeanPostedPriceSettlesOnAStationaryWorkload() {
        Random random = new Random(3738);
        int[] settled = new int[2];      // by damping: none, some
        int[] settledEarly = new int[2];
        int[] shrank = new int[2];
        int[] runs = new int[2];
        StringBuilder seen = new StringBuilder();
        for (int run = 0; run < STATIONARY; run++) {
            int damped = run % 2;
            // every other damped owner takes the default damping (0.1), the others one of 0.05-0.5
            boolean byDefault = run % 4 == 1;
            double damping = damped == 0 ? 0 : byDefault ? 0.1 : 0.05 + 0.45 * random.nextDouble();
            String owner = String.format(Locale.ROOT, "{strategy: posted, price: 1, min: 0.1, max: 10, step: %s, "
                    + "period: 3600, signal: utilization, target: %s%s}", 0.02 + 0.2 * random.nextDouble(),
                    0.5 + 0.4 * random.nextDouble(), byDefault ? "" : ", damping: " + damping);
            String yaml = market(random, run, owner, 600, 0.4 + 0.8 * random.nextDouble(), false);
            RunResult r = keepsJobsAndPromises(run(yaml), yaml);
            long lastSubmit = r.outcomes().stream().mapToLong(o -> o.job().submit()).max().orElseThrow();
            PriceSeries s = PriceSeries.of(r.postedPrices(), lastSubmit);
            double[] m = s.means();
            int third = m.length / 3;
            double early = meanMove(m, 0, third);
            double late = meanMove(m, m.length - third, m.length);
            seen.append(String.format(Locale.ROOT, "damping %.2f: %d periods, settle %d, moves %.4f -> %.4f%n",
                    damping, m.length, s.settlePeriod(), early, late));
            runs[damped]++;
            settled[damped] += s.settlePeriod() >= 0 ? 1 : 0;
            settledEarly[damped] += s.settlePeriod() >= 0 && s.settlePeriod() < m.length * 3 / 4 ? 1 : 0;
            shrank[damped] += late <= early ? 1 : 0;
        }
        System.out.printf("%d stationary markets; without damping (%d): %d settled (%d before their last quarter), "
                + "%d with smaller moves in the last third than in the first; with damping (%d): %d settled (%d), "
                + "%d smaller%n%s", STATIONARY, runs[0], settled[0], settledEarly[0], shrank[0], runs[1],
                settled[1], settledEarly[1], shrank[1], seen);
        // without damping an interior price keeps moving with the utilization's noise, a few percent a period: no
        // promise, but most settle; with damping every price settles and moves less at the end than at the start
        assertTrue(settled[0] >= runs[0] / 2 && shrank[0] >= runs[0] / 2, seen.toString());
        assertEquals(runs[1], settled[1], "with damping every one settles: " + seen);
        assertEquals(runs[1], shrank[1], seen.toString());
    }

    /** The mean absolute log return of the means from period {@code a} to {@code b}. */
    private static double meanMove(double[] m, int a, int b) {
        double sum = 0;
        for (int k = Math.max(1, a); k < b; k++) {
            sum += Math.abs(Math.log(m[k] / m[k - 1]));
        }
        return sum / Math.max(1, b - Math.max(1, a));
    }

    /** A run and the jobs it read. */
    private record Run(RunResult result, int jobs) {
    }

    private static Run run(String yaml) {
        ExperimentSpec spec = new ExperimentLoader().load("r.yaml", yaml, Path.of("."));
        GridMarket model = new GridMarket(1, spec, Workloads.load(spec));
        return new Run(HeadlessRun.run(model), model.workload().jobs().size());
    }

    /** Completed + rejected = jobs read, each job ends, a rejection has its reason, no start after its promise. */
    private static RunResult keepsJobsAndPromises(Run run, String yaml) {
        RunResult r = run.result();
        Map<Integer, Integer> ends = new HashMap<>();
        for (JobOutcome o : r.outcomes()) {
            ends.merge(o.job().order(), 1, Integer::sum);
            if (!o.completed()) {
                assertFalse(o.reason().isBlank(), "a rejection has its reason: " + o + "\n" + yaml);
                continue;
            }
            Trade t = r.trades().get(o.job().order());
            assertTrue(o.start() <= t.promisedStart(), "no job starts after its promise: " + o + "\n" + yaml);
        }
        assertEquals(run.jobs(), r.metrics().completed() + r.metrics().rejected(), "completed + rejected: " + yaml);
        assertEquals(run.jobs(), ends.size(), "every job ends: " + yaml);
        return r;
    }

    /**
     * A random market of 1-3 domains of 1-2 machines; {@code anyMechanism}: any clearing rule, user, latency and
     * rescheduling, else price-sensitive users (UF2, UF3 or a cost broker) and the default round.
     */
    private static String market(Random random, int run, String owner, int jobs, double load, boolean anyMechanism) {
        StringBuilder sites = new StringBuilder("sites:\n");
        int machine = 0;
        for (int d = 0, domains = 1 + random.nextInt(3); d < domains; d++) {
            sites.append("  - name: s").append(d + 1).append("\n    machines:\n");
            for (int m = 0; m < 1 + random.nextInt(2); m++) {
                sites.append(String.format(Locale.ROOT, "      - {name: m%d, nodes: %d}%n", ++machine,
                        16 + random.nextInt(49)));
            }
        }
        String user;
        String uf;
        if (anyMechanism) {
            uf = "UF" + (1 + random.nextInt(5));
            user = switch (random.nextInt(4)) {
                case 0, 1 -> "{strategy: thesis}";
                case 2 -> "{strategy: dbc, optimise: cost}";
                default -> "{strategy: dbc, optimise: time}";
            };
        } else {
            uf = random.nextBoolean() ? "UF2" : "UF3";
            user = random.nextInt(3) == 0 ? "{strategy: dbc, optimise: cost}" : "{strategy: thesis}";
        }
        return "name: r" + run + "\nseed: " + random.nextInt(1000) + "\nworkload:\n  generate: {model: poisson, jobs: "
                + jobs + ", nodes: 64, load: " + load + ", meanRunTime: 1800, processors: uniform, overEstimate: 1.5}\n"
                + sites + "strategy: market\nmarket:\n  mf: MF" + (1 + random.nextInt(6)) + "\n  uf: " + uf
                + "\n  owner: " + owner + "\n  user: " + user
                + "\n  value: {budget: " + (0.5 + 3 * random.nextDouble()) + "}"
                + (anyMechanism ? "\n  clearing: " + (random.nextBoolean() ? "second-price" : "users-choice")
                + "\n  latency: " + (random.nextInt(3) == 0 ? 20 : 0) + "\n  rescheduling: "
                + new String[] {"none", "compress", "rebid"}[random.nextInt(3)] : "") + "\n";
    }
}
