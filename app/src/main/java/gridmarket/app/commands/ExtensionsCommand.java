package gridmarket.app.commands;

import gridmarket.api.ClearingRuleFactory;
import gridmarket.api.Extension;
import gridmarket.api.GridStrategyFactory;
import gridmarket.api.LocalPolicyFactory;
import gridmarket.api.OwnerStrategyFactory;
import gridmarket.api.Registry;
import gridmarket.api.UserStrategyFactory;
import picocli.CommandLine.Command;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code gridmarket extensions}: every name an experiment can give for a plug-in's kind of role, gridmarket's own and
 * those of the jars {@value Registry#PLUGINS} names, with what each does and where it comes from (docs/EXTENDING.md).
 */
@Command(name = "extensions", mixinStandardHelpOptions = true,
        description = "Lists the grid strategies, local policies, owner strategies, clearing rules and user "
                + "strategies an experiment can name: gridmarket's own and those of the jars GRIDMARKET_PLUGINS "
                + "names.")
public final class ExtensionsCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        Map<String, Class<? extends Extension>> kinds = new LinkedHashMap<>();
        kinds.put("grid strategies (strategy: NAME)", GridStrategyFactory.class);
        kinds.put("local policies (policy: NAME)", LocalPolicyFactory.class);
        kinds.put("owner strategies (market.owner: {strategy: NAME, ...})", OwnerStrategyFactory.class);
        kinds.put("clearing rules (market.clearing: NAME)", ClearingRuleFactory.class);
        kinds.put("user strategies (market.user: {strategy: NAME, ...})", UserStrategyFactory.class);
        for (var kind : kinds.entrySet()) {
            System.out.println(kind.getKey() + ":");
            Map<String, ? extends Extension> found = Registry.current().all(kind.getValue());
            if (found.isEmpty()) {
                System.out.println("  (none)");
            }
            int width = found.keySet().stream().mapToInt(String::length).max().orElse(0);
            for (Extension e : found.values()) {
                System.out.printf("  %-" + width + "s  %s (%s)%n", e.name(), e.description(), origin(e));
            }
        }
        return 0;
    }

    /** Where an extension comes from: gridmarket itself (the code source of the registry), or the jar that holds it. */
    private static String origin(Extension e) {
        var source = e.getClass().getProtectionDomain().getCodeSource();
        var ours = Registry.class.getProtectionDomain().getCodeSource();
        if (source == null || ours != null && source.getLocation().equals(ours.getLocation())) {
            return source == null ? "a plug-in" : "gridmarket";
        }
        return java.nio.file.Path.of(source.getLocation().getPath()).getFileName().toString();
    }
}
