package gridmarket.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gridmarket.agents.Workloads;
import gridmarket.app.check.JobsCsvFeasibility;
import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.market.JobValue;
import gridmarket.market.ValueModel;
import gridmarket.results.JobRow;
import gridmarket.results.JobsCsv;
import gridmarket.sim.result.JobStatus;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The continuous double auction ({@code clearing: double-auction}, owners asking cost x markup, DBC bidders) as
 * properties over random markets run through the command line: every trade pays the midpoint of a bid that is at
 * least the ask, users pay exactly what owners receive, every job read ends completed or rejected with a reason, no
 * job starts after its promised start, and the schedule is feasible node by node ({@link JobsCsvFeasibility}).
 */
class DoubleAuctionPropertiesTest {
    /** Random markets run. */
    static final int MARKETS = 60;

    @TempDir
    Path dir;

    @Test
    void tradesNeverCrossBalanceTheBudgetAndKeepEveryJobAndPromise() throws Exception {
        Random random = new Random(3139);
        int trades = 0;
        int rejected = 0;
        int jobsRead = 0;
        int resting = 0;
        for (int run = 0; run < MARKETS; run++) {
            Map<String, Integer> machines = new LinkedHashMap<>();
            // as the experiment file writes it
            double markup = Double.parseDouble(String.format(Locale.ROOT, "%.4f", 0.2 + 3 * random.nextDouble()));
            String yaml = market(random, run, machines, markup);
            Path e = dir.resolve("r" + run + ".yaml");
            Files.writeString(e, yaml);
            Path out = dir.resolve("r" + run);
            Cli r = Cli.run("run", e.toString(), "--out", out.toString(), "--no-charts");
            assertEquals(0, r.exit(), r.err() + "\n" + yaml);

            ExperimentSpec spec = new ExperimentLoader().load(e);
            List<Job> jobs = Workloads.load(spec).jobs();
            jobsRead += jobs.size();
            ValueModel values = spec.getMarket().valueModel(spec.getSeed());
            Map<Long, JobValue> valueOf = new HashMap<>();
            for (Job j : jobs) {
                valueOf.put((long) j.id(), values.of(j));
            }
            Set<Long> ids = jobs.stream().map(j -> (long) j.id()).collect(Collectors.toSet());
            JobsCsvFeasibility.assertFeasible(out.resolve("jobs.csv"), machines, ids);

            JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
            JsonNode metrics = summary.get("metrics");
            assertEquals(jobs.size(), metrics.get("completed").asInt() + metrics.get("rejected").asInt(), yaml);

            double ask = values.ownerCost() * markup;
            double paid = 0;
            Map<Long, Integer> nodes = new HashMap<>(); // a co-allocated job's parts: one row each, its price on each
            Map<Long, JobRow> first = new LinkedHashMap<>();
            for (JobRow row : JobsCsv.read(out.resolve("jobs.csv"))) {
                nodes.merge(row.jobId(), row.nodes(), Integer::sum);
                first.putIfAbsent(row.jobId(), row);
            }
            for (JobRow row : first.values()) {
                if (row.status() != JobStatus.COMPLETED) {
                    rejected++;
                    assertFalse(row.reason().isBlank(), "a rejection has its reason: " + row + "\n" + yaml);
                    continue;
                }
                trades++;
                JobValue v = valueOf.get(row.jobId());
                double area = (double) nodes.get(row.jobId()) * row.estimate();
                double bid = v.budget() / area;
                assertTrue(bid >= ask, "a trade's bid is at least the ask: " + bid + " < " + ask + " for " + row);
                double price = row.market().price();
                assertEquals((bid + ask) / 2 * area, price, 1e-9 * price, "the midpoint of bid " + bid + " and ask " + ask + ": " + row + "\n" + yaml);
                assertTrue(row.start() <= row.market().promisedStart(), "a promise kept: " + row + "\n" + yaml);
                assertTrue(row.end() <= v.deadline(), "ends by its deadline: " + row + "\n" + yaml);
                paid += price;
            }
            double received = 0;
            for (JsonNode m : summary.at("/market/revenueByMachine")) {
                received += m.asDouble();
            }
            assertEquals(paid, received, 1e-9 * Math.max(1, paid), "users pay what owners receive: " + yaml);
            assertEquals(paid, summary.at("/market/economy/paid").asDouble(), 1e-9 * Math.max(1, paid), yaml);
            resting += summary.at("/market/accepted").asInt() < jobs.size() ? 1 : 0;
        }
        System.out.printf("%d random double auctions, %d jobs read, %d trades, %d rejected%n", MARKETS, jobsRead,
                trades, rejected);
        assertTrue(trades > 1000 && rejected > 100 && resting > MARKETS / 2, trades + " trades, " + rejected
                + " rejections in " + resting + " runs: the properties were put to the test");
    }

    @Test
    void aDoubleAuctionWithoutBudgetsIsRefusedInOneLine() throws Exception {
        Path e = dir.resolve("bad.yaml");
        Files.writeString(e, "name: bad\nworkload:\n  generate: {model: poisson, jobs: 10, nodes: 16}\n"
                + "configuration: m128\nstrategy: market\nmarket: {clearing: double-auction}\n");
        Cli r = Cli.run("run", e.toString(), "--out", dir.resolve("out").toString(), "--no-charts");
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("market.clearing") && r.err().contains("double-auction"), r.err());
    }

    /** A random market of 1-4 domains of 1-2 machines (named into {@code machines}), 40-80 generated jobs. */
    private static String market(Random random, int run, Map<String, Integer> machines, double markup) {
        StringBuilder sites = new StringBuilder("sites:\n");
        int domains = 1 + random.nextInt(4);
        for (int d = 0; d < domains; d++) {
            sites.append("  - name: s").append(d + 1).append("\n    machines:\n");
            for (int m = 0; m < 1 + random.nextInt(2); m++) {
                String name = "m" + (machines.size() + 1);
                int nodes = 8 + random.nextInt(57);
                machines.put(name, nodes);
                sites.append(String.format(Locale.ROOT, "      - {name: %s, nodes: %d}%n", name, nodes));
            }
        }
        String goal = new String[] {"cost", "time", "cost-time"}[random.nextInt(3)];
        String value = String.format(Locale.ROOT, "{perNodeSecond: %.2f, spread: %.2f, deadline: %.2f, budget: %.2f, "
                        + "ownerCost: %.2f}", 0.2 + 2 * random.nextDouble(), random.nextDouble(),
                1 + 5 * random.nextDouble(), 0.2 + 2 * random.nextDouble(), 0.05 + random.nextDouble());
        return "name: r" + run + "\nseed: " + random.nextInt(1000) + "\nworkload:\n  generate: {model: poisson, jobs: "
                + (40 + random.nextInt(41)) + ", nodes: 64, load: " + (0.5 + 2 * random.nextDouble())
                + ", meanRunTime: 900, processors: uniform, overEstimate: 1.5}\n" + sites
                + "strategy: market\nmarket:\n  clearing: double-auction\n  owner: {strategy: ask, markup: "
                + String.format(Locale.ROOT, "%.4f", markup) + "}\n  user: {strategy: dbc, optimise: " + goal
                + "}\n  value: " + value + "\n  latency: " + (random.nextInt(3) == 0 ? 20 : 0)
                + "\n  rescheduling: " + new String[] {"none", "compress", "rebid"}[random.nextInt(3)] + "\n";
    }
}
