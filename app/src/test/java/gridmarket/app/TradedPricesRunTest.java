package gridmarket.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A market run without posted prices (the GUI's example, 300 jobs on m128, under the call for offers and under second
 * price, with job values) writes its owners' traded prices to {@code prices.csv} and reports the series' volatility
 * and settle time: the lines account for every unit of money paid.
 */
class TradedPricesRunTest {
    @TempDir
    Path dir;

    @Test
    void everyMechanismsPricesAccountForWhatWasPaidAndTheSummaryReportsTheirSeries() throws Exception {
        String example = Files.readString(Path.of("..", "examples", "gui", "market-small.yaml"));
        for (String clearing : List.of("users-choice", "second-price")) {
            Path e = dir.resolve(clearing + ".yaml");
            Files.writeString(e, example.replace("hops: 1}", "hops: 1, clearing: " + clearing + ", value: {}}"));
            Path out = dir.resolve(clearing);
            Cli r = Cli.run("run", e.toString(), "--out", out.toString(), "--no-charts");
            assertEquals(0, r.exit(), r.err());

            List<String> lines = Files.readAllLines(out.resolve("prices.csv"));
            assertEquals("time,machine,price,utilization,sold", lines.get(0));
            double paid = 0;
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.split(",");
                assertEquals(0, Long.parseLong(f[0]) % 3600, "hourly periods: " + line);
                double utilization = Double.parseDouble(f[3]);
                assertTrue(utilization >= 0 && utilization <= 1 + 1e-6, line);
                // price per node-second x node-seconds sold (a share of 128 nodes x 3600 s, rounded to 6 places)
                paid += Double.parseDouble(f[2]) * Double.parseDouble(f[4]) * 128 * 3600;
            }
            JsonNode market = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("market");
            double revenue = market.get("revenue").asDouble();
            assertEquals(revenue, paid, revenue * 1e-4, clearing + ": every trade on its owner's line");
            JsonNode economy = market.get("economy");
            assertTrue(economy.get("priceVolatility").asDouble() > 0, clearing + ": MF1's prices move: " + economy);
            assertTrue(economy.has("priceSettleTime"), economy.toString());
        }
    }
}
