package gridmarket.api;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Stream;

/**
 * Every extension an experiment can name, found with {@link ServiceLoader} (one by one, or in an {@link ExtensionSet}):
 * gridmarket's own, and those of the jars named by the environment variable {@value #PLUGINS} (jars, or folders whose
 * jars are all taken, separated by the platform's path separator). One variable serves every command ({@code run}, {@code validate}, {@code sweep} locally
 * and on Slurm, whose jobs inherit the environment, and {@code gui}).
 */
public final class Registry {
    /** The environment variable that names the plug-in jars. */
    public static final String PLUGINS = "GRIDMARKET_PLUGINS";

    private static Registry current;

    private final ClassLoader loader;
    private final Map<Class<?>, Map<String, Extension>> found = new LinkedHashMap<>();

    private Registry(ClassLoader loader) {
        this.loader = loader;
    }

    /**
     * The registry of this process: gridmarket's extensions and the plug-ins of {@value #PLUGINS}, read once.
     *
     * @throws ExtensionException if a plug-in named there cannot be read
     */
    public static synchronized Registry current() {
        if (current == null) {
            current = of(System.getenv(PLUGINS));
        }
        return current;
    }

    /**
     * A registry over the plug-ins named by {@code plugins} (the form of {@value #PLUGINS}; {@code null} or empty for
     * none).
     *
     * @throws ExtensionException if a path named there is not a jar or a folder
     */
    public static Registry of(String plugins) {
        List<URL> jars = new ArrayList<>();
        if (plugins != null) {
            for (String part : plugins.split(java.io.File.pathSeparator)) {
                if (!part.isBlank()) {
                    jars.addAll(jars(Path.of(part.trim())));
                }
            }
        }
        ClassLoader parent = Registry.class.getClassLoader();
        return new Registry(jars.isEmpty() ? parent : new URLClassLoader(jars.toArray(URL[]::new), parent));
    }

    private static List<URL> jars(Path path) {
        try {
            if (Files.isDirectory(path)) {
                List<URL> out = new ArrayList<>();
                try (Stream<Path> files = Files.list(path)) {
                    for (Path f : files.filter(f -> f.toString().endsWith(".jar")).sorted().toList()) {
                        out.addAll(jars(f));
                    }
                }
                return out;
            }
            if (Files.isRegularFile(path) && path.toString().endsWith(".jar")) {
                try (java.util.zip.ZipFile jar = new java.util.zip.ZipFile(path.toFile())) {
                    return List.of(path.toUri().toURL()); // opened: a jar the class loader can read
                } catch (java.util.zip.ZipException e) {
                    throw new ExtensionException(PLUGINS + ": '" + path + "' is not a jar (" + e.getMessage() + ")");
                }
            }
        } catch (IOException e) {
            throw new ExtensionException(PLUGINS + ": cannot read " + path + ": " + e.getMessage());
        }
        throw new ExtensionException(PLUGINS + ": '" + path + "' is neither a jar nor a folder");
    }

    /** Every extension of a kind, by name, gridmarket's first. */
    public synchronized <T extends Extension> Map<String, T> all(Class<T> kind) {
        @SuppressWarnings("unchecked")
        Map<String, T> byName = (Map<String, T>) found.computeIfAbsent(kind, k -> load(kind));
        return byName;
    }

    private <T extends Extension> Map<String, Extension> load(Class<T> kind) {
        Map<String, Extension> byName = new LinkedHashMap<>();
        try {
            for (ExtensionSet set : ServiceLoader.load(ExtensionSet.class, loader)) {
                for (Extension e : set.extensions()) {
                    if (kind.isInstance(e)) {
                        add(byName, kind, e);
                    }
                }
            }
            for (T e : ServiceLoader.load(kind, loader)) {
                add(byName, kind, e);
            }
        } catch (java.util.ServiceConfigurationError e) {
            throw new ExtensionException("a plug-in cannot be loaded: " + e.getMessage());
        }
        return byName;
    }

    private static void add(Map<String, Extension> byName, Class<?> kind, Extension e) {
        Extension twin = byName.putIfAbsent(e.name(), e);
        if (twin != null) {
            throw new ExtensionException("two extensions of the kind " + kindName(kind) + " are named '"
                    + e.name() + "': " + twin.getClass().getName() + " and " + e.getClass().getName());
        }
    }

    /**
     * The extension of a kind with that name.
     *
     * @throws ExtensionException naming the names known, if there is none
     */
    public <T extends Extension> T find(Class<T> kind, String name) {
        T e = all(kind).get(name);
        if (e == null) {
            throw new ExtensionException("unknown " + kindName(kind) + " '" + name + "' (known: "
                    + String.join(", ", all(kind).keySet()) + "; plug-ins come from " + PLUGINS + ")");
        }
        return e;
    }

    /** How the kind is called in messages: "owner strategy" for {@code OwnerStrategyFactory}. */
    static String kindName(Class<?> kind) {
        String n = kind.getSimpleName().replace("Factory", "");
        return n.replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(java.util.Locale.ROOT);
    }
}
