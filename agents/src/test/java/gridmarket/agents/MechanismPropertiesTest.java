package gridmarket.agents;

import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.market.JobValue;
import gridmarket.market.Offer;
import gridmarket.market.Trade;
import gridmarket.market.ValueModel;
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
 * The mechanisms of money as properties over random markets: random grids of one to four domains, generated
 * workloads, machine functions, values, budgets and deadlines, clearing rules (first and second price), users (the
 * thesis' and the DBC broker's three goals), latencies and rescheduling. In every run every job ends once, completed
 * or rejected with a reason, no job starts after its promised start, and a broker never pays above a budget nor
 * holds an offer that misses a deadline.
 */
class MechanismPropertiesTest {
    /** Random markets run. */
    static final int MARKETS = 100;

    @Test
    void everyJobEndsAndBrokersKeepTheirBudgetsAndDeadlines() {
        Random random = new Random(3131);
        int brokers = 0;
        int rejected = 0;
        int total = 0;
        for (int run = 0; run < MARKETS; run++) {
            String yaml = market(random, run);
            ExperimentSpec spec = new ExperimentLoader().load("r" + run + ".yaml", yaml, Path.of("."));
            GridMarket model = new GridMarket(1, spec, Workloads.load(spec));
            RunResult r = HeadlessRun.run(model);
            int jobs = model.workload().jobs().size();
            total += jobs;
            assertEquals(jobs, r.metrics().completed() + r.metrics().rejected(), yaml);
            Map<Integer, Integer> ends = new HashMap<>();
            for (JobOutcome o : r.outcomes()) {
                ends.merge(o.job().order(), 1, Integer::sum);
            }
            assertEquals(jobs, ends.size(), "every job ends: " + yaml);
            boolean broker = spec.getMarket().userStrategy().equals("dbc");
            brokers += broker ? 1 : 0;
            ValueModel values = spec.getMarket().valueModel(spec.getSeed());
            for (JobOutcome o : r.outcomes()) {
                Trade t = r.trades().get(o.job().order());
                if (!o.completed()) {
                    rejected++;
                    assertFalse(o.reason().isBlank(), "a rejection has its reason: " + o + "\n" + yaml);
                    continue;
                }
                assertTrue(o.start() <= t.promisedStart(), "no job starts after its promise: " + o + "\n" + yaml);
                if (broker) {
                    JobValue v = values.of(o.job());
                    Offer held = t.accepted();
                    assertTrue(held.jobCost() <= v.budget(), "within the budget: " + t + "\n" + yaml);
                    assertTrue(t.promisedStart() + (held.endTime() - held.startTime()) <= v.deadline(),
                            "by the deadline: " + t + "\n" + yaml);
                    assertTrue(o.end() <= v.deadline(), "ends by its deadline: " + o + "\n" + yaml);
                }
            }
        }
        System.out.printf("%d random markets, %d with DBC brokers, %d jobs, %d rejected%n", MARKETS, brokers, total,
                rejected);
        assertTrue(brokers >= MARKETS / 4 && rejected > 0, "brokers in " + brokers + " runs, " + rejected
                + " rejections: the properties were put to the test");
    }

    /** A random market of 1-4 domains of 1-2 machines, 40-80 generated jobs. */
    private static String market(Random random, int run) {
        StringBuilder sites = new StringBuilder("sites:\n");
        int domains = 1 + random.nextInt(4);
        int machine = 0;
        for (int d = 0; d < domains; d++) {
            sites.append("  - name: s").append(d + 1).append("\n    machines:\n");
            for (int m = 0; m < 1 + random.nextInt(2); m++) {
                sites.append(String.format(Locale.ROOT, "      - {name: m%d, nodes: %d}%n", ++machine,
                        8 + random.nextInt(57)));
            }
        }
        String user = switch (random.nextInt(4)) {
            case 0 -> "{strategy: thesis}";
            case 1 -> "{strategy: dbc, optimise: cost}";
            case 2 -> "{strategy: dbc, optimise: time}";
            default -> String.format(Locale.ROOT, "{strategy: dbc, optimise: cost-time, weight: %.2f}",
                    random.nextDouble());
        };
        String value = String.format(Locale.ROOT, "{perNodeSecond: %.2f, spread: %.2f, expected: %.2f, decay: %.2f, "
                        + "floor: %.2f, deadline: %.2f, budget: %.2f, ownerCost: %.2f}", 0.2 + 3 * random.nextDouble(),
                random.nextDouble(), random.nextDouble() * 2, 0.1 + 3 * random.nextDouble(), -random.nextDouble(),
                1 + 5 * random.nextDouble(), 0.2 + 3 * random.nextDouble(), random.nextDouble());
        return "name: r" + run + "\nseed: " + random.nextInt(1000) + "\nworkload:\n  generate: {model: poisson, jobs: "
                + (40 + random.nextInt(41)) + ", nodes: 64, load: " + (0.5 + 2 * random.nextDouble())
                + ", meanRunTime: 900, processors: uniform, overEstimate: 1.5}\n" + sites
                + "strategy: market\nmarket:\n  mf: MF" + (1 + random.nextInt(6)) + "\n  uf: UF"
                + (1 + random.nextInt(5)) + "\n  clearing: " + (random.nextBoolean() ? "second-price" : "users-choice")
                + "\n  user: " + user + "\n  value: " + value + "\n  latency: " + (random.nextInt(3) == 0 ? 20 : 0)
                + "\n  rescheduling: " + new String[] {"none", "compress", "rebid"}[random.nextInt(3)] + "\n";
    }
}
