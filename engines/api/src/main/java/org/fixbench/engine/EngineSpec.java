package org.fixbench.engine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * An engine and one of its profiles, as a user names them: {@code engine}, {@code engine:profile}, or with settings
 * of the profile overridden, {@code engine:profile+key=value+key=value} (each key one the engine publishes in
 * {@link FixEngine#settings()}, each value one it allows, none equal to what the profile file already says).
 *
 * @param overrides the settings given on the command line, in the order given (empty: the profile as it is)
 */
public record EngineSpec(FixEngine engine, String profile, Map<String, String> overrides) {

    public EngineSpec {
        overrides = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(overrides));
    }

    public EngineSpec(FixEngine engine, String profile) {
        this(engine, profile, Map.of());
    }

    /** {@code engine:profile}, then {@code +key=value} for each override: what the user typed, and re-parses. */
    public String label() {
        return engine.name() + ":" + profileLabel();
    }

    /** The profile and its overrides: {@code tuned+idle=yield}. */
    public String profileLabel() {
        StringBuilder sb = new StringBuilder(profile);
        overrides.forEach((k, v) -> sb.append('+').append(k).append('=').append(v));
        return sb.toString();
    }

    /** The profile's own file in {@code fix-configs/}. */
    public Path baseProfileFile() {
        return FixConfigs.profileFile(engine.name(), profile);
    }

    /**
     * The file the engine reads: the profile's own, or with overrides a copy of it with the overrides appended
     * (later keys win), written once into a work folder of this process that goes when it ends.
     */
    public Path profileFile() {
        return overrides.isEmpty() ? baseProfileFile() : Effective.file(this);
    }

    /** The settings the engine reads, as text: the profile file's, then the overrides. */
    public String effectiveProfile() {
        try {
            String base = Files.readString(baseProfileFile(), StandardCharsets.UTF_8);
            if (overrides.isEmpty()) {
                return base;
            }
            StringBuilder sb = new StringBuilder(base);
            if (!base.endsWith("\n")) {
                sb.append('\n');
            }
            sb.append("# set on the command line (").append(label()).append("):\n");
            overrides.forEach((k, v) -> sb.append(k).append('=').append(v).append('\n'));
            return sb.toString();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read profile " + baseProfileFile() + ": " + e.getMessage());
        }
    }

    /** Every engine on the class path, by name. */
    public static Map<String, FixEngine> available() {
        Map<String, FixEngine> engines = new TreeMap<>();
        for (FixEngine engine : ServiceLoader.load(FixEngine.class)) {
            engines.put(engine.name(), TlsTerminated.around(engine));
        }
        return engines;
    }

    /** An engine by name. @throws IllegalArgumentException naming what is available */
    public static FixEngine engine(String name) {
        Map<String, FixEngine> engines = available();
        FixEngine engine = engines.get(name);
        if (engine == null) {
            throw new IllegalArgumentException("unknown engine '" + name + "' (available: "
                    + String.join(", ", engines.keySet()) + ")");
        }
        return engine;
    }

    /**
     * The settings a user may give an engine: those it publishes, {@link Setting#JVM_FLAGS}, and for an engine whose
     * sessions may run through a terminator {@link Tls#SETTING} and {@link Tls#PROTOCOL}.
     */
    public static List<Setting> settingsOf(FixEngine engine) {
        List<Setting> all = new ArrayList<>(engine.settings());
        List<Setting> common = new ArrayList<>(List.of(Setting.JVM_FLAGS));
        if (engine.tlsThroughTerminator()) {
            common.addAll(List.of(Tls.SETTING, Tls.PROTOCOL));
        }
        for (Setting setting : common) {
            if (all.stream().noneMatch(s -> s.key().equals(setting.key()))) {
                all.add(setting);
            }
        }
        return all;
    }

    /**
     * @throws IllegalArgumentException with one line naming what is wrong: an unknown engine or profile (and what is
     *                                  available), a setting the engine does not have, a value it does not allow, a
     *                                  setting given twice or one equal to the profile file's
     */
    public static EngineSpec parse(String text) {
        String trimmed = text.trim();
        String[] parts = trimmed.split("\\+", -1);
        String base = parts[0];
        int colon = base.indexOf(':');
        FixEngine engine = engine(colon < 0 ? base : base.substring(0, colon));
        String given = colon < 0 ? engine.defaultProfile() : base.substring(colon + 1);
        Path file = FixConfigs.profileFile(engine.name(), given); // validates
        // a profile given as a path is kept absolute, so that processes started elsewhere read the same file
        String profile = FixConfigs.isPath(given) ? file.toString() : given;
        Map<String, String> overrides = new LinkedHashMap<>();
        java.util.Properties own = parts.length > 1 ? FixConfigs.properties(file) : null;
        for (int i = 1; i < parts.length; i++) {
            String part = parts[i];
            int eq = part.indexOf('=');
            if (eq <= 0 || eq == part.length() - 1) {
                throw new IllegalArgumentException(trimmed + ": '" + part + "' is not KEY=VALUE (a setting is given "
                        + "as " + engine.name() + ":" + profile + "+key=value)");
            }
            String key = part.substring(0, eq).trim();
            String value = part.substring(eq + 1).trim();
            Setting setting = settingsOf(engine).stream().filter(s -> s.key().equals(key)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("engine " + engine.name() + " has no setting '"
                            + key + "' (its settings: " + String.join(", ", settingsOf(engine).stream()
                            .map(Setting::key).toList()) + "; `fixbench settings " + engine.name() + "` explains them)"));
            String problem = setting.problem(value);
            if (problem != null) {
                throw new IllegalArgumentException(trimmed + ": " + key + " " + problem + " (was '" + value + "')");
            }
            if (overrides.containsKey(key)) {
                throw new IllegalArgumentException(trimmed + ": " + key + " is given twice");
            }
            String already = own.getProperty(key);
            if (already != null && already.trim().equals(value)) {
                throw new IllegalArgumentException(trimmed + ": the profile " + profile + " already sets " + key + "="
                        + value + " (" + file.getFileName() + "); the variant would be the profile itself");
            }
            overrides.put(key, value);
        }
        EngineSpec spec = new EngineSpec(engine, profile, overrides);
        for (String secret : engine.secrets(spec.profileFile())) {
            org.fixbench.harness.results.Secrets.add(secret);
            if (spec.label().contains(secret)) {
                throw new IllegalArgumentException(engine.name() + ":" + profile + ": a secret is given on the command "
                        + "line, where it would name every result: give it in the engine file, or there as ${env:NAME} "
                        + "or ${file:PATH}");
            }
        }
        return spec;
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

    /** Effective profile files of this process, one per label, in one work folder removed when the process ends. */
    private static final class Effective {
        private static final Map<String, Path> FILES = new java.util.HashMap<>();
        private static Path folder;

        static synchronized Path file(EngineSpec spec) {
            Path known = FILES.get(spec.label());
            if (known != null && Files.isRegularFile(known)) {
                return known;
            }
            try {
                if (folder == null || !Files.isDirectory(folder)) {
                    folder = Directories.createWork("profiles");
                    Path made = folder;
                    Runtime.getRuntime().addShutdownHook(new Thread(() -> Directories.deleteRecursively(made),
                            "fixbench-profiles-cleanup"));
                }
                // the profile's own file name, in a folder of its own: what an engine reads from the name (an
                // engine file's acceptor is named by it) is the profile's, overrides or not
                Path file = Files.createDirectories(folder.resolve(Integer.toString(FILES.size())))
                        .resolve(spec.baseProfileFile().getFileName().toString());
                Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
                // it may hold a secret the profile holds: its owner's alone, and removed with the folder
                Files.deleteIfExists(tmp);
                Files.createFile(tmp, java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                        java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")));
                Files.writeString(tmp, spec.effectiveProfile(), StandardCharsets.UTF_8);
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                FILES.put(spec.label(), file);
                return file;
            } catch (IOException e) {
                throw new IllegalStateException("cannot write the profile of " + spec.label() + ": " + e.getMessage(),
                        e);
            }
        }
    }
}
