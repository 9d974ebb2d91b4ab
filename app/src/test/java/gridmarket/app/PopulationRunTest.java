package gridmarket.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gridmarket.agents.SharedData;
import gridmarket.app.check.JobsCsvFeasibility;
import gridmarket.market.language.Attributes;
import gridmarket.market.language.DescriptionObject;
import gridmarket.market.language.DescriptionParser;
import gridmarket.market.language.Document;
import gridmarket.market.language.Evaluator;
import gridmarket.market.language.Expression;
import gridmarket.market.language.ObjectKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A heterogeneous run (issue 14) through the command line, with the templates and machine kinds of
 * examples/x7-heterogeneous on a smaller extract: feasible, and the populations' results add up to the run's totals.
 */
class PopulationRunTest {
    @TempDir
    Path dir;

    @Test
    void heterogeneousRunIsFeasibleAndPopulationsAddUpToTheTotals() throws Exception {
        Path example = Path.of("..", "examples", "x7-heterogeneous").toAbsolutePath().normalize();
        Path e = dir.resolve("x7.yaml");
        Files.writeString(e, "name: x7-small\nworkload:\n  swf: " + SharedData.trace("CTC-SP2-1996-3.1-cln")
                + "\n  shape: {from: 10000, to: 11500, shift: true, split: largest}\n"
                + "machines:\n  - {name: linux1, nodes: 128, operatingSystem: Linux, speed: 1, objective: MF1}\n"
                + "  - {name: linux2, nodes: 128, operatingSystem: Linux, speed: 1, objective: MF1}\n"
                + "  - {name: aix1, description: " + example.resolve("aix.mach") + "}\n"
                + "  - {name: aix2, description: " + example.resolve("aix.mach") + "}\n"
                + "strategy: market\nmarket: {mf: MF1, uf: UF1}\npopulations:\n"
                + "  - {name: cheap, share: 0.4, request: " + example.resolve("cheap.req") + "}\n"
                + "  - {name: fast, share: 0.4, request: " + example.resolve("fast.req") + "}\n");
        Path out = dir.resolve("out");
        Cli r = Cli.run("run", e.toString(), "--out", out.toString(), "--no-charts", "--offers");
        assertEquals(0, r.exit(), r.err());

        Set<Long> expected = JobsCsvFeasibility.jobIds(out.resolve("jobs.csv"));
        JobsCsvFeasibility.assertFeasible(out.resolve("jobs.csv"),
                Map.of("linux1", 128, "linux2", 128, "aix1", 128, "aix2", 128), expected);

        JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        JsonNode populations = summary.at("/market/populations");
        assertEquals(List.of("cheap", "fast", "(none)"), names(populations), "0.4 + 0.4 of the users: some in none");
        int jobs = 0;
        int completed = 0;
        int rejected = 0;
        double price = 0;
        double utility = 0;
        double waitSum = 0;
        for (JsonNode p : populations) {
            assertTrue(p.get("jobs").asInt() > 0, p.toString());
            jobs += p.get("jobs").asInt();
            completed += p.get("completed").asInt();
            rejected += p.get("rejected").asInt();
            price += p.get("pricePaid").asDouble();
            utility += p.get("utility").asDouble();
            waitSum += p.get("meanWait").asDouble() * p.get("completed").asInt();
        }
        JsonNode metrics = summary.get("metrics");
        assertEquals(metrics.get("jobs").asInt(), jobs);
        assertEquals(metrics.get("completed").asInt(), completed);
        assertEquals(metrics.get("rejected").asInt(), rejected);
        JsonNode market = summary.get("market");
        assertEquals(market.get("revenue").asDouble(), price, 1e-9 * Math.abs(price));
        assertEquals(market.get("welfare").asDouble(), utility, 1e-9 * Math.abs(utility));
        assertEquals(metrics.get("meanWait").asDouble(), waitSum / completed, 1e-6);
        // the fast users value an offer by its end (UtilityValue -EndTime), the cheap ones by its price (-JobCost)
        JsonNode cheap = populations.get("cheap");
        assertEquals(-cheap.get("pricePaid").asDouble(), cheap.get("utility").asDouble(),
                1e-9 * cheap.get("pricePaid").asDouble());
        checkOffers(out, summary);
    }

    /** The accepted offers written as OFFER documents: one per completed job, read back by validate and the parser. */
    private static void checkOffers(Path out, JsonNode summary) throws Exception {
        Path file = out.resolve("offers.offer");
        Cli v = Cli.run("validate", file.toString());
        assertEquals(0, v.exit(), v.err());
        Document d = new DescriptionParser().parse(file, ObjectKind.OFFER);
        assertEquals(summary.at("/market/accepted").asInt(), d.objects().size());
        Map<String, Long> promised = new HashMap<>();
        List<String> lines = Files.readAllLines(out.resolve("jobs.csv"));
        List<String> header = List.of(lines.get(0).split(","));
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            if (!f[header.indexOf("promised_start")].isEmpty()) {
                promised.put(f[0] + "/" + f[header.indexOf("part")],
                        Long.parseLong(f[header.indexOf("promised_start")]));
            }
        }
        for (DescriptionObject o : d.objects()) {
            Attributes a = Attributes.of(o);
            Evaluator ev = new Evaluator(a);
            String job = (long) ev.number(Expression.Attribute.named("JobID")) + "/"
                    + (long) ev.number(Expression.Attribute.named("Part"));
            assertEquals(promised.get(job), (long) ev.number(Expression.Attribute.named("StartTime")), "job " + job);
        }
    }

    private static List<String> names(JsonNode object) {
        List<String> names = new java.util.ArrayList<>();
        for (Iterator<String> it = object.fieldNames(); it.hasNext(); ) {
            names.add(it.next());
        }
        return names;
    }

    /**
     * {@code --all-offers}: every offer of every round; those marked Accepted 1 are exactly the offers {@code --offers}
     * writes for the same run, one per accepted request.
     */
    @Test
    void everyOfferOfEveryRoundWithTheAcceptedOnesMarked() throws Exception {
        Path e = Path.of("").toAbsolutePath();
        while (!Files.exists(e.resolve("examples/gui/market-small.yaml"))) {
            e = e.getParent();
        }
        e = e.resolve("examples/gui/market-small.yaml");
        Path accepted = dir.resolve("accepted");
        Path all = dir.resolve("all");
        assertEquals(0, Cli.run("run", e.toString(), "--out", accepted.toString(), "--no-charts", "--offers").exit());
        assertEquals(0, Cli.run("run", e.toString(), "--out", all.toString(), "--no-charts", "--all-offers").exit());
        Document a = new DescriptionParser().parse(accepted.resolve("offers.offer"), ObjectKind.OFFER);
        Document every = new DescriptionParser().parse(all.resolve("offers.offer"), ObjectKind.OFFER);
        Set<String> marked = new HashSet<>();
        for (var o : every.objects()) {
            var flag = o.keys().stream().filter(k -> k.name().equals("Accepted")).findFirst().orElseThrow();
            if (flag.values().get(0).body().toString().contains("1")) {
                marked.add(o.id());
            }
        }
        Set<String> held = new HashSet<>();
        a.objects().forEach(o -> held.add(o.id()));
        assertEquals(held, marked);
        assertTrue(every.objects().size() > 2 * held.size(), "several offers per round: " + every.objects().size());
        JsonNode summary = new ObjectMapper().readTree(all.resolve("summary.json").toFile());
        assertEquals(summary.at("/market/accepted").asInt(), marked.size());
    }

    /**
     * {@code --all-offers} with re-bidding: a swap's round is written too, so the last offer marked Accepted 1 of
     * every request is the one {@code --offers} writes for it (re-bid rounds were left out, and a swapped job's offer
     * was missing).
     */
    @Test
    void withReBiddingTheLastAcceptedOfferOfEveryRequestIsTheOneHeld() throws Exception {
        Path root = Path.of("").toAbsolutePath();
        while (!Files.exists(root.resolve("examples/gui/market-small.yaml"))) {
            root = root.getParent();
        }
        Path e = dir.resolve("rebid.yaml");
        Files.writeString(e, Files.readString(root.resolve("examples/gui/market-small.yaml"))
                .replace("hops: 1}", "hops: 1, rescheduling: rebid}"));
        Path accepted = dir.resolve("accepted");
        Path all = dir.resolve("all");
        assertEquals(0, Cli.run("run", e.toString(), "--out", accepted.toString(), "--no-charts", "--offers").exit());
        assertEquals(0, Cli.run("run", e.toString(), "--out", all.toString(), "--no-charts", "--all-offers").exit());
        JsonNode summary = new ObjectMapper().readTree(all.resolve("summary.json").toFile());
        assertTrue(summary.at("/market/swaps").asInt() > 0, "the case needs swaps: " + summary.get("market"));
        Map<String, String> lastAccepted = new java.util.LinkedHashMap<>();
        int marked = 0;
        for (var o : new DescriptionParser().parse(all.resolve("offers.offer"), ObjectKind.OFFER).objects()) {
            if (value(o, "Accepted").contains("1")) {
                lastAccepted.put(value(o, "RequestID"), o.id());
                marked++;
            }
        }
        Set<String> held = new HashSet<>();
        new DescriptionParser().parse(accepted.resolve("offers.offer"), ObjectKind.OFFER).objects()
                .forEach(o -> held.add(o.id()));
        assertEquals(held, new HashSet<>(lastAccepted.values()));
        assertEquals(summary.at("/market/accepted").asInt() + summary.at("/market/swaps").asInt(), marked,
                "one accepted offer per request and one more per swap");
    }

    private static String value(DescriptionObject o, String key) {
        return o.keys().stream().filter(k -> k.name().equals(key)).findFirst().orElseThrow().values().get(0).body()
                .toString();
    }
}
