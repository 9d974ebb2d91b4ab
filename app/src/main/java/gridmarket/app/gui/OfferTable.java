package gridmarket.app.gui;

import gridmarket.charts.gantt.SimTimeFormat;
import gridmarket.market.ObjectiveVariables;
import gridmarket.market.Offer;

import javax.swing.table.AbstractTableModel;
import java.util.List;
import java.util.Locale;

/** A market round's offers as a table, best first, the winner marked (the Market window and the offer dialog). */
final class OfferTable extends AbstractTableModel {
    private static final long serialVersionUID = 1L;
    private static final String[] COLUMNS = {"#", "machine", "site", "start", "wait", "end", "under",
            "over", "left_right", "left_right_rel", "utilization", "MF (price)", "UF (utility)"};
    private List<Offer> offers = List.of();
    private Offer winner;
    private long now;
    private List<String> sites = List.of();

    void set(List<Offer> offers, Offer winner, long now, List<String> sites) {
        this.offers = offers;
        this.winner = winner;
        this.now = now;
        this.sites = sites;
        fireTableDataChanged();
    }

    boolean isWinner(int row) {
        return row < offers.size() && offers.get(row) == winner;
    }

    @Override
    public int getRowCount() {
        return offers.size();
    }

    @Override
    public int getColumnCount() {
        return COLUMNS.length;
    }

    @Override
    public String getColumnName(int c) {
        return COLUMNS[c];
    }

    @Override
    public Object getValueAt(int row, int c) {
        Offer o = offers.get(row);
        ObjectiveVariables v = o.parts().get(0).placement().variables();
        boolean one = !o.coAllocated(); // a co-allocated offer shows the areas summed over its parts
        return switch (c) {
            case 0 -> (row + 1) + (o == winner ? " win" : "");
            case 1 -> o.machineName();
            case 2 -> o.domain() < sites.size() ? sites.get(o.domain()) : String.valueOf(o.domain());
            case 3 -> SimTimeFormat.hours(o.startTime());
            case 4 -> SimTimeFormat.hours(o.startTime() - now);
            case 5 -> SimTimeFormat.hours(o.endTime());
            case 6 -> area(sum(o, ObjectiveVariables::under));
            case 7 -> area(sum(o, ObjectiveVariables::over));
            case 8 -> area(sum(o, ObjectiveVariables::leftRight));
            case 9 -> one ? String.format(Locale.ROOT, "%.3f", v.leftRightRel()) : "per part";
            case 10 -> one ? String.format(Locale.ROOT, "%.3f", v.utilization()) : "per part";
            case 11 -> number(o.jobCost());
            default -> number(o.utilityValue());
        };
    }

    private static double sum(Offer o, java.util.function.ToDoubleFunction<ObjectiveVariables> area) {
        return o.parts().stream().mapToDouble(p -> area.applyAsDouble(p.placement().variables())).sum();
    }

    private static String area(double nodeSeconds) {
        return String.format(Locale.ROOT, "%,.0f", nodeSeconds);
    }

    private static String number(double x) {
        if (Math.abs(x) >= 1e9 || (x != 0 && Math.abs(x) < 1e-2)) {
            return String.format(Locale.ROOT, "%.4g", x);
        }
        return String.format(Locale.ROOT, Math.abs(x) >= 1000 ? "%,.0f" : "%.3f", x);
    }
}
