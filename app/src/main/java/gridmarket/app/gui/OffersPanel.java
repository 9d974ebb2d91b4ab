package gridmarket.app.gui;

import gridmarket.charts.gantt.SimTimeFormat;
import gridmarket.market.Offer;
import gridmarket.market.Request;

import javax.swing.BorderFactory;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JTable;
import javax.swing.SwingConstants;
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
        JTable t = offerTable(table);
        market.add(new JScrollPane(t), BorderLayout.CENTER);
        market.add(footer, BorderLayout.SOUTH);
        add(market, "market");
    }

    /** A table view of offers: the winner's row shaded and bold, names left, numbers right. */
    static JTable offerTable(OfferTable table) {
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
        return t;
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
                UserLabel.of(r), d.origin(), SimTimeFormat.hours(d.now()), r.numberOfProcessors(),
                SimTimeFormat.hours(r.runTime()), SimTimeFormat.hours(r.startTime()), d.offers().size(), winner));
        table.set(d.offers(), d.winner(), d.now(), s.siteNames());
    }
}
