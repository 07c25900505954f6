package org.fixbench.cli.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The scenarios built, in the order the help lists them: each a line of {@code
 * META-INF/services/org.fixbench.cli.scenario.Scenario}, the one registry. Nothing outside a scenario's folder
 * chooses by its name: the command, {@code fixbench report} and a signal's partial report all ask here.
 */
public final class ScenarioRegistry {
    private ScenarioRegistry() {
    }

    /** A fresh instance of every scenario (each holds the options it was given). */
    public static List<Scenario> load() {
        List<Scenario> all = new ArrayList<>();
        ServiceLoader.load(Scenario.class, ScenarioRegistry.class.getClassLoader()).forEach(all::add);
        return all;
    }

    /** The scenarios' names, as "a, b, c". */
    public static String names(List<Scenario> all) {
        return String.join(", ", all.stream().map(Scenario::name).toList());
    }

    /** The scenario called {@code name}, or a one-line refusal that names those built. */
    public static Scenario named(List<Scenario> all, String name) {
        for (Scenario s : all) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown scenario '" + name + "' (built: " + names(all) + ")");
    }

    /** The scenario whose folder has this environment, or null when it is no scenario's. */
    public static Scenario ofFolder(Map<String, Object> env) {
        if (!(env.get("scenario") instanceof Map<?, ?> m)) {
            return null;
        }
        for (Scenario s : load()) {
            if (s.name().equals(m.get("name"))) {
                return s;
            }
        }
        return null;
    }
}
