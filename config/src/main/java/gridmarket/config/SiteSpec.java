package gridmarket.config;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** One site (a MetaManager domain, SPEC M2) with its machines: {@code {name: s1, machines: [{name: m1, nodes: 128}]}}. */
public final class SiteSpec {
    private String name;
    private List<MachineSpec> machines = new ArrayList<>();

    public SiteSpec() {
    }

    public SiteSpec(String name, List<MachineSpec> machines) {
        setName(name);
        setMachines(machines);
    }

    /** Unique site name. */
    public String getName() {
        return name;
    }

    public void setName(String name) {
        if (name == null || !name.matches("[A-Za-z0-9_.-]+")) {
            throw new IllegalArgumentException("site name must be letters, digits, '_', '.' or '-', got '" + name
                    + "'");
        }
        SettingsSchema.checkNameLength("site name", name);
        this.name = name;
    }

    /** The site's machines, at least one. */
    public List<MachineSpec> getMachines() {
        return machines;
    }

    public void setMachines(List<MachineSpec> machines) {
        if (machines == null || machines.isEmpty()) {
            throw new IllegalArgumentException("a site needs at least one machine");
        }
        Set<String> names = new HashSet<>();
        for (MachineSpec m : machines) {
            if (m == null || !names.add(m.getName())) {
                throw new IllegalArgumentException("machine names of a site must be given and distinct");
            }
        }
        this.machines = machines;
    }
}
