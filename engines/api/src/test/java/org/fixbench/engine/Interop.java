package org.fixbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.fixbench.harness.LatencyBenchmark;
import org.fixbench.harness.ProgressListener;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.api.WaitStrategy;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.RunResult;

/**
 * Two different engines on the two ends of one session: one's server, the other's client, each with its own
 * profile. Logon, {@code orders} NewOrderSingle/ExecutionReport round trips with every ClOrdID echoed, logout.
 */
public final class Interop {
    private Interop() {
    }

    public static BenchmarkResult roundTrips(String serverSpec, String clientSpec, int orders, Path work) {
        EngineSpec server = EngineSpec.parse(serverSpec);
        EngineSpec client = EngineSpec.parse(clientSpec);
        FixEngine pair = new FixEngine() {
            public String name() { return server.engine().name() + "+" + client.engine().name(); }
            public String defaultProfile() { return "interop"; }
            public Map<String, String> versions() { return Map.of(); }
            public java.util.List<Setting> settings() { return java.util.List.of(); }
            public EngineServer server(EngineSetup setup) throws Exception {
                return server.engine().server(as(setup, server));
            }
            public EngineClient client(EngineSetup setup) throws Exception {
                return client.engine().client(as(setup, client));
            }
        };
        RoundTripTask task = new RoundTripTask(pair, server.profile(), server.profileFile(),
                server.label() + " <- " + client.label(), work, InetAddress.getLoopbackAddress(), Duration.ofSeconds(20));
        HarnessConfig config = HarnessConfig.builder("interop-" + server.engine().name() + "-" + client.engine().name())
                .targetRatePerSecond(500).iterationsPerRun(orders).warmupIterations(50).runs(1)
                .waitStrategy(WaitStrategy.BACKOFF).hiccupMeter(false).jitterMonitor(false)
                .sampleTimeoutNanos(10_000_000_000L).build();
        BenchmarkResult result = new LatencyBenchmark(config, System.out, ProgressListener.NONE).run(task, Map.of());
        assertFalse(result.aborted(), result.abortReason());
        RunResult run = result.runs().get(0);
        assertCorrect(run, orders);
        assertEquals(orders + 50, task.reportsReceived(), "every ClOrdID echoed, in order (warm-up included)");
        return result;
    }

    /**
     * Correctness only: every order sent was answered, nothing lost, no session trouble. A run that merely fell
     * behind its rate, from the sends or the replies, or that the machine disturbed (a busy CI machine), is not a test
     * failure: speed is for benchmarks, not unit tests.
     */
    public static void assertCorrect(RunResult run, long orders) {
        assertEquals(orders, run.sent(), "sent");
        assertEquals(orders, run.received(), "received");
        assertEquals(0, run.lost(), "lost");
        for (org.fixbench.harness.verdict.RunReason reason : run.reasons()) {
            org.junit.jupiter.api.Assertions.assertTrue(reason.kind().status() == org.fixbench.harness.verdict.RunStatus.SATURATED
                    || reason.kind().status() == org.fixbench.harness.verdict.RunStatus.DISTURBED,
                    "only not keeping up, or a busy machine, may mark a correctness run: " + run.reason());
        }
    }

    private static EngineSetup as(EngineSetup setup, EngineSpec spec) {
        return setup.withProfile(spec.profile(), spec.profileFile());
    }
}
