package gridmarket.app.gui;

import gridmarket.agents.GridMarket;
import gridmarket.agents.OfferChooser;
import gridmarket.agents.PersonChooses;
import gridmarket.agents.UserChoices;
import gridmarket.charts.gantt.SimTimeFormat;
import gridmarket.config.SiteSpec;
import gridmarket.market.Offer;
import gridmarket.market.Request;

import javax.swing.BorderFactory;
import javax.swing.JButton;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JTextField;
import javax.swing.SwingUtilities;
import java.awt.FlowLayout;
import java.lang.reflect.InvocationTargetException;
import java.util.List;
import java.util.Locale;

/**
 * The GUI's interactive mode (SPEC E10): the person names a trace user, and the offers for that user's next request
 * that has any are put to the person instead of the user agent's rule; the run goes on from the offer taken. The
 * model's thread waits while the person chooses. Event thread only, but for {@link #chooser}, which the model calls.
 */
final class OfferChoicePanel extends JPanel {
    private static final long serialVersionUID = 1L;

    /** Asks the person (event thread): the index of the offer taken, or {@link OfferChooser#MARKET_CHOICE}. */
    @FunctionalInterface
    interface Ask {
        int ask(Request request, List<Offer> offers, List<String> sites, long now);
    }

    private final transient GridMarket model;
    private final transient Ask ask;
    /** The users whose next offer the person chooses. */
    private final transient UserChoices choices = new UserChoices();
    private final JTextField user = new JTextField(6);
    private final JButton choose = new JButton("Choose the next offer");
    private final JLabel status = new JLabel(" ");

    /**
     * Puts the person's choice around the model's clearing rule ({@link PersonChooses}), for every run of the model.
     *
     * @param ask how to ask the person ({@link OfferDialog#ask} in the GUI)
     */
    OfferChoicePanel(GridMarket model, Ask ask) {
        super(new FlowLayout(FlowLayout.LEFT, 6, 2));
        this.model = model;
        this.ask = ask;
        model.setClearingRule(rule -> new PersonChooses(choices, rule));
        setBorder(BorderFactory.createEmptyBorder(2, 6, 2, 6));
        add(new JLabel("User"));
        add(user);
        add(choose);
        add(status);
        user.setToolTipText("a trace user id (the SWF user field); you choose the offer for its next request");
        choose.addActionListener(e -> armFromField());
        user.addActionListener(e -> armFromField());
    }

    private void armFromField() {
        String text = user.getText().strip();
        try {
            arm(Integer.parseInt(text));
        } catch (NumberFormatException e) {
            status.setText("'" + text + "' is not a user id (a whole number)");
        }
    }

    /** The users armed; for tests. */
    UserChoices choices() {
        return choices;
    }

    /** You choose the offer of {@code id}'s next request that has offers. */
    void arm(int id) {
        if (!model.spec().strategyFactory().blocks().contains("market")) {
            status.setText("only the market has offers (strategy " + model.spec().getStrategy() + ")");
            return;
        }
        choices.arm(id, chooser(id));
        status.setText("waiting for user " + id + "'s next request");
    }

    /** What the model calls for user {@code id}: asks the person on the event thread and waits for the answer. */
    OfferChooser chooser(int id) {
        return (request, offers) -> {
            long now = (long) model.schedule.getTime();
            List<String> sites = model.spec().resolvedSites().stream().map(SiteSpec::getName).toList();
            int[] taken = {OfferChooser.MARKET_CHOICE};
            try {
                SwingUtilities.invokeAndWait(() -> taken[0] = ask.ask(request, offers, sites, now));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (InvocationTargetException e) {
                taken[0] = OfferChooser.MARKET_CHOICE; // a failing dialog leaves the choice to the market
            }
            int i = taken[0];
            String what = i >= 0 && i < offers.size() ? "took offer " + (i + 1) + " (" + describe(offers.get(i)) + ")"
                    : "left it to the market (" + describe(offers.get(0)) + ")";
            SwingUtilities.invokeLater(() -> status.setText("user " + id + ", request " + request.requestId() + ": "
                    + what));
            return i;
        };
    }

    private static String describe(Offer o) {
        return String.format(Locale.ROOT, "%s at %s", o.machineName(), SimTimeFormat.hours(o.startTime()));
    }

    /** The line under the field: what is armed, or what was chosen last. */
    String status() {
        return status.getText();
    }
}
