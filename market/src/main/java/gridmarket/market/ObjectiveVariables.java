package gridmarket.market;

/**
 * The schedule-dependent variables of a candidate placement (SPEC E5, thesis Fig. 6.7), all areas in node-seconds.
 *
 * @param under        idle area on the chosen nodes between their previous allocation (or now) and the job start
 * @param over         idle area on the chosen nodes from the job end to their next allocation (or to the end of the
 *                     machine's schedule)
 * @param leftRight    idle area of the machine's other nodes during the job's run
 * @param leftRightRel the share of the machine's idle area during the job's run that the job leaves idle:
 *                     {@code leftRight / (leftRight + NumberOfProcessors * RunTime)}, in [0, 1), so that
 *                     {@code 1 - left_right_rel} (the share the job fills) keeps MF1-MF6 finite and >= 0
 * @param leftRightRatio the literal reading of the thesis, {@code leftRight / (NumberOfProcessors * RunTime)},
 *                     unbounded (MF1-MF6 go negative with it); the MF variable {@code left_right_ratio}
 * @param utilization  allocated area / available area from now to the end of the schedule, with the job placed
 */
public record ObjectiveVariables(double under, double over, double leftRight, double leftRightRel,
                                 double leftRightRatio, double utilization) {
}
