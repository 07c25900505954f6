package org.fixbench.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A process an engine starts beside itself (an acceptor, a TLS terminator), pinned by the rule the suite's own
 * threads follow: it is started from a thread of its own that is first pinned for {@code role}
 * ({@link EngineSetup#pinCurrentThread}), so the process inherits that thread's CPUs, and the caller's thread (in one
 * JVM, the harness's own) keeps its own.
 */
public final class PinnedProcess {
    private PinnedProcess() {
    }

    /** Starts {@code builder}'s process pinned for {@code role}. @throws IllegalStateException naming {@code who} */
    public static Process start(ProcessBuilder builder, EngineSetup setup, String role, String who)
            throws InterruptedException {
        AtomicReference<Object> started = new AtomicReference<>();
        Thread launcher = new Thread(() -> {
            try {
                setup.pinCurrentThread(role);
                started.set(builder.start());
            } catch (IOException | RuntimeException e) {
                started.set(e);
            }
        }, "fixbench-launcher-" + role.replace(' ', '-'));
        launcher.start();
        launcher.join();
        Object result = started.get();
        if (result instanceof Process p) {
            return p;
        }
        throw new IllegalStateException(who + ": the command could not be started: "
                + ((Exception) result).getMessage(), (Exception) result);
    }

    /** What an engine note says of such a process's CPUs, after who it is ({@link #cpusNote}). */
    public static final String CPUS_NOTE = ": all its threads on CPUs ";

    /**
     * The engine note of {@code who}'s process {@code pid}: the CPUs its threads may run on, as it started (its
     * threads inherit the launcher's), e.g. {@code quickfix-cpp acceptor: all its threads on CPUs 0}.
     */
    public static String cpusNote(String who, long pid) {
        return who + CPUS_NOTE + cpusAllowed(pid);
    }

    /** {@code Cpus_allowed_list} of a process, from /proc. */
    public static String cpusAllowed(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return line.substring("Cpus_allowed_list:".length()).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            return "unknown (" + e.getMessage() + ")";
        }
        return "unknown";
    }
}
