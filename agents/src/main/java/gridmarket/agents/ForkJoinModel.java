package gridmarket.agents;

import gridmarket.sim.forkjoin.ForkJoinNetwork;
import gridmarket.sim.forkjoin.ForkJoinParameters;
import sim.engine.SimState;

/**
 * One replication of Karatza and Hilzer's closed fork-join system (seed 001; SPEC S1) as a MASON model: the network
 * of processors and the I/O unit is built in {@link #start()}, on this state's schedule and generator.
 */
public final class ForkJoinModel extends SimState {
    private static final long serialVersionUID = 1L;

    private final ForkJoinParameters parameters;
    private transient ForkJoinNetwork network;

    public ForkJoinModel(long seed, ForkJoinParameters parameters) {
        super(seed);
        this.parameters = parameters;
    }

    @Override
    public void start() {
        super.start();
        network = new ForkJoinNetwork(this, parameters);
        network.start();
    }

    /** The network of the current run; {@code null} before {@link #start()}. */
    public ForkJoinNetwork network() {
        return network;
    }

    public ForkJoinParameters parameters() {
        return parameters;
    }
}
