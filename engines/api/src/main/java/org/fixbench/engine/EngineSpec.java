package org.fixbench.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/** An engine and one of its profiles, as a user names them: {@code engine} or {@code engine:profile}. */
public record EngineSpec(FixEngine engine, String profile) {

    public String label() {
        return engine.name() + ":" + profile;
    }

    public java.nio.file.Path profileFile() {
        return FixConfigs.profileFile(engine.name(), profile);
    }

    /** Every engine on the class path, by name. */
    public static Map<String, FixEngine> available() {
        Map<String, FixEngine> engines = new TreeMap<>();
        for (FixEngine engine : ServiceLoader.load(FixEngine.class)) {
            engines.put(engine.name(), engine);
        }
        return engines;
    }

    /**
     * @throws IllegalArgumentException naming what is available when the engine or profile is unknown
     */
    public static EngineSpec parse(String text) {
        String trimmed = text.trim();
        int colon = trimmed.indexOf(':');
        String name = colon < 0 ? trimmed : trimmed.substring(0, colon);
        Map<String, FixEngine> engines = available();
        FixEngine engine = engines.get(name);
        if (engine == null) {
            throw new IllegalArgumentException("unknown engine '" + name + "' (available: "
                    + String.join(", ", engines.keySet()) + ")");
        }
        String profile = colon < 0 ? engine.defaultProfile() : trimmed.substring(colon + 1);
        FixConfigs.profileFile(engine.name(), profile); // validates
        return new EngineSpec(engine, profile);
    }

    public static List<EngineSpec> parseList(String commaSeparated) {
        List<EngineSpec> specs = new ArrayList<>();
        for (String part : commaSeparated.split(",")) {
            if (!part.isBlank()) {
                specs.add(parse(part));
            }
        }
        if (specs.isEmpty()) {
            throw new IllegalArgumentException("no engine named");
        }
        return specs;
    }
}
