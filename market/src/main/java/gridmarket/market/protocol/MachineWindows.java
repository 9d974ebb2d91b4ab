package gridmarket.market.protocol;

import gridmarket.market.Fit;
import gridmarket.market.FreeNodeWindows;

/**
 * One machine's answer to a partial request.
 *
 * @param machine         the machine's index
 * @param domain          the index of the machine's domain
 * @param nodes           the machine's node count
 * @param fit             the request's fit there; {@code null}: none (no ELEMENT of its template holds), and no windows
 * @param duration        the job's stretched run there, seconds
 * @param windows         its free node-count windows for that run; {@code null} without a fit
 * @param offerCost       what an offer of this machine costs the user
 * @param reservationCost what a reservation on it costs the user
 */
public record MachineWindows(int machine, int domain, int nodes, Fit fit, long duration, FreeNodeWindows windows,
                             double offerCost, double reservationCost) {
}
