package gridmarket.sim.forkjoin;

/** How Karatza's system (seed 001, Sect. 2.2) sends each task of a forked job to a processor queue. */
public enum Routing {
    /** Each task to a processor drawn uniformly at random, independently of the others. */
    PROBABILISTIC,
    /**
     * Each task to the processor with the fewest tasks (waiting plus in service), counting the job's tasks already
     * placed; ties are broken uniformly at random, so no processor is favoured (the paper does not say).
     */
    SHORTEST_QUEUE
}
