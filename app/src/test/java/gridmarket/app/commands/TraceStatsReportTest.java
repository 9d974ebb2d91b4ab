package gridmarket.app.commands;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gridmarket.sim.workload.DropReason;
import gridmarket.sim.workload.Job;
import gridmarket.sim.workload.TraceStatistics;
import gridmarket.sim.workload.Workload;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TraceStatsReportTest {
    private static TraceStatistics stats(int bad, Job... jobs) {
        Map<DropReason, Integer> drops = new EnumMap<>(DropReason.class);
        for (DropReason r : DropReason.values()) {
            drops.put(r, r == DropReason.BAD_LINE ? bad : 0);
        }
        return TraceStatistics.of(new Workload("hand-made", List.of(), List.of(jobs), drops), 4);
    }

    @Test
    void theReportIsHeadedBySourceAndMachineAndCountsTheJobs() {
        String text = TraceStatsReport.text(stats(1, new Job(1, 0, 0, 10, 20, 3, 1, 1, 20)));
        assertTrue(text.startsWith("Workload statistics: hand-made\nMachine size:        4 nodes\n"), text);
        assertTrue(text.contains("  jobs kept                           1\n"), text);
        assertTrue(text.contains("  dropped bad_line                    1\n"), text);
        assertTrue(text.endsWith("\n"));
    }

    /** The longest label (a drop reason's key) sets the column: every count, time and share ends in one column. */
    @Test
    void everyLabelledRowLinesUp() {
        String text = TraceStatsReport.text(stats(1, new Job(1, 0, 0, 10, 20, 3, 1, 1, 20),
                new Job(2, 0, 60, 10, 20, 2, 1, 1, 20)));
        Pattern row = Pattern.compile("^  ([a-z].*?)  +(-?\\d+(\\.\\d+)?)( |$).*"); // two spaces end a label
        Set<Integer> ends = new TreeSet<>();
        List<String> rows = new ArrayList<>();
        String section = "";
        for (String line : text.split("\n")) {
            if (!line.isEmpty() && !line.startsWith(" ")) {
                section = line;
            }
            Matcher m = row.matcher(line);
            // the processor histogram and the run-time table are tables of their own, with their own columns
            if (m.matches() && !section.startsWith("Processors") && !section.startsWith("Run time")) {
                rows.add(line);
                // whole numbers end in one column, a fraction's decimals run past it
                String value = m.group(2);
                int dot = value.indexOf('.');
                ends.add(m.start(2) + (dot < 0 ? value.length() : dot));
            }
        }
        assertTrue(rows.stream().anyMatch(r -> r.startsWith("  dropped " + DropReason.WIDER_THAN_LIMIT.key())), text);
        assertTrue(rows.size() > 15, String.join("\n", rows));
        assertEquals(1, ends.size(), String.join("\n", rows));
    }

    @Test
    void jsonKeepsTheStatisticsOrderAndNamesDropsByKey() throws Exception {
        JsonNode n = new ObjectMapper().readTree(TraceStatsReport.json(stats(2, new Job(1, 0, 0, 10, 20, 3, 1, 1,
                20))));
        List<String> keys = new ArrayList<>();
        n.fieldNames().forEachRemaining(keys::add);
        assertEquals(List.of("source", "machineNodes", "jobs", "drops", "users", "firstSubmit", "lastSubmit", "span",
                "lastEnd", "spanToLastEnd", "area", "offeredLoad", "widerThanMachine", "processors", "runTime",
                "estimate", "accuracy", "interArrival"), keys);
        assertEquals(2, n.at("/drops/bad_line").asInt());
        assertEquals(0, n.at("/drops/run_time<=0").asInt());
        assertEquals("3-4", n.at("/processors/2/low").asText() + "-" + n.at("/processors/2/high").asText());
        assertEquals(1, n.at("/processors/2/jobs").asInt());
        assertEquals(30.0, n.get("area").asDouble(), "3 nodes x 10 s");
    }
}
