package gridmarket.market;

/**
 * How hard a machine owner searches its schedule for offers (SPEC E4).
 *
 * @param nodeSets         C: node sets tried per feasible start window
 * @param startTimes       Z: start times tried per node set, spread over its window; the earliest is always one
 * @param windows          feasible start windows examined, earliest first
 * @param offersPerMachine best offers a machine returns per request
 */
public record OfferSettings(int nodeSets, int startTimes, int windows, int offersPerMachine) {
    public OfferSettings {
        if (nodeSets < 1 || startTimes < 1 || windows < 1 || offersPerMachine < 1) {
            throw new IllegalArgumentException("C, Z, windows and offersPerMachine must be at least 1, got " + nodeSets
                    + ", " + startTimes + ", " + windows + ", " + offersPerMachine);
        }
    }
}
