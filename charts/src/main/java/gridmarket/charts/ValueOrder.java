package gridmarket.charts;

import java.util.Comparator;
import java.util.List;

/**
 * The order of values along an axis or in a legend: strategies in the thesis' order (local, job-sharing,
 * multi-site, market), numbers by value, other text in natural order (digits compared as numbers, so {@code m64}
 * comes before {@code m64-8} and {@code m128}). Empty values come first.
 */
final class ValueOrder {
    private static final List<String> STRATEGIES = List.of("local", "jobsharing", "multisite", "market");

    private ValueOrder() {
    }

    /** The order of the values of {@code column}. */
    static Comparator<String> of(String column) {
        if (column.equals("strategy")) {
            return Comparator.comparingInt(ValueOrder::strategyRank).thenComparing(ValueOrder::compare);
        }
        return ValueOrder::compare;
    }

    /** The lexicographic order of value lists, each position ordered as its column. */
    static Comparator<List<String>> ofColumns(List<String> columns) {
        return (a, b) -> {
            for (int i = 0; i < columns.size(); i++) {
                int c = of(columns.get(i)).compare(a.get(i), b.get(i));
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        };
    }

    private static int strategyRank(String s) {
        int i = STRATEGIES.indexOf(s);
        return i < 0 ? STRATEGIES.size() : i;
    }

    /** Numbers by value, otherwise natural order; empty first. */
    static int compare(String a, String b) {
        if (a.isEmpty() || b.isEmpty()) {
            return Boolean.compare(!a.isEmpty(), !b.isEmpty());
        }
        Double x = number(a);
        Double y = number(b);
        if (x != null && y != null) {
            int c = Double.compare(x, y);
            return c != 0 ? c : a.compareTo(b);
        }
        return natural(a, b);
    }

    /** The value as a number, or {@code null} if it is not one. */
    static Double number(String v) {
        if (v == null || v.isBlank()) {
            return null;
        }
        char c = v.charAt(0);
        if (!(Character.isDigit(c) || c == '-' || c == '+' || c == '.')) {
            return null;
        }
        try {
            return Double.parseDouble(v.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Whether two cells hold the same value: equal text, or equal numbers ({@code 0} and {@code 0.0}). */
    static boolean same(String a, String b) {
        if (a.equals(b)) {
            return true;
        }
        Double x = number(a);
        Double y = number(b);
        return x != null && y != null && Double.compare(x, y) == 0;
    }

    private static int natural(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char ca = a.charAt(i);
            char cb = b.charAt(j);
            if (Character.isDigit(ca) && Character.isDigit(cb)) {
                int ei = i;
                while (ei < a.length() && Character.isDigit(a.charAt(ei))) {
                    ei++;
                }
                int ej = j;
                while (ej < b.length() && Character.isDigit(b.charAt(ej))) {
                    ej++;
                }
                String da = stripZeros(a.substring(i, ei));
                String db = stripZeros(b.substring(j, ej));
                int c = da.length() != db.length() ? Integer.compare(da.length(), db.length()) : da.compareTo(db);
                if (c != 0) {
                    return c;
                }
                i = ei;
                j = ej;
            } else {
                if (ca != cb) {
                    return Character.compare(ca, cb);
                }
                i++;
                j++;
            }
        }
        int c = Integer.compare(a.length() - i, b.length() - j);
        return c != 0 ? c : a.compareTo(b);
    }

    private static String stripZeros(String digits) {
        int k = 0;
        while (k < digits.length() - 1 && digits.charAt(k) == '0') {
            k++;
        }
        return digits.substring(k);
    }
}
