package gridmarket.app.gui;

import gridmarket.market.Request;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class UserLabelTest {
    private static Request request(int user, String userName) {
        Job job = new Job(60, 0, 0, 100, 200, 4, user, 1, 200);
        return new Request(1, job, userName, 0, 4, 200, 0, 200, 0, 1, 10, 0, 0, 0, null, 1, 1, null);
    }

    @Test
    void aTracesUnknownUserIsShownAsUnknown() {
        assertEquals("unknown user", UserLabel.of(request(-1, "user--1")));
    }

    @Test
    void knownUsersAndSiteUsersKeepTheirAgentsName() {
        assertEquals("user-7", UserLabel.of(request(7, "user-7")));
        // a site's user agent speaks for every user of the site, the unknown one too
        assertEquals("site-a", UserLabel.of(request(-1, "site-a")));
    }
}
