package gridmarket.app.gui;

import gridmarket.charts.gantt.SimTimeFormat;
import gridmarket.market.ObjectiveVariables;
import gridmarket.market.Offer;
import gridmarket.market.Request;

import javax.swing.BorderFactory;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JTable;
import javax.swing.SwingConstants;
import javax.swing.table.AbstractTableModel;
import javax.swing.table.DefaultTableCellRenderer;
import java.awt.BorderLayout;
import java.awt.CardLayout;
import java.awt.Color;
import java.awt.Component;
import java.awt.Font;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The last market round: the request, every offer with its objective variables, its MF value (the price, JobCost)
 * and its UF value (the utility), best first, and the winner. Event thread only.
 */
final class OffersPanel extends JPanel implements Consumer<GridView> {
    private static final long serialVersionUID = 1L;
    private static final Color WINNER = new Color(0xD8F0D0);
    static final String NO_MARKET = "no market in this strategy";

    private final CardLayout cards = new CardLayout();
    private final JLabel noMarket = new JLabel(NO_MARKET, SwingConstants.CENTER);
    private final JLabel header = new JLabel(" ");
    private final JLabel footer = new JLabel(" ");
    private final OfferTable table = new OfferTable();
    private GridView.MarketDecision shown;

    OffersPanel() {
        setLayout(cards);
        noMarket.setFont(noMarket.getFont().deriveFont(Font.ITALIC, 14f));
        add(noMarket, "none");
        JPanel market = new JPanel(new BorderLayout(0, 4));
        market.setBorder(BorderFactory.createEmptyBorder(4, 6, 4, 6));
        market.add(header, BorderLayout.NORTH);
        JTable t = new JTable(table);
        t.setAutoResizeMode(JTable.AUTO_RESIZE_ALL_COLUMNS);
        t.setDefaultRenderer(Object.class, new DefaultTableCellRenderer() {
            private static final long serialVersionUID = 1L;

            @Override
            public Component getTableCellRendererComponent(JTable tab, Object v, boolean sel, boolean focus, int row,
                                                           int col) {
                Component c = super.getTableCellRendererComponent(tab, v, sel, focus, row, col);
                boolean win = table.isWinner(row);
                c.setBackground(sel ? tab.getSelectionBackground() : win ? WINNER : Color.WHITE);
                c.setFont(win ? c.getFont().deriveFont(Font.BOLD) : c.getFont().deriveFont(Font.PLAIN));
                setHorizontalAlignment(col <= 2 ? LEFT : RIGHT);
                return c;
            }
        });
        int[] widths = {45, 50, 40, 55, 50, 55, 80, 80, 80, 70, 60, 95, 95};
        for (int c = 0; c < widths.length; c++) {
            t.getColumnModel().getColumn(c).setPreferredWidth(widths[c]);
        }
        market.add(new JScrollPane(t), BorderLayout.CENTER);
        market.add(footer, BorderLayout.SOUTH);
        add(market, "market");
    }

    /** The decision shown, or {@code null}. */
    GridView.MarketDecision shown() {
        return shown;
    }

    /** Text of the card on top: the offers' header, or {@link #NO_MARKET}. */
    String message() {
        return noMarket.isVisible() ? noMarket.getText() : header.getText();
    }

    @Override
    public void accept(GridView view) {
        GridView.Setting s = view.setting();
        if (!s.market()) {
            noMarket.setText("<html><center>" + NO_MARKET + "<br>(strategy " + s.strategy() + ", policy "
                    + s.policy() + ")</center></html>");
            cards.show(this, "none");
            shown = null;
            return;
        }
        cards.show(this, "market");
        GridView.MarketDecision d = view.market();
        shown = d;
        footer.setText(String.format(Locale.ROOT, "MF %s, UF %s, C = %d, Z = %d, hops %d  \u00b7  %d market rounds "
                        + "so far  \u00b7  %d requests waiting", s.mf(), s.uf(), s.nodeSets(), s.startTimes(),
                s.hops(), view.marketRounds(), view.waiting()));
        if (d == null) {
            header.setText("no request yet");
            table.set(List.of(), null, 0, s.siteNames());
            return;
        }
        Request r = d.request();
        String winner = d.winner() == null ? "none acceptable (the request waits or is rejected)"
                : d.winner().machineName() + " at " + SimTimeFormat.hours(d.winner().startTime());
        header.setText(String.format(Locale.ROOT, "<html><b>Request %d</b> (job %s of %s) from site %s at %s: "
                        + "%d nodes for %s (estimate), earliest start %s<br>%d offers, best first; winner: <b>%s</b>"
                        + "</html>", r.requestId(), r.job().id() + (r.job().part() > 0 ? "." + r.job().part() : ""),
                r.userName(), d.origin(), SimTimeFormat.hours(d.now()), r.numberOfProcessors(),
                SimTimeFormat.hours(r.runTime()), SimTimeFormat.hours(r.startTime()), d.offers().size(), winner));
        table.set(d.offers(), d.winner(), d.now(), s.siteNames());
    }

    /** Offers, best first. */
    private static final class OfferTable extends AbstractTableModel {
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
}
