package gridmarket.config;

import gridmarket.config.Setting.Kind;

import java.util.List;
import java.util.Optional;

/**
 * Every key of a grid experiment file ({@code model: grid}, the default) with its kind, its range and the setting it
 * depends on: the one table from which the setters' range checks, the loader's "has no effect when ..." refusals,
 * the GUI inspector's ranges, the key table of docs/EXPERIMENTS.md ({@link #markdownTable()}) and the schema fuzzer
 * of the tests all read. The limits keep every value a run can meet on the simulated clock (times up to 10^12 s) and
 * in memory (counts that multiply the work of a run), so that a typo is refused at load rather than met as a crash.
 *
 * <p>Which policy names exist and which policies a strategy takes are decided where they are resolved
 * ({@link ExperimentSpec#setPolicy}, {@link ExperimentChecks}), not here.
 */
public final class SettingsSchema {
    /** Longest time a setting may give, in seconds: the simulated clock's range for every model. */
    public static final long MAX_SECONDS = 1_000_000_000_000L;
    /**
     * Most node sets, start times, windows, offers per machine or hops: each multiplies the offers searched per
     * request, and a typo of a billion would be an out-of-memory error rather than a slow run.
     */
    public static final int MAX_COUNT = 1000;
    /**
     * Most nodes one machine may have (2^20, beyond the largest machines in the Parallel Workloads Archive), so that
     * a typo such as 2000000000 is a clear error rather than the model running out of memory.
     */
    public static final int MAX_NODES = 1 << 20;
    /** Slowest and fastest machine: a run time of up to 10^12 s stays on the simulated clock at either. */
    public static final double MIN_SPEED = 0.001;
    public static final double MAX_SPEED = 1000;
    /** Most jobs a generator makes (five times the largest trace of the archive). */
    public static final int MAX_JOBS = 5_000_000;
    /** Largest over-estimation factor: estimates of mean run times up to 10^9 s stay near the clock's 10^12 s. */
    public static final double MAX_OVER_ESTIMATE = 1000;
    /** Longest mean run time of a generated workload (about 31 years). */
    public static final long MAX_MEAN_RUN_TIME = 1_000_000_000L;
    /** Offered load of a generated workload: outside, inter-arrival times overflow the simulated clock. */
    public static final double MIN_LOAD = 1e-6;
    public static final double MAX_LOAD = 1e6;
    /**
     * Smallest SMART bin factor: estimates up to 10^12 s then fall into at most 27,700 bins; nearer 1 the bin of an
     * estimate overflows its counter (gamma = 1 + 2^-52 never ended a run).
     */
    public static final double MIN_GAMMA = 1.001;
    /** Largest multi-site overhead p (a co-allocated job runs at most 11 times as long). */
    public static final double MAX_OVERHEAD = 10;

    /** Longest name of an experiment, site, machine or population: names become folder and file names. */
    public static final int MAX_NAME_LENGTH = 100;

    private static final double INF = Double.POSITIVE_INFINITY;
    private static final String POISSON = "poisson";
    private static final String GENERATE = "workload.generate.model";
    private static final String CO_ALLOCATION = "market.coAllocation";

    public static final Setting NAME = name("name", "names the experiment and its default results folder");
    public static final Setting SEED = whole("seed", -INF, INF, "seed of every random choice of the run");
    public static final Setting MODEL = choice("model", "the model: machines and a workload, or seed 001's or 002's",
            "grid", "forkjoin", "ibts");
    public static final Setting STRATEGY = choice("strategy", "the grid strategy (or a plug-in's)", "local",
            "jobsharing", "multisite", "market").when("model", "grid", "grid");
    public static final Setting POLICY = other("policy", Kind.TEXT, "the local policy (docs/EXPERIMENTS.md, "
            + "\"Local policies\")").when("model", "grid", "grid");
    public static final Setting WAIT_LIMIT = whole("waitLimit", 0, MAX_SECONDS, "seed 004's WaitLimit, seconds");

    public static final Setting GENERATE_JOBS = whole("workload.generate.jobs", 1, MAX_JOBS, "jobs generated");
    public static final Setting GENERATE_NODES = whole("workload.generate.nodes", 1, MAX_NODES,
            "the machine size the jobs are drawn for").when(GENERATE, POISSON, POISSON, "randomized");
    public static final Setting GENERATE_LOAD = number("workload.generate.load", MIN_LOAD, MAX_LOAD,
            "offered load rho").when(GENERATE, POISSON, POISSON);
    public static final Setting GENERATE_MEAN_RUN_TIME = whole("workload.generate.meanRunTime", 1,
            MAX_MEAN_RUN_TIME, "mean run time, seconds").when(GENERATE, POISSON, POISSON);
    public static final Setting GENERATE_OVER_ESTIMATE = number("workload.generate.overEstimate", 1,
            MAX_OVER_ESTIMATE, "estimate = ceil(run time x overEstimate)").when(GENERATE, POISSON, POISSON);

    public static final Setting MACHINE_NODES = whole("machines[].nodes", 1, MAX_NODES, "nodes of the machine");
    public static final Setting MACHINE_SPEED = number("machines[].speed", MIN_SPEED, MAX_SPEED,
            "run-time factor: a job of t s at speed 1 runs t / speed s");

    public static final Setting POLICY_GAMMA = number("policyParameters.gamma", MIN_GAMMA, false, INF, true,
            "SMART: bin factor");
    public static final Setting POLICY_RECOMPUTE = number("policyParameters.recompute", 0, true, 1, false,
            "SMART, PSRS: share of ordered jobs");
    public static final Setting POLICY_X = number("policyParameters.x", 0, true, 100, true,
            "PFCFS: a wide job needs more than x % of the nodes");
    public static final Setting POLICY_DELAY = whole("policyParameters.delay", 0, MAX_SECONDS,
            "PFCFS: seconds at the head before preempting");
    public static final Setting POLICY_DELTA = whole("policyParameters.delta", 1, MAX_SECONDS,
            "PFCFS: gang length, seconds");
    public static final Setting POLICY_PENALTY = whole("policyParameters.penalty", 0, MAX_SECONDS,
            "PFCFS: seconds added at each resumption");
    public static final Setting POLICY_IDLE = number("policyParameters.idle", 0, false, 100, true,
            "PFCFS: percent idle before the delay starts");
    public static final Setting POPULATION_SHARE = number("populations[].share", 0, true, 1, false,
            "a share of the trace's users, at least one user");
    public static final Setting MULTISITE_OVERHEAD = number("multisite.overhead", 0, MAX_OVERHEAD,
            "p: a split job runs (1 + p) times its run time");

    public static final Setting MARKET_HOPS = whole("market.hops", 0, MAX_COUNT,
            "how far a request is forwarded: 0 = own domain only, 1 = the peers, ...");
    public static final Setting MARKET_NODE_SETS = whole("market.nodeSets", 1, MAX_COUNT,
            "C: node sets tried per feasible start window");
    public static final Setting MARKET_START_TIMES = whole("market.startTimes", 1, MAX_COUNT,
            "Z: start times tried per node set");
    public static final Setting MARKET_WINDOWS = whole("market.windows", 1, MAX_COUNT,
            "feasible start windows examined per machine");
    public static final Setting MARKET_OFFERS_PER_MACHINE = whole("market.offersPerMachine", 1, MAX_COUNT,
            "best offers each machine returns");
    public static final Setting MARKET_LATENCY = whole("market.latency", 0, MAX_SECONDS,
            "seconds a message takes from one domain to the next");
    public static final Setting MARKET_SEARCH_TIME = whole("market.searchTime", 0, MAX_SECONDS,
            "seconds after submission a request may search");
    public static final Setting MARKET_OVERHEAD = number("market.overhead", 0, MAX_OVERHEAD,
            "p: a co-allocated job runs (1 + p) times its run time").when(CO_ALLOCATION, "needed", "needed", "always");
    public static final Setting MARKET_MIN_MULTI_SITE = whole("market.minMultiSite", 1, MAX_NODES,
            "MinMulti-Site: fewest nodes of a co-allocated part").when(CO_ALLOCATION, "needed", "needed", "always");
    public static final Setting MARKET_MAX_MULTI_SITE = whole("market.maxMultiSite", 0, MAX_NODES,
            "MaxMulti-Site: most machines of a co-allocated job (0: any)")
            .when(CO_ALLOCATION, "needed", "needed", "always");
    public static final Setting VALUE_PER_NODE_SECOND = number("market.value.perNodeSecond", 0, 1e6,
            "a job's value per node-second of nodes x estimate");
    public static final Setting VALUE_SPREAD = number("market.value.spread", 0, 1,
            "values spread as V x (1 + spread x u), u uniform in [-1, 1]");
    public static final Setting VALUE_EXPECTED = number("market.value.expected", 0, 1000,
            "response, in estimates, up to which a job keeps its whole value");
    public static final Setting VALUE_DECAY = number("market.value.decay", 0, true, 1000, false,
            "further response, in estimates, over which the value falls to 0");
    public static final Setting VALUE_FLOOR = number("market.value.floor", -1000, 0,
            "the least value, a share of V (below 0: a penalty)");
    public static final Setting VALUE_DEADLINE = number("market.value.deadline", 0, true, 1000, false,
            "k: deadline = submit + k x estimate");
    public static final Setting VALUE_BUDGET = number("market.value.budget", 0, 1000, "b: budget = b x V");
    public static final Setting VALUE_OWNER_COST = number("market.value.ownerCost", 0, 1e6,
            "every owner's cost per node-second run");

    public static final Setting FAILURES_CHECKPOINT = whole("failures.checkpoint", 0, MAX_SECONDS,
            "seconds between checkpoints of a running job (0: a killed job restarts from scratch)");
    public static final Setting FAILURES_OUTAGE_TIMEOUT = whole("failures.outageTimeout", 1, MAX_SECONDS,
            "seconds a round waits for an unreachable domain beyond the answer's round trip (default 60)")
            .when("strategy", "local", "market");

    public static final Setting LOCAL_LOAD_SHARE = number("localLoad.share", 0, 1,
            "each job of the workload is local with this probability (its own generator, from the seed)");
    public static final Setting LOCAL_LOAD_POLICY = choice("localLoad.policy",
            "how each machine's local scheduler orders its local jobs", "fcfs", "easy");

    /** Every setting, in the order of docs/EXPERIMENTS.md's table. */
    public static final List<Setting> ALL = List.of(
            NAME, SEED, MODEL,
            other("workload", Kind.MAPPING, "the jobs: exactly one of swf, batsim and generate")
                    .when("model", "grid", "grid"),
            other("workload.swf", Kind.FILE, "an SWF trace, plain or gzip"),
            other("workload.batsim", Kind.FILE, "a Batsim JSON workload of delay profiles"),
            choice("workload.onBadLine", "a malformed trace line stops the run, or is dropped", "fail", "skip"),
            other("workload.killAtEstimate", Kind.BOOLEAN, "a job runs at most its requested time"),
            other("workload.exactEstimates", Kind.BOOLEAN, "every estimate equals the job's run time"),
            whole("workload.shape.from", 0, INF, "first job kept, by index"),
            whole("workload.shape.to", 0, INF, "first job no longer kept, by index"),
            whole("workload.shape.maxNodes", 1, INF, "jobs wider are dropped"),
            other("workload.shape.shift", Kind.BOOLEAN, "the first kept submit time becomes 0"),
            other("workload.shape.split", Kind.TEXT, "local, largest, none or a part size"),
            choice(GENERATE, "the generator", POISSON, "probabilistic", "randomized"),
            GENERATE_JOBS, GENERATE_NODES, GENERATE_LOAD, GENERATE_MEAN_RUN_TIME,
            choice("workload.generate.processors", "processor distribution", "uniform", "cenju3")
                    .when(GENERATE, POISSON, POISSON),
            GENERATE_OVER_ESTIMATE,
            whole("workload.generate.seed", -INF, INF, "seed of the generator (default: the experiment's)"),
            other("workload.generate.fit", Kind.FILE, "the SWF trace the model is fitted to")
                    .when(GENERATE, POISSON, "probabilistic"),
            other("configuration", Kind.TEXT, "a grid of Table 5.1: " + Configurations.names())
                    .when("model", "grid", "grid"),
            name("sites[].name", "the site's name"),
            name("machines[].name", "the machine's name"),
            MACHINE_NODES,
            other("machines[].operatingSystem", Kind.TEXT, "compared as text"),
            whole("machines[].memory", 1, INF, "kB per node"),
            MACHINE_SPEED,
            number("machines[].offerCost", 0, INF, "the cost of making an offer"),
            number("machines[].reservationCost", 0, INF, "the cost of reserving an offer"),
            other("machines[].objective", Kind.FORMULA, "the owner's objective function"),
            other("machines[].description", Kind.FILE, "a MASCHINE file with the machine's nodes and attributes"),
            STRATEGY,
            other("strategyParameters", Kind.MAPPING, "a plug-in strategy's own settings").when("model", "grid",
                    "grid"),
            POLICY,
            other("policyParameters", Kind.MAPPING, "the policy's parameters").when("model", "grid", "grid"),
            WAIT_LIMIT,
            other("policyParameters.weighted", Kind.BOOLEAN, "SMART, PSRS: weights nodes x estimate"),
            POLICY_GAMMA,
            POLICY_RECOMPUTE, POLICY_X,
            other("policyParameters.n", Kind.TEXT, "PFCFS: most switches per wide job, 1, 2, ... or unlimited"),
            POLICY_DELAY, POLICY_DELTA, POLICY_PENALTY, POLICY_IDLE,
            other("multisite", Kind.MAPPING, "multi-site settings").when("strategy", "local", "multisite"),
            MULTISITE_OVERHEAD,
            whole("multisite.minPartSize", 1, INF, "smallest part, nodes"),
            whole("multisite.maxParts", 0, INF, "most machines a job spans (0: any; 1 is refused)"),
            other("market", Kind.MAPPING, "market settings").when("strategy", "local", "market"),
            other("market.mf", Kind.FORMULA, "every owner's objective function"),
            other("market.uf", Kind.FORMULA, "every user's utility function"),
            MARKET_NODE_SETS, MARKET_START_TIMES, MARKET_WINDOWS, MARKET_OFFERS_PER_MACHINE, MARKET_HOPS,
            MARKET_LATENCY,
            other("market.directory", Kind.BOOLEAN, "forward only to domains with a machine wide enough"),
            choice("market.routing", "which domains a request asks: all, or by announced capacity (latency 0)",
                    "all", "capacity"),
            other("market.peers", Kind.MAPPING,
                    "peer lists per site (with hops 0 only under rebid; never a site itself)"),
            MARKET_SEARCH_TIME,
            number("market.jobBudget", 0, INF, "most a user pays for a job"),
            number("market.offerBudget", 0, INF, "most a user pays for a request's offers"),
            number("market.reservationBudget", 0, INF, "most a user pays for a reservation"),
            number("market.offerCost", 0, INF, "what each offer costs the user"),
            number("market.reservationCost", 0, INF, "what a reservation costs the user"),
            choice("market.users", "one user agent per trace user or per site", "user", "site"),
            choice(CO_ALLOCATION, "when a job is co-allocated over machines (always: not with maxMultiSite 1)",
                    "off", "needed", "always"),
            MARKET_OVERHEAD, MARKET_MIN_MULTI_SITE, MARKET_MAX_MULTI_SITE,
            choice("market.rescheduling", "what may happen to an accepted offer before its start", "none",
                    "compress", "rebid"),
            other("market.owner", Kind.MAPPING, "the owners' strategy and its settings"),
            other("market.user", Kind.MAPPING, "the users' strategy and its settings"),
            other("market.clearing", Kind.TEXT, "the clearing rule, or a mapping with its settings"),
            other("market.value", Kind.MAPPING,
                    "jobs' values, budgets and deadlines, owners' cost (docs/MECHANISMS.md)"),
            VALUE_PER_NODE_SECOND, VALUE_SPREAD, VALUE_EXPECTED, VALUE_DECAY, VALUE_FLOOR, VALUE_DEADLINE, VALUE_BUDGET,
            VALUE_OWNER_COST,
            other("populations", Kind.LIST, "user populations and their request templates")
                    .when("strategy", "local", "market"),
            name("populations[].name", "the population's name"),
            other("populations[].users", Kind.LIST, "trace user ids, each with a job in the workload"),
            POPULATION_SHARE,
            other("populations[].request", Kind.FILE, "the request template (.req)"),
            other("failures", Kind.MAPPING, "node failures and domain outages (docs/FAILURES.md)"),
            other("failures.trace", Kind.FILE, "a failure trace: CSV machine,nodes,start,end"),
            other("failures.maintenance", Kind.FILE, "maintenance windows known in advance, as failures.trace "
                    + "(conservative policies and the market only)"),
            FAILURES_CHECKPOINT,
            other("failures.models", Kind.LIST, "failure models, one per machine or one for all"),
            name("failures.models[].machine", "the machine (default: every machine without a model of its own)"),
            other("failures.models[].between", Kind.MAPPING, "up time between failures: distribution exponential "
                    + "(mean) or weibull (scale, shape), seconds"),
            other("failures.models[].repair", Kind.MAPPING, "repair time, as between"),
            other("failures.models[].nodes", Kind.TEXT, "all, or how many nodes fail at once"),
            other("failures.outages", Kind.FILE, "domain outages: CSV domain,start,end (market only)")
                    .when("strategy", "local", "market"),
            other("failures.outageModels", Kind.LIST, "domain outage models, one per domain or one for all")
                    .when("strategy", "local", "market"),
            name("failures.outageModels[].domain", "the domain (default: every domain without a model of its own)"),
            other("failures.outageModels[].between", Kind.MAPPING, "up time between a domain's outages, as "
                    + "failures.models[].between"),
            other("failures.outageModels[].length", Kind.MAPPING, "how long an outage lasts, as between"),
            FAILURES_OUTAGE_TIMEOUT,
            name("failures.fallback", "wait (default), or the domain an unreachable domain's users send new "
                    + "requests to").when("strategy", "local", "market"),
            other("localLoad", Kind.MAPPING, "jobs that go straight to a machine's own scheduler, beside the grid")
                    .when("model", "grid", "grid"),
            LOCAL_LOAD_SHARE, LOCAL_LOAD_POLICY,
            other("localLoad.traces", Kind.MAPPING, "per machine name, an SWF trace whose jobs are all local there"));

    private SettingsSchema() {
    }

    /** The setting of a key path ({@code market.hops}, {@code machines[].speed}), if the schema has it. */
    public static Optional<Setting> of(String key) {
        return ALL.stream().filter(s -> s.key().equals(key)).findFirst();
    }

    /** The key table of docs/EXPERIMENTS.md ("All keys"), one row per setting, as the docs hold it. */
    public static String markdownTable() {
        StringBuilder t = new StringBuilder("| key | value | range | only when | meaning |\n|---|---|---|---|---|\n");
        for (Setting s : ALL) {
            t.append("| `").append(s.key()).append("` | ").append(s.kind().label()).append(" | ")
                    .append(s.range()).append(" | ")
                    .append(s.onlyWhen() == null ? "" : s.onlyWhen().describe()).append(" | ")
                    .append(s.meaning().replace("|", "\\|")).append(" |\n");
        }
        return t.toString();
    }

    /**
     * Refuses a name longer than {@link #MAX_NAME_LENGTH}: a run's folder (results/NAME) and its charts' files are
     * named by names, and a file system refuses a file name of more than 255 bytes only when the run writes it.
     *
     * @param what how the message names the name, e.g. {@code machine name}
     */
    static void checkNameLength(String what, String name) {
        if (!NAME.allows(name.length())) {
            throw new IllegalArgumentException(what + " must be at most " + MAX_NAME_LENGTH + " characters (it names "
                    + "folders and files), got " + name.length());
        }
    }

    private static Setting name(String key, String meaning) {
        return new Setting(key, Kind.NAME, 1, false, MAX_NAME_LENGTH, false, List.of(), meaning, null);
    }

    private static Setting whole(String key, double min, double max, String meaning) {
        return new Setting(key, Kind.WHOLE, min, false, max, false, List.of(), meaning, null);
    }

    private static Setting number(String key, double min, double max, String meaning) {
        return number(key, min, false, max, false, meaning);
    }

    private static Setting number(String key, double min, boolean minOpen, double max, boolean maxOpen,
                                  String meaning) {
        return new Setting(key, Kind.NUMBER, min, minOpen, max, maxOpen, List.of(), meaning, null);
    }

    private static Setting choice(String key, String meaning, String... choices) {
        return new Setting(key, Kind.CHOICE, -INF, false, INF, false, List.of(choices), meaning, null);
    }

    private static Setting other(String key, Kind kind, String meaning) {
        return new Setting(key, kind, -INF, false, INF, false, List.of(), meaning, null);
    }
}
