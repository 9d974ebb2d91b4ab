package gridmarket.app.gui;

import gridmarket.market.Request;

/**
 * How the GUI names the user of a request. A trace marks a job whose user it does not know with user -1 (SWF field
 * 12); the market's user agent is then named {@code user--1}, which on screen reads as a typo: it is shown as an
 * unknown user. The agent's name, and jobs.csv, stay as they are.
 */
final class UserLabel {
    static final String UNKNOWN = "unknown user";

    private UserLabel() {
    }

    /** The user's name as shown: the agent's, or {@value #UNKNOWN} for a trace's user -1 (or any negative id). */
    static String of(Request r) {
        return r.job().user() < 0 && r.userName().equals("user-" + r.job().user()) ? UNKNOWN : r.userName();
    }
}
