package gridmarket.config;

import gridmarket.market.language.Attributes;
import gridmarket.market.language.DescriptionObject;
import gridmarket.market.language.DescriptionParser;
import gridmarket.market.language.Document;
import gridmarket.market.language.Evaluator;
import gridmarket.market.language.Expression;
import gridmarket.market.language.Key;
import gridmarket.market.language.LanguageException;
import gridmarket.market.language.ObjectKind;
import gridmarket.market.language.Value;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A machine written as a MASCHINE object (SPEC M2, docs/EXPERIMENTS.md): {@code {name: m1, description: m1.mach}} takes
 * the machine's node count and attributes from the file. The values it reads, by VALUE name: NumberOfProcessors
 * (nodes), Memory, OperatingSystem (a text), Speed, OfferCost, ReservationCost and Objective (a text: MF1-MF6 or a
 * formula in the syntax of {@code market.mf}). Numbers may be constant expressions; any other VALUE is refused, so
 * that a misspelt attribute is not silently dropped.
 */
public final class MachineDescription {
    static final List<String> READ = List.of("NumberOfProcessors", "Memory", "OperatingSystem", "Speed",
            "OfferCost", "ReservationCost", "Objective");

    private MachineDescription() {
    }

    /**
     * Fills a machine from its description file and forgets the file, so that the run's experiment.yaml holds the
     * machine as it was read.
     *
     * @throws LanguageException        for a file that does not parse, holds other than one MASCHINE or a VALUE that
     *                                  is no number (or no text) where one is needed
     * @throws IllegalArgumentException for a value out of range, or one given both in the file and the experiment
     */
    static void apply(MachineSpec m, Path file) throws LanguageException {
        Document d = new DescriptionParser().parse(file, ObjectKind.MASCHINE);
        if (d.objects().size() != 1) {
            throw new LanguageException(file + ": holds " + d.objects().size() + " MASCHINE objects; a machine is one");
        }
        DescriptionObject o = d.objects().get(0);
        String where = file + ": MASCHINE \"" + o.id() + "\": ";
        Evaluator constants = new Evaluator(Attributes.none());
        for (Key k : o.keys()) {
            if (k.values().isEmpty()) {
                throw new LanguageException(where + "KEY \"" + k.name() + "\" holds ELEMENTs; a machine's keys hold "
                        + "VALUEs");
            }
            for (Value v : k.values()) {
                if (!READ.contains(v.name())) {
                    throw new LanguageException(where + "VALUE \"" + v.name() + "\" is no machine attribute gridmarket "
                            + "reads (" + String.join(", ", READ) + ")");
                }
                Object value = constants.value(v);
                boolean text = v.name().equals("OperatingSystem") || v.name().equals("Objective");
                if (text != value instanceof String) {
                    throw new LanguageException(where + "VALUE \"" + v.name() + "\" must be " + (text
                            ? "a text in quotes" : "a number") + ", got " + value);
                }
                set(m, v.name(), value, where);
            }
        }
        m.setDescription(null);
    }

    static void set(MachineSpec m, String name, Object value, String where) {
        Map<String, Function<MachineSpec, Object>> given = Map.of("NumberOfProcessors", s -> s.getNodes() == 0 ? null
                : s.getNodes(), "Memory", MachineSpec::getMemory, "OperatingSystem", MachineSpec::getOperatingSystem,
                "Speed", MachineSpec::getSpeed, "OfferCost", MachineSpec::getOfferCost, "ReservationCost",
                MachineSpec::getReservationCost, "Objective", MachineSpec::getObjective);
        if (given.get(name).apply(m) != null) {
            throw new IllegalArgumentException(where + name + " is given both here and in the experiment");
        }
        try {
            switch (name) {
                case "NumberOfProcessors" -> m.setNodes(whole(name, (Double) value));
                case "Memory" -> m.setMemory((long) whole(name, (Double) value));
                case "OperatingSystem" -> m.setOperatingSystem((String) value);
                case "Speed" -> m.setSpeed((Double) value);
                case "OfferCost" -> m.setOfferCost((Double) value);
                case "ReservationCost" -> m.setReservationCost((Double) value);
                default -> m.setObjective((String) value);
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + e.getMessage());
        }
    }

    private static int whole(String name, double v) {
        if (v != Math.rint(v) || Math.abs(v) > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(name + " must be a whole number, got " + v);
        }
        return (int) v;
    }

    /** The machine as a MASCHINE object (id: its name), with the values {@link #apply} reads, where given. */
    public static DescriptionObject of(MachineSpec m) {
        List<Key> keys = new ArrayList<>();
        keys.add(number("NumberOfProcessors", m.getNodes()));
        if (m.getMemory() != null) {
            keys.add(number("Memory", m.getMemory()));
        }
        if (m.getOperatingSystem() != null) {
            keys.add(text("OperatingSystem", m.getOperatingSystem()));
        }
        if (m.getSpeed() != null) {
            keys.add(number("Speed", m.getSpeed()));
        }
        if (m.getOfferCost() != null) {
            keys.add(number("OfferCost", m.getOfferCost()));
        }
        if (m.getReservationCost() != null) {
            keys.add(number("ReservationCost", m.getReservationCost()));
        }
        if (m.getObjective() != null) {
            keys.add(text("Objective", m.getObjective()));
        }
        return new DescriptionObject(ObjectKind.MASCHINE, m.getName(), keys);
    }

    private static Key number(String name, double v) {
        // attributes are never negative (MachineSpec checks), so no minus sign is needed
        return Key.ofValues(name, List.of(new Value(name, new Expression.Number(BigDecimal.valueOf(v)
                .stripTrailingZeros()))));
    }

    private static Key text(String name, String v) {
        return Key.ofValues(name, List.of(new Value(name, new Value.Text(v))));
    }
}
