package gridmarket.app.gui;

import gridmarket.charts.gantt.SimTimeFormat;
import gridmarket.market.Request;

import javax.swing.BorderFactory;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JSplitPane;
import javax.swing.JTable;
import java.awt.BorderLayout;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * A double auction's order book (docs/MECHANISMS.md): the open bids, domain by domain in the order they will be
 * matched again (highest per node-second first), and every owner's ask per node-second with its nodes free now.
 * Under another clearing rule it says there is none. Event thread only.
 */
final class OrderBookPanel extends JPanel implements Consumer<GridView> {
    private static final long serialVersionUID = 1L;

    private final JLabel header = new JLabel(" ");
    private final QueuePanel.Table<GridView.Bid> bids = new QueuePanel.Table<>(
            new String[]{"domain", "job", "nodes", "estimate", "earliest", "deadline", "bid / node-s", "budget"},
            (GridView.Bid b) -> {
                Request r = b.request();
                return new Object[]{b.domain(), r.job().id(), r.numberOfProcessors(), SimTimeFormat.hours(r.runTime()),
                        SimTimeFormat.hours(r.startTime()), SimTimeFormat.hours(r.endTime()), rate(b.perNodeSecond()),
                        String.format(Locale.ROOT, "%,.1f", r.jobBudget())};
            });
    private final QueuePanel.Table<GridView.Ask> asks = new QueuePanel.Table<>(
            new String[]{"machine", "ask / node-s", "free nodes"},
            (GridView.Ask a) -> new Object[]{a.machine(), Double.isNaN(a.perNodeSecond()) ? "formula"
                    : rate(a.perNodeSecond()), a.freeNodes()});
    private GridView.OrderBook last;

    OrderBookPanel() {
        super(new BorderLayout(0, 4));
        setBorder(BorderFactory.createEmptyBorder(4, 6, 4, 6));
        add(header, BorderLayout.NORTH);
        JSplitPane split = new JSplitPane(JSplitPane.VERTICAL_SPLIT, new JScrollPane(new JTable(bids)),
                new JScrollPane(new JTable(asks)));
        split.setResizeWeight(0.7);
        add(split, BorderLayout.CENTER);
    }

    /** The book shown last, or {@code null}. */
    GridView.OrderBook shown() {
        return last;
    }

    @Override
    public void accept(GridView view) {
        last = view.book();
        if (last == null) {
            header.setText("No order book: the market's clearing rule is not double-auction.");
            bids.set(List.of());
            asks.set(List.of());
            return;
        }
        header.setText(String.format(Locale.ROOT, "<html>Order book at %s: <b>%d open bids</b>, %d asks</html>",
                SimTimeFormat.hours(view.now()), last.bids().size(), last.asks().size()));
        bids.set(last.bids());
        asks.set(last.asks());
    }

    private static String rate(double perNodeSecond) {
        return String.format(Locale.ROOT, "%.4f", perNodeSecond);
    }
}
