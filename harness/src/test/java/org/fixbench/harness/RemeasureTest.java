package org.fixbench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.Remeasure;
import org.fixbench.harness.results.ResultsReader;
import org.fixbench.harness.results.ResultsWriter;
import org.fixbench.harness.results.RunResult;
import org.fixbench.harness.verdict.RunStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run inside which the JIT compiled more than {@link LatencyBenchmark#REMEASURE_JIT_SHARE} of its time is measured
 * again once, after the compilers went quiet; its first attempt is kept in the result, written and read back.
 */
class RemeasureTest {
    private static final long MS = 1_000_000L;

    /**
     * A fake compiler on the test's clock: it compiles (one CPU all the while) for {@code compileNanos} from the start
     * of each measured attempt listed in {@code attempts} (1 = the first measured attempt), and never otherwise.
     */
    private static class CompilingDuringAttempts implements ProgressListener, java.util.function.LongSupplier {
        private final ManualClock clock;
        private final long compileNanos;
        private final List<Integer> attempts;
        private final AtomicLong done = new AtomicLong();
        private long from = Long.MIN_VALUE;
        private int attempt;

        CompilingDuringAttempts(ManualClock clock, long compileNanos, List<Integer> attempts) {
            this.clock = clock;
            this.compileNanos = compileNanos;
            this.attempts = attempts;
        }

        @Override
        public void runStarting(String benchmark, int run, int runs, boolean warmup) {
            if (!warmup) {
                attempt++;
                if (attempts.contains(attempt)) {
                    done.addAndGet(compiledSoFar());
                    from = clock.nanoTime();
                }
            }
        }

        private long compiledSoFar() {
            return from == Long.MIN_VALUE ? 0 : Math.min(clock.nanoTime() - from, compileNanos);
        }

        @Override
        public long getAsLong() {
            return done.get() + compiledSoFar();
        }
    }

    private static BenchmarkResult run(ManualClock clock, CompilingDuringAttempts compiler, int runs,
                                       ByteArrayOutputStream log) {
        return run(clock, compiler, runs, log, HarnessConfig.DEFAULT_WARMUP_CAP_NANOS);
    }

    private static BenchmarkResult run(ManualClock clock, CompilingDuringAttempts compiler, int runs,
                                       ByteArrayOutputStream log, long warmupCapNanos) {
        HarnessConfig config = clock.configure("again", 10_000, 1_000).warmupIterations(2_000).runs(runs)
                .warmupUntilJitQuiet(true).warmupCapNanos(warmupCapNanos).compileTimeSource(compiler).quiet(false)
                .build();
        return new LatencyBenchmark(config, new PrintStream(log, true, StandardCharsets.UTF_8), compiler)
                .run(new ScriptedTask(clock), Map.of());
    }

    @Test
    void aRunTheJitCameIntoIsMeasuredAgainAfterTheCompilersWentQuiet() {
        ManualClock clock = new ManualClock();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        // 50 ms of compiling in a 0.1 s run: half of it
        BenchmarkResult result = run(clock, new CompilingDuringAttempts(clock, 50 * MS, List.of(2)), 2, log);
        String text = log.toString(StandardCharsets.UTF_8);
        assertEquals(2, result.runs().size(), text);
        assertNull(result.runs().get(0).remeasure(), "run 1 had no compiling in it");
        RunResult second = result.runs().get(1);
        Remeasure first = second.remeasure();
        assertNotNull(first, text);
        assertTrue(first.why().contains("50 ms") && first.why().contains("more than 2%"), first.why());
        assertTrue(second.ok(), second.reason());
        assertEquals(2, second.run());
        assertEquals(1_000, second.received(), "the kept attempt counts its own orders");
        assertTrue(text.contains("Measuring run 2 of 2 again"), text);
        assertTrue(text.contains("Set aside: run 2 of 2"), text);
        assertTrue(text.contains("Settled again at 10,000/s"), text);
        assertTrue(text.contains("measured again: in its first attempt the compilers took 50 ms"), text);
        assertEquals(0, result.straySamples());
    }

    /**
     * With a warm-up cap of 0 nothing waits for the compilers, before the run or before a second attempt: the same
     * compiling in run 2 leaves it measured once, and its results say none is measured again.
     */
    @Test
    void aRunIsNotMeasuredAgainWhenTheWarmupHasNoCap(@TempDir Path dir) throws Exception {
        ManualClock clock = new ManualClock();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        CompilingDuringAttempts compiler = new CompilingDuringAttempts(clock, 50 * MS, List.of(2));
        BenchmarkResult result = run(clock, compiler, 2, log, 0);
        String text = log.toString(StandardCharsets.UTF_8);
        assertEquals(2, result.runs().size(), text);
        assertNull(result.runs().get(1).remeasure(), text);
        assertEquals(2, compiler.attempt, "two runs, one attempt each");
        assertTrue(!text.contains("Measuring run"), text);
        ResultsWriter.write(dir, Map.of(), List.of(result));
        String json = Files.readString(dir.resolve("summary.json"));
        assertTrue(json.matches("(?s).*\"remeasureJitShare\" ?: ?null.*") && json.matches("(?s).*\"warmupCapNanos\" ?: ?0,.*"),
                json);
        assertEquals(0, ResultsReader.read(dir).results().get(0).config().warmupCapNanos(), "the cap read back");
    }

    /** A listener whose disturbance of a run happens once (server-restart's kill): the first attempt is kept. */
    @Test
    void aRunIsNotMeasuredAgainWhenItsListenerSaysItMayNotBe() {
        ManualClock clock = new ManualClock();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        CompilingDuringAttempts compiler = new CompilingDuringAttempts(clock, 50 * MS, List.of(1)) {
            @Override
            public boolean mayMeasureAgain() {
                return false;
            }
        };
        BenchmarkResult result = run(clock, compiler, 1, log);
        String text = log.toString(StandardCharsets.UTF_8);
        assertEquals(1, result.runs().size(), text);
        assertNull(result.runs().get(0).remeasure(), text);
        assertEquals(1, compiler.attempt, "one attempt measured");
        assertTrue(!text.contains("Measuring run"), text);
    }

    @Test
    void aRunIsMeasuredAgainOnceAtMostAndCountsWhatItsSecondAttemptRead() {
        ManualClock clock = new ManualClock();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        BenchmarkResult result = run(clock, new CompilingDuringAttempts(clock, 50 * MS, List.of(1, 2)), 1, log);
        assertEquals(1, result.runs().size());
        assertNotNull(result.runs().get(0).remeasure());
        assertEquals(1, log.toString(StandardCharsets.UTF_8).split("Measuring run", -1).length - 1,
                "one attempt set aside, however the second reads");
    }

    @Test
    void aRunThatFellFurtherShortOfItsRateThanTheCompilingExplainsIsNotMeasuredAgain() {
        ManualClock clock = new ManualClock();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        CompilingDuringAttempts compiler = new CompilingDuringAttempts(clock, 20 * MS, List.of(1));
        // measured, each order takes twice its interval: half the rate, whatever 20 ms of compiling did
        ScriptedTask slow = new ScriptedTask(clock) {
            @Override
            protected long costNanos(long iteration) {
                return compiler.attempt > 0 ? 200_000 : 0;
            }
        };
        HarnessConfig config = clock.configure("slow", 10_000, 1_000).warmupIterations(2_000).runs(1)
                .warmupUntilJitQuiet(true).compileTimeSource(compiler).quiet(false).build();
        BenchmarkResult result = new LatencyBenchmark(config, new PrintStream(log, true, StandardCharsets.UTF_8),
                compiler).run(slow, Map.of());
        String text = log.toString(StandardCharsets.UTF_8);
        assertEquals(RunStatus.SATURATED, result.runs().get(0).status(), text);
        assertNull(result.runs().get(0).remeasure(), text);
        assertTrue(text.contains("not measured again: the compilers took 20 ms"), text);
        assertTrue(text.contains("short of its rate, more than compiling for"), text);
    }

    @Test
    void compilingWithinTheBoundIsNotMeasuredAgain() {
        ManualClock clock = new ManualClock();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        // 1 ms in a 0.1 s run: 1%, within the 2%
        BenchmarkResult result = run(clock, new CompilingDuringAttempts(clock, MS, List.of(1)), 1, log);
        assertNull(result.runs().get(0).remeasure(), log.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theFirstAttemptIsWrittenAndReadBack(@TempDir Path dir) throws Exception {
        ManualClock clock = new ManualClock();
        BenchmarkResult result = run(clock, new CompilingDuringAttempts(clock, 50 * MS, List.of(1)), 1,
                new ByteArrayOutputStream());
        ResultsWriter.write(dir, Map.of(), List.of(result));
        String json = Files.readString(dir.resolve("summary.json"));
        assertTrue(json.contains("\"remeasured\""), json);
        Remeasure read = ResultsReader.read(dir).results().get(0).runs().get(0).remeasure();
        assertEquals(result.runs().get(0).remeasure(), read);
    }
}
