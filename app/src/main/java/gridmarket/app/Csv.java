package gridmarket.app;

import java.util.List;

/** CSV lines with RFC 4180 quoting: a field with a comma, quote, CR or LF is quoted, quotes doubled. */
final class Csv {
    private Csv() {
    }

    /** One record, fields joined by commas, ending in a newline. */
    static String line(List<String> fields) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                b.append(',');
            }
            b.append(field(fields.get(i)));
        }
        return b.append('\n').toString();
    }

    /** One field, quoted if it has to be. */
    static String field(String v) {
        if (v == null) {
            return "";
        }
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == ',' || c == '"' || c == '\n' || c == '\r') {
                return '"' + v.replace("\"", "\"\"") + '"';
            }
        }
        return v;
    }
}
