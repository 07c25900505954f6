package org.fixbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.fixbench.harness.LatencyBenchmark;
import org.fixbench.harness.ProgressListener;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.api.WaitStrategy;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.ResultsFolder;
import org.fixbench.harness.results.ResultsWriter;
import org.fixbench.harness.results.RunResult;
import org.fixbench.harness.series.SeriesNames;
import org.fixbench.harness.verdict.RunStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every engine must do, run against each engine by a subclass in its module: a few hundred round trips at a
 * low rate with every ClOrdID echoed and nothing lost, result files that parse, and a server killed mid-run ending
 * the benchmark with a clear reason and the results so far.
 */
public abstract class EngineContractTest {
    protected static final int ORDERS = 300;

    @TempDir
    protected Path tmp;

    /** {@code engine:profile} to test. */
    protected abstract String engineUnderTest();

    protected HarnessConfig.Builder config(String name) {
        // 2,000/s (500 until 2026-12-02): a run that does not keep up still counts, as Interop.assertCorrect allows;
        // every order must be answered either way
        return HarnessConfig.builder(name).targetRatePerSecond(2_000).iterationsPerRun(ORDERS).warmupIterations(50)
                .runs(1).waitStrategy(WaitStrategy.BACKOFF).hiccupMeter(false).jitterMonitor(false)
                .sampleTimeoutNanos(10_000_000_000L);
    }

    /**
     * The most bytes a warmed-up in-memory round trip may allocate on average (0: nothing per round trip); -1 where the
     * engine allocates per message by design and this is not checked.
     */
    protected long inMemoryBytesPerRoundTrip() {
        return -1;
    }

    /**
     * Whether the engine joins its client and server in memory ({@link FixEngine#inMemory}): every engine but Artio
     * and an external one (a process of its own) does; a subclass says so where it does not.
     */
    protected boolean hasInMemoryRoundTrip() {
        return true;
    }

    @Test
    void theInMemoryRoundTripAnswersEachOrderWithItsClOrdIdAndAllocatesAsDeclared() throws Exception {
        EngineSpec spec = EngineSpec.parse(engineUnderTest());
        Path work = java.nio.file.Files.createDirectories(tmp.resolve("memory"));
        EngineSetup setup = new EngineSetup(spec.effectiveProfile(), spec.profileFile(), work,
                InetAddress.getLoopbackAddress(), ServerHooks.NONE, role -> { });
        try (InMemoryRoundTrip trip = spec.engine().inMemory(setup)) {
            assertEquals(hasInMemoryRoundTrip(), trip != null, spec.engine().name() + ": an in-memory round trip");
            if (trip == null) {
                return;
            }
            long id = 1_000_000_000_000_000L;
            for (int i = 0; i < 20_000; i++) {
                id++;
                assertEquals(id, trip.roundTrip(id), "the report carries the order's ClOrdID");
            }
            if (inMemoryBytesPerRoundTrip() >= 0) {
                com.sun.management.ThreadMXBean threads =
                        (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
                long thread = Thread.currentThread().getId();
                int trips = 10_000;
                long before = threads.getThreadAllocatedBytes(thread);
                long wrong = 0;
                for (int i = 0; i < trips; i++) {
                    id++;
                    wrong += trip.roundTrip(id) == id ? 0 : 1;
                }
                long bytes = threads.getThreadAllocatedBytes(thread) - before;
                assertEquals(0, wrong);
                assertTrue(bytes <= inMemoryBytesPerRoundTrip() * trips + trips - 1,
                        bytes + " bytes over " + trips + " round trips, more than "
                                + inMemoryBytesPerRoundTrip() + " each");
            }
        }
    }

    @Test
    void everyOrderIsAnsweredWithItsClOrdIdAndTheResultsParse() throws Exception {
        EngineSpec spec = EngineSpec.parse(engineUnderTest());
        RoundTripTask task = new RoundTripTask(spec, tmp.resolve("work"), InetAddress.getLoopbackAddress(),
                Duration.ofSeconds(20));
        BenchmarkResult result = new LatencyBenchmark(config("contract").build(), System.out, ProgressListener.NONE)
                .run(task, Map.of("engine", spec.engine().name(), "profile", spec.profile()));

        assertFalse(result.aborted(), result.abortReason());
        RunResult run = result.runs().get(0);
        Interop.assertCorrect(run, ORDERS);
        assertEquals(ORDERS + 50, task.ordersSent());
        assertEquals(ORDERS + 50, task.reportsReceived(), "every order answered, each ClOrdID matched in order");
        for (String probe : List.of(RoundTripTask.CLIENT_TO_SERVER, RoundTripTask.SERVER_PROCESSING,
                RoundTripTask.SERVER_TO_CLIENT)) {
            if (!spec.engine().serverTimesLegs()) { // a server that calls no hooks: its legs are not measured
                assertFalse(run.series().containsKey(probe), probe + " is not read from hooks nobody called");
                continue;
            }
            assertEquals(ORDERS, run.series().get(probe).count(), probe);
            assertEquals(0, run.series().get(probe).clampedCount(), probe + " has no out-of-range values");
        }

        Path folder = ResultsFolder.createNamed(tmp.resolve("results"));
        ResultsWriter.write(folder, Map.of("test", true), List.of(result));
        JsonNode json = new ObjectMapper().readTree(folder.resolve("summary.json").toFile());
        JsonNode r = json.get("results").get(0);
        assertEquals(spec.engine().name(), r.get("engine").asText());
        assertEquals(spec.profile(), r.get("profile").asText());
        assertEquals(ORDERS, r.get("runs").get(0).get("series").get(SeriesNames.END_TO_END).get("count").asLong());
        assertTrue(r.get("runs").get(0).get("series").get(SeriesNames.END_TO_END).get("p50").asLong() > 0);
    }

    /** Many sessions where the engine serves them; otherwise a clear refusal before anything runs. */
    @Test
    void manySessionsEachAnswerTheirOwnOrdersOrAreRefused() throws Exception {
        EngineSpec spec = EngineSpec.parse(engineUnderTest());
        int sessions = 7;
        RoundTripTask task = new RoundTripTask(spec, tmp.resolve("sessions"), InetAddress.getLoopbackAddress(),
                Duration.ofSeconds(20));
        if (spec.engine().maxSessions() < sessions) {
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                    IllegalArgumentException.class, () -> task.sessions(sessions));
            assertEquals(spec.engine().name() + " serves at most " + spec.engine().maxSessions() + " session"
                    + (spec.engine().maxSessions() == 1 ? "" : "s") + " (asked for 7)", e.getMessage());
            return;
        }
        task.sessions(sessions);
        int orders = ORDERS + 1; // not a multiple of the sessions: the first gets one more
        BenchmarkResult result = new LatencyBenchmark(config("sessions").iterationsPerRun(orders).build(), System.out,
                ProgressListener.NONE).run(task, Map.of());

        assertFalse(result.aborted(), result.abortReason());
        RunResult run = result.runs().get(0);
        Interop.assertCorrect(run, orders);
        assertEquals(orders + 50, task.reportsReceived(), "every order answered on its own session");
        long total = 0;
        for (int i = 0; i < sessions; i++) {
            long count = run.series().get(RoundTripTask.sessionProbeName(i)).count();
            total += count;
            assertTrue(count >= orders / sessions && count <= orders / sessions + 1,
                    "session " + (i + 1) + " answered " + count + " of " + orders + " orders");
        }
        assertEquals(orders, total, "the sessions' series hold every order once");
        assertFalse(run.series().containsKey(RoundTripTask.CLIENT_TO_SERVER), "legs are not measured with many");
    }

    /**
     * The seeded mix, more than one cycle of it, on three sessions where the engine serves them: every order
     * answered, each by the ExecutionReport of its kind (the client checks ExecType, OrdStatus and Symbol of each
     * answer against the order its ClOrdID names, and a wrong one ends the benchmark); or, for an engine that sends
     * the fixed order only, a clear refusal.
     */
    @Test
    void theMixedWorkloadIsAnsweredOrderByOrderByTheReportOfItsKind() throws Exception {
        EngineSpec spec = EngineSpec.parse(engineUnderTest());
        OrderFlow flow = OrderFlow.mixed(11);
        RoundTripTask task = new RoundTripTask(spec, tmp.resolve("mixed"), InetAddress.getLoopbackAddress(),
                Duration.ofSeconds(20));
        if (!spec.engine().sendsEveryWorkload()) {
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                    IllegalArgumentException.class, () -> task.flow(flow));
            assertEquals(spec.engine().name() + " sends the fixed workload only (asked for mixed:11)",
                    e.getMessage());
            return;
        }
        int sessions = Math.min(3, spec.engine().maxSessions());
        task.sessions(sessions).flow(flow);
        int orders = flow.size() * sessions + 150; // every session past the end of one cycle
        BenchmarkResult result = new LatencyBenchmark(config("mixed").targetRatePerSecond(5_000)
                .iterationsPerRun(orders).build(), System.out, ProgressListener.NONE).run(task, Map.of());

        assertFalse(result.aborted(), result.abortReason());
        Interop.assertCorrect(result.runs().get(0), orders);
        assertEquals(orders + 50, task.reportsReceived(), "every order answered, by the report of its kind");
        assertTrue(task.engineNotes().stream().anyMatch(n -> n.startsWith("workload mixed:11 (1000 orders a cycle")),
                task.engineNotes().toString());
        // latency per message type: each answer in the series of its request's MsgType, and in no other
        RunResult run = result.runs().get(0);
        long typed = 0;
        long typedMax = 0;
        for (char type : new char[] {'D', 'F', 'G'}) {
            var series = run.series().get(RoundTripTask.requestProbeName(type));
            assertNotNull(series, type + " among " + run.series().keySet());
            assertTrue(series.count() > 0, type + ": " + series.count());
            typed += series.count();
            typedMax = Math.max(typedMax, series.maxNanos());
        }
        assertEquals(run.endToEnd().count(), typed, "the types' series hold the run's answers once each");
        assertEquals(run.endToEnd().maxNanos(), typedMax, "the same moments: the slowest answer is one type's");
    }

    @Test
    void aServerKilledMidRunEndsTheBenchmarkWithAClearReasonAndKeepsResults() throws Exception {
        EngineSpec real = EngineSpec.parse(engineUnderTest());
        AtomicReference<EngineServer> server = new AtomicReference<>();
        FixEngine killable = new FixEngine() {
            public String name() { return real.engine().name(); }
            public String defaultProfile() { return real.profile(); }
            public Map<String, String> versions() { return real.engine().versions(); }
            public java.util.List<Setting> settings() { return real.engine().settings(); }
            public EngineClient client(EngineSetup setup) throws Exception { return real.engine().client(setup); }
            public EngineServer server(EngineSetup setup) throws Exception {
                EngineServer s = real.engine().server(setup);
                server.set(s);
                return s;
            }
        };
        RoundTripTask task = new RoundTripTask(new EngineSpec(killable, real.profile()), tmp.resolve("kill"),
                InetAddress.getLoopbackAddress(), Duration.ofSeconds(20));
        Thread killer = new Thread(() -> {
            while (task.reportsReceived() < 100) {
                Thread.onSpinWait();
                Thread.yield();
            }
            try {
                server.get().close();
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        killer.setDaemon(true);
        killer.start();
        BenchmarkResult result = new LatencyBenchmark(config("kill").warmupIterations(0).iterationsPerRun(100_000)
                .runs(2).sampleTimeoutNanos(2_000_000_000L).build(), System.out, ProgressListener.NONE)
                .run(task, Map.of());
        killer.join(5_000);

        assertTrue(result.aborted(), "the benchmark must end, not run on");
        assertNotNull(result.abortReason());
        assertTrue(result.abortReason().contains("session ended during the benchmark"), result.abortReason());
        assertEquals(1, result.runs().size(), "no run after the server died");
        RunResult run = result.runs().get(0);
        assertEquals(RunStatus.FAILED, run.status());
        assertTrue(run.received() >= 100, "results so far are kept: " + run.received());
        assertTrue(run.sent() < 100_000, "stopped early: " + run.sent());
    }

    /** An engine that speaks no FIX (the raw-TCP floor) serves the report application alone: nothing to echo. */
    @Test
    void anEngineThatSpeaksNoFixServesTheReportAlone() {
        FixEngine engine = EngineSpec.parse(engineUnderTest()).engine();
        assertTrue(engine.serverApplications().contains(EngineSetup.REPORT), engine.serverApplications().toString());
        if (!engine.speaksFix()) {
            assertEquals(java.util.Set.of(EngineSetup.REPORT), engine.serverApplications());
        }
    }

    @Test
    void theServerBindsToLoopbackByDefault() throws Exception {
        EngineSpec spec = EngineSpec.parse(engineUnderTest());
        EngineSetup setup = new EngineSetup(spec.profile(), spec.profileFile(), tmp.resolve("bind"),
                InetAddress.getLoopbackAddress(), ServerHooks.NONE, role -> { });
        try (EngineServer server = spec.engine().server(setup)) {
            InetSocketAddress address = server.start();
            assertTrue(address.getAddress().isLoopbackAddress(), address.toString());
        }
    }
}
