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
    public static final String READY = ".ready";
    public static final String GO = ".go";

    private final Path folder;
    private final Set<String> passed = new HashSet<>();
    private int gates;

    public FileGate(Path folder) {
        this.folder = folder;
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
            long deadline = System.nanoTime() + WAIT_NANOS;
            while (!Files.exists(go)) {
                if (System.nanoTime() - deadline > 0) {
                    System.out.println("[gate] no go from the other client hosts within " + WAIT_NANOS / 1_000_000_000L
                            + " s: " + what + " starts without them");
                    return;
                }
                LockSupport.parkNanos(200_000);
            }
            Files.deleteIfExists(go);
        } catch (IOException e) {
            throw new UncheckedIOException("the gate folder " + folder + ": " + e.getMessage(), e);
        }
    }
}
