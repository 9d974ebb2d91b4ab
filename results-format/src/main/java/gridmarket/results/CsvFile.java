package gridmarket.results;

import java.io.IOException;
import java.lang.ref.SoftReference;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * gridmarket's one CSV implementation (RFC 4180: a field with a comma, quote, CR or LF is quoted, quotes doubled).
 * Writing: {@link #line} and {@link #field}. Reading: a file with a header line, read whole; every record must have
 * as many fields as the header. Numbers are read on demand, so an error names the line and column of the bad cell.
 */
public final class CsvFile {
    /**
     * The last file read: a run's figures each read its {@code jobs.csv}, and a large one takes longer to parse than
     * to draw. Reused only while the file's modification time is unchanged; soft, so it never holds memory the JVM
     * needs.
     */
    private static SoftReference<CsvFile> last;

    private final Path path;
    private final FileTime modified;
    private final long bytes;
    private final List<String> header;
    private final Map<String, Integer> index = new HashMap<>();
    private final List<String[]> records;
    private final List<Integer> lines;

    private CsvFile(Path path, FileTime modified, long bytes, List<String> header, List<String[]> records,
                    List<Integer> lines) {
        this.path = path;
        this.modified = modified;
        this.bytes = bytes;
        this.header = List.copyOf(header);
        this.records = records;
        this.lines = lines;
        for (int i = 0; i < header.size(); i++) {
            index.putIfAbsent(header.get(i), i);
        }
    }

    /**
     * Reads a CSV file.
     *
     * @throws ResultsException if the file is missing, unreadable, empty or a record has the wrong number of fields
     */
    public static CsvFile read(Path path) {
        String text;
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(path, BasicFileAttributes.class);
            synchronized (CsvFile.class) {
                CsvFile hit = last == null ? null : last.get();
                if (hit != null && hit.path.equals(path) && hit.modified.equals(attributes.lastModifiedTime())
                        && hit.bytes == attributes.size()) {
                    return hit;
                }
            }
            text = Files.readString(path, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ResultsException(path + ": no such file");
        } catch (CharacterCodingException e) {
            throw new ResultsException(path + ": not a text file (not UTF-8; expected CSV)");
        } catch (IOException e) {
            throw new ResultsException(path + ": cannot read: " + e.getMessage());
        }
        List<List<String>> all = new ArrayList<>();
        List<Integer> lines = new ArrayList<>();
        int open = parse(text, all, lines);
        if (open > 0) {
            throw new ResultsException(path + ":" + open + ": a quoted field is never closed (a '\"' is missing)");
        }
        if (all.isEmpty() || all.get(0).size() == 1 && all.get(0).get(0).isBlank()) {
            throw new ResultsException(path + ": empty file, expected a header line");
        }
        List<String> header = all.get(0);
        List<String[]> records = new ArrayList<>(all.size() - 1);
        for (int r = 1; r < all.size(); r++) {
            List<String> fields = all.get(r);
            if (fields.size() != header.size()) {
                throw new ResultsException(path + ":" + lines.get(r) + ": expected " + header.size()
                        + " fields as in the header, found " + fields.size());
            }
            records.add(fields.toArray(String[]::new));
        }
        CsvFile csv = new CsvFile(path, attributes.lastModifiedTime(), attributes.size(), header, records, lines.subList(1, lines.size()));
        synchronized (CsvFile.class) {
            last = new SoftReference<>(csv);
        }
        return csv;
    }

    /** One record, fields joined by commas, ending in a newline; a {@code null} field is empty. */
    public static String line(List<String> fields) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                b.append(',');
            }
            appendField(b, fields.get(i));
        }
        return b.append('\n').toString();
    }

    /** One field, quoted if it has to be; {@code null} is empty. */
    public static String field(String v) {
        StringBuilder b = new StringBuilder();
        appendField(b, v);
        return b.toString();
    }

    /** Appends one field, quoted if it has to be; {@code null} is empty. */
    public static void appendField(StringBuilder b, String v) {
        if (v == null) {
            return;
        }
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == ',' || c == '"' || c == '\n' || c == '\r') {
                b.append('"').append(v.replace("\"", "\"\"")).append('"');
                return;
            }
        }
        b.append(v);
    }

    /** Parses records into {@code all}, their first lines into {@code lines}; returns the line of a quote left open, or 0. */
    private static int parse(String in, List<List<String>> all, List<Integer> lines) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        int quoteLine = 0;
        int line = 1;
        int recordLine = 1;
        int n = in.length();
        for (int i = 0; i < n; i++) {
            char c = in.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < n && in.charAt(i + 1) == '"') {
                        field.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    if (c == '\n') {
                        line++;
                    }
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
                quoteLine = line;
                any = true;
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
                any = true;
            } else if (c == '\n' || c == '\r') {
                if (c == '\r' && i + 1 < n && in.charAt(i + 1) == '\n') {
                    i++;
                }
                if (any || field.length() > 0) {
                    fields.add(field.toString());
                    all.add(fields);
                    lines.add(recordLine);
                }
                fields = new ArrayList<>();
                field.setLength(0);
                any = false;
                line++;
                recordLine = line;
            } else {
                field.append(c);
                any = true;
            }
        }
        if (any || field.length() > 0) {
            fields.add(field.toString());
            all.add(fields);
            lines.add(recordLine);
        }
        return quoted ? quoteLine : 0;
    }

    /** The file read. */
    public Path path() {
        return path;
    }

    /** The column names, in order. */
    public List<String> header() {
        return header;
    }

    /** Number of records (lines after the header). */
    public int size() {
        return records.size();
    }

    /** Whether the header names {@code column}. */
    public boolean has(String column) {
        return index.containsKey(column);
    }

    /**
     * The index of a column that must be there.
     *
     * @throws ResultsException naming the file and the column if it is absent
     */
    public int column(String column) {
        Integer i = index.get(column);
        if (i == null) {
            throw new ResultsException(path + ": no column '" + column + "'");
        }
        return i;
    }

    /** A record's cells by column name, in header order (of two columns with one name, the first). */
    public Map<String, String> row(int record) {
        Map<String, String> cells = new LinkedHashMap<>();
        for (int c = 0; c < header.size(); c++) {
            cells.putIfAbsent(header.get(c), text(record, c));
        }
        return cells;
    }

    /** The text of a cell (empty if the cell is empty). */
    public String text(int record, int column) {
        return records.get(record)[column];
    }

    /**
     * A cell read as a whole number.
     *
     * @throws ResultsException naming the line and column if it is not one
     */
    public long whole(int record, int column) {
        String v = text(record, column).strip();
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw notANumber(record, column, v);
        }
    }

    /**
     * A cell read as a number; an empty cell or {@code NaN} is {@link Double#NaN}.
     *
     * @throws ResultsException naming the line and column if it is neither a number nor empty, or is infinite
     *                          ({@code Infinity}, {@code 1e400})
     */
    public double number(int record, int column) {
        String v = text(record, column).strip();
        if (v.isEmpty()) {
            return Double.NaN;
        }
        double d;
        try {
            d = Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw notANumber(record, column, v);
        }
        if (Double.isInfinite(d)) {
            throw bad(record, column, "not a finite number");
        }
        return d;
    }

    private ResultsException notANumber(int record, int column, String v) {
        return bad(record, column, "not a number");
    }

    /** The line a record starts on. */
    int line(int record) {
        return lines.get(record);
    }

    /** An error naming the file, the record's line, the column and the cell's value. */
    ResultsException bad(int record, int column, String what) {
        return new ResultsException(path + ":" + lines.get(record) + ": column '" + header.get(column) + "': "
                + what + " '" + text(record, column).strip() + "'");
    }
}
