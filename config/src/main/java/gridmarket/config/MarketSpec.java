package gridmarket.config;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import gridmarket.api.ClearingRuleFactory;
import gridmarket.api.Extension;
import gridmarket.api.OwnerStrategyFactory;
import gridmarket.api.UserStrategyFactory;
import gridmarket.api.Registry;
import gridmarket.api.Settings;
import gridmarket.api.SettingsException;
import gridmarket.market.CoAllocationMode;
import gridmarket.market.RoutingMode;
import gridmarket.market.FormulaException;
import gridmarket.market.Rescheduling;
import gridmarket.market.MachineFunction;
import gridmarket.market.UtilityFunction;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Settings of strategy {@code market} (SPEC E1-E8): the machine and utility functions, the offer search (C, Z), the
 * topology and the users' budgets. Formulas are checked when the experiment is read.
 *
 * <pre>
 * market: {mf: MF1, uf: UF1, nodeSets: 4, startTimes: 3, hops: 1}
 * </pre>
 */
public final class MarketSpec {
    /** {@link SettingsSchema#MAX_SECONDS}. */
    public static final long MAX_SECONDS = SettingsSchema.MAX_SECONDS;
    /** {@link SettingsSchema#MAX_COUNT}. */
    public static final int MAX_COUNT = SettingsSchema.MAX_COUNT;
    private String mf = "MF1";
    private String uf = "UF1";
    private int nodeSets = 4;
    private int startTimes = 3;
    private int windows = 8;
    private int offersPerMachine = 1;
    private int hops = 1;
    private long latency;
    private boolean directory;
    private Map<String, List<String>> peers = new LinkedHashMap<>();
    private Long searchTime;
    private Double jobBudget;
    private Double offerBudget;
    private Double reservationBudget;
    private double offerCost;
    private double reservationCost;
    private String users = "user";
    private String coAllocation = CoAllocationMode.NEEDED.key();
    /** {@code null}: all (left out of the recorded experiment, so runs from before it keep their hash). */
    private String routing;
    private double overhead;
    private int minMultiSite = 1;
    private int maxMultiSite;
    private String rescheduling = Rescheduling.COMPRESS.key();
    private Map<String, Object> owner;
    private Map<String, Object> user;
    private Object clearing;
    private ValueSpec value;

    /** Every machine owner's objective function: MF1..MF6 or a formula. */
    public String getMf() {
        return mf;
    }

    public void setMf(String mf) {
        try {
            new MachineFunction(mf);
        } catch (FormulaException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
        this.mf = mf;
    }

    /** Every user's utility function: UF1..UF5 or a formula. */
    public String getUf() {
        return uf;
    }

    public void setUf(String uf) {
        try {
            new UtilityFunction(uf);
        } catch (FormulaException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
        this.uf = uf;
    }

    /** C: node sets tried per feasible start window (default 4). */
    public int getNodeSets() {
        return nodeSets;
    }

    public void setNodeSets(int nodeSets) {
        this.nodeSets = count(SettingsSchema.MARKET_NODE_SETS, "nodeSets", nodeSets);
    }

    /** Z: start times tried per node set (default 3). */
    public int getStartTimes() {
        return startTimes;
    }

    public void setStartTimes(int startTimes) {
        this.startTimes = count(SettingsSchema.MARKET_START_TIMES, "startTimes", startTimes);
    }

    /** Feasible start windows examined per machine, earliest first (default 8). */
    public int getWindows() {
        return windows;
    }

    public void setWindows(int windows) {
        this.windows = count(SettingsSchema.MARKET_WINDOWS, "windows", windows);
    }

    /** Best offers each machine returns (default 1). */
    public int getOffersPerMachine() {
        return offersPerMachine;
    }

    public void setOffersPerMachine(int offersPerMachine) {
        this.offersPerMachine = count(SettingsSchema.MARKET_OFFERS_PER_MACHINE, "offersPerMachine",
                offersPerMachine);
    }

    /** How far a request is forwarded: 0 = own domain only, 1 = the origin's peers, 2 = their peers, ... */
    public int getHops() {
        return hops;
    }

    public void setHops(int hops) {
        if (!SettingsSchema.MARKET_HOPS.allows(hops)) {
            throw new IllegalArgumentException("hops must be from 0 to " + MAX_COUNT + ", got " + hops);
        }
        this.hops = hops;
    }

    /**
     * Seconds a message takes from one domain to the next (default 0). With latency L and h hops used, the origin
     * decides 2 h L seconds after the request arrived, and no offer starts before that.
     */
    public long getLatency() {
        return latency;
    }

    public void setLatency(long latency) {
        if (!SettingsSchema.MARKET_LATENCY.allows(latency)) {
            throw new IllegalArgumentException("latency must be from 0 to " + MAX_SECONDS + " seconds, got "
                    + latency);
        }
        this.latency = latency;
    }

    /** If true, MetaManagers forward only to domains the directory lists as having a machine wide enough. */
    public boolean isDirectory() {
        return directory;
    }

    public void setDirectory(boolean directory) {
        this.directory = directory;
    }

    /** Peer lists per site name; a site not listed knows every other site (the default). */
    public Map<String, List<String>> getPeers() {
        return peers;
    }

    public void setPeers(Map<String, List<String>> peers) {
        this.peers = peers == null ? new LinkedHashMap<>() : peers;
    }

    /** Seconds after submission a request may search for an acceptable offer; null = until the run ends. */
    public Long getSearchTime() {
        return searchTime;
    }

    public void setSearchTime(Long searchTime) {
        if (searchTime != null && !SettingsSchema.MARKET_SEARCH_TIME.allows(searchTime)) {
            throw new IllegalArgumentException("searchTime must be from 0 to " + MAX_SECONDS + " seconds, got "
                    + searchTime);
        }
        this.searchTime = searchTime;
    }

    /** Most a user pays for a job (JobCost); null = no limit. */
    public Double getJobBudget() {
        return jobBudget;
    }

    public void setJobBudget(Double jobBudget) {
        this.jobBudget = nonNegative("jobBudget", jobBudget);
    }

    /** Most a user pays for the offers of one request; null = no limit. */
    public Double getOfferBudget() {
        return offerBudget;
    }

    public void setOfferBudget(Double offerBudget) {
        this.offerBudget = nonNegative("offerBudget", offerBudget);
    }

    /** Most a user pays for a reservation; null = no limit. */
    public Double getReservationBudget() {
        return reservationBudget;
    }

    public void setReservationBudget(Double reservationBudget) {
        this.reservationBudget = nonNegative("reservationBudget", reservationBudget);
    }

    /** What each offer costs the requesting user (every machine; default 0). */
    public double getOfferCost() {
        return offerCost;
    }

    public void setOfferCost(double offerCost) {
        this.offerCost = nonNegative("offerCost", offerCost);
    }

    /** What a reservation costs the user (every machine; default 0). */
    public double getReservationCost() {
        return reservationCost;
    }

    public void setReservationCost(double reservationCost) {
        this.reservationCost = nonNegative("reservationCost", reservationCost);
    }

    /**
     * The owners' strategy and its settings ({@code {strategy: NAME, ...}}); {@code null}: {@code formula}, the
     * thesis' owner, which prices with the machine's objective, else {@link #getMf()}.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public Map<String, Object> getOwner() {
        return owner;
    }

    public void setOwner(Map<String, Object> block) {
        checked(OwnerStrategyFactory.class, block, "strategy", "{strategy: NAME, ...its settings}");
        this.owner = new LinkedHashMap<>(block);
    }

    /** The owners' strategy's name. */
    @JsonIgnore
    public String ownerStrategy() {
        return owner == null ? "formula" : (String) owner.get("strategy");
    }

    /** The owners' strategy's own settings (the block without {@code strategy}). */
    @JsonIgnore
    public Settings ownerSettings() {
        return owner == null ? Settings.NONE : settings(owner, "strategy");
    }

    /**
     * The users' strategy and its settings ({@code {strategy: NAME, ...}}); {@code null}: {@code thesis}, the
     * thesis' user, which writes its requests from its population's template or the market's settings.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public Map<String, Object> getUser() {
        return user;
    }

    public void setUser(Map<String, Object> block) {
        checked(UserStrategyFactory.class, block, "strategy", "{strategy: NAME, ...its settings}");
        this.user = new LinkedHashMap<>(block);
    }

    /** The users' strategy's name. */
    @JsonIgnore
    public String userStrategy() {
        return user == null ? "thesis" : (String) user.get("strategy");
    }

    /** The users' strategy's own settings (the block without {@code strategy}). */
    @JsonIgnore
    public Settings userSettings() {
        return user == null ? Settings.NONE : settings(user, "strategy");
    }

    /**
     * The clearing rule every MetaManager applies: a name, or {@code {rule: NAME, ...its settings}}; {@code null}:
     * {@code users-choice}, the thesis' (the user's OfferChoice among the k best, else the highest utility value).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public Object getClearing() {
        return clearing;
    }

    @SuppressWarnings("unchecked")
    public void setClearing(Object value) {
        checked(ClearingRuleFactory.class, value instanceof String name ? Map.of("rule", name)
                : value instanceof Map<?, ?> m ? (Map<String, Object>) m : null, "rule",
                "NAME or {rule: NAME, ...its settings}");
        this.clearing = value;
    }

    /** The clearing rule's name. */
    @JsonIgnore
    public String clearingRule() {
        return clearing == null ? "users-choice" : clearing instanceof String s ? s
                : (String) ((Map<?, ?>) clearing).get("rule");
    }

    /** The clearing rule's own settings. */
    @JsonIgnore
    @SuppressWarnings("unchecked")
    public Settings clearingSettings() {
        return clearing instanceof Map<?, ?> m ? settings((Map<String, Object>) m, "rule") : Settings.NONE;
    }

    /**
     * The jobs' values, budgets and deadlines and the owners' cost ({@code market.value}); {@code null}: not given,
     * and then no economic measures are reported unless a mechanism that needs them is named.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public ValueSpec getValue() {
        return value;
    }

    public void setValue(ValueSpec value) {
        this.value = value;
    }

    /**
     * The run's value model: {@code market.value}, else its defaults (a broker that needs budgets and deadlines draws
     * them so), with the experiment's seed.
     */
    public gridmarket.market.ValueModel valueModel(long seed) {
        return (value == null ? new ValueSpec() : value).model(seed);
    }

    /**
     * Whether the run reports the market's economic measures (summary.json's {@code market.economy}): it gives
     * {@code market.value} or names a mechanism of money, the {@code second-price}, {@code double-auction},
     * {@code english} or {@code dutch} clearing rule, the {@code dbc} user strategy, the {@code posted} or the
     * {@code sealed-bid} owners.
     */
    @JsonIgnore
    public boolean reportsEconomy() {
        return value != null || clearingRule().equals("second-price") || clearingRule().equals("double-auction")
                || clearingRule().equals("english") || clearingRule().equals("dutch")
                || userStrategy().equals("dbc") || postsPrices() || ownerStrategy().equals("sealed-bid");
    }

    /** Whether the owners post prices per node-second ({@code owner: {strategy: posted}}): the run writes prices.csv. */
    @JsonIgnore
    public boolean postsPrices() {
        return ownerStrategy().equals("posted");
    }

    /**
     * Checks an extension's block: its name under {@code nameKey} is one the registry knows, and the extension takes
     * the rest of the block as its settings.
     *
     * @param form how the block is written, for the message when it is not
     */
    private static void checked(Class<? extends Extension> kind, Map<String, Object> block, String nameKey,
                                String form) {
        Object name = block == null ? null : block.get(nameKey);
        if (!(name instanceof String)) {
            throw new IllegalArgumentException("give " + form + " (known: "
                    + String.join(", ", Registry.current().all(kind).keySet()) + ")");
        }
        try {
            Registry.current().find(kind, (String) name).check(settings(block, nameKey));
        } catch (SettingsException e) {
            throw new IllegalArgumentException(nameKey + " " + name + ": " + e.getMessage());
        }
    }

    private static Settings settings(Map<String, Object> block, String nameKey) {
        Map<String, Object> rest = new LinkedHashMap<>(block);
        rest.remove(nameKey);
        return new Settings(rest);
    }

    /** One user agent per trace {@code user} (default) or per {@code site} community. */
    public String getUsers() {
        return users;
    }

    public void setUsers(String users) {
        String v = users == null ? "" : users.toLowerCase(Locale.ROOT);
        if (!v.equals("user") && !v.equals("site")) {
            throw new IllegalArgumentException("users must be user or site, got '" + users + "'");
        }
        this.users = v;
    }

    /**
     * When a MetaManager co-allocates a job over several machines (SPEC E6): {@code off}, {@code needed} (default:
     * only a job wider than every reachable machine, as in the thesis) or {@code always} (a co-allocated offer
     * competes with the single-machine offers in every round).
     */
    public String getCoAllocation() {
        return coAllocation;
    }

    public void setCoAllocation(String coAllocation) {
        String v = coAllocation == null ? "" : coAllocation.toLowerCase(Locale.ROOT);
        if (CoAllocationMode.of(v) == null) {
            throw new IllegalArgumentException("coAllocation must be off, needed or always, got '" + coAllocation
                    + "'");
        }
        this.coAllocation = v;
    }

    public CoAllocationMode coAllocationValue() {
        return CoAllocationMode.of(coAllocation);
    }

    /**
     * Which domains within reach a request asks: {@code all} (default, the thesis' market) or {@code capacity}
     * (in the order of their announced free capacity, until none left could start the job earlier; docs/MARKET.md).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public String getRouting() {
        return routing;
    }

    public void setRouting(String routing) {
        String v = routing == null ? "" : routing.toLowerCase(Locale.ROOT);
        if (RoutingMode.of(v) == null) {
            throw new IllegalArgumentException("routing must be all or capacity, got '" + routing + "'");
        }
        this.routing = v;
    }

    public RoutingMode routingValue() {
        return routing == null ? RoutingMode.ALL : RoutingMode.of(routing);
    }

    /** p: a co-allocated job runs (1 + p) times its run time (default 0, as in the thesis' market). */
    public double getOverhead() {
        return overhead;
    }

    public void setOverhead(double overhead) {
        if (!SettingsSchema.MARKET_OVERHEAD.allows(overhead)) {
            throw new IllegalArgumentException("overhead must be in " + SettingsSchema.MARKET_OVERHEAD.range()
                    + ", got " + overhead);
        }
        this.overhead = overhead;
    }

    /** MinMulti-Site: fewest nodes a part of a co-allocated job may have (default 1). */
    public int getMinMultiSite() {
        return minMultiSite;
    }

    public void setMinMultiSite(int minMultiSite) {
        if (!SettingsSchema.MARKET_MIN_MULTI_SITE.allows(minMultiSite)) {
            throw new IllegalArgumentException("minMultiSite must be at least 1 and at most " + MachineSpec.MAX_NODES
                    + ", got " + minMultiSite);
        }
        this.minMultiSite = minMultiSite;
    }

    /** MaxMulti-Site: most machines a co-allocated job may span; 0 (default) = any, 1 = never split. */
    public int getMaxMultiSite() {
        return maxMultiSite;
    }

    public void setMaxMultiSite(int maxMultiSite) {
        if (!SettingsSchema.MARKET_MAX_MULTI_SITE.allows(maxMultiSite)) {
            throw new IllegalArgumentException("maxMultiSite must be >= 0 (0 = any) and at most "
                    + SettingsSchema.MAX_NODES + ", got " + maxMultiSite);
        }
        this.maxMultiSite = maxMultiSite;
    }

    /**
     * What may happen to an accepted offer before its job starts (SPEC E10): {@code none} (fixed reservations, as in
     * the thesis), {@code compress} (default: owners move reservations earlier when jobs end early) or
     * {@code rebid} (compression, and waiting users swap to strictly better offers).
     */
    public String getRescheduling() {
        return rescheduling;
    }

    public void setRescheduling(String rescheduling) {
        String v = rescheduling == null ? "" : rescheduling.toLowerCase(Locale.ROOT);
        if (Rescheduling.of(v) == null) {
            throw new IllegalArgumentException("rescheduling must be none, compress or rebid, got '" + rescheduling
                    + "'");
        }
        this.rescheduling = v;
    }

    public Rescheduling reschedulingValue() {
        return Rescheduling.of(rescheduling);
    }

    /** A count of the offer search (node sets, start times, windows, offers, hops): a checked limit, not memory. */
    private static int count(Setting setting, String name, int v) {
        if (!setting.allows(v)) {
            throw new IllegalArgumentException(name + " must be at least 1 and at most " + MAX_COUNT + ", got " + v);
        }
        return v;
    }

    private static Double nonNegative(String name, Double v) {
        if (v != null && !(v >= 0)) {
            throw new IllegalArgumentException(name + " must be >= 0, got " + v);
        }
        return v;
    }
}
