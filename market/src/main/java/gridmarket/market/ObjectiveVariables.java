package gridmarket.market;

/**
 * The schedule-dependent variables of a candidate placement (SPEC E5, thesis Fig. 6.7), all areas in node-seconds.
 *
 * @param under        idle area on the chosen nodes between their previous allocation (or now) and the job start
 * @param over         idle area on the chosen nodes from the job end to their next allocation (or to the end of the
 *                     machine's schedule)
 * @param leftRight    idle area of the machine's other nodes during the job's run
 * @param leftRightRel {@code leftRight / (NumberOfProcessors * RunTime)}
 * @param utilization  allocated area / available area from now to the end of the schedule, with the job placed
 */
public record ObjectiveVariables(double under, double over, double leftRight, double leftRightRel,
                                 double utilization) {
}
