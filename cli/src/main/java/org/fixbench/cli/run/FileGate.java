package org.fixbench.cli.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;

import org.fixbench.harness.ProgressListener;

/**
 * A forked client's wait at each run's start, for a comparison across hosts: before its warm-up and before each
 * measured run, the client leaves {@code <pid>-<n>.ready} (holding what starts: {@code warmup} or {@code run-K}) in
 * its gate folder and waits for {@code <pid>-<n>.go}, which its host's cluster node writes once every client host is
 * ready (a barrier of the cluster); so every host's warm-up and runs start together. A run measured again (the JIT
 * came in) starts at once: the other hosts are not measuring it again. After {@link #WAIT_NANOS} without a go, the run
 * starts anyway and says so.
 */
public final class FileGate implements ProgressListener {
    /** The longest a client waits for the other hosts at one gate. */
    public static final long WAIT_NANOS = 180_000_000_000L;
    /**
     * A file in the gate folder that, when there, gives the longest wait in ns (the cluster's node writes the one its
     * orchestrator derives from the turn's length, so that a stall is named there first).
     */
    public static final String WAIT_FILE = "wait-nanos";
    public static final String READY = ".ready";
    public static final String GO = ".go";

    /** How often a client waiting at a gate says so in its log, so that a host's log never ends in silence there. */
    static final long PROGRESS_NANOS = 10_000_000_000L;

    private final Path folder;
    private final Set<String> passed = new HashSet<>();
    private final java.io.PrintStream out;
    private final java.util.function.LongSupplier clock;
    private final java.util.function.LongConsumer pause;
    private final long waitNanos;
    private int gates;

    public FileGate(Path folder) {
        this(folder, System.out, System::nanoTime, LockSupport::parkNanos, waitOf(folder));
    }

    /** The folder's {@link #WAIT_FILE}, or {@link #WAIT_NANOS}. */
    static long waitOf(Path folder) {
        try {
            Path f = folder.resolve(WAIT_FILE);
            return Files.exists(f) ? Long.parseLong(Files.readString(f).trim()) : WAIT_NANOS;
        } catch (IOException | NumberFormatException e) {
            return WAIT_NANOS;
        }
    }

    /** With its clock, its pause between looks at the folder and its longest wait given (tests). */
    FileGate(Path folder, java.io.PrintStream out, java.util.function.LongSupplier clock,
             java.util.function.LongConsumer pause, long waitNanos) {
        this.folder = folder;
        this.out = out;
        this.clock = clock;
        this.pause = pause;
        this.waitNanos = waitNanos;
    }

    @Override
    public void runStarting(String benchmark, int run, int runs, boolean warmup) {
        String what = warmup ? "warmup" : "run-" + run;
        if (!passed.add(what)) {
            return; // measured again: this host alone
        }
        String stem = ProcessHandle.current().pid() + "-" + (++gates);
        Path go = folder.resolve(stem + GO);
        try {
            Path tmp = folder.resolve(stem + ".tmp");
            Files.writeString(tmp, what);
            Files.move(tmp, folder.resolve(stem + READY), StandardCopyOption.ATOMIC_MOVE);
            long start = clock.getAsLong();
            long nextProgress = start + PROGRESS_NANOS;
            while (!Files.exists(go)) {
                long now = clock.getAsLong();
                if (now - start - waitNanos > 0) {
                    out.println("[gate] no go from the other client hosts within " + waitNanos / 1_000_000_000L
                            + " s: " + what + " starts without them");
                    return;
                }
                if (now - nextProgress >= 0) {
                    out.println("[gate] waiting for the other client hosts before " + what + ": "
                            + (now - start) / 1_000_000_000L + " s (at most " + waitNanos / 1_000_000_000L + " s)");
                    nextProgress += PROGRESS_NANOS;
                }
                pause.accept(200_000);
            }
            Files.deleteIfExists(go);
        } catch (IOException e) {
            throw new UncheckedIOException("the gate folder " + folder + ": " + e.getMessage(), e);
        }
    }
}
