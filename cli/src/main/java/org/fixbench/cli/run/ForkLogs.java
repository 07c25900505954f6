package org.fixbench.cli.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.fixbench.cli.results.JvmPauses;
import org.fixbench.harness.results.AtomicFiles;
import org.fixbench.harness.results.ResultsWriter;
import org.fixbench.harness.results.RunResult;

/**
 * What a forked run's JVMs wrote, kept in the results folder: the server's output as
 * {@code server-logs/<benchmark>.log} and each JVM's safepoint and GC log as {@code jvm-logs/<benchmark>-<role>.log}
 * (a later round's as {@code -2}, {@code -3}, ...; never overwritten), and the pauses read from those logs.
 */
final class ForkLogs {
    private final Path resultsFolder;
    private final PrintStream out;

    /** @param resultsFolder where the logs are kept; null: nowhere (the pauses are still read) */
    ForkLogs(Path resultsFolder, PrintStream out) {
        this.resultsFolder = resultsFolder;
        this.out = out;
    }

    /**
     * The forked server's output (what {@code serve} printed, and an external engine's acceptor's stdout and stderr,
     * which it copies there) kept as {@code server-logs/<benchmark>.log}, when the results folder is known.
     */
    void keepServerLog(Path work, String benchmark) {
        Path log = work.resolve("server.log");
        if (resultsFolder == null || !Files.isRegularFile(log)) {
            return;
        }
        try {
            AtomicFiles.copy(log, unused(resultsFolder.resolve("server-logs"), benchmark), false);
        } catch (IOException | RuntimeException e) {
            out.println("[fork] cannot keep the server's log: " + e.getMessage());
        }
    }

    /**
     * A role's pause log read (null when the JVM wrote none), and kept as {@code jvm-logs/<benchmark>-<role>.log}
     * when the results folder is known.
     */
    List<JvmPauses.Pause> keepPauseLog(Path work, String role, String benchmark) {
        Path log = work.resolve(role + "-jvm.log");
        if (!Files.isRegularFile(log)) {
            return null;
        }
        try {
            List<JvmPauses.Pause> pauses = JvmPauses.parse(Files.readAllLines(log));
            if (resultsFolder != null) {
                AtomicFiles.copy(log, unused(resultsFolder.resolve("jvm-logs"), benchmark + "-" + role), false);
            }
            return pauses;
        } catch (IOException | RuntimeException e) {
            out.println("[fork] cannot read the " + role + " JVM's pause log: " + e.getMessage());
            return null;
        }
    }

    /** {@code dir/<name>.log}, or {@code -2}, {@code -3}, ... when taken; {@code dir} made if it is not there. */
    private static Path unused(Path dir, String name) throws IOException {
        Files.createDirectories(dir);
        String stem = ResultsWriter.safeName(name);
        Path kept = dir.resolve(stem + ".log");
        for (int k = 2; Files.exists(kept); k++) {
            kept = dir.resolve(stem + "-" + k + ".log");
        }
        return kept;
    }

    /** Per run and role (in that order), the pauses of that role's JVM that ended within the run, as labels. */
    static List<Map<String, Object>> pausesPerRun(List<RunResult> runs, Map<String, List<JvmPauses.Pause>> pauseLogs) {
        List<Map<String, Object>> pauses = new ArrayList<>();
        for (RunResult run : runs) {
            pauseLogs.forEach((role, log) -> {
                if (log != null) {
                    pauses.add(JvmPauses.within(run.run(), role, log, run.startEpochMillis(), run.endEpochMillis())
                            .toLabel());
                }
            });
        }
        return pauses;
    }

    /** {@code flags} and the option that makes the JVM log its safepoints and GC pauses into the work folder. */
    static List<String> withPauseLog(List<String> flags, Path work, String role) {
        List<String> all = new ArrayList<>(flags);
        all.add(String.format(JvmPauses.LOG_FLAG, work.resolve(role + "-jvm.log")));
        return all;
    }
}
