package gridmarket.market;

/**
 * One owner's posted price over one period of a run with posted prices (docs/MECHANISMS.md): a line of
 * {@code prices.csv}.
 *
 * @param machine     the owner's machine
 * @param period      the period's index k, from 0
 * @param start       the period's start, {@code k x period} seconds
 * @param price       the price per node-second the owner posted for the whole period
 * @param utilization the share of the machine's node-seconds of the period its running jobs used
 * @param sold        the node-seconds of the offers accepted during the period (nodes x planned run time), as a
 *                    share of the machine's node-seconds of the period
 */
public record PostedPrice(String machine, long period, long start, double price, double utilization, double sold) {
}
