package org.fixbench.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Where profile files live: {@code fix-configs/} of the suite's checkout. Data only; read, never written. */
public final class FixConfigs {
    private FixConfigs() {
    }

    /**
     * {@code <fixbench.home>/fix-configs}, else the nearest {@code fix-configs/} above the working directory.
     *
     * @throws IllegalArgumentException when there is neither (the command line says so in one line)
     */
    public static Path root() {
        String home = System.getProperty("fixbench.home");
        if (home != null) {
            return Path.of(home).toAbsolutePath().normalize().resolve("fix-configs");
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve("fix-configs"))) {
                return dir.resolve("fix-configs");
            }
        }
        // the command was run from outside a checkout without saying where one is: the user's to fix, in one line
        throw new IllegalArgumentException("cannot find fix-configs/ above " + Path.of("").toAbsolutePath()
                + ": run scripts/fixbench of a checkout, or give java -Dfixbench.home=CHECKOUT");
    }

    /** The extensions a profile file has (QuickFIX/J's settings files are .cfg; every other engine's .properties). */
    static final List<String> PROFILE_EXTENSIONS = List.of(".properties", ".cfg");

    private static boolean isProfileFile(String name) {
        return !name.startsWith(".") && PROFILE_EXTENSIONS.stream().anyMatch(name::endsWith);
    }

    /**
     * Profile names of an engine: the names of the profile files ({@code .properties}, {@code .cfg}) in
     * {@code fix-configs/<engine>/} without extension; other files there (a dictionary, an SBE schema) are not.
     */
    public static List<String> profiles(String engine) {
        Path dir = root().resolve(engine);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(Files::isRegularFile).map(p -> p.getFileName().toString())
                    .filter(FixConfigs::isProfileFile)
                    .map(n -> n.substring(0, n.lastIndexOf('.'))).sorted().toList();
        } catch (IOException e) {
            throw new IllegalStateException("cannot list " + dir + ": " + e.getMessage(), e);
        }
    }

    /** A profile file's settings, as {@link java.util.Properties}. */
    public static java.util.Properties properties(Path profileFile) {
        java.util.Properties p = new java.util.Properties();
        try (java.io.Reader r = Files.newBufferedReader(profileFile)) {
            p.load(r);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read profile " + profileFile + ": " + e.getMessage(), e);
        }
        return p;
    }

    /**
     * Whether a profile is named by its file's path (it holds a '/' or ends with a profile extension) rather than by
     * its name in {@code fix-configs/<engine>/}: an engine file of the user's own.
     */
    public static boolean isPath(String profile) {
        return profile.contains("/") || PROFILE_EXTENSIONS.stream().anyMatch(profile::endsWith);
    }

    /** The one profile file {@code fix-configs/<engine>/<profile>.*}, or the file a path-like profile names. */
    public static Path profileFile(String engine, String profile) {
        if (isPath(profile)) {
            Path file = Path.of(profile).toAbsolutePath().normalize();
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException("engine " + engine + ": no file " + file + " (a profile given "
                        + "as a path must be a file; profiles by name: " + String.join(", ", profiles(engine)) + ")");
            }
            return file;
        }
        Path dir = root().resolve(engine);
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> {
                String n = p.getFileName().toString();
                return isProfileFile(n) && n.substring(0, n.lastIndexOf('.')).equals(profile);
            }).findFirst().orElseThrow(() -> new IllegalArgumentException(
                    "unknown profile '" + profile + "' for engine " + engine + " (available: "
                            + String.join(", ", profiles(engine)) + ")"));
        } catch (IOException e) {
            throw new IllegalArgumentException("engine " + engine + " has no profiles in " + dir);
        }
    }
}
