package gridmarket.app.gui;

import gridmarket.agents.OfferChooser;
import gridmarket.charts.gantt.SimTimeFormat;
import gridmarket.market.Offer;
import gridmarket.market.Request;

import javax.swing.BorderFactory;
import javax.swing.JButton;
import javax.swing.JDialog;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JTable;
import javax.swing.ListSelectionModel;
import java.awt.BorderLayout;
import java.awt.Dialog;
import java.awt.FlowLayout;
import java.util.List;
import java.util.Locale;

/** The dialog that puts a request's offers to the person (the GUI's interactive mode). */
final class OfferDialog {
    private OfferDialog() {
    }

    /**
     * Shows the offers, best first (the market's pick marked), and waits until the person takes one or leaves the
     * choice to the market. Modal over the whole application, so the Console cannot stop the model meanwhile (the
     * model's thread is waiting for this answer). Event thread.
     */
    static int ask(Request request, List<Offer> offers, List<String> sites, long now) {
        JDialog dialog = new JDialog((java.awt.Frame) null, "Choose the offer for request " + request.requestId(),
                Dialog.ModalityType.APPLICATION_MODAL);
        OfferTable model = new OfferTable();
        model.set(offers, offers.get(0), now, sites);
        JTable table = OffersPanel.offerTable(model);
        table.setSelectionMode(ListSelectionModel.SINGLE_SELECTION);
        table.setRowSelectionInterval(0, 0);
        int[] taken = {OfferChooser.MARKET_CHOICE};
        JButton take = new JButton("Take the selected offer");
        take.addActionListener(e -> {
            taken[0] = table.getSelectedRow();
            dialog.dispose();
        });
        JButton market = new JButton("Let the market choose");
        market.addActionListener(e -> dialog.dispose());
        JPanel buttons = new JPanel(new FlowLayout(FlowLayout.RIGHT));
        buttons.add(market);
        buttons.add(take);
        JLabel header = new JLabel(String.format(Locale.ROOT, "<html><b>%s</b>, job %d: %d nodes for %s (estimate), "
                        + "earliest start %s, now %s.<br>The %d best acceptable offers by the user's utility; the "
                        + "market would take the first.</html>", UserLabel.of(request), request.job().id(),
                request.numberOfProcessors(), SimTimeFormat.hours(request.runTime()),
                SimTimeFormat.hours(request.startTime()), SimTimeFormat.hours(now), offers.size()));
        JPanel content = new JPanel(new BorderLayout(0, 6));
        content.setBorder(BorderFactory.createEmptyBorder(8, 8, 8, 8));
        content.add(header, BorderLayout.NORTH);
        content.add(new JScrollPane(table), BorderLayout.CENTER);
        content.add(buttons, BorderLayout.SOUTH);
        dialog.setContentPane(content);
        dialog.getRootPane().setDefaultButton(take);
        dialog.setSize(900, 320);
        dialog.setLocationByPlatform(true);
        dialog.setVisible(true); // blocks until disposed
        return taken[0];
    }
}
