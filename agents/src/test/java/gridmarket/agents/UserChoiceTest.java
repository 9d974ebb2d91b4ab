package gridmarket.agents;

import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.market.Offer;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.workload.Job;
import gridmarket.sim.workload.Workload;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The GUI's interactive mode in the model: a person chooses the offer for one user's next request (SPEC E10). */
class UserChoiceTest {
    private static final ExperimentSpec SPEC = new ExperimentLoader().load("c.yaml", "name: c\nworkload:\n  swf: "
            + SharedData.trace("CTC-SP2-1996-3.1-cln") + "\n  shape: {from: 10000, to: 10400, shift: true, "
            + "split: local}\nconfiguration: m128\nstrategy: market\nmarket: {mf: MF1, uf: UF1}\n", Path.of("."));
    private static final Workload JOBS = Workloads.load(SPEC);

    /** The first user with several jobs: the choice must be used up by the first of them only. */
    private static int someUser() {
        Map<Integer, Integer> count = new HashMap<>();
        JOBS.jobs().forEach(j -> count.merge(j.user(), 1, Integer::sum));
        return JOBS.jobs().stream().map(Job::user).filter(u -> count.get(u) >= 3).findFirst().orElseThrow();
    }

    @Test
    void thePersonsOfferIsTheOneTakenForThatUsersNextRequestOnly() {
        int user = someUser();
        GridMarket model = new GridMarket(1, SPEC, JOBS);
        List<List<Offer>> shown = new ArrayList<>();
        choices(model).arm(user, (request, offers) -> {
            assertEquals(user, request.job().user());
            shown.add(offers);
            return offers.size() - 1; // the worst of those shown
        });
        Map<Long, Offer> winners = new HashMap<>();
        List<Long> requestsOfUser = new ArrayList<>();
        model.setMarketObserver((origin, request, offers, winner, now) -> {
            winners.put(request.requestId(), winner);
            if (request.job().user() == user) {
                requestsOfUser.add(request.requestId());
            }
        });
        RunResult r = HeadlessRun.run(model);
        assertEquals(1, shown.size(), "asked once");
        List<Offer> offers = shown.get(0);
        assertTrue(offers.size() >= 2 && offers.size() <= UserChoices.SHOWN, "offers shown: " + offers.size());
        for (int i = 1; i < offers.size(); i++) {
            assertFalse(offers.get(i).betterThan(offers.get(i - 1)), "best first");
        }
        Offer chosen = offers.get(offers.size() - 1);
        assertEquals(chosen, winners.get(chosen.requestId()), "the person's offer won");
        assertEquals(requestsOfUser.get(0), chosen.requestId(), "for the user's first request");
        assertFalse(choices(model).armed(user), "used up");
        JobOutcome o = r.outcomes().stream().filter(x -> x.job().user() == user).findFirst().orElseThrow();
        assertEquals(chosen.machineName(), o.machine());
    }

    @Test
    void leavingTheChoiceToTheMarketChangesNothing() {
        int user = someUser();
        RunResult plain = HeadlessRun.run(new GridMarket(1, SPEC, JOBS));
        GridMarket model = new GridMarket(1, SPEC, JOBS);
        choices(model).arm(user, (request, offers) -> OfferChooser.MARKET_CHOICE);
        RunResult left = HeadlessRun.run(model);
        assertEquals(describe(plain), describe(left));
        GridMarket worst = new GridMarket(1, SPEC, JOBS);
        choices(worst).arm(user, (request, offers) -> offers.size() - 1);
        assertNotEquals(describe(plain), describe(HeadlessRun.run(worst)), "a choice that differs changes the run");
    }

    private static List<String> describe(RunResult r) {
        return r.outcomes().stream().map(o -> o.job().id() + "@" + o.machine() + ":" + o.start()).toList();
    }

    private final java.util.Map<GridMarket, UserChoices> choices = new java.util.IdentityHashMap<>();

    /** The person's choices of a model, put around its clearing rule as the GUI does. */
    private UserChoices choices(GridMarket model) {
        return choices.computeIfAbsent(model, m -> {
            UserChoices c = new UserChoices();
            m.setClearingRule(rule -> new PersonChooses(c, rule));
            return c;
        });
    }
}
