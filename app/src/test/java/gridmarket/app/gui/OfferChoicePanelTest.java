package gridmarket.app.gui;

import gridmarket.agents.GridMarket;
import gridmarket.agents.HeadlessRun;
import gridmarket.market.Offer;
import gridmarket.market.Request;
import org.junit.jupiter.api.Test;

import javax.swing.SwingUtilities;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static gridmarket.app.gui.GuiFixture.onEdt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The interactive mode without a display: the person (a stand-in answering on the event thread) is asked once, for
 * the named user's next request, and the offer taken is the one the market holds.
 */
class OfferChoicePanelTest {
    @Test
    void thePersonIsAskedOnTheEventThreadAndTheRunGoesOnFromTheOfferTaken() throws Exception {
        GridMarket model = GuiFixture.model(GuiFixture.spec());
        int user = model.workload().jobs().get(5).user();
        List<Request> asked = new ArrayList<>();
        List<List<Offer>> shown = new ArrayList<>();
        OfferChoicePanel panel = onEdt(() -> new OfferChoicePanel(model, (request, offers, sites, now) -> {
            assertTrue(SwingUtilities.isEventDispatchThread(), "asked on the event thread");
            assertEquals(List.of("s1", "s2", "s3", "s4"), sites);
            asked.add(request);
            shown.add(offers);
            return offers.size() - 1;
        }));
        onEdt(() -> {
            panel.arm(user);
            return null;
        });
        assertEquals("waiting for user " + user + "'s next request", onEdt(panel::status));
        Map<Long, Offer> winners = new HashMap<>();
        model.setMarketObserver((origin, request, offers, winner, now) -> winners.put(request.requestId(), winner));
        HeadlessRun.run(model); // the model's thread waits for each answer
        assertEquals(1, asked.size());
        assertEquals(user, asked.get(0).job().user());
        List<Offer> offers = shown.get(0);
        assertTrue(offers.size() >= 2, "several offers to choose from: " + offers.size());
        assertEquals(offers.get(offers.size() - 1), winners.get(asked.get(0).requestId()));
        assertFalse(panel.choices().armed(user));
        String status = "";
        for (int i = 0; i < 100 && !status.contains("took offer"); i++) {
            status = onEdt(panel::status);
            Thread.sleep(10);
        }
        assertTrue(status.startsWith("user " + user + ", request " + asked.get(0).requestId() + ": took offer "
                + offers.size()), status);
    }

    @Test
    void aUserThatIsNoNumberIsSaidSo() throws Exception {
        GridMarket model = GuiFixture.model(GuiFixture.spec());
        OfferChoicePanel panel = onEdt(() -> new OfferChoicePanel(model, (request, offers, sites, now) -> 0));
        String status = onEdt(() -> {
            for (java.awt.Component c : panel.getComponents()) {
                if (c instanceof javax.swing.JTextField f) {
                    f.setText("seventeen");
                    f.postActionEvent();
                }
            }
            return panel.status();
        });
        assertEquals("'seventeen' is not a user id (a whole number)", status);
    }
}
