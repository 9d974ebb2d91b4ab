package gridmarket.config;

import gridmarket.market.CoAllocationMode;
import gridmarket.market.RoutingMode;
import gridmarket.market.FormulaException;
import gridmarket.market.MachineFunction;
import gridmarket.market.Rescheduling;
import gridmarket.market.ObjectiveVariables;
import gridmarket.market.UtilityFunction;
import gridmarket.market.language.Attributes;
import gridmarket.market.language.DescriptionObject;
import gridmarket.market.language.DescriptionParser;
import gridmarket.market.language.Document;
import gridmarket.market.language.LanguageException;
import gridmarket.market.language.ObjectKind;
import gridmarket.market.language.RequestTemplate;
import gridmarket.api.GridQueue;
import gridmarket.api.GridStrategyFactory;
import gridmarket.api.PolicyUse;
import gridmarket.api.LocalPolicyFactory;
import gridmarket.api.SettingsException;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The checks that decide whether the model can run an experiment as it stands: the one validation path that the
 * experiment loader (and so sweeps), the GUI's model inspector and the model's {@code start()} all pass through. A
 * combination the model cannot run is refused here, never replaced by another inside the model.
 *
 * <p>Formulas are also probed over the variables' documented ranges ({@code docs/MARKET.md}): a machine or utility
 * function that gives Infinity or NaN anywhere in them (a division by zero at {@code left_right = 0}, the root of a
 * negative number) is refused before the run, not met in its middle.
 */
public final class ExperimentChecks {
    /**
     * Corners of the documented ranges of the machine function's variables, in {@link MachineFunction#VARIABLES}
     * order less {@code EndTime}, which is always StartTime + RunTime.
     */
    private static final double[][] MF_PROBES = {
        {1, 2, 1024},             // NumberOfProcessors
        {1, 3600, 1e7},           // RunTime, seconds
        {0, 1, 1e8},              // StartTime, seconds
        {0, 1, 1e12},             // under, node-seconds
        {0, 1, 1e12},             // over, node-seconds
        {0, 1, 1e12},             // left_right, node-seconds
        {0, 0.5, 0.999},          // left_right_rel, in [0, 1)
        {0, 1, 1e3},              // left_right_ratio (the literal reading, unbounded)
        {0.001, 0.5, 1},          // utilization
    };
    /** The same for the utility function, in {@link UtilityFunction#VARIABLES} order. */
    private static final double[][] UF_PROBES = {
        {0, 1, 1e8},              // StartTime, seconds
        {1, 3601, 1e8},           // EndTime, seconds
        {0, 1, 1e12},             // JobCost, the machine function's value (a price, never negative)
        {1, 2, 1024},             // NumberOfProcessors
        {1, 3600, 1e7},           // RunTime, seconds
        {0, 1, 1e8},              // SubmitTime, seconds
    };

    private static final Map<String, String> VERDICTS = new ConcurrentHashMap<>();

    private ExperimentChecks() {
    }

    /**
     * Checks that the model can run the experiment.
     *
     * @throws ConfigException naming the field and the value, without a file (callers add where it came from)
     */
    public static void check(ExperimentSpec spec) {
        GridStrategyFactory strategy = spec.strategyFactory();
        PolicyUse use = strategy.policyUse();
        if (strategy.blocks().contains("multisite") && !spec.getStrategyParameters().isEmpty()) {
            throw new ConfigException("strategyParameters: has no effect when the strategy is '" + spec.getStrategy()
                    + "', which takes its settings from its block multisite");
        }
        if (use == PolicyUse.NONE && !spec.getPolicyParameters().given().isEmpty()) {
            throw new ConfigException("policyParameters: has no effect when the strategy is '" + spec.getStrategy()
                    + "', which runs no local policy");
        }
        try {
            strategy.check(spec.strategySettings());
        } catch (SettingsException e) {
            throw new ConfigException("strategyParameters: " + e.getMessage());
        }
        boolean gridQueue = use == PolicyUse.ONE_QUEUE || use == PolicyUse.CO_ALLOCATING_QUEUE
                || spec.resolvedSites().stream().anyMatch(s -> s.getMachines().size() > 1);
        LocalPolicyFactory policy = spec.policyFactory();
        GridQueue queue = policy.acrossMachines();
        if (use == PolicyUse.CO_ALLOCATING_QUEUE && queue != GridQueue.FCFS && queue != GridQueue.EASY) {
            throw new ConfigException("policy '" + spec.getPolicy() + "': strategy " + spec.getStrategy()
                    + " takes policy fcfs or easy");
        }
        if (gridQueue && queue == GridQueue.NONE) {
            throw new ConfigException("policy '" + spec.getPolicy() + "' schedules one machine; a queue over "
                    + "several machines (strategy jobsharing or multisite, or a site with several machines) takes "
                    + "policy fcfs, easy or conservative (conservative not with multisite)");
        }
        long nodes = spec.resolvedSites().stream().flatMap(s -> s.getMachines().stream())
                .mapToLong(MachineSpec::getNodes).sum();
        if (nodes > MachineSpec.MAX_NODES * 4L) {
            throw new ConfigException("the grid has " + nodes + " nodes in all, more than "
                    + MachineSpec.MAX_NODES * 4L + " (a checked limit, so that a typo is not an out-of-memory error)");
        }
        try {
            policy.check(spec.getPolicyParameters().settings());
        } catch (SettingsException e) {
            throw new ConfigException("policyParameters: " + e.getMessage());
        }
        if (policy.preempts() && use != PolicyUse.EACH_SITE) {
            throw new ConfigException("policy '" + spec.getPolicy() + "' preempts jobs on one machine; strategy '"
                    + spec.getStrategy() + "' takes no preemption (use strategy local)");
        }
        if (spec.getWaitLimit() != null && use != PolicyUse.EACH_SITE) {
            throw new ConfigException("waitLimit: only strategy local runs seed 004's schemes; strategy '"
                    + spec.getStrategy() + "' would ignore it");
        }
        if (spec.getWaitLimit() != null && !policy.takesWaitLimit()) {
            throw new ConfigException("waitLimit: policy '" + spec.getPolicy() + "' has no WaitLimit (only the seed "
                    + "004 schemes that can starve jobs: mpfs, lpfs, fpfs, fpmpfs, fplpfs)");
        }
        checkFailures(spec, policy);
        checkLocalLoad(spec, policy);
        for (SiteSpec site : spec.resolvedSites()) {
            for (MachineSpec m : site.getMachines()) {
                if (m.getObjective() != null) {
                    probe("machine " + m.getName() + ": objective", m.getObjective());
                }
            }
        }
        checkPopulations(spec);
        if (strategy.blocks().contains("market")) {
            checkPeers(spec);
            checkCoAllocation(spec);
            checkDoubleAuction(spec);
            checkClockAuction(spec);
            probe("market.mf", spec.getMarket().getMf());
            probe("market.uf", spec.getMarket().getUf());
            checkRouting(spec);
        }
    }

    /** A probe job (1 node, 1 s, submitted at 0) for checking request templates against the machines. */
    private static final Attributes PROBE_JOB = Attributes.of(Map.of("NumberOfProcessors", 1, "RunTime", 1,
            "StartTime", 0));
    /** A probe offer (start 1, end 2, price 1, no costs) for checking the templates' UtilityValue. */
    private static final Attributes PROBE_OFFER = Attributes.of(Map.of("StartTime", 1, "EndTime", 2, "JobCost", 1,
            "OfferCost", 0, "ReservationCost", 0, "ReservationTime", 1));

    /** The request settings a template may give (docs/LANGUAGE.md), each a number of at least 0. */
    private static final List<String> SETTINGS = List.of("Hops", "MaxOfferNumber", "MinMulti-Site", "MaxMulti-Site",
            "SearchTime", "JobBudget", "OfferBudget", "ReservationBudget", "OperationSystemEqual");

    /** Every key a request template names that gridmarket reads or keeps (docs/LANGUAGE.md). */
    private static final List<String> KNOWN_KEYS = List.of("Hops", "MaxOfferNumber", "MinMulti-Site",
            "MaxMulti-Site", "SearchTime", "JobBudget", "OfferBudget", "ReservationBudget", "OperationSystemEqual",
            "StartTime", "EndTime", "ReservationTime", RequestTemplate.CHOICES, RequestTemplate.CHOICE);

    /**
     * The setting a key's name is a near miss of (the same but for case, or within two letters), or {@code null}:
     * a template may hold keys of its own for its expressions, but "MaxOfferNumbr" is a setting misspelt, which would
     * otherwise be silently left at the market's default.
     */
    static String misspeltSetting(String name) {
        if (KNOWN_KEYS.contains(name)) { // "MinMulti-Site" is two letters from "MaxMulti-Site", and right
            return null;
        }
        for (String known : KNOWN_KEYS) {
            if (!known.equals(name) && (known.equalsIgnoreCase(name) || editDistance(known, name) <= 2)) {
                return known;
            }
        }
        return null;
    }

    private static int editDistance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int same = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + same);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    /**
     * User populations: given one way each (users or a share), shares adding up to at most 1, no user in two
     * populations, and each request template read and evaluated, every element, on every machine of the grid with a
     * probe job and offer, so that a syntax error, an unknown attribute or a type error stops the experiment before
     * it runs.
     */
    /**
     * Local load runs beside the queue strategies with non-preemptive policies and beside the market, not yet with
     * failures; each trace names a machine of the grid.
     */
    private static void checkLocalLoad(ExperimentSpec spec, LocalPolicyFactory policy) {
        LocalLoadSpec l = spec.getLocalLoad();
        if (l == null) {
            return;
        }
        boolean market = "market".equals(spec.getStrategy());
        if (!market && spec.strategyFactory().policyUse() == PolicyUse.NONE) {
            throw new ConfigException("localLoad: strategy '" + spec.getStrategy() + "' has no machine schedulers "
                    + "to share; local load runs beside local, jobsharing, multisite and market");
        }
        if (!market && policy.preempts()) {
            throw new ConfigException("localLoad: policy '" + spec.getPolicy() + "' preempts jobs; local load is not "
                    + "yet simulated with preemption");
        }
        if (spec.getFailures() != null) {
            throw new ConfigException("localLoad: not yet simulated together with failures");
        }
        Set<String> names = new java.util.LinkedHashSet<>();
        spec.resolvedSites().forEach(s -> s.getMachines().forEach(m -> names.add(m.getName())));
        for (Map.Entry<String, String> t : l.getTraces().entrySet()) {
            if (!names.contains(t.getKey())) {
                throw new ConfigException("localLoad.traces." + t.getKey() + ": '" + t.getKey()
                        + "' is not a machine of the grid " + names);
            }
            if (t.getValue() == null || t.getValue().isBlank()) {
                throw new ConfigException("localLoad.traces." + t.getKey() + ": needs an SWF file");
            }
        }
    }

    /**
     * Failures are simulated for the queue strategies with non-preemptive policies and for the market (a checkpoint
     * there only on machines of one speed without populations); each model names a machine once.
     */
    private static void checkFailures(ExperimentSpec spec, LocalPolicyFactory policy) {
        FailuresSpec f = spec.getFailures();
        if (f == null) {
            return;
        }
        checkOutages(spec, f);
        if (!f.hasNodeFailures() && f.hasDomainOutages() && f.getCheckpoint() == 0) {
            return;
        }
        String key = f.getTrace() != null ? "failures.trace" : f.getMaintenance() != null ? "failures.maintenance"
                : !f.getModels().isEmpty() ? "failures.models" : "failures.checkpoint";
        boolean market = "market".equals(spec.getStrategy());
        if (!market && spec.strategyFactory().policyUse() == PolicyUse.NONE) {
            throw new ConfigException(key + ": strategy '" + spec.getStrategy() + "' has no queue to resubmit "
                    + "killed jobs to; failures are simulated for local, jobsharing, multisite and market");
        }
        if (!market && policy.preempts()) {
            throw new ConfigException(key + ": policy '" + spec.getPolicy() + "' preempts jobs; failures are not "
                    + "yet simulated with preemption");
        }
        if (f.getTrace() == null && f.getModels().isEmpty() && f.getMaintenance() == null) {
            throw new ConfigException("failures.checkpoint: has no effect without failures; give failures.trace, "
                    + "failures.maintenance or failures.models");
        }
        if (market && f.getCheckpoint() > 0) {
            for (SiteSpec site : spec.resolvedSites()) {
                for (MachineSpec m : site.getMachines()) {
                    if (m.getSpeed() != null && m.getSpeed() != 1) {
                        throw new ConfigException("failures.checkpoint: " + f.getCheckpoint() + " (machine "
                                + m.getName() + " has speed " + m.getSpeed() + "); the market keeps a checkpoint "
                                + "only on machines of speed 1");
                    }
                }
            }
            if (!spec.getPopulations().isEmpty()) {
                throw new ConfigException("failures.checkpoint: " + f.getCheckpoint() + " with populations; the "
                        + "market keeps a checkpoint only for requests without a population's template");
            }
        }
        if (!market && f.getMaintenance() != null && policy.acrossMachines() != GridQueue.CONSERVATIVE) {
            throw new ConfigException("failures.maintenance: maintenance windows are planned around by conservative "
                    + "backfilling only; policy '" + spec.getPolicy() + "' plans no reservations to step over them");
        }
        Set<String> names = new HashSet<>();
        spec.resolvedSites().forEach(s -> s.getMachines().forEach(m -> names.add(m.getName())));
        Set<String> modelled = new HashSet<>();
        for (int i = 0; i < f.getModels().size(); i++) {
            FailureModelSpec m = f.getModels().get(i);
            String where = "failures.models[" + i + "]";
            String machine = m.getMachine() == null ? "*" : m.getMachine();
            if (m.getMachine() != null && !names.contains(m.getMachine())) {
                throw new ConfigException(where + ".machine: '" + m.getMachine() + "' is not a machine of the grid "
                        + new TreeSet<>(names));
            }
            if (!modelled.add(machine)) {
                throw new ConfigException(where + ".machine: '" + machine + "' has a model already");
            }
            if (m.getBetween() == null || m.getRepair() == null) {
                throw new ConfigException(where + ": needs between and repair");
            }
            m.getBetween().toDistribution(where + ".between");
            m.getRepair().toDistribution(where + ".repair");
        }
    }

    /**
     * Domain outages are the market's (a trader that goes down); the timeout and the fallback need outages, the
     * fallback names a domain, and each outage model names a domain once and has both its distributions.
     */
    private static void checkOutages(ExperimentSpec spec, FailuresSpec f) {
        String key = f.getOutages() != null ? "failures.outages" : !f.outageModelList().isEmpty()
                ? "failures.outageModels" : f.getOutageTimeout() != null ? "failures.outageTimeout"
                : f.getFallback() != null ? "failures.fallback" : null;
        if (key == null) {
            return;
        }
        if (!"market".equals(spec.getStrategy())) {
            throw new ConfigException(key + ": domain outages are simulated for strategy market only (a trader that "
                    + "cannot be reached); strategy '" + spec.getStrategy() + "' has no traders");
        }
        if (!f.hasDomainOutages()) {
            throw new ConfigException(key + ": has no effect without domain outages; give failures.outages or "
                    + "failures.outageModels");
        }
        List<String> domains = spec.resolvedSites().stream().map(SiteSpec::getName).toList();
        if (f.fallbackDomain() != null && !domains.contains(f.fallbackDomain())) {
            throw new ConfigException("failures.fallback: '" + f.getFallback() + "' is neither wait nor a domain of "
                    + "the grid " + domains);
        }
        Set<String> modelled = new HashSet<>();
        for (int i = 0; i < f.outageModelList().size(); i++) {
            DomainOutageModelSpec m = f.outageModelList().get(i);
            String where = "failures.outageModels[" + i + "]";
            String domain = m.getDomain() == null ? "*" : m.getDomain();
            if (m.getDomain() != null && !domains.contains(m.getDomain())) {
                throw new ConfigException(where + ".domain: '" + m.getDomain() + "' is not a domain of the grid "
                        + domains);
            }
            if (!modelled.add(domain)) {
                throw new ConfigException(where + ".domain: '" + domain + "' has a model already");
            }
            if (m.getBetween() == null || m.getLength() == null) {
                throw new ConfigException(where + ": needs between and length");
            }
            m.getBetween().toDistribution(where + ".between");
            m.getLength().toDistribution(where + ".length");
        }
    }

    private static void checkPopulations(ExperimentSpec spec) {
        double shares = 0;
        Set<Integer> users = new HashSet<>();
        for (int i = 0; i < spec.getPopulations().size(); i++) {
            PopulationSpec p = spec.getPopulations().get(i);
            String where = "populations[" + i + "]" + (p.getName() == null ? "" : " (" + p.getName() + ")");
            if (p.getName() == null || p.getRequest() == null) {
                throw new ConfigException(where + ": give 'name' and 'request'");
            }
            if (p.getUsers().isEmpty() == (p.getShare() == null)) {
                throw new ConfigException(where + ": give exactly one of 'users' and 'share'");
            }
            shares += p.getShare() == null ? 0 : p.getShare();
            for (int u : p.getUsers()) {
                if (!users.add(u)) {
                    throw new ConfigException(where + ": user " + u + " is in two populations");
                }
            }
            try {
                Document d = new DescriptionParser().parse(Path.of(p.getRequest()), ObjectKind.REQUEST);
                if (d.objects().size() != 1) {
                    throw new ConfigException(p.getRequest() + ": holds " + d.objects().size()
                            + " REQUEST objects; a template is one");
                }
                List<Attributes> machines = spec.resolvedSites().stream().flatMap(s -> s.getMachines().stream())
                        .map(MachineSpec::attributes).toList();
                checkTemplate(p.getRequest(), d.objects().get(0), machines);
            } catch (ConfigException e) {
                throw new ConfigException(where + ": " + e.getMessage());
            } catch (LanguageException e) {
                // a parse error names its file:line:column; an evaluation's error its element, so the file is added
                String file = Path.of(p.getRequest()).getFileName().toString();
                throw new ConfigException(where + ": " + (e.getMessage().contains(file) ? "" : p.getRequest() + ": ")
                        + e.getMessage());
            }
        }
        if (shares > 1 + 1e-9) {
            throw new ConfigException("populations: the shares add up to " + shares + ", more than 1");
        }
    }

    /**
     * A request template as a population uses it: a REQUEST with a key {@code Utility} of elements, each element's
     * condition and values evaluated on every machine with a probe job and offer, no misspelt setting, every setting
     * a number of at least 0 for the probe job.
     *
     * @param file     the template's file, for messages
     * @param machines the attributes of the machines it is checked on
     * @throws LanguageException for an element that cannot be evaluated (naming where it is written)
     * @throws ConfigException   for a misspelt or negative setting (naming the file)
     */
    static void checkTemplate(String file, DescriptionObject request, List<Attributes> machines)
            throws LanguageException {
        RequestTemplate template = RequestTemplate.of(request);
        for (Attributes machine : machines) {
            template.check(PROBE_JOB, machine, PROBE_OFFER);
        }
        template.checkChoice(PROBE_JOB, PROBE_OFFER);
        for (var key : request.keys()) {
            String near = misspeltSetting(key.name());
            if (near != null) {
                throw new ConfigException(file + ": KEY \"" + key.name() + "\" is no request setting; did you mean \""
                        + near + "\"? (names are case-sensitive)");
            }
        }
        for (String key : SETTINGS) {
            OptionalDouble v = template.setting(key, PROBE_JOB);
            if (v.isPresent() && !(v.getAsDouble() >= 0)) {
                throw new ConfigException(file + ": KEY \"" + key + "\" gives " + v.getAsDouble()
                        + " for a job of 1 node and 1 s; it must be at least 0");
            }
        }
    }

    /**
     * Peer lists name known sites, never the site itself (a request always searches its own domain), and are given
     * only where a message leaves its domain: with {@code hops: 0} they would be ignored, unless a population's
     * template gives its requests Hops of their own or re-bidding announces idle nodes to the domains they reach.
     */
    private static void checkPeers(ExperimentSpec spec) {
        Set<String> siteNames = new HashSet<>();
        spec.resolvedSites().forEach(s -> siteNames.add(s.getName()));
        MarketSpec market = spec.getMarket();
        for (var e : market.getPeers().entrySet()) {
            for (String n : e.getValue() == null ? List.<String>of() : e.getValue()) {
                if (!siteNames.contains(e.getKey()) || !siteNames.contains(n)) {
                    throw new ConfigException("market.peers: unknown site '"
                            + (siteNames.contains(e.getKey()) ? n : e.getKey()) + "' (sites: "
                            + String.join(", ", new TreeSet<>(siteNames)) + ")");
                }
                if (n.equals(e.getKey())) {
                    throw new ConfigException("market.peers." + n + ": site '" + n + "' is its own peer; a site "
                            + "always searches its own domain (remove it from the list)");
                }
            }
        }
        if (!market.getPeers().isEmpty() && market.getHops() == 0 && spec.getPopulations().isEmpty()
                && market.reschedulingValue() != Rescheduling.REBID) {
            throw new ConfigException("market.peers: has no effect when market.hops is 0 (a request stays in its "
                    + "own domain; only re-bidding's idle-node announcements travel further); remove the peers or "
                    + "set hops of at least 1");
        }
    }

    /**
     * {@code routing: capacity} asks domains one after another, which takes no time only without latency; and it has
     * no effect where no round can be routed: every round co-allocating, or a utility function whose value may rise
     * with a later start or reads the price (requests from a template are never routed either).
     */
    private static void checkRouting(ExperimentSpec spec) {
        MarketSpec market = spec.getMarket();
        if (market.routingValue() != RoutingMode.CAPACITY) {
            return;
        }
        if (market.getLatency() > 0) {
            throw new ConfigException("market.routing: capacity asks domains one after another, which takes no time "
                    + "only without latency; got latency " + market.getLatency() + " (use routing all, or latency 0)");
        }
        if (market.coAllocationValue() == CoAllocationMode.ALWAYS) {
            throw new ConfigException("market.routing: capacity has no effect when market.coAllocation is 'always' "
                    + "(every round asks every machine for a co-allocation); use routing all");
        }
        if (!new UtilityFunction(market.getUf()).neverRisesWithStart()) {
            throw new ConfigException("market.routing: capacity has no effect with market.uf '" + market.getUf()
                    + "': only a utility that never rises with a later start and ignores the price (e.g. UF1) is "
                    + "routed; use routing all");
        }
    }

    /**
     * A double auction's bids are prices per node-second from the requests' budgets: a request without a budget
     * (the thesis' user without {@code market.jobBudget}) would bid no limit.
     */
    private static void checkDoubleAuction(ExperimentSpec spec) {
        MarketSpec market = spec.getMarket();
        if (market.clearingRule().equals("double-auction") && !market.userStrategy().equals("dbc")
                && market.getJobBudget() == null) {
            throw new ConfigException("market.clearing: double-auction needs bids with a limit price: user "
                    + "'" + market.userStrategy() + "' has no budget; use user: {strategy: dbc} or set market.jobBudget");
        }
    }

    /**
     * A clock auction's decision waits for its ticks; a re-bid swaps a held reservation at once, so it would skip
     * them (and its offers do not start after the longest auction): the two are not combined.
     */
    private static void checkClockAuction(ExperimentSpec spec) {
        MarketSpec market = spec.getMarket();
        String rule = market.clearingRule();
        if ((rule.equals("english") || rule.equals("dutch")) && market.reschedulingValue() == Rescheduling.REBID) {
            throw new ConfigException("market.rescheduling: rebid cannot be combined with market.clearing: " + rule
                    + " (a clock auction's rounds take simulated time, a re-bid swaps at once); use none or compress");
        }
    }

    /**
     * {@code coAllocation: always} asks for a co-allocated offer in every round, {@code maxMultiSite: 1} forbids
     * every split: a contradiction, unless a population's template gives its requests a MaxMulti-Site of their own.
     */
    private static void checkCoAllocation(ExperimentSpec spec) {
        MarketSpec market = spec.getMarket();
        if (market.coAllocationValue() == CoAllocationMode.ALWAYS && market.getMaxMultiSite() == 1
                && spec.getPopulations().isEmpty()) {
            throw new ConfigException("market.maxMultiSite: 1 (never split) contradicts market.coAllocation: always "
                    + "(a co-allocated offer in every round); use coAllocation off, or maxMultiSite 0 or at least 2");
        }
    }

    /**
     * Evaluates a machine function ({@code market.mf}) or a utility function ({@code market.uf}) at every corner of
     * its variables' documented ranges; the verdict per formula is kept, since every run of a sweep asks again.
     *
     * @throws ConfigException naming the key, the formula and the first variable values that give no finite number
     */
    static void probe(String key, String formula) {
        String verdict = VERDICTS.computeIfAbsent(key + "\u0000" + formula, k -> verdict(key, formula));
        if (!verdict.isEmpty()) {
            throw new ConfigException(verdict);
        }
    }

    private static String verdict(String key, String formula) {
        // a machine's objective is its owner's machine function
        boolean mf = key.endsWith("mf") || key.endsWith("objective");
        double[][] probes = mf ? MF_PROBES : UF_PROBES;
        MachineFunction machine;
        UtilityFunction utility;
        try {
            machine = mf ? new MachineFunction(formula) : null;
            utility = mf ? null : new UtilityFunction(formula);
        } catch (FormulaException e) {
            return key + ": " + e.getMessage();
        }
        double[] v = new double[probes.length];
        int corners = 1;
        for (double[] p : probes) {
            corners *= p.length;
        }
        for (int c = 0; c < corners; c++) {
            int rest = c;
            for (int i = probes.length - 1; i >= 0; i--) {
                v[i] = probes[i][rest % probes[i].length];
                rest /= probes[i].length;
            }
            try {
                if (mf) {
                    machine.price((int) v[0], (long) v[1], (long) v[2],
                            new ObjectiveVariables(v[3], v[4], v[5], v[6], v[7], v[8]));
                } else {
                    utility.value((long) v[0], (long) v[1], v[2], (int) v[3], (long) v[4], (long) v[5]);
                }
            } catch (FormulaException e) {
                // the message names the formula, its value and every variable's value
                return key + ": " + e.getMessage() + " (a formula must give a finite number, and a price one that "
                        + "is not negative, over the variables' documented ranges, docs/MARKET.md)";
            }
        }
        return "";
    }
}
