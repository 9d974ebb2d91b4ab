package gridmarket.market.roles;

import gridmarket.market.OfferPart;
import gridmarket.market.Placement;
import gridmarket.market.PostedPrice;
import gridmarket.market.Request;
import gridmarket.sim.machine.Allocation;

import java.util.ArrayList;
import java.util.List;

/**
 * An owner that posts a price per node-second and moves it every period by its {@link PriceRule} (tatonnement, as
 * the posted-price owners of GridSim's and Nimrod-G's economy): an offer's price is the posted price times its
 * node-seconds (nodes x planned run time), whatever the placement, so users choose among the owners' posted prices
 * by their utility.
 *
 * <p>The price of period k is computed when the owner is next asked or told something at or after the period's
 * start, from what it heard before (jobs started and ended, offers accepted): every event of period k - 1 happens
 * before any at time {@code k x period}, so the prices do not depend on the order of events at one instant, and a
 * run's prices are the same for the same seed. No event of its own is put on the schedule.
 */
public final class PostedPricing implements OwnerStrategy {
    private final String machine;
    private final int nodes;
    private final PriceRule rule;
    private final List<PostedPrice> history = new ArrayList<>();
    private double price;
    private long period;           // the current period's index
    private long clock;            // up to where busy node-seconds are counted
    private int busyNodes;
    private double busyArea;       // node-seconds used in the current period so far
    private double soldArea;       // node-seconds sold in the current period

    /** @param machine the machine's name, @param nodes its node count */
    public PostedPricing(String machine, int nodes, PriceRule rule) {
        this.machine = machine;
        this.nodes = nodes;
        this.rule = rule;
        this.price = rule.initial();
    }

    /** Every placement of the job costs the same at one instant: its price. */
    @Override
    public double priceFloor(Request request, int nodes, long runTime, long now) {
        advance(now);
        return price * nodes * (double) runTime;
    }

    @Override
    public double price(Request request, Placement p, long now) {
        advance(now);
        return price * p.nodeCount() * (double) (p.end() - p.start());
    }

    @Override
    public void accepted(Request request, OfferPart part, long now) {
        advance(now);
        Placement p = part.placement();
        soldArea += p.nodeCount() * (double) (p.end() - p.start());
    }

    @Override
    public void lost(long requestId, OfferPart part, long now) {
        advance(now);
    }

    @Override
    public void jobStarted(Allocation job, long now) {
        advance(now);
        busyNodes += job.nodeCount();
    }

    @Override
    public void jobEnded(Allocation job, long now) {
        advance(now);
        busyNodes -= job.nodeCount();
    }

    /** The price per node-second posted now (after everything heard up to {@code now}). */
    public double postedAt(long now) {
        advance(now);
        return price;
    }

    /**
     * The prices posted from the run's start through the period that holds {@code end} (the run's last job end), or
     * the last moment the owner heard of, if later: one per period, the last one's signals over its part up to then.
     */
    public List<PostedPrice> history(long end) {
        end = Math.max(end, clock); // the owner was asked after the last job end (a request rejected later)
        advance(end);
        List<PostedPrice> all = new ArrayList<>(history);
        long start = period * rule.period();
        double capacity = (double) nodes * Math.max(1, end - start);
        double used = busyArea + busyNodes * (double) Math.max(0, end - clock);
        all.add(new PostedPrice(machine, period, start, price, used / capacity, soldArea / capacity));
        return all;
    }

    /** Closes every period that ended by {@code now}, moving the price by the rule at each. */
    private void advance(long now) {
        long length = rule.period();
        while (now >= (period + 1) * length) {
            long end = (period + 1) * length;
            busyArea += busyNodes * (double) (end - clock);
            clock = end;
            double capacity = (double) nodes * length;
            double utilization = busyArea / capacity;
            double sold = soldArea / capacity;
            history.add(new PostedPrice(machine, period, period * length, price, utilization, sold));
            price = rule.next(period, price, rule.signal() == PriceRule.Signal.UTILIZATION ? utilization : sold);
            period++;
            busyArea = 0;
            soldArea = 0;
        }
        if (now > clock) {
            busyArea += busyNodes * (double) (now - clock);
            clock = now;
        }
    }
}
