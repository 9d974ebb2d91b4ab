package gridmarket.charts;

import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.CombinedDomainCategoryPlot;
import org.jfree.data.statistics.BoxAndWhiskerCategoryDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code distribution}: utility values and prices of the jobs, a box per MF/UF pair. */
class ChartDistributionTest {
    @TempDir
    Path dir;

    /** One value per completed job, read independently: the first row of each job. */
    private static List<Double> values(Path jobs, String column) throws Exception {
        Set<String> seen = new HashSet<>();
        List<Double> out = new ArrayList<>();
        for (Map<String, String> r : Fixtures.csv(jobs)) {
            if (r.get("status").equals("completed") && seen.add(r.get("job_id") + "/" + r.get("part"))) {
                out.add(Double.parseDouble(r.get(column)));
            }
        }
        return out;
    }

    private static double median(List<Double> v) {
        List<Double> s = v.stream().sorted().toList();
        int n = s.size();
        return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }

    @Test
    void aBoxPerRunWithTheJobsValues() throws Exception {
        Path runs = Fixtures.copy("market", dir).resolve("runs");
        List<Figure> figures = new Charts().build(ChartKind.DISTRIBUTION, List.of(runs), new ChartOptions());
        assertEquals(List.of("distribution"), figures.stream().map(Figure::name).toList());
        CombinedDomainCategoryPlot plot = (CombinedDomainCategoryPlot) figures.get(0).chart().getPlot();
        BoxAndWhiskerCategoryDataset utility = (BoxAndWhiskerCategoryDataset) ((CategoryPlot) plot.getSubplots()
                .get(0)).getDataset();
        BoxAndWhiskerCategoryDataset price = (BoxAndWhiskerCategoryDataset) ((CategoryPlot) plot.getSubplots()
                .get(1)).getDataset();
        assertEquals(List.of("MF1, UF1", "MF2, UF2"), utility.getColumnKeys());
        assertEquals(List.of("utility value"), utility.getRowKeys());
        assertEquals(List.of("price paid (JobCost)"), price.getRowKeys());
        // every axis names its unit: a price in node-hours, UF1 = -StartTime seconds, UF2 = -JobCost node-seconds
        assertEquals("utility (UF1: s; UF2: node-s)",
                ((CategoryPlot) plot.getSubplots().get(0)).getRangeAxis().getLabel());
        assertEquals("price paid (node-hours)",
                ((CategoryPlot) plot.getSubplots().get(1)).getRangeAxis().getLabel());
        for (String run : List.of("MF1-UF1", "MF2-UF2")) {
            String label = run.replace("-", ", ");
            Path jobs = runs.resolve(run).resolve("jobs.csv");
            List<Double> prices = values(jobs, "price").stream().map(p -> p / 3600).toList(); // drawn in node-hours
            assertEquals(6, prices.size(), "six completed jobs; the multi-site job counts once");
            assertEquals(median(prices), price.getMedianValue("price paid (JobCost)", label).doubleValue(), 1e-9);
            assertEquals(prices.stream().mapToDouble(Double::doubleValue).average().orElseThrow(),
                    price.getMeanValue("price paid (JobCost)", label).doubleValue(), 1e-9);
            List<Double> utilities = values(jobs, "utility");
            assertEquals(median(utilities), utility.getMedianValue("utility value", label).doubleValue(), 1e-9);
            assertEquals(utilities.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                    utility.getMinRegularValue("utility value", label).doubleValue(), 1e-9);
        }
        assertEquals("x3-test: utility values and prices paid per MF, UF", figures.get(0).chart().getTitle()
                .getText());
        // the axis spans every whisker and mean; a value beyond it is counted at the edge, so every value is either
        // inside the axis or counted; and the mean's marker is drawn over its box
        for (int k = 0; k < 2; k++) {
            CategoryPlot sub = (CategoryPlot) plot.getSubplots().get(k);
            BoxAndWhiskerCategoryDataset boxes = (BoxAndWhiskerCategoryDataset) sub.getDataset();
            TukeyBoxRenderer renderer = (TukeyBoxRenderer) sub.getRenderer();
            org.jfree.data.Range range = sub.getRangeAxis().getRange();
            String column = k == 0 ? "utility" : "price";
            for (String run : List.of("MF1-UF1", "MF2-UF2")) {
                String label = run.replace("-", ", ");
                assertTrue(range.contains(boxes.getMinRegularValue(0, boxes.getColumnIndex(label)).doubleValue()));
                assertTrue(range.contains(boxes.getMaxRegularValue(0, boxes.getColumnIndex(label)).doubleValue()));
                assertTrue(range.contains(boxes.getMeanValue(0, boxes.getColumnIndex(label)).doubleValue()));
                List<Double> all = values(runs.resolve(run).resolve("jobs.csv"), column).stream()
                        .map(v -> column.equals("price") ? v / 3600 : v).toList();
                long inside = all.stream().filter(range::contains).count();
                int[] beyond = renderer.beyond(label, range);
                assertEquals(all.size(), inside + beyond[0] + beyond[1], column + " of " + run);
            }
            assertEquals(org.jfree.chart.plot.DatasetRenderingOrder.FORWARD, sub.getDatasetRenderingOrder());
        }

        Path out = dir.resolve("charts");
        new Charts().write(ChartKind.DISTRIBUTION, List.of(runs), new ChartOptions(), out);
        Fixtures.assertWritten(out, "distribution", List.of("MF1, UF1", "MF2, UF2", "utility value",
                "price paid (JobCost)"));
    }

    @Test
    void oneQuantityOnly() throws Exception {
        Path runs = Fixtures.copy("market", dir).resolve("runs");
        List<Figure> figures = new Charts().build(ChartKind.DISTRIBUTION, List.of(runs),
                new ChartOptions().metrics(List.of("price")));
        assertEquals("distribution-price", figures.get(0).name());
        assertEquals(1, ((CombinedDomainCategoryPlot) figures.get(0).chart().getPlot()).getSubplots().size());
    }

    @Test
    void runsWithoutMarketColumnsAreBadInput() throws Exception {
        Path sweep = Fixtures.copy("sweep", dir);
        ChartException e = assertThrows(ChartException.class, () -> new Charts().build(ChartKind.DISTRIBUTION,
                List.of(sweep.resolve("results.csv")), new ChartOptions()));
        assertTrue(e.getMessage().contains("run folder was not found"), e.getMessage());
        Path run = Fixtures.copy("market", dir).resolve("runs/MF1-UF1");
        String core = "job_id,part,site,user,submit,start,end,nodes,run_time,estimate,machine,multisite,status,"
                + "reason,node_ids";
        String job = "1,0,s1,1,0,0,10,1,10,10,m1,1,completed,,0";
        for (String jobs : List.of(core + "\n" + job + "\n", core + ",price,utility\n" + job + ",,\n")) {
            java.nio.file.Files.writeString(run.resolve("jobs.csv"), jobs);
            e = assertThrows(ChartException.class, () -> new Charts().build(ChartKind.DISTRIBUTION, List.of(run),
                    new ChartOptions()));
            assertTrue(e.getMessage().contains("no utility values or prices"), e.getMessage());
            assertFalse(DistributionChart.applies(run), "run draws no distribution for it");
        }
    }
}
