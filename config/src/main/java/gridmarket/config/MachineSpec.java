package gridmarket.config;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import gridmarket.market.language.Attributes;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One machine of an experiment: {@code {name: m1, nodes: 256}}, optionally with the attributes of the thesis'
 * resource description (section 7.3.2; SPEC M2): {@code operatingSystem}, {@code memory} (kB per node),
 * {@code speed} (run-time factor), {@code offerCost}, {@code reservationCost} and the owner's {@code objective}.
 * Attributes not given are undefined (ISNDEF in a request's condition), not zero. Requests read them through
 * {@link #attributes()}; the market runs jobs at the machine's speed and prices with its objective and costs
 * (docs/EXPERIMENTS.md).
 */
public final class MachineSpec {
    /** {@link SettingsSchema#MAX_NODES}. */
    public static final int MAX_NODES = SettingsSchema.MAX_NODES;
    /** {@link SettingsSchema#MIN_SPEED} and {@link SettingsSchema#MAX_SPEED}. */
    public static final double MIN_SPEED = SettingsSchema.MIN_SPEED;
    public static final double MAX_SPEED = SettingsSchema.MAX_SPEED;

    private String name;
    private int nodes;
    private String operatingSystem;
    private Long memory;
    private Double speed;
    private Double offerCost;
    private Double reservationCost;
    private String objective;
    private String description;

    public MachineSpec() {
    }

    public MachineSpec(String name, int nodes) {
        setName(name);
        setNodes(nodes);
    }

    /** Unique machine name, used in results. */
    public String getName() {
        return name;
    }

    public void setName(String name) {
        if (name == null || name.isBlank() || !name.matches("[A-Za-z0-9_.-]+")) {
            throw new IllegalArgumentException("machine name must be letters, digits, '_', '.' or '-', got '"
                    + name + "'");
        }
        SettingsSchema.checkNameLength("machine name", name);
        this.name = name;
    }

    /** Number of nodes, at least 1. */
    public int getNodes() {
        return nodes;
    }

    public void setNodes(int nodes) {
        if (!SettingsSchema.MACHINE_NODES.allows(nodes)) {
            throw new IllegalArgumentException("nodes must be " + (nodes < 1 ? "at least 1" : "at most " + MAX_NODES)
                    + ", got " + nodes);
        }
        this.nodes = nodes;
    }

    /** The operating system, e.g. {@code Linux}; {@code null} if not given. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public String getOperatingSystem() {
        return operatingSystem;
    }

    public void setOperatingSystem(String operatingSystem) {
        if (operatingSystem == null || operatingSystem.isBlank()) {
            throw new IllegalArgumentException("operatingSystem must be a name such as Linux, got '"
                    + operatingSystem + "'");
        }
        this.operatingSystem = operatingSystem;
    }

    /** Memory per node in kB (as the thesis' Memory attribute), at least 1; {@code null} if not given. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public Long getMemory() {
        return memory;
    }

    public void setMemory(Long memory) {
        if (memory == null || memory < 1) {
            throw new IllegalArgumentException("memory (kB per node) must be at least 1, got " + memory);
        }
        this.memory = memory;
    }

    /**
     * Speed as a run-time factor: a job that runs {@code t} seconds on a machine of speed 1 runs {@code t / speed}
     * here; from {@value #MIN_SPEED} to {@value #MAX_SPEED}; {@code null} if not given (speed 1).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public Double getSpeed() {
        return speed;
    }

    public void setSpeed(Double speed) {
        positive("speed", speed, false);
        if (!SettingsSchema.MACHINE_SPEED.allows(speed)) {
            throw new IllegalArgumentException("speed must be between " + MIN_SPEED + " and " + MAX_SPEED
                    + " (a run-time factor; beyond it run times leave the simulated clock), got " + speed);
        }
        this.speed = speed;
    }

    /** The cost of making an offer, charged against the request's OfferBudget; {@code null} if not given. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public Double getOfferCost() {
        return offerCost;
    }

    public void setOfferCost(Double offerCost) {
        this.offerCost = positive("offerCost", offerCost, true);
    }

    /** The cost of reserving an offer, charged against the ReservationBudget; {@code null} if not given. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public Double getReservationCost() {
        return reservationCost;
    }

    public void setReservationCost(Double reservationCost) {
        this.reservationCost = positive("reservationCost", reservationCost, true);
    }

    /**
     * The owner's objective function: a machine function MF1-MF6 or a formula over the machine function's variables
     * (docs/MARKET.md), probed like {@code market.mf}; {@code null} if not given (the market's {@code mf} applies).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public String getObjective() {
        return objective;
    }

    public void setObjective(String objective) {
        if (objective == null || objective.isBlank()) {
            throw new IllegalArgumentException("objective must be MF1-MF6 or a formula, got '" + objective + "'");
        }
        this.objective = objective;
    }

    /**
     * A MASCHINE file with the machine's nodes and attributes ({@link MachineDescription}), relative to the
     * experiment; read and then forgotten by the loader, so a loaded spec has it {@code null}.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public String getDescription() {
        return description;
    }

    public void setDescription(String description) {
        if (description != null && description.isBlank()) {
            throw new IllegalArgumentException("description must name a .mach file");
        }
        this.description = description;
    }

    /**
     * The machine as a request's conditions see it: {@code MachineName} and {@code Nodes} always, and
     * {@code OperatingSystem}, {@code Memory}, {@code Speed}, {@code OfferCost}, {@code ReservationCost} where given.
     */
    @JsonIgnore
    public Attributes attributes() {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("MachineName", name);
        a.put("Nodes", nodes);
        putIfGiven(a, "OperatingSystem", operatingSystem);
        putIfGiven(a, "Memory", memory);
        putIfGiven(a, "Speed", speed);
        putIfGiven(a, "OfferCost", offerCost);
        putIfGiven(a, "ReservationCost", reservationCost);
        return Attributes.of(a);
    }

    private static void putIfGiven(Map<String, Object> a, String key, Object value) {
        if (value != null) {
            a.put(key, value);
        }
    }

    private static Double positive(String key, Double v, boolean zeroAllowed) {
        if (v == null || !Double.isFinite(v) || v < 0 || (!zeroAllowed && v == 0)) {
            throw new IllegalArgumentException(key + " must be a number " + (zeroAllowed ? "of at least 0" : "above 0")
                    + ", got " + v);
        }
        return v;
    }
}
