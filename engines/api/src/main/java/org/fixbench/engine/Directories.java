package org.fixbench.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Work folders engines and the suite create per benchmark, removed when it ends (also after a failure). Each is named
 * {@code fixbench-<kind>-p<pid>-<random>} with the pid of the process that made it, so that one left by a process
 * killed before it could clean up (SIGKILL, a crash) is found and removed by {@link #reapOrphans}.
 */
public final class Directories {
    /** Where work folders are made: the JVM's temporary folder, and /dev/shm for memory-mapped files. */
    public static final Path SHM = Path.of("/dev/shm");
    private static final java.util.regex.Pattern OWNED = java.util.regex.Pattern.compile("fixbench-.+-p(\\d+)-[^-]+");

    private Directories() {
    }

    /** A name for a new work folder of this process: {@code fixbench-<kind>-p<pid>-<random>}. */
    public static String workName(String kind) {
        return "fixbench-" + kind + "-p" + ProcessHandle.current().pid() + "-"
                + Long.toHexString(java.util.concurrent.ThreadLocalRandom.current().nextLong() >>> 1);
    }

    /** Creates a new work folder of this process in {@code parent}. */
    public static Path createWork(Path parent, String kind) throws IOException {
        return Files.createDirectories(parent.resolve(workName(kind)));
    }

    /** Creates a new work folder of this process in the JVM's temporary folder. */
    public static Path createWork(String kind) throws IOException {
        return createWork(Path.of(System.getProperty("java.io.tmpdir")), kind);
    }

    /**
     * Removes the work folders, in the temporary folder and /dev/shm, of processes that are no longer alive; returns
     * how many. Folders of live processes (this one, a measuring run elsewhere) are left alone.
     */
    public static int reapOrphans() {
        return reap(false);
    }

    /** Removes this process's own work folders (for a shutdown hook: the process is ending); returns how many. */
    public static int removeOwn() {
        return reap(true);
    }

    private static int reap(boolean own) {
        long self = ProcessHandle.current().pid();
        int reaped = 0;
        for (Path parent : new Path[] {Path.of(System.getProperty("java.io.tmpdir")), SHM}) {
            if (!Files.isDirectory(parent)) {
                continue;
            }
            try (Stream<Path> entries = Files.list(parent)) {
                for (Path p : entries.toList()) {
                    java.util.regex.Matcher m = OWNED.matcher(p.getFileName().toString());
                    if (!m.matches()) {
                        continue;
                    }
                    long pid = Long.parseLong(m.group(1));
                    if (own ? pid == self
                            : pid != self && !ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                        deleteRecursively(p);
                        reaped++;
                    }
                }
            } catch (IOException | RuntimeException ignored) {
                // best effort: an unreadable folder is left as it is
            }
        }
        return reaped;
    }

    /** Deletes {@code dir} and everything in it; best effort: a leftover temporary file is harmless. */
    public static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // best effort
                }
            });
        } catch (IOException ignored) {
            // already gone
        }
    }
}
