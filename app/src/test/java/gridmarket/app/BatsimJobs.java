package gridmarket.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A reader of Batsim's {@code jobs.csv} written from Batsim's documentation ("Jobs" output and "Interval set"), not
 * from gridmarket's writer: columns by header name, a quoted field may hold commas, {@code allocated_resources} is
 * an interval set whose canonical form is checked (disjoint, maximal, ascending intervals {@code a-b} or {@code a}
 * separated by one space), and the documented identities between the times are checked on every row.
 */
final class BatsimJobs {
    private BatsimJobs() {
    }

    /** One job: times in seconds (NaN where empty), its resources, whether it completed successfully. */
    record Row(String jobId, double submission, double start, double finish, double waiting, boolean success,
               TreeSet<Integer> resources, String metadata) {
    }

    static Map<String, Row> read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        List<String> header = fields(lines.get(0));
        Map<String, Row> rows = new LinkedHashMap<>();
        for (int i = 1; i < lines.size(); i++) {
            List<String> f = fields(lines.get(i));
            assertEquals(header.size(), f.size(), "line " + (i + 1));
            Map<String, String> c = new LinkedHashMap<>();
            for (int k = 0; k < header.size(); k++) {
                c.put(header.get(k), f.get(k));
            }
            String state = c.get("final_state");
            boolean success = c.get("success").equals("1");
            assertEquals(success, state.equals("COMPLETED_SUCCESSFULLY"), "line " + (i + 1));
            double submit = time(c.get("submission_time"));
            double start = time(c.get("starting_time"));
            double finish = time(c.get("finish_time"));
            double waiting = time(c.get("waiting_time"));
            if (state.equals("REJECTED")) {
                for (String empty : List.of("starting_time", "execution_time", "finish_time", "waiting_time",
                        "turnaround_time", "stretch", "allocated_resources")) {
                    assertEquals("", c.get(empty), "line " + (i + 1) + " " + empty);
                }
            } else {
                assertEquals(finish - start, time(c.get("execution_time")), 1e-6, "execution_time");
                assertEquals(start - submit, waiting, 1e-6, "waiting_time");
                assertEquals(finish - submit, time(c.get("turnaround_time")), 1e-6, "turnaround_time");
                assertEquals((finish - submit) / (finish - start), time(c.get("stretch")), 1e-6, "stretch");
                assertEquals(-1, time(c.get("consumed_energy")), 0, "consumed_energy");
            }
            TreeSet<Integer> res = intervalSet(c.get("allocated_resources"));
            if (success) {
                assertEquals(Integer.parseInt(c.get("requested_number_of_resources")), res.size(), "line " + (i + 1));
            }
            assertTrue(rows.put(c.get("job_id"), new Row(c.get("job_id"), submit, start, finish, waiting, success,
                    res, c.get("metadata"))) == null, "job " + c.get("job_id") + " twice");
        }
        return rows;
    }

    private static double time(String s) {
        return s.isEmpty() ? Double.NaN : Double.parseDouble(s);
    }

    /** The resources of a canonical interval set; fails on any other representation. */
    static TreeSet<Integer> intervalSet(String s) {
        TreeSet<Integer> out = new TreeSet<>();
        if (s.isEmpty()) {
            return out;
        }
        long previousEnd = Long.MIN_VALUE;
        for (String interval : s.split(" ", -1)) {
            if (!interval.matches("[0-9]+(-[0-9]+)?")) {
                fail("'" + interval + "' in '" + s + "' is not a or a-b");
            }
            String[] ab = interval.split("-");
            int a = Integer.parseInt(ab[0]);
            int b = ab.length == 1 ? a : Integer.parseInt(ab[1]);
            assertTrue(ab.length == 1 || b > a, "not canonical (a-a or b < a): " + s);
            assertTrue(a > previousEnd + 1, "not canonical (overlapping, adjacent or descending): " + s);
            for (int n = a; n <= b; n++) {
                out.add(n);
            }
            previousEnd = b;
        }
        return out;
    }

    /** A CSV line's fields: commas separate fields, double quotes enclose one that may hold commas. */
    private static List<String> fields(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder f = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (ch == '"') {
                if (quoted && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    f.append('"');
                    i++;
                } else {
                    quoted = !quoted;
                }
            } else if (ch == ',' && !quoted) {
                out.add(f.toString());
                f.setLength(0);
            } else {
                f.append(ch);
            }
        }
        out.add(f.toString());
        return out;
    }
}
