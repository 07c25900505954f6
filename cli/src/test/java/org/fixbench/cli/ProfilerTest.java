package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fixbench.cli.results.ProfileFiles;
import org.fixbench.cli.run.Profiler;
import org.fixbench.harness.ProgressListener;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The profiler covers the measured runs and nothing else: not the warm-up, not the pauses between runs. */
class ProfilerTest {
    @TempDir
    Path tmp;

    private static long sink;

    private static void warmupPhaseWork(long nanos) {
        spin(nanos);
    }

    private static void measuredPhaseWork(long nanos) {
        spin(nanos);
    }

    private static void pauseBetweenRunsWork(long nanos) {
        spin(nanos);
    }

    private static void spin(long nanos) {
        long end = System.nanoTime() + nanos;
        long x = sink;
        while (System.nanoTime() < end) {
            x = x * 31 + 7;
        }
        sink = x;
    }

    @Test
    void onlyTheMeasuredRunsAreInTheProfile() throws Exception {
        Path file = tmp.resolve("profiles/b-client-cpu.html");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Profiler profiler = new Profiler("cpu", ProgressListener.NONE, file, new PrintStream(log, true));
        profiler.runStarting("b", 0, 2, true);
        warmupPhaseWork(300_000_000L);
        profiler.runStarting("b", 1, 2, false);
        measuredPhaseWork(300_000_000L);
        profiler.runEnded("b", null);
        pauseBetweenRunsWork(300_000_000L);
        profiler.runStarting("b", 2, 2, false);
        measuredPhaseWork(300_000_000L);
        profiler.runEnded("b", null);
        Path written = profiler.finish();
        assertNotNull(written, log.toString());
        assertTrue(Files.readString(written).contains("<html") || Files.readString(written).contains("<!DOCTYPE"),
                "a flame graph");
        String stacks = Files.readString(ProfileFiles.collapsed(written));
        assertTrue(stacks.contains("measuredPhaseWork"), "the measured runs are in it");
        assertFalse(stacks.contains("warmupPhaseWork"), "the warm-up is not");
        assertFalse(stacks.contains("pauseBetweenRunsWork"), "nor the pause between runs");
        List<String> hot = ProfileFiles.hottest(List.of(ProfileFiles.collapsed(written)), 3);
        assertFalse(hot.isEmpty());
        assertEquals("", log.toString(), "no complaint");
        Profiler again = new Profiler("cpu", ProgressListener.NONE, file, new PrintStream(log, true));
        again.runStarting("b", 1, 1, false);
        again.runEnded("b", null);
        assertEquals(null, again.finish(), "an existing profile is never overwritten");
        assertTrue(log.toString().contains("never overwritten"), log.toString());
    }

    @Test
    void anUnknownProfilerIsRefusedInOneLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Profiler.check("perf"));
        assertEquals("--profile must be cpu, alloc, lock, wall, jfr (was 'perf')", e.getMessage());
    }
}
