package org.fixbench.engine.sbe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Collectors;

import org.fixbench.engine.EngineClient;
import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.FixConfigs;
import org.fixbench.engine.ReportListener;
import org.fixbench.engine.ServerHooks;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Steady state allocates nothing, in both roles: the client (send an order, poll until its report, on this thread)
 * and the server's thread (parse, validate against the dictionary, build and send the report). Measured with
 * ThreadMXBean per thread over 50,000 round trips after a warm-up of as many; with one session (each side polls its
 * connection) and with three (each side asks a selector which connections have bytes; order k on session k mod 3).
 */
class SbeAllocationTest {
    @TempDir
    Path tmp;
    private long reports;
    private long lastClOrdId;

    private int sessions;

    /**
     * Round trips measured, after a warm-up that lasts until the JIT is quiet (100,000 of each until 2026-12-03: 4 s a
     * case). Warm-ups of a fixed 10,000 left the JIT compiling: 128-1,480 bytes on either thread, in 4 of 8 cases.
     */
    private static final int ROUND_TRIPS = 50_000;
    /** The warm-up: chunks of this many round trips until one passes with no compilation, from 3 to 15 of them. */
    private static final int WARMUP_CHUNK = 10_000;

    @ParameterizedTest(name = "{0} session(s), workload {1}")
    @CsvSource({"1, fixed", "3, fixed", "1, mixed", "3, mixed"})
    void aRoundTripAllocatesNothingInEitherRole(int sessionCount, String workload) throws Exception {
        sessions = sessionCount;
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        EngineSetup setup = new EngineSetup("yield", FixConfigs.profileFile("sbe", "yield"), tmp,
                InetAddress.getLoopbackAddress(), ServerHooks.NONE, role -> { }).withSessions(sessionCount)
                .withFlow(org.fixbench.engine.OrderFlow.parse(workload));
        SbeEngine engine = new SbeEngine();
        // another test's server thread may still be ending in this JVM: measure the one this server starts
        Set<Thread> before = serverThreads();
        try (EngineServer server = engine.server(setup); EngineClient client = engine.client(setup)) {
            InetSocketAddress address = server.start();
            client.connect(address, new ReportListener() {
                @Override
                public void onExecutionReport(long clOrdId) {
                    reports++;
                    lastClOrdId = clOrdId;
                }

                @Override
                public void onDisconnect(String reason) {
                    throw new AssertionError(reason);
                }
            }, Duration.ofSeconds(10));
            Set<Thread> started = serverThreads();
            started.removeAll(before);
            assertEquals(1, started.size(), "server threads started by this server: " + started);
            Thread serverThread = started.iterator().next();

            long warmed = warmUp(client);
            long clientBefore = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
            long serverBefore = threads.getThreadAllocatedBytes(serverThread.getId());
            roundTrips(client, warmed + 1, ROUND_TRIPS);
            long clientBytes = threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - clientBefore;
            long serverBytes = threads.getThreadAllocatedBytes(serverThread.getId()) - serverBefore;
            System.out.printf("allocated over %,d round trips after %,d warming up: client %,d bytes, server %,d "
                    + "bytes%n", ROUND_TRIPS, warmed, clientBytes, serverBytes);
            assertEquals(warmed + ROUND_TRIPS, reports);
            assertEquals(warmed + ROUND_TRIPS, lastClOrdId);
            // under 1,000 bytes: one allocation per round trip would be 16 bytes at the least, 800,000 in all
            assertTrue(clientBytes < 1_000, "client: " + ROUND_TRIPS + " round trips allocated " + clientBytes + " bytes");
            assertTrue(serverBytes < 1_000, "server: " + ROUND_TRIPS + " round trips allocated " + serverBytes + " bytes");
        }
    }

    /**
     * Round trips in chunks until a chunk passes with the JIT's total compilation time unchanged (at least 3 chunks,
     * at most 15): a slower host warms up longer, not less. Returns how many were made.
     */
    private long warmUp(EngineClient client) {
        java.lang.management.CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        long warmed = 0;
        boolean quiet = false;
        while (warmed < 15L * WARMUP_CHUNK && (!quiet || warmed < 3L * WARMUP_CHUNK)) {
            long compiling = jit.getTotalCompilationTime();
            roundTrips(client, warmed + 1, WARMUP_CHUNK);
            warmed += WARMUP_CHUNK;
            quiet = jit.getTotalCompilationTime() == compiling;
        }
        return warmed;
    }

    private static Set<Thread> serverThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals("sbe-server"))
                .collect(Collectors.toCollection(HashSet::new));
    }

    private void roundTrips(EngineClient client, long firstClOrdId, int count) {
        for (long id = firstClOrdId; id < firstClOrdId + count; id++) {
            long expected = reports + 1;
            client.send((int) (id % sessions), id);
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (reports < expected) {
                client.poll();
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("no report for order " + id);
                }
            }
        }
    }
}
