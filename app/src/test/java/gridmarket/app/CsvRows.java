package gridmarket.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads a CSV with RFC 4180 quoting into a header and rows, independently of the writer under test. */
record CsvRows(List<String> header, List<Map<String, String>> rows) {

    static CsvRows read(Path file) throws IOException {
        List<List<String>> records = parse(Files.readString(file));
        List<String> header = records.get(0);
        List<Map<String, String>> rows = new ArrayList<>();
        for (List<String> r : records.subList(1, records.size())) {
            if (r.size() != header.size()) {
                throw new AssertionError("row has " + r.size() + " fields, header " + header.size() + ": " + r);
            }
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.put(header.get(i), r.get(i));
            }
            rows.add(row);
        }
        return new CsvRows(header, rows);
    }

    static List<List<String>> parse(String text) {
        List<List<String>> records = new ArrayList<>();
        List<String> fields = new ArrayList<>();
        StringBuilder f = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    f.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    f.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                fields.add(f.toString());
                f.setLength(0);
            } else if (c == '\n') {
                fields.add(f.toString());
                f.setLength(0);
                records.add(fields);
                fields = new ArrayList<>();
            } else if (c != '\r') {
                f.append(c);
            }
        }
        if (f.length() > 0 || !fields.isEmpty()) {
            fields.add(f.toString());
            records.add(fields);
        }
        return records;
    }
}
