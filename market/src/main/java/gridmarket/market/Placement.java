package gridmarket.market;

/**
 * A candidate placement of a request on one machine: which nodes, when, and what it does to the machine's schedule.
 *
 * @param nodes     node ids, ascending
 * @param start     start time, seconds
 * @param end       planned end ({@code start + RunTime}), seconds
 * @param variables the objective variables of this placement
 */
public record Placement(int[] nodes, long start, long end, ObjectiveVariables variables) {
}
