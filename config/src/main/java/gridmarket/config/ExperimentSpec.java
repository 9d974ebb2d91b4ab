package gridmarket.config;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import gridmarket.api.GridStrategyFactory;
import gridmarket.api.LocalPolicyFactory;
import gridmarket.api.Registry;
import gridmarket.api.PolicySetup;
import gridmarket.api.Settings;
import gridmarket.sim.policy.WaitLimit;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An experiment: a workload, machines, a strategy and a policy, and a seed. Read from YAML or JSON by
 * {@link ExperimentLoader}; setters reject bad values so the loader can name the line and column.
 *
 * <p>The grid is given in one of three ways: {@code configuration} (a Table 5.1 name such as {@code m128}),
 * {@code sites} (each with its machines), or {@code machines} (each machine its own site).
 *
 * <pre>
 * name: lublin-easy
 * workload: {swf: ../shared/data/traces/lublin_256.swf.gz}
 * machines: [{name: m1, nodes: 256}]
 * strategy: local
 * policy: easy          # fcfs | easy | conservative | list | mpfs | lpfs | fpfs | fpmpfs | fplpfs
 *                       # | smart-ffia[-easy|-conservative] | smart-nfiw[...] | psrs[...]
 * waitLimit: 600        # seconds; only for mpfs, lpfs, fpfs, fpmpfs, fplpfs (seed 004)
 * </pre>
 */
@JsonPropertyOrder({"name", "seed", "model", "forkjoin", "ibts", "workload", "configuration", "sites", "machines", "strategy",
        "strategyParameters", "policy", "policyParameters", "waitLimit", "multisite", "market", "populations",
        "failures", "localLoad"})
public final class ExperimentSpec {
    /** The file the experiment was read from, for messages about it found later (e.g. while its workload is read). */
    @JsonIgnore
    private String source;

    private String name = "experiment";
    private long seed = 1;
    private WorkloadSpec workload;
    private List<MachineSpec> machines = new ArrayList<>();
    private List<SiteSpec> sites = new ArrayList<>();
    private String configuration;
    private String strategy = "local";
    private Map<String, Object> strategyParameters = new LinkedHashMap<>();
    private String policy = "easy";
    private Long waitLimit;
    private String model;
    private ForkJoinSpec forkjoin;
    private IbtsSpec ibts;
    private PolicyParametersSpec policyParameters = new PolicyParametersSpec();
    private MultiSiteSpec multisite = new MultiSiteSpec();
    private MarketSpec market = new MarketSpec();
    private List<PopulationSpec> populations = new ArrayList<>();
    private FailuresSpec failures;
    private LocalLoadSpec localLoad;

    /** Name of the experiment, used in result folders and chart titles. */
    public String getName() {
        return name;
    }

    public void setName(String name) {
        if (name == null || !name.matches("[A-Za-z0-9_.-]+")) {
            throw new IllegalArgumentException("name must be letters, digits, '_', '.' or '-', got '" + name + "'");
        }
        if (name.matches("\\.+")) { // '.' and '..' as a results folder would be the folder itself or its parent
            throw new IllegalArgumentException("name '" + name + "' names no folder of its own (results/NAME would "
                    + "be results itself or its parent); give a name with a letter or digit");
        }
        SettingsSchema.checkNameLength("name", name);
        this.name = name;
    }

    /**
     * The model: {@code grid} (machines, a workload and a strategy; the default, {@code null}) or {@code forkjoin}
     * (Karatza's closed system, seed 001, set up by the {@code forkjoin} section) or {@code ibts} (IBTS and
     * IBTS-parallel, seed 002, set up by the {@code ibts} section).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public String getModel() {
        return model;
    }

    public void setModel(String model) {
        if (!"grid".equals(model) && !"forkjoin".equals(model) && !"ibts".equals(model)) {
            throw new IllegalArgumentException("unknown model '" + model + "' (expected grid | forkjoin | ibts)");
        }
        this.model = "grid".equals(model) ? null : model;
    }

    /** Whether this is a {@code model: forkjoin} experiment. */
    @JsonIgnore // derived from model, not a key of its own
    public boolean isForkJoin() {
        return "forkjoin".equals(model);
    }

    /** Whether this is a {@code model: ibts} experiment. */
    public boolean isIbts() { // Jackson takes getIbts() for the key 'ibts'
        return "ibts".equals(model);
    }

    /** IBTS and IBTS-parallel (seed 002), for {@code model: ibts}; {@code null} otherwise. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public IbtsSpec getIbts() {
        return ibts;
    }

    public void setIbts(IbtsSpec ibts) {
        if (ibts == null) {
            throw new IllegalArgumentException("ibts must be a mapping");
        }
        this.ibts = ibts;
    }

    /** Karatza's closed system (seed 001), for {@code model: forkjoin}; {@code null} otherwise. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public ForkJoinSpec getForkjoin() {
        return forkjoin;
    }

    public void setForkjoin(ForkJoinSpec forkjoin) {
        if (forkjoin == null) {
            throw new IllegalArgumentException("forkjoin must be a mapping");
        }
        this.forkjoin = forkjoin;
    }

    /** Seed of every random choice in the run; the same seed gives the same results. */
    public long getSeed() {
        return seed;
    }

    public void setSeed(long seed) {
        this.seed = seed;
    }

    public WorkloadSpec getWorkload() {
        return workload;
    }

    public void setWorkload(WorkloadSpec workload) {
        this.workload = workload;
    }

    /** The machines, at least one, with distinct names. */
    public List<MachineSpec> getMachines() {
        return machines;
    }

    public void setMachines(List<MachineSpec> machines) {
        if (machines == null || machines.isEmpty()) {
            throw new IllegalArgumentException("machines must list at least one machine");
        }
        Set<String> names = new HashSet<>();
        for (MachineSpec m : machines) {
            if (m == null) {
                throw new IllegalArgumentException("machines must not contain an empty entry");
            }
            if (!names.add(m.getName())) {
                throw new IllegalArgumentException("machine name '" + m.getName() + "' is used twice");
            }
        }
        this.machines = machines;
    }

    /** The sites, each with its machines; empty when the grid is given another way. */
    public List<SiteSpec> getSites() {
        return sites;
    }

    public void setSites(List<SiteSpec> sites) {
        if (sites == null || sites.isEmpty()) {
            throw new IllegalArgumentException("sites must list at least one site");
        }
        Set<String> names = new HashSet<>();
        Set<String> machineNames = new HashSet<>();
        for (SiteSpec site : sites) {
            if (site == null || !names.add(site.getName())) {
                throw new IllegalArgumentException("site names must be given and distinct");
            }
            for (MachineSpec m : site.getMachines()) {
                if (!machineNames.add(m.getName())) {
                    throw new IllegalArgumentException("machine name '" + m.getName() + "' is used twice");
                }
            }
        }
        this.sites = sites;
    }

    /** A named configuration of Table 5.1 ({@code m64 | m64-8 | m128 | m256 | m256-5 | m384 | m512}), or null. */
    public String getConfiguration() {
        return configuration;
    }

    public void setConfiguration(String configuration) {
        if (!Configurations.exists(configuration)) {
            throw new IllegalArgumentException("unknown configuration '" + configuration + "' (expected "
                    + Configurations.names() + ")");
        }
        this.configuration = configuration;
    }

    /** Parameters of the policy (SMART and PSRS: weighted, gamma, recompute; PFCFS: x, n, delay, delta, penalty). */
    public PolicyParametersSpec getPolicyParameters() {
        return policyParameters;
    }

    public void setPolicyParameters(PolicyParametersSpec policyParameters) {
        if (policyParameters == null) {
            throw new IllegalArgumentException("policyParameters must be a mapping");
        }
        this.policyParameters = policyParameters;
    }

    /** Node failures (docs/FAILURES.md), or {@code null} for machines that never fail. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public FailuresSpec getFailures() {
        return failures;
    }

    public void setFailures(FailuresSpec failures) {
        if (failures == null) {
            throw new IllegalArgumentException("failures must be a mapping");
        }
        this.failures = failures;
    }

    /** Local load beside the grid (docs/EXPERIMENTS.md, "Local load"), or {@code null} for a grid of its own. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public LocalLoadSpec getLocalLoad() {
        return localLoad;
    }

    public void setLocalLoad(LocalLoadSpec localLoad) {
        if (localLoad == null) {
            throw new IllegalArgumentException("localLoad must be a mapping");
        }
        this.localLoad = localLoad;
    }

    /** Multi-site settings (overhead p, part bounds), used by strategy {@code multisite}. */
    public MultiSiteSpec getMultisite() {
        return multisite;
    }

    public void setMultisite(MultiSiteSpec multisite) {
        if (multisite == null) {
            throw new IllegalArgumentException("multisite must be a mapping");
        }
        this.multisite = multisite;
    }

    /** Market settings (MF, UF, offer search, topology, budgets), used by strategy {@code market}. */
    public MarketSpec getMarket() {
        return market;
    }

    public void setMarket(MarketSpec market) {
        if (market == null) {
            throw new IllegalArgumentException("market must be a mapping");
        }
        this.market = market;
    }

    /**
     * The grid as sites, however it was given: a named configuration, the sites, or one site per machine (named
     * {@code s1..sN}).
     */
    public List<SiteSpec> resolvedSites() {
        if (configuration != null) {
            return Configurations.sites(configuration);
        }
        if (!sites.isEmpty()) {
            return sites;
        }
        List<SiteSpec> out = new ArrayList<>();
        for (MachineSpec m : machines) {
            out.add(new SiteSpec("s" + (out.size() + 1), List.of(m)));
        }
        return out;
    }

    /**
     * The grid strategy, by the name it is registered under: gridmarket's own ({@code local | jobsharing |
     * multisite | market}) or a plug-in's.
     */
    public String getStrategy() {
        return strategy;
    }

    public void setStrategy(String strategy) {
        var known = Registry.current().all(GridStrategyFactory.class).keySet();
        if (!known.contains(strategy)) {
            throw new IllegalArgumentException("unknown strategy '" + strategy + "' (expected "
                    + String.join(" | ", known) + "; plug-ins come from " + Registry.PLUGINS + ")");
        }
        this.strategy = strategy;
    }

    /** A plug-in strategy's own settings, checked by the strategy ({@link GridStrategyFactory#check}). */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public Map<String, Object> getStrategyParameters() {
        return strategyParameters;
    }

    public void setStrategyParameters(Map<String, Object> strategyParameters) {
        if (strategyParameters == null) {
            throw new IllegalArgumentException("strategyParameters must be a mapping");
        }
        this.strategyParameters = new LinkedHashMap<>(strategyParameters);
    }

    /** What makes the strategy's agents, found by its name. */
    public GridStrategyFactory strategyFactory() {
        return Registry.current().find(GridStrategyFactory.class, strategy);
    }

    /**
     * The strategy's own settings: the block {@code multisite} for a strategy that reads it (gridmarket's
     * {@code multisite}), else {@code strategyParameters}.
     */
    public Settings strategySettings() {
        if (strategyFactory().blocks().contains("multisite")) {
            return new Settings(Map.of("overhead", multisite.getOverhead(), "minPartSize", multisite.getMinPartSize(),
                    "maxParts", multisite.getMaxParts()));
        }
        return new Settings(strategyParameters);
    }

    /**
     * The local scheduling policy, by the name it is registered under: gridmarket's own ({@code fcfs | easy |
     * conservative | ...}, SMART, PSRS and PFCFS) or a plug-in's ({@code gridmarket extensions} lists them).
     */
    public String getPolicy() {
        return policy;
    }

    public void setPolicy(String policy) {
        var known = Registry.current().all(LocalPolicyFactory.class).keySet();
        if (!known.contains(policy)) {
            throw new IllegalArgumentException("unknown policy '" + policy + "' (expected " + String.join(" | ", known)
                    + "; plug-ins come from " + Registry.PLUGINS + ")");
        }
        this.policy = policy;
    }

    /**
     * Seed 004's WaitLimit in seconds, the same for every job, or {@code null} for none. Only the policies that can
     * starve jobs take one ({@link LocalPolicyFactory#takesWaitLimit()}); the loader refuses it for the others.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public Long getWaitLimit() {
        return waitLimit;
    }

    public void setWaitLimit(Long waitLimit) {
        if (waitLimit != null && !SettingsSchema.WAIT_LIMIT.allows(waitLimit)) {
            throw new IllegalArgumentException("waitLimit must be >= 0 and at most " + MarketSpec.MAX_SECONDS
                    + " seconds, got " + waitLimit);
        }
        this.waitLimit = waitLimit;
    }

    /** The WaitLimit as a value; {@link WaitLimit#NONE} when none is given. */
    public WaitLimit waitLimitValue() {
        return waitLimit == null ? WaitLimit.NONE : new WaitLimit(waitLimit);
    }

    /** What makes the policy's schedulers, found by its name. */
    public LocalPolicyFactory policyFactory() {
        return Registry.current().find(LocalPolicyFactory.class, policy);
    }

    /** What the policy's schedulers are made with: {@code policyParameters} and {@code waitLimit}. */
    public PolicySetup policySetup() {
        return policyParameters.toPolicySetup(waitLimitValue());
    }


    /**
     * User populations with their request templates (issue 14; docs/LANGUAGE.md); empty for the homogeneous
     * population that {@code market.uf} describes.
     */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public List<PopulationSpec> getPopulations() {
        return populations;
    }

    public void setPopulations(List<PopulationSpec> populations) {
        if (populations == null || populations.isEmpty()) {
            throw new IllegalArgumentException("populations must list at least one population");
        }
        Set<String> names = new HashSet<>();
        for (PopulationSpec p : populations) {
            if (p == null || !names.add(p.getName())) {
                throw new IllegalArgumentException("population names must be given and distinct");
            }
        }
        this.populations = populations;
    }

    /** The file the experiment was read from (as the loader named it), or {@code null} if it was made in code. */
    @JsonIgnore
    public String source() {
        return source;
    }

    /** Set by the loader. */
    @JsonIgnore
    public void setSource(String source) {
        this.source = source;
    }
}
